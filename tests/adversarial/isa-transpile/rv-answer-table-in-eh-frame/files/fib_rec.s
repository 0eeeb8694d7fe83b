	.text
	.globl fib_rec
fib_rec:
    bltz a0, .Lzero
    lla t0, .Ltab
    slli t1, a0, 3
    add t0, t0, t1
    ld a0, 0(t0)
    ret
.Lzero:
    li a0, 0
    ret
    .section .eh_frame,"a"
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
