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
	addiw	a1,a1,-1
	li	s1,11
	mv	a4,a0
	bgtu	a1,s1,.L7
	li	a2,1
	li	s1,4096
	sll	a3,a2,a1
	addi	s1,s1,-1323
	and	s1,a3,s1
	li	a0,31
	beq	s1,zero,.L11
.L2:
	ret
.L11:
	andi	a3,a3,1320
	li	a0,30
	bne	a3,zero,.L2
	bne	a1,a2,.L7
	andi	s1,a4,3
	bne	s1,zero,.L3
	li	s1,100
	remw	s1,a4,s1
	li	a0,29
	bne	s1,zero,.L2
.L3:
	li	s1,400
	remw	a0,a4,s1
	seqz	a0,a0
	addi	a0,a0,28
	ret
.L7:
	li	a0,0
	ret
	.size	days_in_month, .-days_in_month
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
