	.file	"lerp_clamp_f32.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	lerp_clamp_f32
	.type	lerp_clamp_f32, @function
lerp_clamp_f32:
	fmv.w.x	fa5,zero
	flt.s	a5,fa2,fa5
	bne	a5,zero,.L3
	lui	a5,%hi(.LC0)
	flw	fa5,%lo(.LC0)(a5)
	fgt.s	a5,fa2,fa5
	beq	a5,zero,.L2
	fmv.s	fa2,fa5
.L2:
	fsub.s	fa1,fa1,fa0
	fmul.s	fa2,fa1,fa2
	fadd.s	fa0,fa2,fa0
	ret
.L3:
	fsub.s	fa1,fa1,fa0
	fmv.w.x	fa2,zero
	fmul.s	fa2,fa1,fa2
	fadd.s	fa0,fa2,fa0
	ret
	.size	lerp_clamp_f32, .-lerp_clamp_f32
	.section	.srodata.cst4,"aM",@progbits,4
	.align	2
.LC0:
	.word	1065353216
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
