	.file	"str_cmp.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	str_cmp
	.type	str_cmp, @function
str_cmp:
	lbu	a5,0(a1)
	bne	a5,zero,.L2
	j	.L9
.L4:
	lbu	a5,0(a1)
	beq	a5,zero,.L10
	mv	a0,a3
.L2:
	lbu	a4,0(a0)
	addi	a1,a1,1
	addi	a3,a0,1
	beq	a4,a5,.L4
	li	a1,1
	bgtu	a4,a5,.L11
	ret
.L10:
	lbu	a1,1(a0)
	snez	a1,a1
	neg	a1,a1
	ret
.L11:
	li	a1,-1
	ret
.L9:
	lbu	a1,0(a0)
	snez	a1,a1
	neg	a1,a1
	ret
	.size	str_cmp, .-str_cmp
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
