	.arch armv8-a
	.file	"inet_checksum.c"
	.text
	.align	2
	.p2align 4,,11
	.global	inet_checksum
	.type	inet_checksum, %function
inet_checksum:
.LFB0:
	.cfi_startproc
	mov	x9, x0
	cmp	x1, 2
	bls	.L2
	sub	x8, x1, #2
	add	x0, x0, 2
	and	x6, x8, -2
	mov	x3, x9
	add	x6, x6, x0
	mov	w2, 0
	mov	w7, 65535
	.p2align 3,,7
.L4:
	ldrb	w4, [x3]
	add	x3, x3, 2
	ldrb	w5, [x3, -1]
	orr	w4, w5, w4, lsl 8
	add	w2, w2, w4
	cmp	w2, w7
	and	w4, w2, 65535
	csinc	w2, w2, w4, ls
	cmp	x6, x3
	bne	.L4
	and	x8, x8, -2
	add	x8, x8, 2
	cmp	x1, x8
	bls	.L14
	ldrb	w1, [x9, x8]
	mov	w3, 65535
	add	w1, w2, w1, lsl 8
	and	w0, w1, w3
	mvn	w2, w1
	add	w0, w0, 1
	cmp	w1, w3
	mvn	w0, w0
	and	w1, w2, 65535
	and	w0, w0, 65535
	csel	w0, w0, w1, hi
.L6:
	ret
	.p2align 2,,3
.L14:
	mvn	w0, w2
	and	w0, w0, 65535
	ret
	.p2align 2,,3
.L2:
	mov	w0, 65535
	cbz	x1, .L6
	ldrb	w0, [x9]
	mvn	w0, w0, lsl 8
	and	w0, w0, 65535
	ret
	.cfi_endproc
.LFE0:
	.size	inet_checksum, .-inet_checksum
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
