	.file	"tree_height.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	tree_height
	.type	tree_height, @function
tree_height:
	beq	a0,zero,.L4
	lw	a4,0(a0)
	ld	a5,0(a2)
	addi	sp,sp,-32
	mul	a4,a4,a1
	sd	s1,8(sp)
	mv	s1,a0
	ld	a0,8(a0)
	sd	ra,24(sp)
	sd	s0,16(sp)
	sd	s2,0(sp)
	addiw	s0,a1,1
	mv	a1,s0
	mv	s2,a2
	add	a5,a5,a4
	sd	a5,0(a2)
	call	tree_height
	mv	a5,a0
	ld	a0,16(s1)
	mv	a1,s0
	mv	a2,s2
	mv	s0,a5
	call	tree_height
	mv	a5,s0
	blt	s0,a0,.L10
	ld	ra,24(sp)
	ld	s0,16(sp)
	ld	s1,8(sp)
	ld	s2,0(sp)
	addiw	a0,a5,1
	addi	sp,sp,32
	jr	ra
.L10:
	ld	ra,24(sp)
	ld	s0,16(sp)
	mv	a5,a0
	ld	s1,8(sp)
	ld	s2,0(sp)
	addiw	a0,a5,1
	addi	sp,sp,32
	jr	ra
.L4:
	li	a0,0
	ret
	.size	tree_height, .-tree_height
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
