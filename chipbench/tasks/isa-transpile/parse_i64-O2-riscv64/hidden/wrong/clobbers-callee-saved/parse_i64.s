	.file	"parse_i64.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	parse_i64
	.type	parse_i64, @function
parse_i64:
	lb	a4,0(a0)
	li	a3,32
	mv	a5,a0
	bne	a4,a3,.L2
.L3:
	lb	a4,1(a5)
	addi	a5,a5,1
	beq	a4,a3,.L3
.L2:
	li	a3,43
	beq	a4,a3,.L4
	li	a3,45
	beq	a4,a3,.L5
	lb	a3,0(a5)
	li	a2,9
	li	a0,1
	addiw	a4,a3,-48
	andi	a3,a4,0xff
	bgtu	a3,a2,.L6
.L22:
	li	a6,-1
	li	t3,0
	srli	a6,a6,1
.L7:
	li	a2,0
	li	a7,10
	li	s1,9
	j	.L10
.L25:
	lb	a3,0(a5)
	add	a2,a0,a4
	addiw	a4,a3,-48
	andi	a3,a4,0xff
	bgtu	a3,s1,.L24
.L10:
	slliw	a0,a4,24
	sraiw	a0,a0,24
	sub	a3,a6,a0
	divu	a3,a3,a7
	slli	a4,a2,2
	add	a4,a4,a2
	addi	a5,a5,1
	slli	a4,a4,1
	bgeu	a3,a2,.L25
	li	a0,2
.L6:
	ret
.L5:
	lb	a3,1(a5)
	li	a2,9
	li	a0,1
	addiw	a4,a3,-48
	andi	a3,a4,0xff
	bgtu	a3,a2,.L26
	li	a6,-1
	addi	a5,a5,1
	li	t3,1
	slli	a6,a6,63
	j	.L7
.L4:
	lb	a3,1(a5)
	li	a2,9
	li	a0,1
	addiw	a4,a3,-48
	andi	a3,a4,0xff
	addi	a5,a5,1
	bleu	a3,a2,.L22
	ret
.L24:
	beq	t3,zero,.L12
	neg	a2,a2
.L12:
	sd	a2,0(a1)
	li	a0,0
	ret
.L26:
	ret
	.size	parse_i64, .-parse_i64
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
