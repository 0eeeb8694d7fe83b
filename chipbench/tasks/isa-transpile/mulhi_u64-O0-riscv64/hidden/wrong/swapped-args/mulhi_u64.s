	.file	"mulhi_u64.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	mulhi_u64
	.type	mulhi_u64, @function
mulhi_u64:
	mul	a5,a1,a0
	mulhu	a1,a1,a0
	srli	a5,a5,63
	add	a1,a5,a1
	ret
	.size	mulhi_u64, .-mulhi_u64
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
