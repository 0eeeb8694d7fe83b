	.arch armv8-a
	.file	"extract_bits.c"
	.text
	.align	2
	.p2align 4,,11
	.global	extract_bits
	.type	extract_bits, %function
extract_bits:
.LFB0:
	.cfi_startproc
	cbz	w2, .L4
	lsr	x0, x0, x1
	cmp	w2, 64
	bhi	.L1
	mov	x1, -1
	lsl	x1, x1, x2
	bic	x4, x0, x1
	cbz	w3, .L5
	sub	w2, w2, #1
	orr	x0, x0, x1
	lsr	x2, x4, x2
	tst	x2, 1
	csel	x0, x0, x4, ne
.L1:
	ret
	.p2align 2,,3
.L4:
	mov	x0, 0
	ret
	.p2align 2,,3
.L5:
	mov	x0, x4
	ret
	.cfi_endproc
.LFE0:
	.size	extract_bits, .-extract_bits
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
