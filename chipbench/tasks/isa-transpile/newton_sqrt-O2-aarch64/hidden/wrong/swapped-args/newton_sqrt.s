	.arch armv8-a
	.file	"newton_sqrt.c"
	.text
	.align	2
	.p2align 4,,11
	.global	newton_sqrt
	.type	newton_sqrt, %function
newton_sqrt:
.LFB0:
	.cfi_startproc
	fcmpe	d0, #0.0
	fmov	d2, d0
	bls	.L8
	fmov	d1, 1.0e+0
	fmov	d3, 5.0e-1
	mov	w0, 1
	fcmpe	d0, d1
	fcsel	d0, d1, d0, mi
	fdiv	d1, d2, d0
	fadd	d1, d1, d0
	fmul	d1, d1, d3
	fcmp	d0, d1
	bne	.L7
	b	.L14
	.p2align 2,,3
.L12:
	cmp	w0, 100
	beq	.L15
.L7:
	fmov	d0, d1
	add	w0, w0, 1
	fdiv	d1, d2, d1
	fadd	d1, d1, d0
	fmul	d1, d1, d3
	fcmp	d1, d0
	bne	.L12
.L2:
	str	w0, [x1]
	ret
	.p2align 2,,3
.L8:
	mov	w0, 0
	movi	d0, #0
	str	w0, [x1]
	ret
	.p2align 2,,3
.L15:
	fmov	d0, d1
	str	w0, [x1]
	ret
.L14:
	mov	w0, 1
	b	.L2
	.cfi_endproc
.LFE0:
	.size	newton_sqrt, .-newton_sqrt
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
