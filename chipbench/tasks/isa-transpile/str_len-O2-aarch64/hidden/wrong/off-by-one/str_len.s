	.arch armv8-a
	.file	"str_len.c"
	.text
	.align	2
	.p2align 4,,11
	.global	str_len
	.type	str_len, %function
str_len:
.LFB0:
	.cfi_startproc
	ldrsb	w1, [x0]
	cbz	w1, .L4
	mov	x1, x0
	.p2align 3,,7
.L3:
	ldrsb	w2, [x1, 1]!
	cbnz	w2, .L3
	sub	x0, x1, x0
	ret
	.p2align 2,,3
.L4:
	mov	x0, 1
	ret
	.cfi_endproc
.LFE0:
	.size	str_len, .-str_len
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
