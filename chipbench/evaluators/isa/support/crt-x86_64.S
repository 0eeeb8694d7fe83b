/*
 * Start-up and system calls of the chipbench test harness, native x86-64 build.
 *
 * Used only when a task is generated: the hidden C function runs natively to produce the
 * expected outputs, called directly (no trampoline: it is the reference, not a candidate).
 */
    .text
    .globl _start
_start:
    xor %ebp, %ebp
    and $-16, %rsp
    call cb_main
    mov %eax, %edi
    mov $231, %eax             /* exit_group(status) */
    syscall

    .globl cb_sys_write
cb_sys_write:                  /* long cb_sys_write(int fd, const void *buf, unsigned long n) */
    mov $1, %eax
    syscall
    ret

    .globl cb_sys_exit
cb_sys_exit:
    mov $231, %eax
    syscall
    jmp cb_sys_exit

    .section .note.GNU-stack,"",@progbits
