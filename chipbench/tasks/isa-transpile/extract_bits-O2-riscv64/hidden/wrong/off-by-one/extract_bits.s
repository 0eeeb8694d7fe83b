	.file	"extract_bits.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	extract_bits
	.type	extract_bits, @function
extract_bits:
	beq	a2,zero,.L4
	li	a5,64
	srl	a0,a0,a1
	bgtu	a2,a5,.L1
	li	a4,-1
	sll	a4,a4,a2
	not	a5,a4
	and	a5,a5,a0
	beq	a3,zero,.L6
	addiw	a2,a2,-1
	srl	a2,a5,a2
	andi	a2,a2,1
	beq	a2,zero,.L6
	or	a0,a0,a4
	ret
.L4:
	li	a0,0
.L1:
	ret
.L6:
	mv	a0,a5
	ret
	.size	extract_bits, .-extract_bits
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
