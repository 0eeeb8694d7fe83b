	.file	"quicksort_i64.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	quicksort_i64
	.type	quicksort_i64, @function
quicksort_i64:
	bge	a1,a2,.L17
	addi	sp,sp,-48
	sd	s1,24(sp)
	sd	s2,16(sp)
	sd	s3,8(sp)
	sd	ra,40(sp)
	sd	s0,32(sp)
	mv	s2,a1
	mv	s3,a2
	mv	s1,a0
.L2:
	subw	a4,s3,s2
	sraiw	a3,a4,1
	addw	a3,a3,s2
	slli	a3,a3,3
	slli	a5,s2,3
	add	a3,s1,a3
	add	a5,s1,a5
	ld	a1,0(a3)
	ld	a2,0(a5)
	bge	a1,a2,.L3
	sd	a2,0(a3)
	sd	a1,0(a5)
	mv	a2,a1
.L3:
	slli	a7,s3,3
	add	a7,s1,a7
	ld	a0,0(a7)
	bge	a0,a2,.L4
	sd	a2,0(a7)
	sd	a0,0(a5)
	ld	a0,0(a7)
.L4:
	ld	a2,0(a3)
	bge	a2,a0,.L5
	sd	a0,0(a3)
	sd	a2,0(a7)
	mv	a0,a2
.L5:
	ld	a3,0(a5)
	ble	s3,s2,.L6
	slli	a6,a4,32
	srli	a6,a6,32
	add	a6,a6,s2
	slli	a6,a6,3
	add	a6,s1,a6
	mv	s0,s2
.L8:
	ld	a3,0(a5)
	slli	a4,s0,3
	add	a4,s1,a4
	bge	a3,a0,.L7
	ld	a1,0(a4)
	sd	a3,0(a4)
	addiw	s0,s0,1
	sd	a1,0(a5)
.L7:
	addi	a5,a5,8
	bne	a6,a5,.L8
	slli	a5,s0,3
	add	a5,s1,a5
	ld	a3,0(a7)
	ld	a4,0(a5)
	sd	a3,0(a5)
	sd	a4,0(a7)
	subw	a5,s0,s2
	subw	a4,s3,s0
	blt	a5,a4,.L12
	mv	a2,s3
	addiw	a1,s0,1
	addiw	s3,s0,-1
	mv	a0,s1
	call	quicksort_i64
	bgt	s3,s2,.L2
.L21:
	ld	ra,40(sp)
	ld	s0,32(sp)
	ld	s1,24(sp)
	ld	s2,16(sp)
	ld	s3,8(sp)
	addi	sp,sp,48
	jr	ra
.L6:
	sd	a0,0(a5)
	sd	a3,0(a7)
	mv	s0,s2
.L12:
	mv	a1,s2
	addiw	a2,s0,-1
	mv	a0,s1
	addiw	s2,s0,1
	call	quicksort_i64
	bgt	s3,s2,.L2
	j	.L21
.L17:
	ret
	.size	quicksort_i64, .-quicksort_i64
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
