	.arch armv8-a
	.file	"days_in_month.c"
	.text
	.align	2
	.p2align 4,,11
	.global	days_in_month
	.type	days_in_month, %function
days_in_month:
.LFB0:
	.cfi_startproc
	mov	w2, w0
	cmp	w1, 11
	bhi	.L7
	mov	x3, 1
	mov	x4, 5546
	lsl	x3, x3, x1
	mov	w0, 31
	tst	x3, x4
	beq	.L11
.L1:
	ret
	.p2align 2,,3
.L11:
	mov	x4, 2640
	mov	w0, 30
	tst	x3, x4
	bne	.L1
	cmp	w1, 2
	bne	.L7
	tst	x2, 3
	bne	.L3
	mov	w1, 23593
	mov	w4, 47184
	movk	w1, 0xc28f, lsl 16
	movk	w4, 0x51e, lsl 16
	mov	w3, 23592
	mov	w0, 29
	madd	w1, w2, w1, w4
	movk	w3, 0x28f, lsl 16
	ror	w1, w1, 2
	cmp	w1, w3
	bhi	.L1
.L3:
	mov	w3, 23593
	mov	w0, 47184
	movk	w3, 0xc28f, lsl 16
	movk	w0, 0x51e, lsl 16
	mov	w1, 55050
	madd	w0, w2, w3, w0
	movk	w1, 0xa3, lsl 16
	ror	w0, w0, 4
	cmp	w0, w1
	cset	w0, ls
	add	w0, w0, 28
	ret
	.p2align 2,,3
.L7:
	mov	w0, 0
	ret
	.cfi_endproc
.LFE0:
	.size	days_in_month, .-days_in_month
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
