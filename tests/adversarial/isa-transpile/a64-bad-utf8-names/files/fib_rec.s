    .text
    .globl fib_rec
fib_rec:
"\377\376":
    mov x0, #0
    ret
    .section "\377sec","a"
    .byte 1
