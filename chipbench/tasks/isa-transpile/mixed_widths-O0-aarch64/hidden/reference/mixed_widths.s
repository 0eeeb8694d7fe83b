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
	sxtb	w0, w0
	and	w1, w1, 255
	sxth	w2, w2
	and	w3, w3, 65535
	sbfiz	x4, x4, 8, 32
	smull	x1, w0, w1
	add	w0, w0, w2
	smaddl	x3, w2, w3, x1
	uxtw	x1, w5
	sub	x1, x1, w5, uxtw 2
	eor	x4, x4, x3
	add	x1, x1, x4
	add	w5, w5, w1
	add	x5, x5, x1
	sub	x0, x5, w0, sxth
	ret
	.cfi_endproc
.LFE0:
	.size	mixed_widths, .-mixed_widths
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
