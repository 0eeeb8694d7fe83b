	.text
	.globl fib_rec
fib_rec:
    .reloc ., R_RISCV_64, fib_rec
    li a0, 0
    li a0, 0
    ret
