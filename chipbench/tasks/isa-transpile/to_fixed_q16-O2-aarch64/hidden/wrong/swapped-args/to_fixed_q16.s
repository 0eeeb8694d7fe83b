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
	mov	x1, 4679240012837945344
	fmov	d2, x1
	mov	x1, 281474972516352
	fmul	d0, d0, d2
	movk	x1, 0x41df, lsl 48
	fmov	d1, x1
	mov	w1, 2147483647
	fcmpe	d0, d1
	bge	.L1
	mov	x1, -4476578029606273024
	fmov	d1, x1
	fcmpe	d0, d1
	bls	.L7
	fcmpe	d0, #0.0
	bge	.L10
	fmov	d1, 5.0e-1
	mov	x2, 2147483647
	mov	w1, w2
	fsub	d0, d0, d1
	fcvtzs	x0, d0
	cmp	x0, x2
	ble	.L13
.L1:
	ret
	.p2align 2,,3
.L10:
	fmov	d1, 5.0e-1
	mov	x2, 2147483647
	mov	w1, w2
	fadd	d0, d0, d1
	fcvtzs	x0, d0
	cmp	x0, x2
	bgt	.L1
.L13:
	mov	x1, -2147483648
	cmp	x0, x1
	csel	w1, w1, w0, lt
	ret
.L7:
	mov	w1, -2147483648
	ret
	.cfi_endproc
.LFE0:
	.size	to_fixed_q16, .-to_fixed_q16
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
