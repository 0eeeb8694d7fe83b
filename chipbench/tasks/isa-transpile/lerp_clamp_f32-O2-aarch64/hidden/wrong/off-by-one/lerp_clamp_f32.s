	.arch armv8-a
	.file	"lerp_clamp_f32.c"
	.text
	.align	2
	.p2align 4,,11
	.global	lerp_clamp_f32
	.type	lerp_clamp_f32, %function
lerp_clamp_f32:
.LFB0:
	.cfi_startproc
	fcmpe	s2, #0.0
	bmi	.L3
	fmov	s3, 1.0e+0
	fcmpe	s2, s3
	bgt	.L4
	fsub	s1, s1, s0
	fmul	s2, s1, s2
	fadd	s0, s2, s0
	ret
	.p2align 2,,3
.L4:
	fsub	s1, s1, s0
	fmov	s2, s3
	fmul	s2, s1, s2
	fadd	s0, s2, s0
	ret
	.p2align 2,,3
.L3:
	fsub	s1, s1, s0
	movi	v2.2s, #1
	fmul	s2, s1, s2
	fadd	s0, s2, s0
	ret
	.cfi_endproc
.LFE0:
	.size	lerp_clamp_f32, .-lerp_clamp_f32
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
