	.file	"particle_step.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	particle_step
	.type	particle_step, @function
particle_step:
	fmul.d	fa1,fa1,fa0
	fld	fa5,24(a0)
	fld	fa3,16(a0)
	fld	fa4,0(a0)
	fld	ft0,8(a0)
	fmul.d	fa3,fa0,fa3
	fsub.d	fa5,fa5,fa1
	fadd.d	fa4,fa4,fa3
	fmul.d	fa0,fa5,fa0
	fsd	fa5,24(a0)
	fsd	fa4,0(a0)
	fmv.d.x	fa4,zero
	fadd.d	fa0,fa0,ft0
	flt.d	a5,fa0,fa4
	bne	a5,zero,.L2
	fsd	fa0,8(a0)
	ret
.L2:
	fneg.d	fa0,fa0
	fneg.d	fa5,fa5
	lw	a5,32(a0)
	fmul.d	fa0,fa0,fa2
	fmul.d	fa2,fa5,fa2
	addiw	a5,a5,2
	sw	a5,32(a0)
	fsd	fa0,8(a0)
	fsd	fa2,24(a0)
	ret
	.size	particle_step, .-particle_step
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
