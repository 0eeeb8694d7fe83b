	.file	"binsearch_rec.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	binsearch_rec
	.type	binsearch_rec, @function
binsearch_rec:
	mv	a6,a0
	j	.L3
.L9:
	lw	a4,0(a4)
	beq	a4,a3,.L2
	blt	a4,a3,.L8
	mv	a2,a0
.L3:
	subw	a5,a2,a1
	sraiw	a5,a5,0
	addw	a0,a5,a1
	slli	a4,a0,2
	add	a4,a6,a4
	bgt	a2,a1,.L9
	li	a0,-1
.L2:
	ret
.L8:
	addiw	a1,a0,1
	j	.L3
	.size	binsearch_rec, .-binsearch_rec
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
