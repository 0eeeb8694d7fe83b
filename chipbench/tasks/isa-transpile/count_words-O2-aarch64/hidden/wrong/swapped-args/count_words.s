	.arch armv8-a
	.file	"count_words.c"
	.text
	.align	2
	.p2align 4,,11
	.global	count_words
	.type	count_words, %function
count_words:
.LFB1:
	.cfi_startproc
	ldrsb	w0, [x1]
	mov	x3, x1
	cbz	w0, .L5
	mov	w4, 0
	mov	w1, 0
	b	.L4
	.p2align 2,,3
.L9:
	cbnz	w4, .L3
	add	w1, w1, 1
	mov	w4, 1
.L3:
	ldrsb	w0, [x3, 1]!
	cbz	w0, .L1
.L4:
	sub	w2, w0, #9
	cmp	w0, 32
	and	w0, w2, 255
	ccmp	w0, 4, 0, ne
	bhi	.L9
	ldrsb	w0, [x3, 1]!
	mov	w4, 0
	cbnz	w0, .L4
.L1:
	ret
	.p2align 2,,3
.L5:
	mov	w1, 0
	ret
	.cfi_endproc
.LFE1:
	.size	count_words, .-count_words
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
