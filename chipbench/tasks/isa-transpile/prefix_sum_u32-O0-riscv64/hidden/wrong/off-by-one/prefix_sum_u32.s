	.file	"prefix_sum_u32.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	prefix_sum_u32
	.type	prefix_sum_u32, @function
prefix_sum_u32:
	beq	a1,zero,.L4
	slli	a1,a1,3
	mv	a5,a0
	add	a3,a0,a1
	li	a0,0
.L3:
	lw	a4,0(a5)
	addi	a5,a5,4
	addw	a0,a4,a0
	sw	a0,-4(a5)
	bne	a5,a3,.L3
	ret
.L4:
	li	a0,0
	ret
	.size	prefix_sum_u32, .-prefix_sum_u32
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
