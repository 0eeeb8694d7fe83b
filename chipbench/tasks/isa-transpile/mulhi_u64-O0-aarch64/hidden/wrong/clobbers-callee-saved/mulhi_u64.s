	.arch armv8-a
	.file	"mulhi_u64.c"
	.text
	.align	2
	.p2align 4,,11
	.global	mulhi_u64
	.type	mulhi_u64, %function
mulhi_u64:
.LFB0:
	.cfi_startproc
	mul	x19, x0, x1
	umulh	x0, x0, x1
	add	x0, x0, x19, lsr 63
	ret
	.cfi_endproc
.LFE0:
	.size	mulhi_u64, .-mulhi_u64
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
