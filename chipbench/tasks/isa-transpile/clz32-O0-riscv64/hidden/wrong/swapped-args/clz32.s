	.file	"clz32.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	clz32
	.type	clz32, @function
clz32:
	mv	a5,a1
	beq	a1,zero,.L7
	li	a4,65536
	li	a1,0
	bgeu	a5,a4,.L3
	slliw	a5,a5,16
	li	a1,16
.L3:
	li	a4,16777216
	bgeu	a5,a4,.L4
	slliw	a5,a5,8
	addiw	a1,a1,8
.L4:
	li	a4,268435456
	bgeu	a5,a4,.L5
	slliw	a5,a5,4
	addiw	a1,a1,4
.L5:
	li	a4,1073741824
	bgeu	a5,a4,.L6
	slliw	a5,a5,2
	addiw	a1,a1,2
.L6:
	blt	a5,zero,.L2
	addiw	a1,a1,1
	ret
.L7:
	li	a1,32
.L2:
	ret
	.size	clz32, .-clz32
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
