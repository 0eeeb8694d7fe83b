	.arch armv8-a
	.file	"classify_char.c"
	.text
	.align	2
	.p2align 4,,11
	.global	classify_char
	.type	classify_char, %function
classify_char:
.LFB0:
	.cfi_startproc
	mov	w1, w0
	cmp	w0, 62
	bgt	.L2
	cmp	w0, 32
	bgt	.L3
	cmp	w0, 0
	mov	w0, 7
	cbz	w1, .L1
	bge	.L27
.L5:
	and	w1, w1, -33
	sub	w1, w1, #65
	cmp	w1, 25
	cset	w0, ls
	lsl	w0, w0, 1
.L1:
	ret
	.p2align 2,,3
.L3:
	mov	x3, 1
	mov	x19, 189536906772480
	lsl	x2, x3, x0
	movk	x19, 0x7000, lsl 48
	mov	w0, 4
	tst	x2, x19
	bne	.L1
	mov	x0, 566935683072
	tst	x2, x0
	bne	.L15
	tst	x2, 3298534883328
	bne	.L16
	sub	w0, w1, #48
	cmp	w0, 9
	bhi	.L5
	mov	w0, w3
	ret
	.p2align 2,,3
.L27:
	mov	w0, 3
	cmp	w1, 13
	beq	.L1
	ble	.L28
	cmp	w1, 32
	bne	.L5
	ret
	.p2align 2,,3
.L2:
	sub	w2, w0, #91
	cmp	w2, 35
	bhi	.L5
	mov	x0, 1
	mov	x3, 5
	movk	x3, 0x5, lsl 32
	lsl	x0, x0, x2
	tst	x0, x3
	bne	.L16
	mov	x3, 8
	movk	x3, 0xa, lsl 32
	tst	x0, x3
	bne	.L12
	cmp	w2, 4
	bne	.L5
	mov	w0, 2
	ret
	.p2align 2,,3
.L16:
	mov	w0, 5
	ret
	.p2align 2,,3
.L12:
	mov	w0, 4
	ret
	.p2align 2,,3
.L15:
	mov	w0, 6
	ret
.L28:
	sub	w2, w1, #9
	cmp	w2, 1
	bhi	.L5
	ret
	.cfi_endproc
.LFE0:
	.size	classify_char, .-classify_char
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
