	.arch armv8-a
	.file	"hanoi_moves.c"
	.text
	.align	2
	.p2align 4,,11
	.global	hanoi_moves
	.type	hanoi_moves, %function
hanoi_moves:
.LFB0:
	.cfi_startproc
	cmp	w0, 0
	ble	.L30
	stp	x29, x30, [sp, -176]!
	.cfi_def_cfa_offset 176
	.cfi_offset 29, -176
	.cfi_offset 30, -168
	mov	x29, sp
	stp	x19, x20, [sp, 16]
	.cfi_offset 19, -160
	.cfi_offset 20, -152
	mov	w19, w1
	stp	x25, x26, [sp, 64]
	.cfi_offset 25, -112
	.cfi_offset 26, -104
	mov	w25, w2
	cmp	w0, 1
	beq	.L3
	mov	w26, w3
	stp	x21, x22, [sp, 32]
	.cfi_offset 22, -136
	.cfi_offset 21, -144
	mov	w21, w1
	stp	x23, x24, [sp, 48]
	.cfi_offset 24, -120
	.cfi_offset 23, -128
	sub	w24, w0, #2
.L17:
	cbz	w24, .L34
	stp	x27, x28, [sp, 80]
	.cfi_offset 28, -88
	.cfi_offset 27, -96
	sub	w24, w24, #1
	mov	w23, w24
	mov	w22, w24
	mov	w28, w25
	mov	w20, w21
	mov	w24, w21
	cbz	w23, .L7
.L38:
	sub	w27, w23, #1
	mov	w21, w20
	mov	w2, w27
	mov	w0, w27
	mov	w1, w20
	mov	w27, w25
	mov	w19, w24
	mov	w25, w26
	cbz	w2, .L8
.L37:
	sub	w2, w2, #1
	mov	w24, w28
	mov	w23, w28
	mov	w5, w1
	mov	w6, w2
	mov	w1, w27
	mov	w28, w21
	mov	w27, w19
	mov	w3, w22
	mov	w19, w21
	cbz	w6, .L9
.L36:
	mov	w20, w25
	mov	w10, w25
	sub	w6, w6, #1
	mov	w9, w5
	mov	w8, w1
	mov	w5, w27
	mov	w1, w23
	mov	w25, w28
	mov	w23, w20
	mov	w27, w19
	mov	w7, w26
	mov	w20, w6
	mov	w21, w10
	cbz	w20, .L10
.L35:
	sub	w20, w20, #1
	mov	w10, w27
	mov	w26, w20
	mov	w27, w21
	mov	w11, w20
	mov	w21, w23
	mov	w20, w25
	mov	w22, w24
.L22:
	cbz	w26, .L11
	stp	w25, w24, [sp, 104]
	sub	w13, w26, #1
	mov	w14, w27
	mov	w12, w28
	mov	w26, w21
	mov	w23, w13
	mov	w27, w20
	mov	w16, w10
	mov	w15, w1
	mov	w25, w22
	mov	w24, w20
	mov	w28, w21
	cbz	w23, .L12
.L39:
	mov	w21, w12
	mov	w10, w16
	mov	w18, w0
	mov	w12, w2
	stp	w5, w7, [sp, 112]
	mov	w7, w26
	mov	w5, w24
	mov	w26, w14
	mov	w14, w3
	mov	w3, w25
	str	w6, [sp, 120]
	mov	w6, w23
.L13:
	mov	w19, w6
	mov	w20, w7
	mov	w22, w5
.L16:
	sub	w19, w19, #1
	mov	w2, w20
	mov	w1, w22
	mov	w0, w19
	stp	w3, w5, [sp, 124]
	stp	w6, w7, [sp, 132]
	stp	w10, w15, [sp, 140]
	stp	w9, w8, [sp, 148]
	stp	w13, w11, [sp, 156]
	stp	w12, w14, [sp, 164]
	str	w18, [sp, 172]
	bl	hanoi_moves
	ldp	w3, w5, [sp, 124]
	lsl	x2, x0, 5
	mov	w4, w20
	sub	x2, x2, x0
	mov	w20, w22
	ldr	w18, [sp, 172]
	add	w1, w3, w22, lsl 2
	mov	w22, w4
	ldp	w6, w7, [sp, 132]
	add	x4, x2, w1, sxtw
	ldp	w10, w15, [sp, 140]
	ldp	w9, w8, [sp, 148]
	ldp	w13, w11, [sp, 156]
	ldp	w12, w14, [sp, 164]
	cbnz	w19, .L16
	lsl	x0, x4, 5
	add	w1, w7, w5, lsl 2
	sub	x0, x0, x4
	subs	w6, w6, #1
	add	x4, x0, w1, sxtw
	beq	.L14
	mov	w0, w5
	mov	w5, w3
	mov	w3, w0
	b	.L13
