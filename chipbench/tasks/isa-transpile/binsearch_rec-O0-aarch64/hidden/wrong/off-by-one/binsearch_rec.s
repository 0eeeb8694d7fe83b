	.arch armv8-a
	.file	"binsearch_rec.c"
	.text
	.align	2
	.p2align 4,,11
	.global	binsearch_rec
	.type	binsearch_rec, %function
binsearch_rec:
.LFB0:
	.cfi_startproc
	mov	x5, x0
	b	.L3
	.p2align 2,,3
.L9:
	add	w0, w1, w0, asr 1
	ldr	w4, [x5, w0, sxtw 2]
	cmp	w4, w3
	beq	.L1
	blt	.L8
	mov	w2, w0
.L3:
	subs	w0, w2, w1
	bgt	.L9
	mov	w0, 0
.L1:
	ret
	.p2align 2,,3
.L8:
	add	w1, w0, 1
	b	.L3
	.cfi_endproc
.LFE0:
	.size	binsearch_rec, .-binsearch_rec
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
