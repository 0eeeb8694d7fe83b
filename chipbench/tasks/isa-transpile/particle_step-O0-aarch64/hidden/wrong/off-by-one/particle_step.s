	.arch armv8-a
	.file	"particle_step.c"
	.text
	.align	2
	.p2align 4,,11
	.global	particle_step
	.type	particle_step, %function
particle_step:
.LFB0:
	.cfi_startproc
	ldp	d5, d3, [x0, 16]
	fmul	d1, d1, d0
	ldp	d4, d6, [x0]
	fmul	d5, d0, d5
	fsub	d1, d3, d1
	fadd	d3, d4, d5
	fmul	d0, d1, d0
	str	d1, [x0, 24]
	str	d3, [x0]
	fadd	d0, d0, d6
	fcmpe	d0, #0.0
	bmi	.L2
	str	d0, [x0, 8]
	ret
	.p2align 2,,3
.L2:
	fnmul	d0, d0, d2
	fnmul	d2, d1, d2
	ldr	w1, [x0, 32]
	add	w1, w1, 2
	str	w1, [x0, 32]
	str	d0, [x0, 8]
	str	d2, [x0, 24]
	ret
	.cfi_endproc
.LFE0:
	.size	particle_step, .-particle_step
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
