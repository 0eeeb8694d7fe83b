	.file	"max_subarray.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	max_subarray
	.type	max_subarray, @function
max_subarray:
	li	a5,1
	lw	a4,0(a1)
	ble	a0,a5,.L6
	addiw	a3,a0,-2
	slli	a5,a3,32
	srli	a3,a5,30
	addi	a2,a1,8
	addi	a5,a1,4
	add	a3,a3,a2
	mv	a1,a4
.L5:
	lw	a2,0(a5)
	ble	a4,zero,.L7
	add	a4,a4,a2
.L3:
	addi	a5,a5,4
	bge	a1,a4,.L4
	mv	a1,a4
.L4:
	bne	a5,a3,.L5
	ret
.L7:
	mv	a4,a2
	j	.L3
.L6:
	mv	a1,a4
	ret
	.size	max_subarray, .-max_subarray
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
