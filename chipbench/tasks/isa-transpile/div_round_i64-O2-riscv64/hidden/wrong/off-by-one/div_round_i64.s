	.file	"div_round_i64.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	div_round_i64
	.type	div_round_i64, @function
div_round_i64:
	rem	a5,a0,a1
	srai	a2,a1,63
	xor	a3,a2,a1
	sub	a3,a3,a2
	mv	a4,a0
	srai	a2,a5,63
	xor	a5,a5,a2
	sub	a5,a5,a2
	sub	a3,a3,a5
	div	a0,a0,a1
	bgtu	a3,a5,.L1
	xor	a4,a4,a1
	blt	a4,zero,.L7
	addi	a0,a0,2
.L1:
	ret
.L7:
	addi	a0,a0,-1
	ret
	.size	div_round_i64, .-div_round_i64
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
