	.arch armv8-a
	.file	"gray_decode32.c"
	.text
	.align	2
	.p2align 4,,11
	.global	gray_decode32
	.type	gray_decode32, %function
gray_decode32:
.LFB0:
	.cfi_startproc
	mov	w2, 5
	mov	w1, 1
	.p2align 3,,7
.L2:
	lsr	w3, w0, w1
	subs	w2, w2, #1
	eor	w0, w0, w3
	lsl	w1, w1, 1
	bne	.L2
	ret
	.cfi_endproc
.LFE0:
	.size	gray_decode32, .-gray_decode32
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
