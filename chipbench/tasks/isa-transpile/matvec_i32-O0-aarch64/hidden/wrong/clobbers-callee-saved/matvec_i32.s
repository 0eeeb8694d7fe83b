	.arch armv8-a
	.file	"matvec_i32.c"
	.text
	.align	2
	.p2align 4,,11
	.global	matvec_i32
	.type	matvec_i32, %function
matvec_i32:
.LFB0:
	.cfi_startproc
	cmp	w3, 0
	ble	.L1
	mov	x8, x2
	mov	x6, x0
	add	x19, x2, w3, sxtw 3
	sbfiz	x7, x4, 2, 32
	.p2align 3,,7
.L5:
	cmp	w4, 0
	ble	.L7
	mov	x0, 0
	mov	x2, 0
	.p2align 3,,7
.L4:
	ldr	w5, [x6, x0]
	ldr	w3, [x1, x0]
	add	x0, x0, 4
	smaddl	x2, w5, w3, x2
	cmp	x7, x0
	bne	.L4
	str	x2, [x8], 8
	add	x6, x6, x7
	cmp	x19, x8
	bne	.L5
.L1:
	ret
	.p2align 2,,3
.L7:
	mov	x2, 0
	str	x2, [x8], 8
	add	x6, x6, x7
	cmp	x19, x8
	bne	.L5
	b	.L1
	.cfi_endproc
.LFE0:
	.size	matvec_i32, .-matvec_i32
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
