	.file	"fib_rec.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	fib_rec
	.type	fib_rec, @function
fib_rec:
	addi	sp,sp,-256
	sd	s0,240(sp)
	sd	s8,176(sp)
	sd	ra,248(sp)
	sd	s1,232(sp)
	sd	s2,224(sp)
	sd	s3,216(sp)
	sd	s4,208(sp)
	sd	s5,200(sp)
	sd	s6,192(sp)
	sd	s7,184(sp)
	sd	s9,168(sp)
	sd	s10,160(sp)
	sd	s11,152(sp)
	li	a5,1
	mv	s8,a1
	li	s0,0
	ble	a1,a5,.L5
	addiw	a4,a1,-1
	andi	a4,a4,-2
	sext.w	a5,a1
	subw	s3,a1,a4
	li	s0,0
	li	a0,1
	addiw	s5,a5,-1
	beq	s8,s3,.L35
.L4:
	addiw	a5,a5,-2
	andi	a5,a5,-2
	subw	s2,s5,a5
	li	s1,0
	addiw	s7,s5,-1
	sext.w	a5,s5
	beq	s2,s5,.L36
.L7:
	addiw	a5,a5,-2
	andi	a5,a5,-2
	mv	s9,s0
	subw	s10,s7,a5
	li	s11,0
	mv	s4,s2
	mv	s0,s1
.L12:
	addiw	s6,s7,-1
	sext.w	a5,s7
	beq	s10,s7,.L37
	addiw	a5,a5,-2
	andi	a5,a5,-2
	subw	a4,s6,a5
	mv	a2,s9
	li	s2,0
	mv	s9,a4
	mv	a3,s5
	mv	a4,s4
	mv	s4,s7
.L15:
	addiw	s1,s6,-1
	sext.w	a5,s6
	beq	s9,s6,.L38
	addiw	a5,a5,-2
	andi	a5,a5,-2
	li	s5,0
	subw	s7,s1,a5
	mv	t1,a2
	mv	a7,a4
	mv	a6,a3
	mv	a4,s0
	mv	a3,s8
	mv	a2,s4
	mv	s8,s6
	mv	a5,s3
	mv	s6,s5
.L18:
	addiw	s0,s1,-1
	sext.w	a1,s1
	beq	s1,s7,.L39
	addiw	a1,a1,-2
	andi	a1,a1,-2
	subw	s5,s0,a1
	li	s3,0
	mv	t4,t1
	mv	t3,s5
.L21:
	addiw	s4,s0,-1
	sext.w	a1,s0
	beq	s0,t3,.L40
	addiw	t1,a1,-2
	andi	t1,t1,-2
	subw	t1,s4,t1
	addiw	t0,a1,-3
	addiw	a1,a1,-5
	sd	t1,32(sp)
	mv	t5,a1
	li	t1,0
	mv	t2,a5
.L24:
	ld	a5,32(sp)
	addiw	s5,s4,-1
	beq	s4,a5,.L41
	andi	a1,t0,-2
	subw	a5,s5,a1
	sd	a5,0(sp)
	sd	t4,8(sp)
	sd	a7,16(sp)
	sd	a6,24(sp)
	mv	a7,s9
	mv	a6,s4
	mv	s9,s3
	mv	t4,s7
	mv	a5,t5
	li	t6,0
	mv	s4,s1
	mv	s3,s2
	mv	s7,s0
.L27:
	ld	a1,0(sp)
	sext.w	s0,s5
	beq	s5,a1,.L42
	addiw	s1,s0,-4
	andi	a1,a5,-2
	addiw	s0,s0,-2
	subw	s1,s1,a1
	li	s2,0
.L29:
	mv	a1,s0
	sd	a3,136(sp)
	sd	t2,128(sp)
	sd	a5,120(sp)
	sd	t0,112(sp)
	sd	t5,104(sp)
	sd	t3,96(sp)
	sd	t4,88(sp)
	sd	a7,80(sp)
	sd	t6,72(sp)
	sd	t1,64(sp)
	sd	a6,56(sp)
	sd	a2,48(sp)
	sd	a4,40(sp)
	addiw	s0,s0,-2
	call	fib_rec
	ld	a4,40(sp)
	ld	a2,48(sp)
	ld	a6,56(sp)
	ld	t1,64(sp)
	ld	t6,72(sp)
	ld	a7,80(sp)
	ld	t4,88(sp)
	ld	t3,96(sp)
	ld	t5,104(sp)
	ld	t0,112(sp)
	ld	a5,120(sp)
	ld	t2,128(sp)
	ld	a3,136(sp)
	add	s2,s2,a1
	li	a0,1
	bne	s1,s0,.L29
	andi	a1,a5,1
	add	a1,a1,s2
	addiw	s5,s5,-2
	add	t6,t6,a1
	addiw	a5,a5,-2
	bgt	s5,a0,.L27
	mv	s2,s3
	mv	s1,s4
	mv	s0,s7
	mv	s3,s9
	mv	s4,a6
	mv	s9,a7
	mv	s7,t4
	ld	a6,24(sp)
	ld	a7,16(sp)
	ld	t4,8(sp)
