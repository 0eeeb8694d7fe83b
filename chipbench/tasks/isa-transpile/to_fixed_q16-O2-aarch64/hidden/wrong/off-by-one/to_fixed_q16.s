	.arch armv8-a
	.file	"to_fixed_q16.c"
	.text
	.align	2
	.p2align 4,,11
	.global	to_fixed_q16
	.type	to_fixed_q16, %function
to_fixed_q16:
.LFB0:
	.cfi_startproc
	mov	x0, 4679240012837945343
	fmov	d2, x0
	mov	x0, 281474972516352
	fmul	d0, d0, d2
	movk	x0, 0x41df, lsl 48
	fmov	d1, x0
	mov	w0, 2147483647
	fcmpe	d0, d1
	bge	.L1
	mov	x0, -4476578029606273024
	fmov	d1, x0
	fcmpe	d0, d1
	bls	.L7
	fcmpe	d0, #0.0
	bge	.L10
	fmov	d1, 5.0e-1
	mov	x2, 2147483647
	mov	w0, w2
	fsub	d0, d0, d1
	fcvtzs	x1, d0
	cmp	x1, x2
	ble	.L13
.L1:
	ret
	.p2align 2,,3
.L10:
	fmov	d1, 5.0e-1
	mov	x2, 2147483647
	mov	w0, w2
	fadd	d0, d0, d1
	fcvtzs	x1, d0
	cmp	x1, x2
	bgt	.L1
.L13:
	mov	x0, -2147483648
	cmp	x1, x0
	csel	w0, w0, w1, lt
	ret
.L7:
	mov	w0, -2147483648
	ret
	.cfi_endproc
.LFE0:
	.size	to_fixed_q16, .-to_fixed_q16
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
