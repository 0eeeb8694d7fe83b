	.arch armv8-a
	.file	"crc32_bitwise.c"
	.text
	.align	2
	.p2align 4,,11
	.global	crc32_bitwise
	.type	crc32_bitwise, %function
crc32_bitwise:
.LFB0:
	.cfi_startproc
	mvn	w3, w0
	cbz	x2, .L1
	mov	w4, 33568
	mov	x5, x1
	add	x2, x1, x2
	movk	w4, 0xedb8, lsl 16
	.p2align 3,,7
.L4:
	ldrb	w0, [x5]
	mov	w1, 8
	eor	w3, w3, w0
	.p2align 3,,7
.L3:
	sbfx	x0, x3, 0, 1
	subs	w1, w1, #1
	and	w0, w0, w4
	eor	w3, w0, w3, lsr 1
	bne	.L3
	add	x5, x5, 1
	cmp	x5, x2
	bne	.L4
	mvn	w0, w3
.L1:
	ret
	.cfi_endproc
.LFE0:
	.size	crc32_bitwise, .-crc32_bitwise
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
