/*
 * The chipbench ISA test harness, as the hidden test code of a task sees it.
 *
 * A task's C file holds the function (built when CB_DRIVER is not defined) and its tests (built
 * when it is). The tests describe each case with cb_case / cb_in_* / cb_out_* / cb_end and call
 * the function under test through CB_CALL, which on a target goes through the checking
 * trampoline (see crt-<arch>.S) and natively calls the function directly.
 *
 * Everything here must behave the same on x86-64, RV64 and AArch64, because the expected output
 * is produced natively and compared with the output under qemu: the generator is integer-only,
 * floating-point values print as exact hex, and the whole harness is built freestanding with
 * -ffp-contract=off and -fsigned-char.
 */
#ifndef CHIPBENCH_HARNESS_H
#define CHIPBENCH_HARNESS_H

#include <stddef.h>
#include <stdint.h>

/* Seeded pseudo-random inputs (xorshift64*): the same sequence on every machine. */
uint64_t cb_rand(void);
uint64_t cb_below(uint64_t n);                  /* 0 <= r < n (n > 0) */
int64_t cb_between(int64_t lo, int64_t hi);     /* lo <= r <= hi */
double cb_real(double lo, double hi);           /* lo <= r < hi, 53 random bits */
int cb_chance(int percent);                     /* 1 with the given probability */
void cb_fill_bytes(void *p, size_t n);

/* One test case: a line "index<TAB>name(inputs)<TAB>outputs" on stdout. */
void cb_case(const char *function_name);
void cb_in_i(const char *name, int64_t v);
void cb_in_u(const char *name, uint64_t v);
void cb_in_x(const char *name, uint64_t v);     /* unsigned, in hex */
void cb_in_f64(const char *name, double v);
void cb_in_f32(const char *name, float v);
void cb_in_str(const char *name, const char *s);
void cb_in_bytes(const char *name, const void *p, size_t n);
void cb_in_i32s(const char *name, const int32_t *p, size_t n);
void cb_in_i64s(const char *name, const int64_t *p, size_t n);
void cb_in_u32s(const char *name, const uint32_t *p, size_t n);
void cb_in_i16s(const char *name, const int16_t *p, size_t n);
void cb_in_f64s(const char *name, const double *p, size_t n);
void cb_out_i(const char *name, int64_t v);
void cb_out_u(const char *name, uint64_t v);
void cb_out_x(const char *name, uint64_t v);
void cb_out_f64(const char *name, double v);
void cb_out_f32(const char *name, float v);
void cb_out_str(const char *name, const char *s);
void cb_out_bytes(const char *name, const void *p, size_t n);
void cb_out_i32s(const char *name, const int32_t *p, size_t n);
void cb_out_i64s(const char *name, const int64_t *p, size_t n);
void cb_out_u32s(const char *name, const uint32_t *p, size_t n);
void cb_out_i16s(const char *name, const int16_t *p, size_t n);
void cb_out_f64s(const char *name, const double *p, size_t n);
void cb_end(void);

/* Freestanding replacements the compiler may call for struct copies and zeroing. */
void *memcpy(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
void *memmove(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);

/* The next call of the function under test may store into [p, p + n): its output buffers.
   It may store nowhere else but its own stack frame (the counting plugin stops it). */
void cb_writable(void *p, size_t n);

/* The task's tests: called once by the harness's main. */
void cb_tests(void);

/* The seed of the random inputs. A task set generated with a seed other than 0 builds its
   tests with -DCB_INPUT_SEED=<nonzero 64-bit value>, which replaces the harness's own (weak)
   default: fresh inputs, and expected outputs computed from them. */
#if defined(CB_DRIVER) && defined(CB_INPUT_SEED)
const volatile uint64_t cb_input_seed = CB_INPUT_SEED;
#endif

#ifdef CB_NATIVE
#define CB_CALL(fn) (fn)
#else
void *cb_enter(void *target);   /* arms the trampoline for `target`, returns the trampoline */
#define CB_CALL(fn) ((__typeof__(&(fn)))cb_enter((void *)&(fn)))
#endif

#endif
