	.file	"isqrt_u64.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	isqrt_u64
	.type	isqrt_u64, @function
isqrt_u64:
	li	a5,-1
	srli	a5,a5,1
	mv	a4,a0
	bgtu	a0,a5,.L7
	li	a5,1
	slli	a5,a5,62
.L3:
	srli	a5,a5,2
	bltu	a4,a5,.L3
	beq	a5,zero,.L12
.L2:
	li	a0,0
.L6:
	add	a3,a0,a5
	srli	a0,a0,1
	bltu	a4,a3,.L5
	add	a0,a0,a5
	sub	a4,a4,a3
.L5:
	srli	a5,a5,2
	bne	a5,zero,.L6
	ret
.L12:
	li	a0,0
	ret
.L7:
	li	a5,1
	slli	a5,a5,62
	j	.L2
	.size	isqrt_u64, .-isqrt_u64
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
