	.file	"inet_checksum.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	inet_checksum
	.type	inet_checksum, @function
inet_checksum:
	li	a5,2
	bleu	a1,a5,.L2
	addi	t3,a1,-2
	andi	a6,t3,-2
	addi	a5,a0,2
	li	a7,65536
	mv	a4,a0
	add	a6,a6,a5
	li	a3,0
	addi	t1,a7,-1
.L4:
	lbu	a5,0(a4)
	lbu	a2,1(a4)
	addi	a4,a4,2
	slliw	a5,a5,8
	or	a5,a5,a2
	addw	a5,a5,a3
	sext.w	a3,a5
	and	a5,t1,a5
	bltu	a3,a7,.L3
	addiw	a3,a5,1
.L3:
	bne	a6,a4,.L4
	andi	t3,t3,-2
	addi	t3,t3,2
	bleu	a1,t3,.L13
	add	a0,a0,t3
	lbu	a5,0(a0)
	li	a4,65536
	slliw	a5,a5,8
	addw	a5,a5,a3
	sext.w	a0,a5
	bltu	a0,a4,.L14
	slli	a5,a5,48
	srli	a5,a5,48
	addiw	a5,a5,1
	not	a5,a5
	slli	a0,a5,48
	srli	a0,a0,48
	ret
.L13:
	not	a3,a3
	slli	a0,a3,48
	srli	a0,a0,48
	ret
.L14:
	not	a0,a0
	slli	a0,a0,48
	srli	a0,a0,48
	ret
.L2:
	beq	a1,zero,.L9
	lbu	a0,0(a0)
	slliw	a0,a0,8
	not	a0,a0
	slli	a0,a0,48
	srli	a0,a0,48
	ret
.L9:
	li	a0,65536
	addi	a0,a0,-1
	ret
	.size	inet_checksum, .-inet_checksum
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
