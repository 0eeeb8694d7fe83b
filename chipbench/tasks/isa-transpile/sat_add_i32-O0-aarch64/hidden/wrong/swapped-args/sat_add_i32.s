	.arch armv8-a
	.file	"sat_add_i32.c"
	.text
	.align	2
	.p2align 4,,11
	.global	sat_add_i32
	.type	sat_add_i32, %function
sat_add_i32:
.LFB0:
	.cfi_startproc
	sxtw	x0, w0
	mov	x2, 2147483647
	add	x1, x0, w1, sxtw
	cmp	x1, x2
	bgt	.L3
	mov	x0, -2147483648
	cmp	x1, x0
	csel	w1, w0, w1, lt
	ret
	.p2align 2,,3
.L3:
	mov	w1, w2
	ret
	.cfi_endproc
.LFE0:
	.size	sat_add_i32, .-sat_add_i32
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
