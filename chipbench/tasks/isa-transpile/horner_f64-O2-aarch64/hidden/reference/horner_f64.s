	.arch armv8-a
	.file	"horner_f64.c"
	.text
	.align	2
	.p2align 4,,11
	.global	horner_f64
	.type	horner_f64, %function
horner_f64:
.LFB0:
	.cfi_startproc
	cmp	w4, 0
	ble	.L1
	sbfiz	x6, x4, 3, 32
	add	x7, x0, w1, sxtw 3
	sub	w8, w1, #1
	mov	x5, 0
	.p2align 3,,7
.L5:
	ldr	d0, [x7]
	cmp	w1, 0
	ble	.L3
	ldr	d2, [x2, x5]
	sxtw	x4, w8
	.p2align 3,,7
.L4:
	fmul	d0, d2, d0
	ldr	d1, [x0, x4, lsl 3]
	sub	x4, x4, #1
	fadd	d0, d0, d1
	tbz	w4, #31, .L4
.L3:
	str	d0, [x3, x5]
	add	x5, x5, 8
	cmp	x6, x5
	bne	.L5
.L1:
	ret
	.cfi_endproc
.LFE0:
	.size	horner_f64, .-horner_f64
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
