	.arch armv8-a
	.file	"ledger_apply.c"
	.text
	.align	2
	.p2align 4,,11
	.global	ledger_apply
	.type	ledger_apply, %function
ledger_apply:
.LFB0:
	.cfi_startproc
	mov	x3, x0
	mov	w0, 0
	cmp	w2, 0
	ble	.L1
	add	x5, x1, w2, sxtw 3
	b	.L8
	.p2align 2,,3
.L19:
	ldr	x4, [x3]
	sxtw	x2, w2
	add	x4, x2, x4
	ble	.L18
.L4:
	ldr	w2, [x3, 20]
	add	x1, x1, 8
	str	x4, [x3]
	add	w2, w2, 1
	str	w2, [x3, 20]
	cmp	x1, x5
	beq	.L1
.L8:
	ldr	w2, [x1]
	cmp	w2, 0
	cbnz	w2, .L19
.L3:
	ldrsb	w2, [x3, 19]
	cmp	w2, 99
	bgt	.L7
	add	w2, w2, 1
	strb	w2, [x3, 19]
.L7:
	add	x1, x1, 8
	add	w0, w0, 1
	cmp	x1, x5
	bne	.L8
.L1:
	ret
	.p2align 2,,3
.L18:
	ldrb	w6, [x1, 4]
	cmp	w6, 1
	beq	.L5
	ldrh	w6, [x3, 16]
	cbnz	w6, .L3
	ldrb	w19, [x3, 18]
	mov	x6, 10000
	neg	x2, x2
	madd	x6, x19, x6, x6
	cmp	x2, x6
	bgt	.L3
.L5:
	ldr	x2, [x3, 8]
	neg	x2, x2
	cmp	x2, x4
	ble	.L4
	b	.L3
	.cfi_endproc
.LFE0:
	.size	ledger_apply, .-ledger_apply
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
