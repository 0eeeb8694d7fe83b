	.file	"days_in_month.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	days_in_month
	.type	days_in_month, @function
days_in_month:
	addiw	a0,a0,-1
	li	a5,11
	mv	a4,a1
	bgtu	a0,a5,.L7
	li	a2,1
	li	a5,4096
	sll	a3,a2,a0
	addi	a5,a5,-1323
	and	a5,a3,a5
	li	a1,31
	beq	a5,zero,.L11
.L2:
	ret
.L11:
	andi	a3,a3,1320
	li	a1,30
	bne	a3,zero,.L2
	bne	a0,a2,.L7
	andi	a5,a4,3
	bne	a5,zero,.L3
	li	a5,100
	remw	a5,a4,a5
	li	a1,29
	bne	a5,zero,.L2
.L3:
	li	a5,400
	remw	a1,a4,a5
	seqz	a1,a1
	addi	a1,a1,28
	ret
.L7:
	li	a1,0
	ret
	.size	days_in_month, .-days_in_month
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
