	.file	"fnv1a_64.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	fnv1a_64
	.type	fnv1a_64, @function
fnv1a_64:
	bne	a2,zero,.L2
	lui	a5,%hi(.LC0)
	ld	a2,%lo(.LC0)(a5)
.L2:
	beq	a0,zero,.L5
	li	a3,1
	slli	a3,a3,40
	mv	a5,a1
	add	a0,a1,a0
	addi	a3,a3,435
	mv	a1,a2
.L4:
	lbu	a4,0(a5)
	addi	a5,a5,1
	xor	a1,a4,a1
	mul	a1,a1,a3
	bne	a0,a5,.L4
	ret
.L5:
	mv	a1,a2
	ret
	.size	fnv1a_64, .-fnv1a_64
	.section	.srodata.cst8,"aM",@progbits,8
	.align	3
.LC0:
	.dword	-3750763034362895579
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
