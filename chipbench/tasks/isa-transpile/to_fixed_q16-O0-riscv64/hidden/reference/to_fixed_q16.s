	.file	"to_fixed_q16.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	to_fixed_q16
	.type	to_fixed_q16, @function
to_fixed_q16:
	lui	a5,%hi(.LC0)
	fld	fa5,%lo(.LC0)(a5)
	lui	a5,%hi(.LC1)
	fmul.d	fa0,fa0,fa5
	fld	fa5,%lo(.LC1)(a5)
	fge.d	a5,fa0,fa5
	bne	a5,zero,.L6
	lui	a5,%hi(.LC2)
	fld	fa5,%lo(.LC2)(a5)
	fle.d	a5,fa0,fa5
	bne	a5,zero,.L9
	fmv.d.x	fa5,zero
	fge.d	a5,fa0,fa5
	beq	a5,zero,.L11
	lui	a5,%hi(.LC3)
	fld	fa5,%lo(.LC3)(a5)
	li	a4,-2147483648
	xori	a0,a4,-1
	fadd.d	fa0,fa0,fa5
	fcvt.l.d a5,fa0,rtz
	bgt	a5,a0,.L2
.L13:
	blt	a5,a4,.L9
	sext.w	a0,a5
	ret
.L11:
	lui	a5,%hi(.LC3)
	fld	fa5,%lo(.LC3)(a5)
	li	a4,-2147483648
	xori	a0,a4,-1
	fsub.d	fa0,fa0,fa5
	fcvt.l.d a5,fa0,rtz
	ble	a5,a0,.L13
.L2:
	ret
.L6:
	li	a0,-2147483648
	xori	a0,a0,-1
	ret
.L9:
	li	a0,-2147483648
	ret
	.size	to_fixed_q16, .-to_fixed_q16
	.section	.srodata.cst8,"aM",@progbits,8
	.align	3
.LC0:
	.word	0
	.word	1089470464
	.align	3
.LC1:
	.word	-4194304
	.word	1105199103
	.align	3
.LC2:
	.word	0
	.word	-1042284544
	.align	3
.LC3:
	.word	0
	.word	1071644672
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
