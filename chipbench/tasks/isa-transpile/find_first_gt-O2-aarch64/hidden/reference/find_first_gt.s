	.arch armv8-a
	.file	"find_first_gt.c"
	.text
	.align	2
	.p2align 4,,11
	.global	find_first_gt
	.type	find_first_gt, %function
find_first_gt:
.LFB0:
	.cfi_startproc
	cmp	w1, 0
	ble	.L5
	sxtw	x4, w1
	mov	x1, 0
	b	.L4
	.p2align 2,,3
.L3:
	add	x1, x1, 1
	cmp	x1, x4
	beq	.L5
.L4:
	ldr	w3, [x0, x1, lsl 2]
	cmp	w3, w2
	ble	.L3
	mov	w0, w1
	ret
	.p2align 2,,3
.L5:
	mov	w0, -1
	ret
	.cfi_endproc
.LFE0:
	.size	find_first_gt, .-find_first_gt
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
