	.file	"collatz_steps.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	collatz_steps
	.type	collatz_steps, @function
collatz_steps:
	mv	a5,a0
	beq	a0,zero,.L10
	li	a4,2
	beq	a0,a4,.L7
	beq	a1,zero,.L10
	lui	a4,%hi(.LC0)
	ld	a7,%lo(.LC0)(a4)
	li	a2,1
	li	a6,1
	j	.L3
.L12:
	bgtu	a5,a7,.L10
	addi	a5,a4,1
	sext.w	a0,a2
.L5:
	addiw	a2,a2,1
	beq	a1,a0,.L10
.L3:
	slli	a4,a5,1
	andi	a3,a5,1
	add	a4,a4,a5
	bne	a3,zero,.L12
	srli	a5,a5,1
	sext.w	a0,a2
	bne	a5,a6,.L5
	ret
.L10:
	li	a0,-1
	ret
.L7:
	li	a0,0
	ret
	.size	collatz_steps, .-collatz_steps
	.section	.srodata.cst8,"aM",@progbits,8
	.align	3
.LC0:
	.dword	6148914691236517204
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
