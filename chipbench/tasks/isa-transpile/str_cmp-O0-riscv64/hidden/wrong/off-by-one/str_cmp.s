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
	lbu	a5,0(a0)
	bne	a5,zero,.L2
	j	.L9
.L4:
	lbu	a5,0(a0)
	beq	a5,zero,.L10
	mv	a1,a3
.L2:
	lbu	a4,0(a1)
	addi	a0,a0,2
	addi	a3,a1,1
	beq	a4,a5,.L4
	li	a0,1
	bgtu	a4,a5,.L11
	ret
.L10:
	lbu	a0,1(a1)
	snez	a0,a0
	neg	a0,a0
	ret
.L11:
	li	a0,-1
	ret
.L9:
	lbu	a0,0(a1)
	snez	a0,a0
	neg	a0,a0
	ret
	.size	str_cmp, .-str_cmp
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
