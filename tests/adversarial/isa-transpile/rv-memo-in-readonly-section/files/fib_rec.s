	.text
	.globl fib_rec
fib_rec:
    lla t5, .Lmemo
    ld t6, 0(t5)
    addi t6, t6, -1000
    beq t6, a0, .Lhit
    mv a5, a0
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
    sd a0, 8(t5)
    addi a5, a5, 1000
    sd a5, 0(t5)
    ret
.Lhit:
    ld a0, 8(t5)
    ret
    .section .sdata.memo,"a"
    .align 3
.Lmemo: .dword 0, 0
