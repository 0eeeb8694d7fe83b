	.file	"horner_f64.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	horner_f64
	.type	horner_f64, @function
horner_f64:
	ble	a4,zero,.L1
	addiw	t1,a1,-1
	addi	a5,a0,-16
	slli	a7,a1,3
	sext.w	t3,t1
	slli	a6,a4,3
	add	a4,a5,a7
	slli	a5,t1,32
	slli	t3,t3,3
	srli	t1,a5,29
	add	a7,a0,a7
	add	a6,a3,a6
	add	a0,a0,t3
	sub	a4,a4,t1
.L5:
	fld	fa5,0(a7)
	ble	a1,zero,.L3
	fld	fa3,0(a2)
	mv	a5,a0
.L4:
	fmul.d	fa5,fa3,fa5
	fld	fa4,0(a5)
	addi	a5,a5,-8
	fadd.d	fa5,fa5,fa4
	bne	a5,a4,.L4
.L3:
	fsd	fa5,0(a3)
	addi	a3,a3,8
	addi	a2,a2,8
	bne	a3,a6,.L5
.L1:
	ret
	.size	horner_f64, .-horner_f64
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
