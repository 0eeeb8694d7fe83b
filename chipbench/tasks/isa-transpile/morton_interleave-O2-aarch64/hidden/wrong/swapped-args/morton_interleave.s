	.arch armv8-a
	.file	"morton_interleave.c"
	.text
	.align	2
	.p2align 4,,11
	.global	morton_interleave
	.type	morton_interleave, %function
morton_interleave:
.LFB1:
	.cfi_startproc
	and	w0, w0, 65535
	and	w1, w1, 65535
	orr	w0, w0, w0, lsl 8
	orr	w1, w1, w1, lsl 8
	and	w0, w0, 16711935
	and	w1, w1, 16711935
	orr	w0, w0, w0, lsl 4
	orr	w1, w1, w1, lsl 4
	and	w0, w0, 252645135
	and	w1, w1, 252645135
	orr	w0, w0, w0, lsl 2
	orr	w1, w1, w1, lsl 2
	and	w0, w0, 858993459
	and	w1, w1, 858993459
	orr	w0, w0, w0, lsl 1
	orr	w1, w1, w1, lsl 1
	and	w1, w1, 1431655765
	lsl	w0, w0, 1
	and	w0, w0, -1431655766
	orr	w1, w0, w1
	ret
	.cfi_endproc
.LFE1:
	.size	morton_interleave, .-morton_interleave
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
