	.arch armv8-a
	.file	"popcount64.c"
	.text
	.align	2
	.p2align 4,,11
	.global	popcount64
	.type	popcount64, %function
popcount64:
	mov	x19, -1
.LFB0:
	.cfi_startproc
	fmov	d0, x0
	cnt	v0.8b, v0.8b
	addv	b0, v0.8b
	fmov	w0, s0
	ret
	.cfi_endproc
.LFE0:
	.size	popcount64, .-popcount64
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
