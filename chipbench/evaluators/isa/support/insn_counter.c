/*
 * chipbench instruction counter: a TCG plugin for qemu-user (plugin API version 1, QEMU 7.x+).
 *
 * It counts the guest instructions executed inside one address range (the candidate's code),
 * and guards that code's boundaries: the candidate may leave its own code only by returning
 * into the harness trampoline, may not make system calls, and may not touch the harness's own
 * state (the register canaries and the calling-convention verdict), and may store only into its
 * own stack frame (the `frame` bytes below the stack pointer it was called with) and into the
 * output buffers the test declared for this call; each stops the run at once, before the stray
 * code, the system call or the memory access takes effect. A function that may store nowhere
 * else keeps no state between calls: the trampoline zeroes its frame area before every call.
 *
 * The trusted harness tells the plugin what each call may write through a system call with a
 * number no kernel has (CB_SYS_ARM), which qemu answers with ENOSYS: outside the candidate's
 * code it is a message to the plugin, inside it is stopped like any other system call. Counting happens in the emulator,
 * outside the guest, so the guest cannot forge it; the report line carries a nonce the guest
 * never sees. Counting is exact: every instruction of a translation block that lies in the range
 * is added each time the block runs (a block only ends early on a fault, which ends the run).
 *
 * Debian ships no plugin header, so the handful of API entry points used here are declared
 * below; their signatures have been stable since the plugin API appeared (QEMU 4.2).
 *
 * Arguments (each `key=value`): lo, hi (candidate code range [lo, hi)), ret (the one address
 * candidate code may jump to when it leaves: the return site in the harness trampoline), limit
 * (stop after this many counted instructions), slo, shi (the harness state range [slo, shi)
 * candidate code may neither read nor write), frame (bytes below the entry stack pointer the
 * candidate may store into; 0 turns the store check off), nonce (tag of the report line).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
struct qemu_info_t;

enum cb_flags { CB_NO_REGS = 0 };

typedef void (*tb_trans_cb)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*vcpu_udata_cb)(unsigned int vcpu_index, void *userdata);
typedef void (*udata_cb)(qemu_plugin_id_t id, void *userdata);
typedef void (*mem_cb)(unsigned int vcpu_index, uint32_t meminfo, uint64_t vaddr, void *userdata);
typedef uint32_t qemu_plugin_meminfo_t;
enum mem_rw { MEM_RW = 3 };
typedef void (*syscall_cb)(qemu_plugin_id_t id, unsigned int vcpu_index, int64_t num,
                           uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4,
                           uint64_t a5, uint64_t a6, uint64_t a7, uint64_t a8);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, tb_trans_cb cb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb, vcpu_udata_cb cb,
                                          enum cb_flags flags, void *userdata);
void qemu_plugin_register_vcpu_syscall_cb(qemu_plugin_id_t id, syscall_cb cb);
void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn *insn, mem_cb cb, enum cb_flags flags,
                                      enum mem_rw rw, void *userdata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, udata_cb cb, void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
void qemu_plugin_outs(const char *string);
_Bool qemu_plugin_mem_is_store(qemu_plugin_meminfo_t info);
unsigned int qemu_plugin_mem_size_shift(qemu_plugin_meminfo_t info);

/* Messages from the harness (never from candidate code, whose system calls end the run):
   a1 = CB_ARM_RANGE: the next call may also store into [a2, a2 + a3);
   a1 = CB_ARM_ENTER: the next call starts with stack pointer a2. Both end at its return. */
#define CB_SYS_ARM 0x7cb0
#define CB_ARM_RANGE 1
#define CB_ARM_ENTER 2
#define MAX_RANGES 32

#define EXPORT __attribute__((visibility("default")))

EXPORT int qemu_plugin_version = 1;

/* What the translator learned about one translation block, read at every execution. */
struct block {
    uint64_t start;
    uint64_t in_range;      /* instructions of this block inside the candidate's code */
    int starts_in;          /* first instruction is candidate code */
    int is_return_site;
    int falls_out;          /* starts in candidate code and runs past its end */
};

