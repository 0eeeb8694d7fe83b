	.arch armv8-a
	.file	"mean_var_f64.c"
	.text
	.align	2
	.p2align 4,,11
	.global	mean_var_f64
	.type	mean_var_f64, %function
mean_var_f64:
.LFB0:
	.cfi_startproc
	cmp	w0, 0
	ble	.L5
	movi	d0, #0
	add	x5, x1, w0, sxtw 3
	mov	x4, x1
	.p2align 3,,7
.L3:
	ldr	d1, [x4], 8
	fadd	d0, d0, d1
	cmp	x5, x4
	bne	.L3
	scvtf	d3, w0
	movi	d2, #0
	fdiv	d1, d0, d3
	.p2align 3,,7
.L4:
	ldr	d0, [x1], 8
	fsub	d0, d0, d1
	fmul	d0, d0, d0
	fadd	d2, d2, d0
	cmp	x5, x1
	bne	.L4
	fdiv	d2, d2, d3
	str	d1, [x2]
	mov	w1, 0
	str	d2, [x3]
	ret
.L5:
	mov	w1, -1
	ret
	.cfi_endproc
.LFE0:
	.size	mean_var_f64, .-mean_var_f64
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
