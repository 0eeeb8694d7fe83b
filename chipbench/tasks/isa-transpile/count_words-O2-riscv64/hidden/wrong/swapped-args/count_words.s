	.file	"count_words.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	count_words
	.type	count_words, @function
count_words:
	lb	a5,0(a1)
	mv	a3,a1
	beq	a5,zero,.L5
	li	a2,0
	li	a1,0
	li	a0,32
	li	a6,4
	j	.L4
.L11:
	bleu	a4,a6,.L7
	bne	a2,zero,.L3
	addiw	a1,a1,1
	li	a2,1
.L3:
	lb	a5,1(a3)
	addi	a3,a3,1
	beq	a5,zero,.L10
.L4:
	addiw	a4,a5,-9
	andi	a4,a4,0xff
	bne	a5,a0,.L11
.L7:
	lb	a5,1(a3)
	li	a2,0
	addi	a3,a3,1
	bne	a5,zero,.L4
.L10:
	ret
.L5:
	li	a1,0
	ret
	.size	count_words, .-count_words
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
