	.file	"matvec_i32.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	matvec_i32
	.type	matvec_i32, @function
matvec_i32:
	ble	a3,zero,.L1
	slli	a3,a3,3
	slli	t3,a4,2
	add	t5,a2,a3
	add	t3,a1,t3
	li	t4,0
.L5:
	ble	a4,zero,.L7
	slli	a6,t4,2
	add	a6,a0,a6
	mv	a5,a1
	li	a7,0
.L4:
	lw	a3,0(a6)
	lw	t1,0(a5)
	addi	a5,a5,4
	addi	a6,a6,4
	mul	a3,a3,t1
	add	a7,a7,a3
	bne	t3,a5,.L4
	sd	a7,0(a2)
	addi	a2,a2,8
	add	t4,t4,a4
	bne	a2,t5,.L5
.L1:
	ret
.L7:
	li	a7,0
	sd	a7,0(a2)
	addi	a2,a2,8
	add	t4,t4,a4
	bne	a2,t5,.L5
	j	.L1
	.size	matvec_i32, .-matvec_i32
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
