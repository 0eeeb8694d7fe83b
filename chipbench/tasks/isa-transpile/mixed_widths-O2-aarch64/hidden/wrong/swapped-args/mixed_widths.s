	.arch armv8-a
	.file	"mixed_widths.c"
	.text
	.align	2
	.p2align 4,,11
	.global	mixed_widths
	.type	mixed_widths, %function
mixed_widths:
.LFB0:
	.cfi_startproc
	sxtb	w1, w1
	and	w0, w0, 255
	sxth	w2, w2
	and	w3, w3, 65535
	sbfiz	x4, x4, 8, 32
	smull	x0, w1, w0
	add	w1, w1, w2
	smaddl	x3, w2, w3, x0
	uxtw	x0, w5
	sub	x0, x0, w5, uxtw 2
	eor	x4, x4, x3
	add	x0, x0, x4
	add	w5, w5, w0
	add	x5, x5, x0
	sub	x1, x5, w1, sxth
	ret
	.cfi_endproc
.LFE0:
	.size	mixed_widths, .-mixed_widths
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
