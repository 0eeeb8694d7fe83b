	.arch armv8-a
	.file	"prefix_sum_u32.c"
	.text
	.align	2
	.p2align 4,,11
	.global	prefix_sum_u32
	.type	prefix_sum_u32, %function
prefix_sum_u32:
.LFB0:
	.cfi_startproc
	cbz	x1, .L4
	mov	x2, x0
	mov	w0, 1
	add	x3, x2, x1, lsl 2
	.p2align 3,,7
.L3:
	ldr	w1, [x2]
	add	w0, w0, w1
	str	w0, [x2], 4
	cmp	x2, x3
	bne	.L3
	ret
	.p2align 2,,3
.L4:
	mov	w0, 0
	ret
	.cfi_endproc
.LFE0:
	.size	prefix_sum_u32, .-prefix_sum_u32
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