.L26:
	add	s5,s5,t6
	addiw	s4,s4,-2
	add	t1,t1,s5
	addiw	t0,t0,-2
	addiw	t5,t5,-2
	bgt	s4,a0,.L24
	mv	a5,t2
.L23:
	add	s4,s4,t1
	addiw	s0,s0,-2
	add	s3,s3,s4
	bgt	s0,a0,.L21
	mv	t1,t4
.L20:
	add	s0,s0,s3
	addiw	s1,s1,-2
	add	s6,s6,s0
	bgt	s1,a0,.L18
	mv	s0,a4
	mv	s4,a2
	mv	s5,s6
	mv	a4,a7
	mv	s6,s8
	mv	a2,t1
	mv	s8,a3
	mv	s3,a5
	mv	a3,a6
.L17:
	add	s1,s1,s5
	addiw	s6,s6,-2
	add	s2,s2,s1
	bgt	s6,a0,.L15
	mv	s7,s4
	mv	s9,a2
	mv	s5,a3
	mv	s4,a4
.L14:
	add	s6,s6,s2
	addiw	s7,s7,-2
	add	s11,s11,s6
	bgt	s7,a0,.L12
	mv	s1,s0
	mv	s2,s4
	mv	s0,s9
	j	.L11
.L40:
	mv	t1,t4
	addiw	s0,s0,-2
	addi	s3,s3,1
	j	.L20
.L41:
	mv	a5,t2
	addiw	s4,s4,-2
	addi	t1,t1,1
	j	.L23
.L42:
	mv	s2,s3
	mv	s1,s4
	mv	s0,s7
	mv	s3,s9
	mv	s4,a6
	mv	s9,a7
	mv	s7,t4
	ld	a6,24(sp)
	ld	a7,16(sp)
	ld	t4,8(sp)
	addiw	s5,s5,-2
	addi	t6,t6,1
	j	.L26
.L39:
	mv	s5,s6
	mv	s0,a4
	mv	s4,a2
	mv	s6,s8
	mv	a4,a7
	mv	s8,a3
	mv	a2,t1
	mv	s3,a5
	mv	a3,a6
	addiw	s1,s1,-2
	addi	s5,s5,1
	j	.L17
.L38:
	mv	s7,s4
	mv	s9,a2
	mv	s5,a3
	mv	s4,a4
	addiw	s6,s6,-2
	addi	s2,s2,1
	j	.L14
.L37:
	mv	s1,s0
	mv	s2,s4
	mv	s0,s9
	addiw	s7,s7,-2
	addi	s11,s11,1
.L11:
	add	s7,s7,s11
	addiw	s5,s5,-2
	add	s1,s1,s7
	ble	s5,a0,.L8
	addiw	s7,s5,-1
	sext.w	a5,s5
	bne	s2,s5,.L7
.L36:
	addiw	s5,s5,-2
	addi	s1,s1,1
.L8:
	add	s5,s5,s1
	addiw	s8,s8,-2
	add	s0,s0,s5
	ble	s8,a0,.L5
	sext.w	a5,s8
	addiw	s5,a5,-1
	bne	s8,s3,.L4
.L35:
	addiw	s8,s8,-2
	addi	s0,s0,1
.L5:
	not	a1,s8
	srai	a1,a1,63
	and	a1,a1,s8
	ld	ra,248(sp)
	add	a1,a1,s0
	ld	s0,240(sp)
	ld	s1,232(sp)
	ld	s2,224(sp)
	ld	s3,216(sp)
	ld	s4,208(sp)
	ld	s5,200(sp)
	ld	s6,192(sp)
	ld	s7,184(sp)
	ld	s8,176(sp)
	ld	s9,168(sp)
	ld	s10,160(sp)
	ld	s11,152(sp)
	addi	sp,sp,256
	jr	ra
	.size	fib_rec, .-fib_rec
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
