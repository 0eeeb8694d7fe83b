	.file	"crc32_bitwise.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	crc32_bitwise
	.type	crc32_bitwise, @function
crc32_bitwise:
	not	a4,a0
	beq	a2,zero,.L2
	add	a0,a1,a2
	li	a2,-306675711
	addi	a2,a2,800
.L4:
	lbu	a5,0(a1)
	li	a3,8
	xor	a4,a4,a5
.L3:
	andi	a5,a4,1
	negw	a5,a5
	srliw	a4,a4,1
	and	a5,a5,a2
	xor	a5,a5,a4
	addiw	a3,a3,-1
	sext.w	a4,a5
	bne	a3,zero,.L3
	addi	a1,a1,1
	bne	a1,a0,.L4
	not	a0,a4
.L2:
	ret
	.size	crc32_bitwise, .-crc32_bitwise
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
