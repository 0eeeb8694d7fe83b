	.arch armv8-a
	.file	"is_sorted_i64.c"
	.text
	.align	2
	.p2align 4,,11
	.global	is_sorted_i64
	.type	is_sorted_i64, %function
is_sorted_i64:
.LFB0:
	.cfi_startproc
	cmp	x0, 1
	bls	.L4
	ldr	x3, [x1]
	mov	x2, 1
	b	.L3
	.p2align 2,,3
.L8:
	cmp	x0, x2
	beq	.L4
.L3:
	mov	x4, x3
	ldr	x3, [x1, x2, lsl 3]
	add	x2, x2, 1
	cmp	x3, x4
	bge	.L8
	mov	w1, 0
	ret
	.p2align 2,,3
.L4:
	mov	w1, 1
	ret
	.cfi_endproc
.LFE0:
	.size	is_sorted_i64, .-is_sorted_i64
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
