	.file	"stack_vm.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	stack_vm
	.type	stack_vm, @function
stack_vm:
	ble	a1,zero,.L64
	addiw	a7,a3,-1
	li	a6,0
	li	a4,0
	ble	a3,zero,.L55
	add	a5,a0,a6
	lbu	a3,0(a5)
	lui	t3,%hi(.L8)
	li	t4,11
	addi	t3,t3,%lo(.L8)
	li	t5,-1
	addiw	t1,a6,1
	bgtu	a3,t4,.L55
	addi	sp,sp,-128
.L57:
	slli	a5,a3,2
	add	a5,a5,t3
	lw	a5,0(a5)
	jr	a5
	.section	.rodata
	.align	2
	.align	2
.L8:
	.word	.L62
	.word	.L16
	.word	.L15
	.word	.L15
	.word	.L15
	.word	.L14
	.word	.L13
	.word	.L12
	.word	.L11
	.word	.L10
	.word	.L9
	.word	.L7
	.text
.L15:
	li	a5,1
	ble	a4,a5,.L5
	addiw	t6,a4,-1
	addiw	a4,a4,-2
	slli	a4,a4,3
	slli	a5,t6,3
	addi	a6,a4,128
	addi	a5,a5,128
	add	a6,a6,sp
	add	a5,a5,sp
	li	t0,2
	ld	a6,-128(a6)
	ld	a5,-128(a5)
	beq	a3,t0,.L65
	li	t0,3
	beq	a3,t0,.L66
	mul	a6,a6,a5
.L21:
	addi	a5,a4,128
	add	a4,a5,sp
	sd	a6,-128(a4)
	mv	a6,t1
	mv	a4,t6
.L19:
	bge	a6,a1,.L62
	addiw	a7,a7,-1
	beq	a7,t5,.L5
	add	a5,a0,a6
	lbu	a3,0(a5)
	addiw	t1,a6,1
	bleu	a3,t4,.L57
.L5:
	li	a0,-1
	slli	a0,a0,63
	addi	sp,sp,128
	jr	ra
.L62:
	li	a0,0
	beq	a4,zero,.L1
	addiw	a5,a4,-1
	slli	a5,a5,3
	addi	a5,a5,128
	add	a5,a5,sp
	ld	a0,-128(a5)
.L1:
	addi	sp,sp,128
	jr	ra
.L16:
	ble	a1,t1,.L5
	li	a5,16
	beq	a4,a5,.L5
	add	t1,a0,t1
	slli	a5,a4,3
	lb	a3,0(t1)
	addi	a5,a5,128
	add	a5,a5,sp
	addiw	a6,a6,2
	sd	a3,-128(a5)
	addiw	a4,a4,1
	j	.L19
.L7:
	li	a5,16
	beq	a4,a5,.L5
	slli	a5,a4,3
	addi	a5,a5,128
	add	a5,a5,sp
	sd	a2,-128(a5)
	mv	a6,t1
	addiw	a4,a4,1
	j	.L19
.L9:
	beq	a4,zero,.L5
	addiw	a5,a4,-1
	slli	a5,a5,3
	addi	a5,a5,128
	add	a5,a5,sp
	ld	a3,-128(a5)
	mv	a6,t1
	slli	a3,a3,1
	sd	a3,-128(a5)
	j	.L19
.L10:
	beq	a4,zero,.L5
	addiw	a5,a4,-1
	slli	a5,a5,3
	addi	a5,a5,128
	add	a5,a5,sp
	ld	a3,-128(a5)
	mv	a6,t1
	neg	a3,a3
	sd	a3,-128(a5)
	j	.L19
.L11:
	ble	a1,t1,.L5
	beq	a4,zero,.L5
	addiw	a4,a4,-1
	slli	a5,a4,3
	addi	a5,a5,128
	add	a5,a5,sp
	ld	t6,-128(a5)
	add	t1,a0,t1
	lbu	a3,0(t1)
	addiw	a6,a6,2
	beq	t6,zero,.L19
	slliw	a3,a3,24
	sraiw	a3,a3,24
	addw	a6,a3,a6
	blt	a6,zero,.L5
	bge	a1,a6,.L19
	j	.L5
.L12:
	beq	a4,zero,.L5
	addiw	a4,a4,-1
	mv	a6,t1
	j	.L19
.L13:
	li	a5,1
	ble	a4,a5,.L5
	addiw	a5,a4,-1
	slli	a5,a5,3
	add	a5,sp,a5
	ld	a6,0(a5)
	ld	a3,-8(a5)
	addiw	a5,a4,-2
	slli	a5,a5,3
	add	a5,sp,a5
	sd	a6,0(a5)
	sd	a3,8(a5)
	mv	a6,t1
	j	.L19
.L14:
	andi	a5,a4,-17
	beq	a5,zero,.L5
	addiw	a5,a4,-1
	slli	a5,a5,3
	addi	a5,a5,128
	add	a5,a5,sp
	ld	a3,-128(a5)
	slli	a5,a4,3
	addi	a5,a5,128
	add	a5,a5,sp
	sd	a3,-128(a5)
	addiw	a4,a4,1
	mv	a6,t1
	j	.L19
.L66:
	sub	a6,a6,a5
	j	.L21
.L65:
	add	a6,a6,a5
	j	.L21
.L64:
	li	a0,0
	ret
.L55:
	li	a0,-1
	slli	a0,a0,63
	ret
	.size	stack_vm, .-stack_vm
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
