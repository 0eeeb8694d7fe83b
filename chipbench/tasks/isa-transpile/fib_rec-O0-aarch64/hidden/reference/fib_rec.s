	.arch armv8-a
	.file	"fib_rec.c"
	.text
	.align	2
	.p2align 4,,11
	.global	fib_rec
	.type	fib_rec, %function
fib_rec:
.LFB0:
	.cfi_startproc
	stp	x29, x30, [sp, -208]!
	.cfi_def_cfa_offset 208
	.cfi_offset 29, -208
	.cfi_offset 30, -200
	mov	x29, sp
	stp	x19, x20, [sp, 16]
	.cfi_offset 19, -192
	.cfi_offset 20, -184
	mov	w19, w0
	stp	x23, x24, [sp, 48]
	.cfi_offset 23, -160
	.cfi_offset 24, -152
	mov	x23, 0
	cmp	w0, 1
	ble	.L4
	stp	x21, x22, [sp, 32]
	.cfi_offset 22, -168
	.cfi_offset 21, -176
	sub	w21, w0, #1
	and	w0, w21, -2
	sub	w24, w19, w0
	stp	x25, x26, [sp, 64]
	.cfi_offset 26, -136
	.cfi_offset 25, -144
	mov	x23, 0
	mov	w26, w21
	cmp	w19, w24
	beq	.L36
.L3:
	sub	w25, w19, #2
	mov	x20, x23
	and	w0, w25, -2
	stp	x27, x28, [sp, 80]
	.cfi_offset 28, -120
	.cfi_offset 27, -128
	sub	w27, w26, w0
	mov	x19, 0
.L8:
	sub	w0, w26, #1
	cmp	w27, w26
	beq	.L37
.L6:
	sub	w28, w26, #2
	mov	x21, x20
	and	w1, w28, -2
	mov	w23, w28
	sub	w22, w0, w1
	mov	w28, w24
	mov	w20, w22
	mov	w24, w25
	mov	x25, x19
	mov	x26, 0
.L11:
	sub	w3, w0, #1
	cmp	w20, w0
	beq	.L38
	sub	w22, w0, #2
	mov	w2, w24
	and	w0, w22, -2
	mov	w1, w22
	sub	w0, w3, w0
	mov	x22, x21
	mov	w21, w0
	mov	w0, w28
	mov	x28, x26
	mov	x19, 0
.L14:
	sub	w5, w3, #1
	cmp	w21, w3
	beq	.L39
	sub	w3, w3, #2
	mov	x24, 0
	and	w26, w3, -2
	mov	x7, x24
	sub	w26, w5, w26
	mov	x24, x22
	mov	w8, w26
	mov	w22, w5
	mov	w4, w21
	mov	w26, w27
	mov	w9, w0
	mov	w6, w23
.L17:
	sub	w0, w22, #1
	cmp	w22, w8
	beq	.L40
	sub	w22, w22, #2
	mov	x23, 0
	and	w27, w22, -2
	mov	x11, x28
	sub	w27, w0, w27
	mov	x28, x24
	mov	x10, x25
	mov	x24, x23
	mov	x12, x19
	mov	w23, w26
	mov	w13, w20
	mov	w26, w27
.L20:
	sub	w19, w0, #1
	cmp	w0, w26
	beq	.L41
	sub	w21, w0, #2
	sub	w25, w0, #3
	and	w14, w21, -2
	mov	x20, 0
	sub	w27, w0, #5
	sub	w14, w19, w14
	mov	w18, w25
	mov	w15, w27
	mov	x25, x20
	mov	w20, w14
.L23:
	sub	w0, w19, #1
	cmp	w19, w20
	beq	.L42
	and	w16, w18, -2
	mov	x27, 0
	sub	w14, w0, w16
	mov	w5, w22
	mov	w22, w19
	stp	w4, w1, [sp, 108]
	mov	x1, x27
	mov	w27, w20
	mov	w20, w15
	str	w2, [sp, 116]
	mov	w2, w14
	mov	w14, w21
	str	w3, [sp, 152]
.L26:
	cmp	w0, w2
	beq	.L43
	sub	w3, w0, #2
	and	w19, w20, -2
	sub	w0, w0, #4
	mov	w4, w20
	sub	w19, w0, w19
	mov	x21, 0
	mov	w20, w19
	mov	w19, w3
.L28:
	mov	w0, w19
	sub	w19, w19, #2
	stp	x10, x11, [sp, 120]
	stp	x12, x7, [sp, 136]
	str	w13, [sp, 156]
	str	x1, [sp, 160]
	stp	w8, w15, [sp, 168]
	stp	w18, w2, [sp, 176]
	stp	w4, w9, [sp, 184]
	stp	w3, w6, [sp, 192]
	stp	w5, w14, [sp, 200]
	bl	fib_rec
	ldp	x10, x11, [sp, 120]
	add	x21, x21, x0
	ldp	x12, x7, [sp, 136]
	cmp	w20, w19
	ldr	x1, [sp, 160]
	ldr	w13, [sp, 156]
	ldp	w8, w15, [sp, 168]
	ldp	w18, w2, [sp, 176]
	ldp	w4, w9, [sp, 184]
	ldp	w3, w6, [sp, 192]
	ldp	w5, w14, [sp, 200]
	bne	.L28
	mov	w20, w4
	mov	w0, w3
	and	x19, x20, 1
	sub	w20, w4, #2
	add	x16, x19, x21
	add	x1, x1, x16
	cmp	w3, 1
	bgt	.L26
	mov	w20, w27
	ldr	w2, [sp, 116]
	mov	x27, x1
	ldr	w3, [sp, 152]
	ldp	w4, w1, [sp, 108]
	mov	w19, w22
	mov	w21, w14
	mov	w22, w5
