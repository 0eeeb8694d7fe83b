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
	cmp	w0, 11
	bls	.L19
	mov	w0, -1
	ret
	.p2align 2,,3
.L19:
	adrp	x2, .L4
	add	x2, x2, :lo12:.L4
	ldrb	w2, [x2,w0,uxtw]
	adr	x0, .Lrtx4
	add	x2, x0, w2, sxtb #2
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
	mov	w0, 1
	ret
	.p2align 2,,3
.L14:
	add	w0, w1, 1
	ret
	.p2align 2,,3
.L13:
	add	w1, w1, w1, lsl 1
	sub	w0, w1, #2
	ret
	.p2align 2,,3
.L12:
	cmp	w1, 9
	mov	w0, 12
	mov	w1, 4
	csel	w0, w1, w0, lt
	ret
	.p2align 2,,3
.L11:
	and	w0, w1, 7
	ret
	.p2align 2,,3
.L10:
	lsl	w0, w1, 2
	ret
	.p2align 2,,3
.L9:
	mov	w0, 20
	sub	w0, w0, w1
	ret
	.p2align 2,,3
.L8:
	mul	w0, w1, w1
	ret
	.p2align 2,,3
.L7:
	mov	w0, 21846
	movk	w0, 0x5555, lsl 16
	smull	x0, w1, w0
	lsr	x0, x0, 32
	sub	w1, w0, w1, asr 31
	add	w0, w1, 5
	ret
	.p2align 2,,3
.L6:
	neg	w0, w1
	ret
	.p2align 2,,3
.L5:
	mov	w0, 26215
	movk	w0, 0x6666, lsl 16
	smull	x0, w1, w0
	asr	x0, x0, 33
	sub	w0, w0, w1, asr 31
	add	w0, w0, w0, lsl 2
	sub	w1, w1, w0
	add	w0, w1, 9
	ret
	.p2align 2,,3
.L3:
	mov	w0, 85
	eor	w0, w1, w0
	ret
	.cfi_endproc
.LFE0:
	.size	opcode_cost, .-opcode_cost
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
