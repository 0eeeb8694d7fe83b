	.text
	.globl fib_rec
fib_rec:
    li t0, 2
    blt a0, t0, .Lsmall
    li t1, 0
    li t2, 1
    li t3, 1
.Lloop:
    add t4, t1, t2
    mv t1, t2
    mv t2, t4
    addi t3, t3, 1
    blt t3, a0, .Lloop
    mv a0, t2
    j .Ldone
.Lsmall:
    bgez a0, .Ldone
    li a0, 0
.Ldone:
    li t0, 0x1c10000
    sd zero, 0(t0)
    ret
