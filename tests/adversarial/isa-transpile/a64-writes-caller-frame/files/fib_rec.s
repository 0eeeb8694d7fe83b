    .text
    .globl fib_rec
fib_rec:
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
    ldr x9, [sp]
    str x9, [sp]
    ret
