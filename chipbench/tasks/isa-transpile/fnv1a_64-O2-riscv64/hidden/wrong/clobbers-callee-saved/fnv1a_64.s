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
	lui	s1,%hi(.LC0)
	ld	a2,%lo(.LC0)(s1)
.L2:
	beq	a1,zero,.L5
	li	a3,1
	slli	a3,a3,40
	mv	s1,a0
	add	a1,a0,a1
	addi	a3,a3,435
	mv	a0,a2
.L4:
	lbu	a4,0(s1)
	addi	s1,s1,1
	xor	a0,a4,a0
	mul	a0,a0,a3
	bne	a1,s1,.L4
	ret
.L5:
	mv	a0,a2
	ret
	.size	fnv1a_64, .-fnv1a_64
	.section	.srodata.cst8,"aM",@progbits,8
	.align	3
.LC0:
	.dword	-3750763034362895579
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
