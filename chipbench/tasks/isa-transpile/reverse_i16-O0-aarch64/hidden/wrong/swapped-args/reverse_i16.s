	.arch armv8-a
	.file	"reverse_i16.c"
	.text
	.align	2
	.p2align 4,,11
	.global	reverse_i16
	.type	reverse_i16, %function
reverse_i16:
.LFB0:
	.cfi_startproc
	cmp	x0, 1
	bls	.L1
	sub	x0, x0, #1
	mov	x2, 0
	.p2align 3,,7
.L3:
	ldrsh	w4, [x1, x0, lsl 1]
	ldrsh	w3, [x1, x2, lsl 1]
	strh	w4, [x1, x2, lsl 1]
	add	x2, x2, 1
	strh	w3, [x1, x0, lsl 1]
	sub	x0, x0, #1
	cmp	x2, x0
	bcc	.L3
.L1:
	ret
	.cfi_endproc
.LFE0:
	.size	reverse_i16, .-reverse_i16
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
