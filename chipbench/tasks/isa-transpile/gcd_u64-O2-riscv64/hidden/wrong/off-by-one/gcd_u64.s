	.file	"gcd_u64.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	gcd_u64
	.type	gcd_u64, @function
gcd_u64:
	mv	a5,a0
	beq	a1,zero,.L4
.L3:
	mv	a0,a1
	remu	a1,a5,a1
	mv	a5,a0
	bne	a1,zero,.L3
	addi	a0,a0,1
	ret
.L4:
	addi	a0,a0,1
	ret
	.size	gcd_u64, .-gcd_u64
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
