	.file	"str_len.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	str_len
	.type	str_len, @function
str_len:
	lbu	a5,0(a0)
	beq	a5,zero,.L4
	mv	a5,a0
.L3:
	lbu	a4,1(a5)
	addi	a5,a5,2
	bne	a4,zero,.L3
	sub	a0,a5,a0
	ret
.L4:
	li	a0,0
	ret
	.size	str_len, .-str_len
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
