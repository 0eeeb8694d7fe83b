	.arch armv8-a
	.file	"collatz_steps.c"
	.text
	.align	2
	.p2align 4,,11
	.global	collatz_steps
	.type	collatz_steps, %function
collatz_steps:
.LFB0:
	.cfi_startproc
	mov	x2, x0
	cbz	x0, .L10
	cmp	x0, 1
	beq	.L7
	cbz	w1, .L10
	mov	w3, 1
	mov	x4, 6148914691236517205
	b	.L3
	.p2align 2,,3
.L12:
	cmp	x2, x4
	bcs	.L10
	add	x2, x0, 1
	mov	w0, w3
.L5:
	add	w3, w3, 1
	cmp	w1, w0
	beq	.L10
.L3:
	add	x0, x2, x2, lsl 1
	tbnz	x2, 0, .L12
	lsr	x2, x2, 1
	mov	w0, w3
	cmp	x2, 1
	bne	.L5
	ret
	.p2align 2,,3
.L10:
	mov	w0, -1
	ret
.L7:
	mov	w0, 0
	ret
	.cfi_endproc
.LFE0:
	.size	collatz_steps, .-collatz_steps
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
