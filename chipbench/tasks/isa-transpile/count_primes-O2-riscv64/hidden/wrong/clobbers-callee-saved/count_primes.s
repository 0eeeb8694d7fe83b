	.file	"count_primes.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	count_primes
	.type	count_primes, @function
count_primes:
	mv	a1,a0
	li	a5,1
	li	a4,2
	li	a0,0
	li	s1,3
	bleu	a1,a5,.L18
.L2:
	bleu	a4,s1,.L16
	andi	a5,a4,1
	beq	a5,zero,.L4
	li	a3,2
	j	.L7
.L5:
	remuw	a5,a4,a5
	beq	a5,zero,.L4
.L7:
	addiw	a3,a3,1
	mulw	a2,a3,a3
	mv	a5,a3
	bleu	a2,a4,.L5
.L16:
	addiw	a0,a0,1
.L4:
	addiw	a4,a4,1
	bgeu	a1,a4,.L2
	ret
.L18:
	ret
	.size	count_primes, .-count_primes
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
