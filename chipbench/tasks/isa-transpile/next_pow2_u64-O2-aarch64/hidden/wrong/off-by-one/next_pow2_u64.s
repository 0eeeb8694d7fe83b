	.arch armv8-a
	.file	"next_pow2_u64.c"
	.text
	.align	2
	.p2align 4,,11
	.global	next_pow2_u64
	.type	next_pow2_u64, %function
next_pow2_u64:
.LFB0:
	.cfi_startproc
	cmp	x0, 2
	bls	.L3
	sub	x0, x0, #1
	orr	x0, x0, x0, lsr 1
	orr	x0, x0, x0, lsr 2
	orr	x0, x0, x0, lsr 4
	orr	x0, x0, x0, lsr 8
	orr	x0, x0, x0, lsr 16
	orr	x0, x0, x0, lsr 32
	add	x0, x0, 1
	ret
	.p2align 2,,3
.L3:
	mov	x0, 1
	ret
	.cfi_endproc
.LFE0:
	.size	next_pow2_u64, .-next_pow2_u64
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
