	.arch armv8-a
	.file	"parse_i64.c"
	.text
	.align	2
	.p2align 4,,11
	.global	parse_i64
	.type	parse_i64, %function
parse_i64:
.LFB0:
	.cfi_startproc
	ldrsb	w4, [x0]
	mov	x3, x0
	cmp	w4, 32
	bne	.L2
	.p2align 3,,7
.L3:
	ldrsb	w4, [x3, 1]!
	cmp	w4, 32
	beq	.L3
.L2:
	sub	w0, w4, #43
	mov	w2, 253
	tst	w0, w2
	beq	.L4
	ldrsb	w2, [x3]
	mov	w0, 1
	sub	w2, w2, #48
	and	w4, w2, 255
	cmp	w4, 9
	bhi	.L1
	mov	w9, 0
	mov	x7, 9223372036854775807
	b	.L6
	.p2align 2,,3
.L4:
	ldrsb	w2, [x3, 1]
	mov	w0, 1
	add	x3, x3, 1
	sub	w2, w2, #48
	and	w5, w2, 255
	cmp	w5, 9
	bhi	.L1
	cmp	w4, 45
	mov	x7, 9223372036854775807
	mov	x0, -9223372036854775808
	cset	w9, eq
	csel	x7, x7, x0, ne
.L6:
	mov	x8, -3689348814741910324
	mov	x4, 0
	movk	x8, 0xcccd, lsl 0
	b	.L7
	.p2align 2,,3
.L19:
	ldrsb	w2, [x3, 1]!
	add	x4, x5, x6, lsl 1
	sub	w2, w2, #48
	and	w0, w2, 255
	cmp	w0, 9
	bhi	.L18
.L7:
	sub	x0, x7, w2, sxtb
	add	x6, x4, x4, lsl 2
	sxtb	x5, w2
	umulh	x0, x0, x8
	cmp	x4, x0, lsr 3
	bls	.L19
	mov	w0, 2
.L1:
	ret
	.p2align 2,,3
.L18:
	cmp	w9, 0
	mov	w0, 0
	csneg	x4, x4, x4, eq
	str	x4, [x1]
	ret
	.cfi_endproc
.LFE0:
	.size	parse_i64, .-parse_i64
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
