	.arch armv8-a
	.file	"max_subarray.c"
	.text
	.align	2
	.p2align 4,,11
	.global	max_subarray
	.type	max_subarray, %function
max_subarray:
.LFB0:
	.cfi_startproc
	ldrsw	x2, [x1]
	mov	x5, x1
	mov	x1, x2
	cmp	w0, 1
	ble	.L1
	mov	x3, 1
	.p2align 3,,7
.L4:
	ldrsw	x4, [x5, x3, lsl 2]
	cmp	x2, 0
	add	x3, x3, 1
	add	x2, x2, x4
	csel	x2, x2, x4, gt
	cmp	x1, x2
	csel	x1, x1, x2, ge
	cmp	w0, w3
	bgt	.L4
.L1:
	ret
	.cfi_endproc
.LFE0:
	.size	max_subarray, .-max_subarray
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
