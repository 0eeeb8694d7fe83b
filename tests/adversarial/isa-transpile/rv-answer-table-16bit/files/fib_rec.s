	.text
	.globl fib_rec
fib_rec:
    bltz a0, .Lzero
    lla t0, .Ltab
    slli t1, a0, 1
    add t0, t0, t1
    lhu a0, 0(t0)
    ret
.Lzero:
    li a0, 0
    ret
    .section .rodata
    .align 1
.Ltab:
    .half 0
    .half 1
    .half 1
    .half 2
    .half 3
    .half 5
    .half 8
    .half 13
    .half 21
    .half 34
    .half 55
    .half 89
    .half 144
    .half 233
    .half 377
    .half 610
    .half 987
    .half 1597
    .half 2584