.L34:
	.cfi_restore 27
	.cfi_restore 28
	lsl	w22, w21, 2
	lsl	x1, x4, 5
	add	w0, w22, w26
	sub	x1, x1, x4
	add	w22, w22, w25
	mov	w19, w26
	add	x0, x1, w0, sxtw
	ldp	x23, x24, [sp, 48]
	.cfi_restore 24
	.cfi_restore 23
	lsl	x4, x0, 5
	sub	x4, x4, x0
	add	x4, x4, w22, sxtw
	ldp	x21, x22, [sp, 32]
	.cfi_restore 22
	.cfi_restore 21
.L3:
	add	w19, w25, w19, lsl 2
	lsl	x0, x4, 5
	sub	x0, x0, x4
	add	x4, x0, w19, sxtw
	ldp	x19, x20, [sp, 16]
	mov	x0, x4
	ldp	x25, x26, [sp, 64]
	ldp	x29, x30, [sp], 176
	.cfi_restore 30
	.cfi_restore 29
	.cfi_restore 25
	.cfi_restore 26
	.cfi_restore 19
	.cfi_restore 20
	.cfi_def_cfa_offset 0
	ret
.L11:
	.cfi_def_cfa_offset 176
	.cfi_offset 19, -160
	.cfi_offset 20, -152
	.cfi_offset 21, -144
	.cfi_offset 22, -136
	.cfi_offset 23, -128
	.cfi_offset 24, -120
	.cfi_offset 25, -112
	.cfi_offset 26, -104
	.cfi_offset 27, -96
	.cfi_offset 28, -88
	.cfi_offset 29, -176
	.cfi_offset 30, -168
	mov	w19, w22
	mov	w22, w20
	mov	w23, w21
	mov	w20, w11
	lsl	w22, w22, 2
	mov	w21, w27
	add	w11, w22, w19
	mov	w27, w10
	lsl	x10, x4, 5
	add	w19, w23, w19, lsl 2
	sub	x4, x10, x4
	add	w10, w22, w23
	add	x11, x4, w11, sxtw
	add	w4, w24, w25, lsl 2
	mov	w13, w25
	mov	w25, w23
	lsl	x12, x11, 5
	mov	w23, w13
	sub	x11, x12, x11
	add	x10, x11, w10, sxtw
	lsl	x11, x10, 5
	sub	x10, x11, x10
	add	x10, x10, w19, sxtw
	lsl	x11, x10, 5
	sub	x10, x11, x10
	add	x4, x10, w4, sxtw
	cbnz	w20, .L35
.L10:
	mov	w10, w21
	mov	w21, w25
	mov	w20, w23
	mov	w26, w7
	lsl	w21, w21, 2
	lsl	x7, x4, 5
	mov	w23, w1
	mov	w1, w8
	add	w8, w21, w20
	sub	x4, x7, x4
	add	w21, w21, w24
	mov	w19, w27
	add	x8, x4, w8, sxtw
	mov	w27, w5
	mov	w5, w9
	add	w7, w24, w20, lsl 2
	lsl	x9, x8, 5
	add	w4, w10, w28, lsl 2
	sub	x8, x9, x8
	mov	w25, w10
	add	x8, x8, w21, sxtw
	mov	w10, w28
	mov	w28, w24
	mov	w24, w10
	lsl	x9, x8, 5
	sub	x8, x9, x8
	add	x7, x8, w7, sxtw
	lsl	x8, x7, 5
	sub	x7, x8, x7
	add	x4, x7, w4, sxtw
	cbnz	w6, .L36
.L9:
	mov	w20, w28
	mov	w21, w19
	mov	w22, w3
	mov	w19, w27
	lsl	w20, w20, 2
	lsl	x3, x4, 5
	mov	w27, w1
	mov	w1, w5
	add	w5, w20, w24
	sub	x4, x3, x4
	add	w20, w20, w25
	add	w3, w25, w24, lsl 2
	add	x5, x4, w5, sxtw
	add	w4, w23, w21, lsl 2
	mov	w7, w21
	mov	w28, w23
	lsl	x6, x5, 5
	mov	w21, w25
	sub	x5, x6, x5
	mov	w25, w7
	add	x5, x5, w20, sxtw
	lsl	x6, x5, 5
	sub	x5, x6, x5
	add	x3, x5, w3, sxtw
	lsl	x5, x3, 5
	sub	x3, x5, x3
	add	x4, x3, w4, sxtw
	cbnz	w2, .L37
