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
	ble	a0,zero,.L4
	mv	a5,a1
	li	a1,0
	j	.L3
.L7:
	addiw	a1,a1,1
	beq	a0,a1,.L4
.L3:
	lw	a4,0(a5)
	addi	a5,a5,4
	ble	a4,a2,.L7
	ret
.L4:
	li	a1,-1
	ret
	.size	find_first_gt, .-find_first_gt
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
