	.file	"ledger_apply.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	ledger_apply
	.type	ledger_apply, @function
ledger_apply:
	mv	a5,a1
	ble	a2,zero,.L9
	slli	a2,a2,3
	add	a2,a0,a2
	li	a1,0
	li	a6,99
	li	t1,1
	j	.L8
.L17:
	ld	a3,0(a5)
	add	a3,a4,a3
	ble	a4,zero,.L15
.L4:
	lw	a4,20(a5)
	sd	a3,0(a5)
	addi	a0,a0,8
	addiw	a4,a4,1
	sw	a4,20(a5)
	beq	a0,a2,.L16
.L8:
	lw	a4,0(a0)
	bne	a4,zero,.L17
.L3:
	lb	a4,19(a5)
	bgt	a4,a6,.L7
	addiw	a4,a4,1
	sb	a4,19(a5)
.L7:
	addi	a0,a0,8
	addiw	a1,a1,1
	bne	a0,a2,.L8
.L16:
	ret
.L15:
	lbu	a7,4(a0)
	beq	a7,t1,.L5
	lhu	a7,16(a5)
	bne	a7,zero,.L3
	lbu	a7,18(a5)
	li	t3,8192
	addi	t3,t3,1808
	addi	a7,a7,1
	mul	a7,a7,t3
	neg	a4,a4
	bgt	a4,a7,.L3
.L5:
	ld	a4,8(a5)
	neg	a4,a4
	ble	a4,a3,.L4
	j	.L3
.L9:
	li	a1,0
	ret
	.size	ledger_apply, .-ledger_apply
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
