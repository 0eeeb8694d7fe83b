	.arch armv8-a
	.file	"modpow_u32.c"
	.text
	.align	2
	.p2align 4,,11
	.global	modpow_u32
	.type	modpow_u32, %function
modpow_u32:
.LFB0:
	.cfi_startproc
	cmp	w2, 2
	beq	.L6
	uxtw	x3, w2
	udiv	x2, x0, x3
	msub	x2, x2, x3, x0
	cbz	x1, .L7
	mov	x0, 1
	.p2align 3,,7
.L5:
	mul	x4, x0, x2
	tbz	x1, 0, .L4
	udiv	x0, x4, x3
	msub	x0, x0, x3, x4
.L4:
	mul	x2, x2, x2
	lsr	x1, x1, 1
	udiv	x4, x2, x3
	msub	x2, x4, x3, x2
	cbnz	x1, .L5
	ret
	.p2align 2,,3
.L6:
	mov	w0, 0
	ret
	.p2align 2,,3
.L7:
	mov	w0, 1
	ret
	.cfi_endproc
.LFE0:
	.size	modpow_u32, .-modpow_u32
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
