	.arch armv8-a
	.file	"count_primes.c"
	.text
	.align	2
	.p2align 4,,11
	.global	count_primes
	.type	count_primes, %function
count_primes:
.LFB0:
	.cfi_startproc
	mov	w4, w1
	mov	w3, 2
	mov	w1, 0
	cmp	w4, 1
	bls	.L1
	.p2align 3,,7
.L2:
	cmp	w3, 3
	bls	.L16
	tbz	x3, 0, .L4
	mov	w0, 2
	b	.L7
	.p2align 2,,3
.L5:
	udiv	w2, w3, w0
	msub	w2, w2, w0, w3
	cbz	w2, .L4
.L7:
	add	w0, w0, 1
	mul	w2, w0, w0
	cmp	w2, w3
	bls	.L5
.L16:
	add	w1, w1, 1
.L4:
	add	w3, w3, 1
	cmp	w4, w3
	bcs	.L2
.L1:
	ret
	.cfi_endproc
.LFE0:
	.size	count_primes, .-count_primes
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
