	.file	"bignum_add.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	bignum_add
	.type	bignum_add, @function
bignum_add:
	ble	a3,zero,.L8
	slli	a3,a3,4
	mv	a6,a0
	add	a3,a1,a3
	li	a0,0
.L7:
	ld	a4,0(a2)
	ld	a5,0(a1)
	addi	a1,a1,8
	addi	a2,a2,8
	add	a5,a4,a5
	add	a0,a5,a0
	sltu	a4,a5,a4
	sltu	a5,a0,a5
	sd	a0,0(a6)
	or	a4,a4,a5
	andi	a0,a4,0xff
	addi	a6,a6,8
	bne	a1,a3,.L7
	ret
.L8:
	li	a0,0
	ret
	.size	bignum_add, .-bignum_add
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
