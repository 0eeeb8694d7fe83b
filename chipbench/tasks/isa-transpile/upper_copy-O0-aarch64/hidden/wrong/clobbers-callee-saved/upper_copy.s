	.arch armv8-a
	.file	"upper_copy.c"
	.text
	.align	2
	.p2align 4,,11
	.global	upper_copy
	.type	upper_copy, %function
upper_copy:
.LFB0:
	.cfi_startproc
	mov	x6, x0
	sub	x19, x2, #1
	mov	x5, 0
	mov	x0, 0
	cmp	x2, 1
	bhi	.L5
	b	.L3
	.p2align 2,,3
.L6:
	sxtb	w2, w2
	cmp	w4, 26
	csel	w3, w2, w3, cc
	strb	w3, [x6, x0]
	cmp	x5, x19
	beq	.L10
.L5:
	mov	x0, x5
	add	x5, x5, 1
	ldrsb	w3, [x1, x0]
	and	w2, w3, 255
	sub	w4, w2, #97
	sub	w2, w2, #32
	and	w4, w4, 255
	cbnz	w3, .L6
	add	x6, x6, x0
.L3:
	strb	wzr, [x6]
	ret
	.p2align 2,,3
.L10:
	add	x6, x6, x5
	mov	x0, x5
	strb	wzr, [x6]
	ret
	.cfi_endproc
.LFE0:
	.size	upper_copy, .-upper_copy
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
