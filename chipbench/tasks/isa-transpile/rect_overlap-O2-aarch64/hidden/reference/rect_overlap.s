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
	ldp	w3, w7, [x1, 8]
	ldp	w5, w6, [x1]
	ldr	w2, [x0, 8]
	ldr	w4, [x0]
	cmp	w2, w3
	csel	w2, w2, w3, le
	ldr	w3, [x0, 12]
	cmp	w4, w5
	csel	w5, w4, w5, ge
	ldr	w4, [x0, 4]
	cmp	w3, w7
	sxtw	x0, w2
	csel	w1, w3, w7, le
	cmp	w4, w6
	csel	w4, w4, w6, ge
	sub	x0, x0, w5, sxtw
	sxtw	x1, w1
	cmp	x0, 0
	sub	x1, x1, w4, sxtw
	ccmp	x1, 0, 4, gt
	mul	x0, x0, x1
	csel	x0, x0, xzr, gt
	ret
	.cfi_endproc
.LFE2:
	.size	rect_overlap, .-rect_overlap
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
