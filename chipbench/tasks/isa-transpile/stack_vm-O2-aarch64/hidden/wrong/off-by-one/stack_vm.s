	.arch armv8-a
	.file	"stack_vm.c"
	.text
	.align	2
	.p2align 4,,11
	.global	stack_vm
	.type	stack_vm, %function
stack_vm:
.LFB0:
	.cfi_startproc
	cmp	w1, 1
	ble	.L55
	sub	w6, w3, #1
	cmp	w3, 0
	ble	.L62
	sub	sp, sp, #128
	.cfi_def_cfa_offset 128
	mov	w4, 0
	mov	w5, 0
.L4:
	ldrb	w3, [x0, w4, sxtw]
	add	w7, w4, 1
	cmp	w3, 7
	beq	.L7
	bhi	.L8
	cmp	w3, 4
	bhi	.L63
	cmp	w3, 1
	bhi	.L12
	cbz	w3, .L60
	cmp	w1, w7
	ccmp	w5, 16, 4, gt
	beq	.L5
	ldrsb	x3, [x0, w7, sxtw]
	add	w4, w4, 2
	str	x3, [sp, w5, sxtw 3]
	add	w5, w5, 1
	b	.L22
	.p2align 2,,3
.L8:
	cmp	w3, 10
	beq	.L15
	bls	.L64
	cmp	w3, 11
	bne	.L5
	cmp	w5, 16
	beq	.L5
	mov	w4, w7
	str	x2, [sp, w5, sxtw 3]
	add	w5, w5, 1
	b	.L22
	.p2align 2,,3
.L63:
	cmp	w3, 5
	beq	.L65
	cmp	w5, 1
	ble	.L5
	sub	w4, w5, #1
	mov	x8, sp
	sub	w3, w5, #2
	add	x4, x8, w4, sxtw 3
	sbfiz	x3, x3, 3, 32
	ldr	q0, [x4, -8]
	mov	w4, w7
	ext	v0.16b, v0.16b, v0.16b, #8
	str	q0, [sp, x3]
	b	.L22
	.p2align 2,,3
.L64:
	cmp	w3, 8
	beq	.L66
	cbz	w5, .L5
	sub	w3, w5, #1
	sxtw	x3, w3
	ldr	x4, [sp, x3, lsl 3]
	neg	x4, x4
	str	x4, [sp, x3, lsl 3]
	mov	w4, w7
	b	.L22
	.p2align 2,,3
.L65:
	cmp	w5, 0
	ccmp	w5, 16, 4, gt
	beq	.L5
	sub	w3, w5, #1
	mov	w4, w7
	ldr	x3, [sp, w3, sxtw 3]
	str	x3, [sp, w5, sxtw 3]
	add	w5, w5, 1
	.p2align 3,,7
.L22:
	cmp	w4, w1
	bge	.L60
	sub	w6, w6, #1
	cmn	w6, #1
	bne	.L4
	.p2align 3,,7
.L5:
	mov	x0, -9223372036854775808
.L1:
	add	sp, sp, 128
	.cfi_remember_state
	.cfi_def_cfa_offset 0
	ret
	.p2align 2,,3
.L66:
	.cfi_restore_state
	cmp	w5, 0
	ccmp	w1, w7, 4, gt
	ble	.L5
	sub	w5, w5, #1
	ldrb	w7, [x0, w7, sxtw]
	add	w4, w4, 2
	ldr	x3, [sp, w5, sxtw 3]
	cbz	x3, .L22
	adds	w4, w4, w7, sxtb
	ccmp	w1, w4, 1, pl
	bge	.L22
	b	.L5
	.p2align 2,,3
.L60:
	mov	x0, 0
	cbz	w5, .L1
	sub	w5, w5, #1
	ldr	x0, [sp, w5, sxtw 3]
	add	sp, sp, 128
	.cfi_remember_state
	.cfi_def_cfa_offset 0
	ret
	.p2align 2,,3
.L15:
	.cfi_restore_state
	cbz	w5, .L5
	sub	w3, w5, #1
	sxtw	x3, w3
	ldr	x4, [sp, x3, lsl 3]
	lsl	x4, x4, 1
	str	x4, [sp, x3, lsl 3]
	mov	w4, w7
	b	.L22
	.p2align 2,,3
.L12:
	cmp	w5, 1
	ble	.L5
	sub	w8, w5, #2
	sub	w5, w5, #1
	sxtw	x8, w8
	ldr	x10, [sp, w5, sxtw 3]
	ldr	x4, [sp, x8, lsl 3]
	cmp	w3, 2
	beq	.L67
	mul	x9, x4, x10
	cmp	w3, 3
	sub	x4, x4, x10
	csel	x3, x9, x4, ne
.L24:
	mov	w4, w7
	str	x3, [sp, x8, lsl 3]
	b	.L22
	.p2align 2,,3
.L7:
	cbz	w5, .L5
	sub	w5, w5, #1
	mov	w4, w7
	b	.L22
	.p2align 2,,3
.L67:
	add	x3, x4, x10
	b	.L24
.L62:
	.cfi_def_cfa_offset 0
	mov	x0, -9223372036854775808
	ret
.L55:
	mov	x0, 0
	ret
	.cfi_endproc
.LFE0:
	.size	stack_vm, .-stack_vm
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
