	.arch armv8-a
	.file	"bitrev32.c"
	.text
	.align	2
	.p2align 4,,11
	.global	bitrev32
	.type	bitrev32, %function
bitrev32:
.LFB0:
	.cfi_startproc
	lsl	w2, w1, 1
	lsr	w0, w1, 1
	and	w1, w0, 1431655765
	and	w0, w2, -1431655766
	orr	w1, w1, w0
	lsr	w0, w1, 2
	lsl	w1, w1, 2
	and	w1, w1, -858993460
	and	w0, w0, 858993459
	orr	w0, w0, w1
	lsr	w1, w0, 4
	lsl	w0, w0, 4
	and	w0, w0, -252645136
	and	w1, w1, 252645135
	orr	w1, w1, w0
	rev	w1, w1
	ret
	.cfi_endproc
.LFE0:
	.size	bitrev32, .-bitrev32
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
