	.file	"rect_overlap.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	rect_overlap
	.type	rect_overlap, @function
rect_overlap:
	lw	a3,8(a0)
	lw	a2,8(a1)
	mv	a4,a0
	sext.w	a5,a3
	ble	a3,a2,.L2
	sext.w	a5,a2
.L2:
	lw	a2,0(a4)
	lw	a0,0(a1)
	sext.w	a3,a2
	bge	a2,a0,.L3
	sext.w	a3,a0
.L3:
	sub	a5,a5,a3
	li	a0,0
	ble	a5,zero,.L1
	lw	a2,12(a4)
	lw	a0,12(a1)
	mv	a3,a2
	bgt	a2,a0,.L10
	lw	a2,4(a4)
	lw	a1,4(a1)
	sext.w	a4,a3
	sext.w	a3,a2
	blt	a2,a1,.L11
.L6:
	sub	a4,a4,a3
	li	a0,0
	ble	a4,zero,.L1
	mul	a0,a5,a4
.L1:
	ret
.L11:
	sext.w	a3,a1
	j	.L6
.L10:
	lw	a2,4(a4)
	lw	a1,4(a1)
	mv	a3,a0
	sext.w	a4,a3
	sext.w	a3,a2
	bge	a2,a1,.L6
	j	.L11
	.size	rect_overlap, .-rect_overlap
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
