	.arch armv8-a
	.file	"tree_height.c"
	.text
	.align	2
	.p2align 4,,11
	.global	tree_height
	.type	tree_height, %function
tree_height:
.LFB0:
	.cfi_startproc
	cbz	x0, .L3
	stp	x29, x30, [sp, -48]!
	.cfi_def_cfa_offset 48
	.cfi_offset 29, -48
	.cfi_offset 30, -40
	mov	w3, w1
	mov	x29, sp
	ldr	x5, [x2]
	stp	x19, x20, [sp, 16]
	ldr	w4, [x0]
	.cfi_offset 19, -32
	.cfi_offset 20, -24
	mov	x20, x0
	stp	x21, x22, [sp, 32]
	.cfi_offset 21, -16
	.cfi_offset 22, -8
	add	w22, w1, 1
	ldr	x0, [x0, 8]
	smaddl	x3, w4, w3, x5
	str	x3, [x2]
	mov	x21, x2
	mov	w1, w22
	bl	tree_height
	mov	w19, w0
	ldr	x0, [x20, 16]
	mov	w1, w22
	mov	x2, x21
	bl	tree_height
	cmp	w19, w0
	csel	w0, w19, w0, ge
	ldp	x19, x20, [sp, 16]
	add	w0, w0, 1
	ldp	x21, x22, [sp, 32]
	ldp	x29, x30, [sp], 48
	.cfi_restore 30
	.cfi_restore 29
	.cfi_restore 21
	.cfi_restore 22
	.cfi_restore 19
	.cfi_restore 20
	.cfi_def_cfa_offset 0
	ret
	.p2align 2,,3
.L3:
	mov	w0, 0
	ret
	.cfi_endproc
.LFE0:
	.size	tree_height, .-tree_height
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
