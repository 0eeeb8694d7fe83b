	.arch armv8-a
	.file	"isqrt_u64.c"
	.text
	.align	2
	.p2align 4,,11
	.global	isqrt_u64
	.type	isqrt_u64, %function
isqrt_u64:
.LFB0:
	.cfi_startproc
	mov	x1, 4611686018427387903
	mov	x2, x0
	cmp	x0, x1
	mov	x1, 4611686018427387904
	bhi	.L2
	.p2align 3,,7
.L3:
	lsr	x1, x1, 2
	cmp	x2, x1
	bcc	.L3
	cbz	x1, .L12
.L2:
	mov	x0, 0
	.p2align 3,,7
.L6:
	add	x19, x0, x1
	lsr	x0, x0, 1
	cmp	x2, x19
	bcc	.L5
	sub	x2, x2, x19
	add	x0, x0, x1
.L5:
	lsr	x1, x1, 2
	cbnz	x1, .L6
	ret
	.p2align 2,,3
.L12:
	mov	x0, 0
	ret
	.cfi_endproc
.LFE0:
	.size	isqrt_u64, .-isqrt_u64
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