.L8:
	lsl	w21, w21, 2
	mov	w24, w19
	mov	w19, w25
	mov	w20, w1
	mov	w25, w27
	add	w1, w21, w19
	mov	w27, w0
	lsl	x0, x4, 5
	sub	x2, x0, x4
	add	w21, w21, w28
	add	x1, x2, w1, sxtw
	add	w0, w28, w19, lsl 2
	add	w4, w26, w20, lsl 2
	mov	w3, w20
	lsl	x2, x1, 5
	mov	w20, w28
	sub	x1, x2, x1
	mov	w23, w27
	add	x1, x1, w21, sxtw
	mov	w28, w3
	lsl	x2, x1, 5
	sub	x1, x2, x1
	add	x0, x1, w0, sxtw
	lsl	x1, x0, 5
	sub	x0, x1, x0
	add	x4, x0, w4, sxtw
	cbnz	w23, .L38
.L7:
	lsl	w20, w20, 2
	lsl	x0, x4, 5
	add	w1, w20, w28
	sub	x2, x0, x4
	add	w20, w20, w26
	add	w0, w26, w28, lsl 2
	add	x1, x2, w1, sxtw
	mov	w21, w24
	mov	w3, w21
	mov	w24, w22
	lsl	x2, x1, 5
	add	w4, w25, w21, lsl 2
	sub	x1, x2, x1
	mov	w21, w26
	add	x1, x1, w20, sxtw
	mov	w26, w3
	ldp	x27, x28, [sp, 80]
	.cfi_remember_state
	.cfi_restore 28
	.cfi_restore 27
	lsl	x2, x1, 5
	sub	x1, x2, x1
	add	x0, x1, w0, sxtw
	lsl	x1, x0, 5
	sub	x0, x1, x0
	add	x4, x0, w4, sxtw
	b	.L17
	.p2align 2,,3
.L14:
	.cfi_restore_state
	mov	w19, w3
	mov	w0, w18
	lsl	x18, x4, 5
	mov	w2, w12
	add	w17, w7, w19, lsl 2
	sub	x18, x18, x4
	add	w4, w25, w24, lsl 2
	mov	w19, w24
	add	x17, x18, w17, sxtw
	mov	w3, w14
	mov	w24, w7
	mov	w14, w26
	lsl	x18, x17, 5
	ldr	w6, [sp, 120]
	sub	x17, x18, x17
	mov	w16, w10
	ldp	w5, w7, [sp, 112]
	mov	w12, w21
	sub	w23, w23, #1
	mov	w26, w19
	add	x4, x17, w4, sxtw
	cbnz	w23, .L39
.L12:
	mov	w21, w28
	mov	w28, w12
	lsl	w12, w24, 2
	mov	w20, w27
	mov	w1, w15
	mov	w27, w14
	add	w15, w12, w26
	lsl	x14, x4, 5
	sub	x4, x14, x4
	add	w12, w12, w25
	add	x15, x4, w15, sxtw
	add	w14, w25, w26, lsl 2
	mov	w26, w13
	add	w4, w21, w20, lsl 2
	lsl	x13, x15, 5
	mov	w10, w16
	sub	x13, x13, x15
	mov	w16, w20
	add	x12, x13, w12, sxtw
	mov	w20, w25
	mov	w22, w16
	lsl	x13, x12, 5
	sub	x12, x13, x12
	add	x12, x12, w14, sxtw
	ldp	w25, w24, [sp, 104]
	lsl	x13, x12, 5
	sub	x12, x13, x12
	add	x4, x12, w4, sxtw
	b	.L22
.L30:
	.cfi_def_cfa_offset 0
	.cfi_restore 19
	.cfi_restore 20
	.cfi_restore 21
	.cfi_restore 22
	.cfi_restore 23
	.cfi_restore 24
	.cfi_restore 25
	.cfi_restore 26
	.cfi_restore 27
	.cfi_restore 28
	.cfi_restore 29
	.cfi_restore 30
	mov	x0, x4
	ret
	.cfi_endproc
.LFE0:
	.size	hanoi_moves, .-hanoi_moves
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
