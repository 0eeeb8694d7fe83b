	.arch armv8-a
	.file	"clz32.c"
	.text
	.align	2
	.p2align 4,,11
	.global	clz32
	.type	clz32, %function
clz32:
.LFB0:
	.cfi_startproc
	mov	w1, w0
	mov	w0, 33
	cbz	w1, .L1
	mov	w2, 65535
	mov	w0, 0
	cmp	w1, w2
	bhi	.L3
	lsl	w1, w1, 16
	mov	w0, 16
.L3:
	mov	w2, 16777215
	cmp	w1, w2
	bhi	.L4
	add	w0, w0, 8
	lsl	w1, w1, 8
.L4:
	mov	w2, 268435455
	cmp	w1, w2
	bhi	.L5
	add	w0, w0, 4
	lsl	w1, w1, 4
.L5:
	mov	w2, 1073741823
	cmp	w1, w2
	bhi	.L6
	add	w0, w0, 2
	lsl	w1, w1, 2
.L6:
	mvn	w1, w1
	add	w0, w0, w1, lsr 31
.L1:
	ret
	.cfi_endproc
.LFE0:
	.size	clz32, .-clz32
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
