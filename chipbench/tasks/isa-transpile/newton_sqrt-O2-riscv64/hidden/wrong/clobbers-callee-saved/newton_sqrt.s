	.file	"newton_sqrt.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	newton_sqrt
	.type	newton_sqrt, @function
newton_sqrt:
	fmv.d.x	fa5,zero
	fmv.d	fa4,fa0
	fle.d	s1,fa0,fa5
	bne	s1,zero,.L8
	lui	s1,%hi(.LC0)
	fld	fa0,%lo(.LC0)(s1)
	flt.d	s1,fa4,fa0
	bne	s1,zero,.L4
	fmv.d	fa0,fa4
.L4:
	fdiv.d	fa5,fa4,fa0
	lui	s1,%hi(.LC1)
	fld	fa3,%lo(.LC1)(s1)
	fadd.d	fa5,fa5,fa0
	fmul.d	fa5,fa5,fa3
	feq.d	s1,fa0,fa5
	bne	s1,zero,.L9
	li	s1,1
	li	a3,100
	j	.L7
.L11:
	beq	s1,a3,.L13
.L7:
	fmv.d	fa0,fa5
	fdiv.d	fa5,fa4,fa5
	addiw	s1,s1,1
	fadd.d	fa5,fa5,fa0
	fmul.d	fa5,fa5,fa3
	feq.d	a4,fa5,fa0
	beq	a4,zero,.L11
.L2:
	sw	s1,0(a0)
	ret
.L8:
	li	s1,0
	fmv.d.x	fa0,zero
	sw	s1,0(a0)
	ret
.L13:
	fmv.d	fa0,fa5
	sw	s1,0(a0)
	ret
.L9:
	li	s1,1
	j	.L2
	.size	newton_sqrt, .-newton_sqrt
	.section	.srodata.cst8,"aM",@progbits,8
	.align	3
.LC0:
	.word	0
	.word	1072693248
	.align	3
.LC1:
	.word	0
	.word	1071644672
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