static uint64_t lo, hi, ret_site, state_lo, state_hi, frame, limit = UINT64_MAX;
static char nonce[80] = "none";
static uint64_t counted, escapes, escape_pc, syscalls, syscall_num, touched, stored;
static int in_candidate;

/* What the call now running may write: its frame below entry_sp, and the declared ranges. */
static int armed;
static uint64_t entry_sp;
static struct { uint64_t lo, hi; } ranges[MAX_RANGES];
static int n_ranges, ranges_overflowed;

/* Which 8-byte words of its own code the candidate has read as data (a table hidden among its
   instructions): reported as codedata, in bytes, and budgeted like its .rodata. */
#define CODE_WORDS (1u << 21)   /* 16 MiB of code range, one bit per word */
static unsigned char code_read[CODE_WORDS / 8];
static uint64_t codedata;

static void mark_code_read(uint64_t addr) {
    uint64_t word = (addr - lo) >> 3;
    if (word < CODE_WORDS && !(code_read[word >> 3] & (1u << (word & 7)))) {
        code_read[word >> 3] |= (unsigned char)(1u << (word & 7));
        codedata += 8;
    }
}

static void report(const char *why) {
    char line[400];
    snprintf(line, sizeof line,
             "CHIPBENCH_COUNT %s insns=%" PRIu64 " escapes=%" PRIu64 " escape_pc=0x%" PRIx64
             " syscalls=%" PRIu64 " syscall_num=%" PRIu64 " touched=0x%" PRIx64 " stored=0x%" PRIx64
             " codedata=%" PRIu64 " end=%s\n",
             nonce, counted, escapes, escape_pc, syscalls, syscall_num, touched, stored, codedata, why);
    qemu_plugin_outs(line);
}

/* Control left the candidate's code other than by returning: stop before anything else runs. */
static void escaped(uint64_t pc) {
    escapes++;
    escape_pc = pc;
    report("escape");
    _exit(4);
}

static int inside(uint64_t addr, uint64_t size, uint64_t from, uint64_t to) {
    return addr >= from && addr <= to && size <= to - addr;
}

/* Whether a store of `size` bytes at `addr` lands in the running call's own frame or in an
   output buffer of this call. Nothing is allowed when the harness has not armed the call. */
static int store_allowed(uint64_t addr, uint64_t size) {
    if (!armed)
        return 0;
    if (entry_sp >= frame && inside(addr, size, entry_sp - frame, entry_sp))
        return 1;
    for (int i = 0; i < n_ranges; i++)
        if (inside(addr, size, ranges[i].lo, ranges[i].hi))
            return 1;
    return 0;
}

/* A load or store by a candidate instruction: the harness's state is out of bounds, and a
   store must stay in the call's own frame or its output buffers. */
static void candidate_access(unsigned int vcpu, uint32_t info, uint64_t vaddr, void *userdata) {
    (void)vcpu; (void)userdata;
    if (vaddr >= state_lo && vaddr < state_hi) {
        touched = vaddr;
        report("tamper");
        _exit(6);
    }
    uint64_t size = (uint64_t)1 << qemu_plugin_mem_size_shift(info);
    if (!frame)
        return;
    if (qemu_plugin_mem_is_store(info)) {
        if (!store_allowed(vaddr, size)) {
            stored = vaddr;
            report("store");
            _exit(7);
        }
    } else if (vaddr < hi && vaddr + size > lo) {
        mark_code_read(vaddr < lo ? lo : vaddr);
        mark_code_read(vaddr + size - 1 < hi ? vaddr + size - 1 : hi - 1);
    }
}

static void block_exec(unsigned int vcpu, void *userdata) {
    const struct block *b = userdata;
    (void)vcpu;
    if (in_candidate && !b->starts_in && !b->is_return_site)
        escaped(b->start);
    if (b->falls_out)
        escaped(b->start);
    if (b->is_return_site) {   /* the call is over: what it was allowed to write ends with it */
        armed = 0;
        n_ranges = 0;
    }
    in_candidate = b->starts_in;
    counted += b->in_range;
    if (counted > limit) {
        report("limit");
        _exit(3);
    }
}

