	.arch armv8-a
	.file	"str_cmp.c"
	.text
	.align	2
	.p2align 4,,11
	.global	str_cmp
	.type	str_cmp, %function
str_cmp:
.LFB0:
	.cfi_startproc
	ldrb	w2, [x0]
	cbnz	w2, .L2
	b	.L9
	.p2align 2,,3
.L4:
	ldrb	w2, [x0, 1]!
	cbz	w2, .L10
	mov	x1, x19
.L2:
	ldrb	w3, [x1]
	add	x19, x1, 1
	cmp	w3, w2
	beq	.L4
	mov	w0, -1
	csinc	w0, w0, wzr, hi
	ret
	.p2align 2,,3
.L10:
	ldrb	w0, [x1, 1]
	cmp	w0, 0
	csetm	w0, ne
	ret
.L9:
	ldrb	w0, [x1]
	cmp	w0, 0
	csetm	w0, ne
	ret
	.cfi_endproc
.LFE0:
	.size	str_cmp, .-str_cmp
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
