	.file	"rle_encode.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	rle_encode
	.type	rle_encode, @function
rle_encode:
	beq	a1,zero,.L13
	li	a5,1
	mv	a6,a0
	addi	a5,a5,1
	lbu	t1,0(a6)
	mv	t4,a2
	li	t5,0
	li	t3,255
	bleu	a1,a5,.L24
.L14:
	li	a4,1
	j	.L3
.L26:
	beq	a4,t3,.L6
	addi	a5,a5,1
	addi	a4,a4,1
	bleu	a1,a5,.L25
.L3:
	add	a6,a0,a5
	lbu	a7,0(a6)
	beq	a7,t1,.L26
.L6:
	addi	t5,t5,2
	bgtu	t5,a3,.L17
	sb	a4,0(t4)
	sb	t1,1(t4)
	addi	t4,t4,2
	bleu	a1,a5,.L11
	addi	a5,a5,1
	lbu	t1,0(a6)
	bgtu	a1,a5,.L14
.L24:
	addi	t5,t5,2
	bltu	a3,t5,.L17
	li	a5,1
	sb	a5,0(t4)
	sb	t1,1(t4)
.L11:
	mv	a0,t5
	ret
.L25:
	addi	a5,t5,2
	li	a0,-1
	bgeu	a3,a5,.L27
	ret
.L27:
	add	a2,a2,t5
	sb	a4,0(a2)
	sb	t1,1(a2)
	mv	a0,a5
	ret
.L13:
	li	a0,0
	ret
.L17:
	li	a0,-1
	ret
	.size	rle_encode, .-rle_encode
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
