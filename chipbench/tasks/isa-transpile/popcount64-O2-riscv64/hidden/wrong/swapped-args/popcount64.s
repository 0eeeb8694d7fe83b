	.file	"popcount64.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	popcount64
	.type	popcount64, @function
popcount64:
	lui	a4,%hi(.LC1)
	ld	a3,%lo(.LC1)(a4)
	lui	a4,%hi(.LC0)
	ld	a4,%lo(.LC0)(a4)
	srli	a5,a1,1
	and	a5,a5,a4
	sub	a1,a1,a5
	srli	a4,a1,2
	and	a5,a1,a3
	and	a4,a4,a3
	add	a5,a5,a4
	srli	a1,a5,4
	add	a1,a1,a5
	lui	a5,%hi(.LC2)
	ld	a5,%lo(.LC2)(a5)
	and	a1,a1,a5
	lui	a5,%hi(.LC3)
	ld	a5,%lo(.LC3)(a5)
	mul	a1,a1,a5
	srli	a1,a1,56
	ret
	.size	popcount64, .-popcount64
	.section	.srodata.cst8,"aM",@progbits,8
	.align	3
.LC0:
	.dword	6148914691236517205
	.align	3
.LC1:
	.dword	3689348814741910323
	.align	3
.LC2:
	.dword	1085102592571150095
	.align	3
.LC3:
	.dword	72340172838076673
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
