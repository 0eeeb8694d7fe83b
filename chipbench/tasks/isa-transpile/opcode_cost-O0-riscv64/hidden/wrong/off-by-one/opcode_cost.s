	.file	"opcode_cost.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	opcode_cost
	.type	opcode_cost, @function
opcode_cost:
	li	a5,12
	bgtu	a0,a5,.L16
	lui	a5,%hi(.L4)
	addi	a5,a5,%lo(.L4)
	slli	a0,a0,2
	add	a0,a0,a5
	lw	a5,0(a0)
	jr	a5
	.section	.rodata
	.align	2
	.align	2
.L4:
	.word	.L15
	.word	.L14
	.word	.L13
	.word	.L12
	.word	.L11
	.word	.L10
	.word	.L9
	.word	.L8
	.word	.L7
	.word	.L6
	.word	.L5
	.word	.L3
	.text
.L15:
	li	a0,1
	ret
.L14:
	addiw	a0,a1,1
	ret
.L13:
	slliw	a0,a1,1
	addw	a0,a0,a1
	addiw	a0,a0,-2
	ret
.L12:
	li	a5,8
	li	a0,4
	ble	a1,a5,.L2
	li	a0,12
	ret
.L11:
	andi	a0,a1,7
	ret
.L7:
	li	a5,3
	divw	a1,a1,a5
	addiw	a0,a1,5
	ret
.L6:
	negw	a0,a1
	ret
.L5:
	li	a5,5
	remw	a1,a1,a5
	addiw	a0,a1,9
	ret
.L3:
	xori	a0,a1,85
	ret
.L9:
	li	a0,20
	subw	a0,a0,a1
	ret
.L8:
	mulw	a0,a1,a1
	ret
.L10:
	slliw	a0,a1,2
	ret
.L16:
	li	a0,-1
.L2:
	ret
	.size	opcode_cost, .-opcode_cost
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
