	.file	"find_first_gt.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	find_first_gt
	.type	find_first_gt, @function
find_first_gt:
	ble	a1,zero,.L4
	mv	s1,a0
	li	a0,0
	j	.L3
.L7:
	addiw	a0,a0,1
	beq	a1,a0,.L4
.L3:
	lw	a4,0(s1)
	addi	s1,s1,4
	ble	a4,a2,.L7
	ret
.L4:
	li	a0,-1
	ret
	.size	find_first_gt, .-find_first_gt
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
