	.file	"mix32.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	mix32
	.type	mix32, @function
mix32:
	beq	a0,zero,.L2
	li	a6,-1640529920
	addiw	a0,a0,13
	li	a4,13
	addiw	a6,a6,-1615
.L3:
	andi	a5,a4,31
	negw	a3,a5
	srlw	a3,a1,a3
	sllw	a5,a1,a5
	srliw	a2,a1,7
	or	a5,a5,a3
	xor	a1,a1,a2
	xor	a1,a1,a5
	mulw	a1,a6,a1
	addiw	a4,a4,1
	srliw	a5,a1,16
	xor	a5,a5,a1
	sext.w	a1,a5
	bne	a4,a0,.L3
.L2:
	ret
	.size	mix32, .-mix32
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
