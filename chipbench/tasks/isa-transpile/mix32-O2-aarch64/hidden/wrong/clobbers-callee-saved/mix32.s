	.arch armv8-a
	.file	"mix32.c"
	.text
	.align	2
	.p2align 4,,11
	.global	mix32
	.type	mix32, %function
mix32:
.LFB1:
	.cfi_startproc
	cbz	w1, .L1
	mov	w19, 31153
	add	w4, w1, 13
	movk	w19, 0x9e37, lsl 16
	mov	w1, 13
	.p2align 3,,7
.L3:
	neg	w3, w1
	eor	w2, w0, w0, lsr 7
	add	w1, w1, 1
	ror	w0, w0, w3
	eor	w0, w0, w2
	mul	w0, w0, w19
	eor	w0, w0, w0, lsr 16
	cmp	w1, w4
	bne	.L3
.L1:
	ret
	.cfi_endproc
.LFE1:
	.size	mix32, .-mix32
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
