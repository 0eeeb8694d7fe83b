	.arch armv8-a
	.file	"rle_encode.c"
	.text
	.align	2
	.p2align 4,,11
	.global	rle_encode
	.type	rle_encode, %function
rle_encode:
.LFB0:
	.cfi_startproc
	cbz	x0, .L13
	sub	x10, x2, #2
	sub	x9, x2, #1
	mov	x4, 0
	mov	x8, 0
	.p2align 3,,7
.L9:
	ldrb	w7, [x1, x4]
	add	x4, x4, 1
	cmp	x0, x4
	bls	.L23
	mov	x5, 1
	b	.L3
	.p2align 2,,3
.L25:
	cmp	x5, 255
	beq	.L6
	add	x4, x4, 1
	add	x5, x5, 1
	cmp	x0, x4
	bls	.L24
.L3:
	ldrb	w6, [x1, x4]
	cmp	w6, w7
	beq	.L25
.L6:
	add	x8, x8, 2
	cmp	x8, x3
	bhi	.L17
	strb	w5, [x10, x8]
	strb	w7, [x9, x8]
	cmp	x0, x4
	bhi	.L9
	mov	x1, x8
.L1:
	ret
	.p2align 2,,3
.L24:
	add	x0, x8, 2
	mov	x1, -1
	cmp	x3, x0
	bcc	.L1
	add	x3, x2, x8
	strb	w5, [x2, x8]
	mov	x1, x0
	strb	w7, [x3, 1]
	ret
.L23:
	add	x8, x8, 2
	cmp	x3, x8
	bcs	.L21
.L17:
	mov	x1, -1
	ret
	.p2align 2,,3
.L13:
	mov	x1, 0
	ret
.L21:
	sub	x1, x2, #2
	sub	x2, x2, #1
	mov	w0, 1
	strb	w0, [x1, x8]
	mov	x1, x8
	strb	w7, [x2, x8]
	b	.L1
	.cfi_endproc
.LFE0:
	.size	rle_encode, .-rle_encode
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