.L25:
	add	x0, x27, w0, sxtw
	sub	w19, w19, #2
	add	x25, x25, x0
	sub	w18, w18, #2
	sub	w15, w15, #2
	cmp	w19, 1
	bgt	.L23
	mov	x20, x25
.L22:
	add	x19, x20, w19, sxtw
	mov	w0, w21
	add	x24, x24, x19
	cmp	w21, 1
	bgt	.L20
	mov	w26, w23
	mov	x25, x10
	mov	x23, x24
	mov	x19, x12
	mov	x24, x28
	mov	w20, w13
	mov	x28, x11
.L19:
	add	x0, x23, w0, sxtw
	add	x7, x7, x0
	cmp	w22, 1
	bgt	.L17
	mov	w5, w22
	mov	w27, w26
	mov	x22, x24
	mov	w21, w4
	mov	x24, x7
	mov	w0, w9
	mov	w23, w6
.L16:
	add	x5, x24, w5, sxtw
	add	x19, x19, x5
	cmp	w3, 1
	bgt	.L14
	mov	x21, x22
	mov	x26, x28
	mov	w22, w1
	mov	w28, w0
	mov	w24, w2
.L13:
	add	x3, x19, w3, sxtw
	mov	w0, w22
	add	x26, x26, x3
	cmp	w22, 1
	bgt	.L11
	mov	x19, x25
	add	x0, x26, w0, sxtw
	mov	w25, w24
	mov	w24, w28
	mov	w28, w23
	mov	x20, x21
	mov	w26, w28
	add	x19, x19, x0
	cmp	w28, 1
	bgt	.L8
.L45:
	add	x26, x19, w26, sxtw
	mov	x23, x20
	mov	w19, w25
	add	x23, x23, x26
	cmp	w25, 1
	bgt	.L44
.L33:
	cmp	w19, 0
	csel	w19, w19, wzr, ge
	ldp	x21, x22, [sp, 32]
	.cfi_remember_state
	.cfi_restore 22
	.cfi_restore 21
	add	x0, x23, w19, sxtw
	ldp	x19, x20, [sp, 16]
	ldp	x23, x24, [sp, 48]
	ldp	x25, x26, [sp, 64]
	.cfi_restore 26
	.cfi_restore 25
	ldp	x27, x28, [sp, 80]
	.cfi_restore 28
	.cfi_restore 27
	ldp	x29, x30, [sp], 208
	.cfi_restore 30
	.cfi_restore 29
	.cfi_restore 23
	.cfi_restore 24
	.cfi_restore 19
	.cfi_restore 20
	.cfi_def_cfa_offset 0
	ret
	.p2align 2,,3
.L41:
	.cfi_restore_state
	mov	w26, w23
	mov	x23, x24
	mov	x25, x10
	mov	x24, x28
	mov	x19, x12
	mov	x28, x11
	mov	w20, w13
	sub	w0, w0, #2
	add	x23, x23, 1
	b	.L19
	.p2align 2,,3
.L42:
	sub	w19, w19, #2
	add	x20, x25, 1
	b	.L22
	.p2align 2,,3
.L43:
	mov	w19, w22
	mov	w20, w27
	ldr	w2, [sp, 116]
	add	x27, x1, 1
	ldr	w3, [sp, 152]
	mov	w22, w5
	ldp	w4, w1, [sp, 108]
	mov	w21, w14
	sub	w0, w0, #2
	b	.L25
.L40:
	mov	w5, w22
	mov	w27, w26
	mov	x22, x24
	mov	w21, w4
	mov	w0, w9
	mov	w23, w6
	sub	w5, w5, #2
	add	x24, x7, 1
	b	.L16
.L39:
	mov	x21, x22
	mov	x26, x28
	mov	w22, w1
	mov	w28, w0
	mov	w24, w2
	sub	w3, w3, #2
	add	x19, x19, 1
	b	.L13
.L38:
	sub	w0, w0, #2
	add	x26, x26, 1
	mov	x19, x25
	mov	w25, w24
	add	x0, x26, w0, sxtw
	mov	w24, w28
	mov	w28, w23
	mov	x20, x21
	mov	w26, w28
	add	x19, x19, x0
	cmp	w28, 1
	ble	.L45
	sub	w0, w26, #1
	cmp	w27, w26
	bne	.L6
.L37:
	sub	w26, w26, #2
	add	x19, x19, 1
	mov	x23, x20
	add	x26, x19, w26, sxtw
	mov	w19, w25
	add	x23, x23, x26
	cmp	w25, 1
	ble	.L33
.L44:
	ldp	x27, x28, [sp, 80]
	.cfi_restore 28
	.cfi_restore 27
	sub	w26, w25, #1
	cmp	w19, w24
	bne	.L3
.L36:
	ldp	x21, x22, [sp, 32]
	.cfi_restore 22
	.cfi_restore 21
	sub	w19, w19, #2
	ldp	x25, x26, [sp, 64]
	.cfi_restore 26
	.cfi_restore 25
	add	x23, x23, 1
.L4:
	cmp	w19, 0
	csel	w19, w19, wzr, ge
	add	x0, x23, w19, sxtw
	ldp	x19, x20, [sp, 16]
	ldp	x23, x24, [sp, 48]
	ldp	x29, x30, [sp], 208
	.cfi_restore 30
	.cfi_restore 29
	.cfi_restore 23
	.cfi_restore 24
	.cfi_restore 19
	.cfi_restore 20
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
.LFE0:
	.size	fib_rec, .-fib_rec
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
