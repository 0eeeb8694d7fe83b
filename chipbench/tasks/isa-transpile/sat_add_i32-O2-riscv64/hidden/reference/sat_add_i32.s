	.file	"sat_add_i32.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	sat_add_i32
	.type	sat_add_i32, @function
sat_add_i32:
	li	a5,-2147483648
	add	a1,a0,a1
	xori	a0,a5,-1
	bgt	a1,a0,.L2
	blt	a1,a5,.L4
	sext.w	a0,a1
	ret
.L4:
	li	a0,-2147483648
.L2:
	ret
	.size	sat_add_i32, .-sat_add_i32
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
