	.file	"upper_copy.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	upper_copy
	.type	upper_copy, @function
upper_copy:
	li	a5,1
	mv	a7,a0
	addi	t3,a2,-1
	li	a6,0
	li	s1,25
	li	a0,0
	bgtu	a2,a5,.L5
	j	.L3
.L6:
	bgtu	a3,s1,.L4
	slliw	a4,a5,24
	sraiw	a4,a4,24
.L4:
	sb	a4,0(a2)
	beq	a6,t3,.L10
.L5:
	add	a5,a1,a6
	lb	a4,0(a5)
	mv	a0,a6
	add	a2,a7,a6
	andi	a5,a4,0xff
	addiw	a3,a5,-97
	addi	a6,a6,1
	andi	a3,a3,0xff
	addiw	a5,a5,-32
	bne	a4,zero,.L6
	mv	a7,a2
.L3:
	sb	zero,0(a7)
	ret
.L10:
	add	a7,a7,a6
	mv	a0,a6
	sb	zero,0(a7)
	ret
	.size	upper_copy, .-upper_copy
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
