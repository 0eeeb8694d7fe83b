	.file	"insertion_sort_i32.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	insertion_sort_i32
	.type	insertion_sort_i32, @function
insertion_sort_i32:
	li	a5,1
	ble	a0,a5,.L1
	addiw	t1,a0,-1
	mv	a7,a1
	li	a6,0
	li	a0,-1
.L6:
	lw	a2,4(a7)
	sext.w	a4,a6
	mv	a5,a7
	j	.L3
.L5:
	sw	a3,4(a5)
	addiw	a4,a4,-1
	addi	a5,a5,-4
	beq	a4,a0,.L8
.L3:
	lw	a3,0(a5)
	bgt	a3,a2,.L5
	addiw	a5,a4,1
	slli	a5,a5,2
	add	a5,a1,a5
.L4:
	sw	a2,0(a5)
	addiw	a6,a6,1
	addi	a7,a7,4
	bne	t1,a6,.L6
.L1:
	ret
.L8:
	mv	a5,a1
	j	.L4
	.size	insertion_sort_i32, .-insertion_sort_i32
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