static void block_translated(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
    struct block *b = calloc(1, sizeof *b);
    size_t n = qemu_plugin_tb_n_insns(tb);
    (void)id;
    if (!b)
        abort();
    b->start = qemu_plugin_tb_vaddr(tb);
    b->starts_in = b->start >= lo && b->start < hi;
    b->is_return_site = b->start == ret_site;
    for (size_t i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        uint64_t pc = qemu_plugin_insn_vaddr(insn);
        if (pc >= lo && pc < hi) {
            b->in_range++;
            if (state_hi > state_lo || frame)
                qemu_plugin_register_vcpu_mem_cb(insn, candidate_access, CB_NO_REGS, MEM_RW, NULL);
        } else if (b->starts_in)
            b->falls_out = 1;
    }
    qemu_plugin_register_vcpu_tb_exec_cb(tb, block_exec, CB_NO_REGS, b);
}

static void guest_syscall(qemu_plugin_id_t id, unsigned int vcpu, int64_t num, uint64_t a1,
                          uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5, uint64_t a6,
                          uint64_t a7, uint64_t a8) {
    (void)id; (void)vcpu; (void)a1; (void)a2; (void)a3; (void)a4;
    (void)a5; (void)a6; (void)a7; (void)a8;
    if (!in_candidate && num == CB_SYS_ARM) {
        if (a1 == CB_ARM_ENTER) {
            armed = !ranges_overflowed;
            entry_sp = a2;
        } else if (a1 == CB_ARM_RANGE && a3 > 0 && a2 + a3 > a2) {
            if (n_ranges < MAX_RANGES) {
                ranges[n_ranges].lo = a2;
                ranges[n_ranges].hi = a2 + a3;
                n_ranges++;
            } else {
                ranges_overflowed = 1;   /* a harness bug: no store is allowed from now on */
            }
        }
        return;
    }
    if (in_candidate) {
        /* Called before the system call is carried out, so it never happens. */
        syscalls++;
        syscall_num = (uint64_t)num;
        report("syscall");
        _exit(5);
    }
}

static void at_exit(qemu_plugin_id_t id, void *userdata) {
    (void)id; (void)userdata;
    report("exit");
}

static int parse(const char *arg) {
    const char *eq = strchr(arg, '=');
    if (!eq)
        return -1;
    size_t klen = (size_t)(eq - arg);
    const char *val = eq + 1;
    if (klen == 5 && !strncmp(arg, "nonce", 5)) {
        snprintf(nonce, sizeof nonce, "%s", val);
        return 0;
    }
    char *end;
    uint64_t v = strtoull(val, &end, 0);
    if (*val == '\0' || *end != '\0')
        return -1;
    if (klen == 2 && !strncmp(arg, "lo", 2)) lo = v;
    else if (klen == 2 && !strncmp(arg, "hi", 2)) hi = v;
    else if (klen == 3 && !strncmp(arg, "ret", 3)) ret_site = v;
    else if (klen == 3 && !strncmp(arg, "slo", 3)) state_lo = v;
    else if (klen == 3 && !strncmp(arg, "shi", 3)) state_hi = v;
    else if (klen == 5 && !strncmp(arg, "limit", 5)) limit = v;
    else if (klen == 5 && !strncmp(arg, "frame", 5)) frame = v;
    else return -1;
    return 0;
}

EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const struct qemu_info_t *info, int argc,
                               char **argv) {
    (void)info;
    for (int i = 0; i < argc; i++) {
        if (parse(argv[i]) != 0) {
            fprintf(stderr, "chipbench insn_counter: bad argument '%s'\n", argv[i]);
            return -1;
        }
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, block_translated);
    qemu_plugin_register_vcpu_syscall_cb(id, guest_syscall);
    qemu_plugin_register_atexit_cb(id, at_exit, NULL);
    return 0;
}
