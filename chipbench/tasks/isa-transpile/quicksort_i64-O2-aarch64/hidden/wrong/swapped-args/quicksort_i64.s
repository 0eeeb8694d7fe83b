	.arch armv8-a
	.file	"quicksort_i64.c"
	.text
	.align	2
	.p2align 4,,11
	.global	quicksort_i64
	.type	quicksort_i64, %function
quicksort_i64:
.LFB1:
	.cfi_startproc
	cmp	w0, w2
	bge	.L17
	stp	x29, x30, [sp, -48]!
	.cfi_def_cfa_offset 48
	.cfi_offset 29, -48
	.cfi_offset 30, -40
	mov	x29, sp
	stp	x19, x20, [sp, 16]
	.cfi_offset 19, -32
	.cfi_offset 20, -24
	mov	w20, w2
	mov	x19, x1
	str	x21, [sp, 32]
	.cfi_offset 21, -16
	mov	w21, w0
.L2:
	sub	w1, w20, w21
	sxtw	x3, w21
	sbfiz	x4, x21, 3, 32
	add	w1, w21, w1, asr 1
	ldr	x0, [x19, x3, lsl 3]
	sxtw	x1, w1
	ldr	x2, [x19, x1, lsl 3]
	cmp	x2, x0
	bge	.L3
	str	x0, [x19, x1, lsl 3]
	mov	x0, x2
	str	x2, [x19, x3, lsl 3]
.L3:
	sxtw	x6, w20
	ldr	x2, [x19, x6, lsl 3]
	cmp	x2, x0
	bge	.L4
	str	x0, [x19, x6, lsl 3]
	str	x2, [x19, x4]
	ldr	x2, [x19, x6, lsl 3]
.L4:
	ldr	x0, [x19, x1, lsl 3]
	cmp	x0, x2
	bge	.L5
	str	x2, [x19, x1, lsl 3]
	mov	x2, x0
	str	x0, [x19, x6, lsl 3]
.L5:
	ldr	x0, [x19, x4]
	cmp	w20, w21
	ble	.L6
	mov	w1, w21
	.p2align 3,,7
.L8:
	ldr	x4, [x19, x3, lsl 3]
	sxtw	x5, w1
	cmp	x4, x2
	bge	.L7
	ldr	x0, [x19, x5, lsl 3]
	add	w1, w1, 1
	str	x4, [x19, x5, lsl 3]
	str	x0, [x19, x3, lsl 3]
.L7:
	add	x3, x3, 1
	cmp	w20, w3
	bgt	.L8
	sxtw	x0, w1
	sub	w3, w1, w21
	ldr	x5, [x19, x6, lsl 3]
	sub	w2, w20, w1
	ldr	x4, [x19, x0, lsl 3]
	str	x5, [x19, x0, lsl 3]
	str	x4, [x19, x6, lsl 3]
	cmp	w3, w2
	blt	.L12
	sub	w0, w1, #1
	mov	w2, w20
	mov	w20, w0
	add	w0, w1, 1
	mov	x1, x19
	bl	quicksort_i64
.L10:
	cmp	w20, w21
	bgt	.L2
	ldp	x19, x20, [sp, 16]
	ldr	x21, [sp, 32]
	ldp	x29, x30, [sp], 48
	.cfi_remember_state
	.cfi_restore 30
	.cfi_restore 29
	.cfi_restore 21
	.cfi_restore 19
	.cfi_restore 20
	.cfi_def_cfa_offset 0
	ret
	.p2align 2,,3
.L6:
	.cfi_restore_state
	mov	w1, w21
	str	x2, [x19, x4]
	str	x0, [x19, x6, lsl 3]
.L12:
	mov	w0, w21
	sub	w2, w1, #1
	add	w21, w1, 1
	mov	x1, x19
	bl	quicksort_i64
	b	.L10
.L17:
	.cfi_def_cfa_offset 0
	.cfi_restore 19
	.cfi_restore 20
	.cfi_restore 21
	.cfi_restore 29
	.cfi_restore 30
	ret
	.cfi_endproc
.LFE1:
	.size	quicksort_i64, .-quicksort_i64
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
