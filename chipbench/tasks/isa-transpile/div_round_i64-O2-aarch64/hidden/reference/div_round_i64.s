	.arch armv8-a
	.file	"div_round_i64.c"
	.text
	.align	2
	.p2align 4,,11
	.global	div_round_i64
	.type	div_round_i64, %function
div_round_i64:
.LFB0:
	.cfi_startproc
	mov	x3, x0
	sdiv	x0, x0, x1
	msub	x2, x0, x1, x3
	cmp	x2, 0
	csneg	x2, x2, x2, ge
	cmp	x1, 0
	csneg	x4, x1, x1, ge
	sub	x4, x4, x2
	cmp	x4, x2
	bhi	.L1
	eor	x3, x3, x1
	sub	x1, x0, #1
	cmp	x3, 0
	csinc	x0, x1, x0, lt
.L1:
	ret
	.cfi_endproc
.LFE0:
	.size	div_round_i64, .-div_round_i64
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
