    .text
    .globl fib_rec
fib_rec:
    adr x15, .Lslot
    cmp w0, #2
    b.lt .Lsmall
    mov x9, #0
    mov x10, #1
    mov w11, #1
.Lloop:
    add x12, x9, x10
    mov x9, x10
    mov x10, x12
    add w11, w11, #1
    cmp w11, w0
    b.lt .Lloop
    mov x0, x10
    b .Ldone
.Lsmall:
    cmp w0, #0
    csel w0, w0, wzr, ge
    sxtw x0, w0
.Ldone:
    str x0, [x15]
    ret
    .align 3
.Lslot: .dword 0
