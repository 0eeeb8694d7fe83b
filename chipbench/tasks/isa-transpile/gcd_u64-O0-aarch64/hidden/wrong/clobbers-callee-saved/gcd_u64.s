	.arch armv8-a
	.file	"gcd_u64.c"
	.text
	.align	2
	.p2align 4,,11
	.global	gcd_u64
	.type	gcd_u64, %function
gcd_u64:
.LFB0:
	.cfi_startproc
	mov	x2, x0
	cbz	x1, .L1
	.p2align 3,,7
.L3:
	udiv	x19, x2, x1
	mov	x0, x1
	msub	x1, x19, x1, x2
	mov	x2, x0
	cbnz	x1, .L3
.L1:
	ret
	.cfi_endproc
.LFE0:
	.size	gcd_u64, .-gcd_u64
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
