	.file	"modpow_u32.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	modpow_u32
	.type	modpow_u32, @function
modpow_u32:
	li	a5,2
	beq	a2,a5,.L6
	slli	a2,a2,32
	srli	a2,a2,32
	remu	a5,a0,a2
	li	a0,1
	beq	a1,zero,.L7
.L5:
	andi	a3,a1,1
	srli	a1,a1,1
	mul	a4,a5,a5
	beq	a3,zero,.L4
	mul	a0,a0,a5
	remu	a0,a0,a2
.L4:
	remu	a5,a4,a2
	bne	a1,zero,.L5
	sext.w	a0,a0
	ret
.L6:
	li	a0,0
	ret
.L7:
	ret
	.size	modpow_u32, .-modpow_u32
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
