	.file	"mean_var_f64.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	mean_var_f64
	.type	mean_var_f64, @function
mean_var_f64:
	ble	a1,zero,.L5
	fmv.d.x	fa5,zero
	slli	a4,a1,3
	add	a4,a0,a4
	mv	a5,a0
.L3:
	fld	fa4,0(a5)
	addi	a5,a5,8
	fadd.d	fa5,fa5,fa4
	bne	a4,a5,.L3
	fcvt.d.w	fa2,a1
	fmv.d.x	fa3,zero
	fdiv.d	fa4,fa5,fa2
.L4:
	fld	fa5,0(a0)
	addi	a0,a0,8
	fsub.d	fa5,fa5,fa4
	fmul.d	fa5,fa5,fa5
	fadd.d	fa3,fa3,fa5
	bne	a4,a0,.L4
	fdiv.d	fa3,fa3,fa2
	fsd	fa4,0(a2)
	li	a0,0
	fsd	fa3,0(a3)
	ret
.L5:
	li	a0,-1
	ret
	.size	mean_var_f64, .-mean_var_f64
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
