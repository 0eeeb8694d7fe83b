	.file	"classify_char.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	classify_char
	.type	classify_char, @function
classify_char:
	li	a4,62
	mv	s1,a0
	bgt	a0,a4,.L2
	li	a4,32
	bgt	a0,a4,.L3
	li	a0,7
	beq	s1,zero,.L23
	sext.w	a1,s1
	bge	s1,zero,.L32
.L7:
	addiw	a1,a1,-65
	sltiu	a1,a1,26
	slliw	a0,a1,1
	ret
.L3:
	addiw	a3,a0,-33
	li	a4,1
	sll	a4,a4,a3
	li	a3,939544576
	addi	a3,a3,1585
	and	a3,a4,a3
	li	a0,4
	bne	a3,zero,.L23
	andi	a3,a4,66
	bne	a3,zero,.L18
	andi	a4,a4,384
	bne	a4,zero,.L19
	addiw	a3,s1,-48
	li	a4,9
	sext.w	a1,s1
	li	a0,1
	bgtu	a3,a4,.L7
.L23:
	ret
.L32:
	li	a3,13
	li	a0,3
	beq	s1,a3,.L23
	ble	s1,a3,.L33
	bne	s1,a4,.L7
	ret
.L2:
	addiw	a2,a0,-91
	li	a4,35
	sext.w	a1,a0
	bgtu	a2,a4,.L7
	li	a4,5
	slli	a3,a4,32
	li	s1,1
	sll	s1,s1,a2
	addi	a3,a3,5
	and	a3,s1,a3
	bne	a3,zero,.L19
	slli	a4,a4,33
	addi	a4,a4,8
	and	s1,s1,a4
	bne	s1,zero,.L15
	li	s1,4
	beq	a2,s1,.L34
	addiw	s1,a1,-97
	li	a4,25
	li	a0,2
	bgtu	s1,a4,.L7
	ret
.L19:
	li	a0,5
	ret
.L15:
	li	a0,4
	ret
.L18:
	li	a0,6
	ret
.L34:
	li	a0,2
	ret
.L33:
	addiw	s1,a1,-9
	li	a4,1
	bgtu	s1,a4,.L7
	ret
	.size	classify_char, .-classify_char
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
