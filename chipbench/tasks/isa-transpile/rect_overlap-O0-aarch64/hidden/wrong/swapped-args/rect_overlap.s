	.arch armv8-a
	.file	"rect_overlap.c"
	.text
	.align	2
	.p2align 4,,11
	.global	rect_overlap
	.type	rect_overlap, %function
rect_overlap:
.LFB2:
	.cfi_startproc
	ldp	w3, w7, [x0, 8]
	ldp	w5, w6, [x0]
	ldr	w2, [x1, 8]
	ldr	w4, [x1]
	cmp	w2, w3
	csel	w2, w2, w3, le
	ldr	w3, [x1, 12]
	cmp	w4, w5
	csel	w5, w4, w5, ge
	ldr	w4, [x1, 4]
	cmp	w3, w7
	sxtw	x1, w2
	csel	w0, w3, w7, le
	cmp	w4, w6
	csel	w4, w4, w6, ge
	sub	x1, x1, w5, sxtw
	sxtw	x0, w0
	cmp	x1, 0
	sub	x0, x0, w4, sxtw
	ccmp	x0, 0, 4, gt
	mul	x1, x1, x0
	csel	x1, x1, xzr, gt
	ret
	.cfi_endproc
.LFE2:
	.size	rect_overlap, .-rect_overlap
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
