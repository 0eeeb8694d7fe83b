	.arch armv8-a
	.file	"insertion_sort_i32.c"
	.text
	.align	2
	.p2align 4,,11
	.global	insertion_sort_i32
	.type	insertion_sort_i32, %function
insertion_sort_i32:
.LFB0:
	.cfi_startproc
	sub	w6, w0, #1
	add	x4, x1, 4
	mov	x5, 0
	cmp	w0, 1
	ble	.L1
	.p2align 3,,7
.L6:
	ldr	w3, [x4, x5, lsl 2]
	mov	x0, x5
	b	.L3
	.p2align 2,,3
.L5:
	str	w2, [x4, x0, lsl 2]
	sub	x0, x0, #1
	cmn	w0, #1
	beq	.L8
.L3:
	ldr	w2, [x1, x0, lsl 2]
	cmp	w2, w3
	bgt	.L5
	add	w0, w0, 1
	add	x0, x1, w0, sxtw 2
.L4:
	add	x5, x5, 1
	str	w3, [x0]
	cmp	x6, x5
	bne	.L6
.L1:
	ret
	.p2align 2,,3
.L8:
	mov	x0, x1
	b	.L4
	.cfi_endproc
.LFE0:
	.size	insertion_sort_i32, .-insertion_sort_i32
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
