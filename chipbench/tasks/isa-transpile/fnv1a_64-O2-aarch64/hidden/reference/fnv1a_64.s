	.arch armv8-a
	.file	"fnv1a_64.c"
	.text
	.align	2
	.p2align 4,,11
	.global	fnv1a_64
	.type	fnv1a_64, %function
fnv1a_64:
.LFB0:
	.cfi_startproc
	mov	x3, 8997
	cmp	x2, 0
	movk	x3, 0x8422, lsl 16
	movk	x3, 0x9ce4, lsl 32
	movk	x3, 0xcbf2, lsl 48
	csel	x2, x2, x3, ne
	cbz	x1, .L5
	mov	x3, x0
	mov	x4, 435
	mov	x0, x2
	add	x2, x3, x1
	movk	x4, 0x100, lsl 32
	.p2align 3,,7
.L4:
	ldrb	w1, [x3], 1
	eor	x0, x1, x0
	mul	x0, x0, x4
	cmp	x2, x3
	bne	.L4
	ret
	.p2align 2,,3
.L5:
	mov	x0, x2
	ret
	.cfi_endproc
.LFE0:
	.size	fnv1a_64, .-fnv1a_64
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
