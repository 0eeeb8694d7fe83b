	.file	"mixed_widths.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	mixed_widths
	.type	mixed_widths, @function
mixed_widths:
	mul	a1,a0,a1
	addw	a0,a0,a2
	slli	a6,a5,32
	srli	a6,a6,32
	slli	a7,a6,2
	slli	a4,a4,8
	sub	a6,a6,a7
	slliw	a0,a0,16
	sraiw	a0,a0,16
	mul	a2,a2,a3
	add	a2,a2,a1
	xor	a4,a4,a2
	add	a6,a6,a4
	addw	a5,a6,a5
	slli	a5,a5,32
	srli	a5,a5,32
	add	a5,a5,a6
	sub	a0,a5,a0
	ret
	.size	mixed_widths, .-mixed_widths
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
