	.arch armv8-a
	.file	"bignum_add.c"
	.text
	.align	2
	.p2align 4,,11
	.global	bignum_add
	.type	bignum_add, %function
bignum_add:
.LFB0:
	.cfi_startproc
	mov	x8, x0
	cmp	w3, 1
	ble	.L8
	sbfiz	x7, x3, 3, 32
	mov	x4, 0
	mov	x0, 0
	.p2align 3,,7
.L7:
	ldr	x5, [x1, x4]
	ldr	x3, [x2, x4]
	adds	x3, x3, x5
	cset	x6, cs
	adds	x3, x3, x0
	cset	x5, cs
	cmp	x6, 0
	ccmp	x5, 0, 0, eq
	str	x3, [x8, x4]
	add	x4, x4, 8
	cset	x0, ne
	cmp	x4, x7
	bne	.L7
	ret
	.p2align 2,,3
.L8:
	mov	x0, 0
	ret
	.cfi_endproc
.LFE0:
	.size	bignum_add, .-bignum_add
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
