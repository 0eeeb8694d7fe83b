	.arch armv8-a
	.file	"opcode_cost.c"
	.text
	.align	2
	.p2align 4,,11
	.global	opcode_cost
	.type	opcode_cost, %function
opcode_cost:
.LFB0:
	.cfi_startproc
	cmp	w1, 11
	bls	.L19
	mov	w1, -1
	ret
	.p2align 2,,3
.L19:
	adrp	x2, .L4
	add	x2, x2, :lo12:.L4
	ldrb	w2, [x2,w1,uxtw]
	adr	x1, .Lrtx4
	add	x2, x1, w2, sxtb #2
	br	x2
.Lrtx4:
	.section	.rodata
	.align	0
	.align	2
.L4:
	.byte	(.L15 - .Lrtx4) / 4
	.byte	(.L14 - .Lrtx4) / 4
	.byte	(.L13 - .Lrtx4) / 4
	.byte	(.L12 - .Lrtx4) / 4
	.byte	(.L11 - .Lrtx4) / 4
	.byte	(.L10 - .Lrtx4) / 4
	.byte	(.L9 - .Lrtx4) / 4
	.byte	(.L8 - .Lrtx4) / 4
	.byte	(.L7 - .Lrtx4) / 4
	.byte	(.L6 - .Lrtx4) / 4
	.byte	(.L5 - .Lrtx4) / 4
	.byte	(.L3 - .Lrtx4) / 4
	.text
	.p2align 2,,3
.L15:
	mov	w1, 1
	ret
	.p2align 2,,3
.L14:
	add	w1, w0, 1
	ret
	.p2align 2,,3
.L13:
	add	w0, w0, w0, lsl 1
	sub	w1, w0, #2
	ret
	.p2align 2,,3
.L12:
	cmp	w0, 9
	mov	w1, 12
	mov	w0, 4
	csel	w1, w0, w1, lt
	ret
	.p2align 2,,3
.L11:
	and	w1, w0, 7
	ret
	.p2align 2,,3
.L10:
	lsl	w1, w0, 2
	ret
	.p2align 2,,3
.L9:
	mov	w1, 20
	sub	w1, w1, w0
	ret
	.p2align 2,,3
.L8:
	mul	w1, w0, w0
	ret
	.p2align 2,,3
.L7:
	mov	w1, 21846
	movk	w1, 0x5555, lsl 16
	smull	x1, w0, w1
	lsr	x1, x1, 32
	sub	w0, w1, w0, asr 31
	add	w1, w0, 5
	ret
	.p2align 2,,3
.L6:
	neg	w1, w0
	ret
	.p2align 2,,3
.L5:
	mov	w1, 26215
	movk	w1, 0x6666, lsl 16
	smull	x1, w0, w1
	asr	x1, x1, 33
	sub	w1, w1, w0, asr 31
	add	w1, w1, w1, lsl 2
	sub	w0, w0, w1
	add	w1, w0, 9
	ret
	.p2align 2,,3
.L3:
	mov	w1, 85
	eor	w1, w0, w1
	ret
	.cfi_endproc
.LFE0:
	.size	opcode_cost, .-opcode_cost
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
