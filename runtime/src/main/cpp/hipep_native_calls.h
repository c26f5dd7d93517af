/*
 * Calls through a code address with the exact C type of the callee (generated interface and
 * host helpers of hipep_runtime.h). Addresses and pointers travel as int64_t (jlong) so the JNI
 * side reads no Pointer fields. Used by org.hipep.runtime.jit.NativeCalls only.
 */
#ifndef HIPEP_NATIVE_CALLS_H
#define HIPEP_NATIVE_CALLS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <dlfcn.h>
#include <link.h>
#if defined(__x86_64__)
#include <cpuid.h>
#endif

#define HIPEP_PTR(x) ((void *)(intptr_t)(x))

static inline int32_t hipep_call_i32_pp(int64_t fn, int64_t a, int64_t b) {
    return ((int32_t (*)(void *, void *))HIPEP_PTR(fn))(HIPEP_PTR(a), HIPEP_PTR(b));
}
static inline int32_t hipep_call_i32_p(int64_t fn, int64_t a) {
    return ((int32_t (*)(void *))HIPEP_PTR(fn))(HIPEP_PTR(a));
}
static inline int64_t hipep_call_p(int64_t fn) {
    return (int64_t)(intptr_t)((const void *(*)(void))HIPEP_PTR(fn))();
}
static inline void hipep_call_v_pp(int64_t fn, int64_t a, int64_t b) {
    ((void (*)(void *, const void *))HIPEP_PTR(fn))(HIPEP_PTR(a), HIPEP_PTR(b));
}
static inline int64_t hipep_call_p_pp(int64_t fn, int64_t a, int64_t b) {
    return (int64_t)(intptr_t)((const void *(*)(void *, void *))HIPEP_PTR(fn))(HIPEP_PTR(a), HIPEP_PTR(b));
}
static inline int64_t hipep_call_p_p(int64_t fn, int64_t a) {
    return (int64_t)(intptr_t)((const void *(*)(void *))HIPEP_PTR(fn))(HIPEP_PTR(a));
}
static inline int64_t hipep_call_l_pl(int64_t fn, int64_t a, int64_t b) {
    return ((int64_t (*)(void *, int64_t))HIPEP_PTR(fn))(HIPEP_PTR(a), b);
}
static inline void hipep_call_v_p(int64_t fn, int64_t a) {
    ((void (*)(void *))HIPEP_PTR(fn))(HIPEP_PTR(a));
}

/*
 * One run in one JNI crossing: status = compute(state, span), then the state's outputs table
 * (list(state, &count): hipep_state_outputs) copied into dst: dst[0] = count, then
 * min(count, cap) entries of entry_words int64 each (hipep_output_t). A NULL table copies nothing.
 * Returns the compute's status. dst must hold 1 + cap * entry_words int64.
 */
static inline int32_t hipep_call_compute_list(int64_t compute, int64_t list, int64_t state, int64_t span, int64_t dst,
                                              int64_t cap, int64_t entry_words) {
    int32_t status = ((int32_t (*)(void *, void *))HIPEP_PTR(compute))(HIPEP_PTR(state), HIPEP_PTR(span));
    int64_t count = 0;
    const int64_t *table = (const int64_t *)((const void *(*)(void *, int64_t *))HIPEP_PTR(list))(HIPEP_PTR(state),
                                                                                                  &count);
    int64_t *out = (int64_t *)HIPEP_PTR(dst);
    if (table == NULL) count = 0;
    out[0] = count;
    int64_t n = (count < cap ? count : cap) * entry_words;
    for (int64_t i = 0; i < n; i++) out[1 + i] = table[i];
    return status;
}

/*
 * OpenBLAS's kernel choice, made before libopenblas loads (its constructor reads the
 * environment). OpenBLAS 0.3.30's DYNAMIC_ARCH picks a kernel set from its own table of CPU
 * models and may fall back to an older set on a CPU it does not list; so where the CPU and the OS
 * support AVX-512 F, BW, VL and DQ (what OpenBLAS's SKYLAKEX kernels use) and the user has not set
 * OPENBLAS_CORETYPE, it is set to SKYLAKEX. Returns HIPEP_CORE_USER (the user's
 * OPENBLAS_CORETYPE stays), HIPEP_CORE_SKYLAKEX (set), HIPEP_CORE_DEFAULT (no AVX-512: OpenBLAS's
 * own choice stays) or HIPEP_CORE_SETENV_FAILED.
 */
#define HIPEP_CORE_USER 0
#define HIPEP_CORE_SKYLAKEX 1
#define HIPEP_CORE_DEFAULT 2
#define HIPEP_CORE_SETENV_FAILED 3

/* Whether the CPU has AVX-512 F, BW, VL and DQ and the OS saves the AVX-512 registers. */
static inline int32_t hipep_cpu_has_avx512_skx(void) {
#if defined(__x86_64__)
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 27))) return 0; /* OSXSAVE */
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    (void)hi;
    if ((lo & 0xe6u) != 0xe6u) return 0; /* SSE, AVX, opmask, ZMM_Hi256, Hi16_ZMM state enabled */
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    const unsigned want = (1u << 16) | (1u << 17) | (1u << 30) | (1u << 31); /* F, DQ, BW, VL */
    return (b & want) == want;
#else
    return 0;
#endif
}

static inline int32_t hipep_choose_openblas_core(void) {
    const char *user = getenv("OPENBLAS_CORETYPE");
    if (user != NULL && user[0] != '\0') return HIPEP_CORE_USER;
    if (!hipep_cpu_has_avx512_skx()) return HIPEP_CORE_DEFAULT;
    /* overwrite: an empty value counts as unset (and setenv without overwrite would keep it) */
    return setenv("OPENBLAS_CORETYPE", "SKYLAKEX", 1) == 0 ? HIPEP_CORE_SKYLAKEX : HIPEP_CORE_SETENV_FAILED;
}

/* The threads of OpenBLAS's pool (its blas_num_threads: the caller and the workers it started) in
 * the already loaded `library` (a path); -1 when it is not loaded or has no such variable. */
static inline int32_t hipep_openblas_pool_threads(const char *library) {
    void *h = dlopen(library, RTLD_NOW | RTLD_NOLOAD);
    if (h == NULL) return -1;
    const int *n = (const int *)dlsym(h, "blas_num_threads");
    int32_t threads = n == NULL ? -1 : *n;
    dlclose(h); /* the library stays loaded (JavaCPP holds it) */
    return threads;
}

/* OpenBLAS's openblas_get_corename() of the already loaded `library` (a path); NULL when it is not
 * loaded or has no such function. The name is OpenBLAS's static string. */
static inline const char *hipep_openblas_corename(const char *library) {
    void *h = dlopen(library, RTLD_NOW | RTLD_NOLOAD);
    if (h == NULL) return NULL;
    char *(*fn)(void) = (char *(*)(void))dlsym(h, "openblas_get_corename");
    const char *name = fn == NULL ? NULL : fn();
    dlclose(h); /* the library stays loaded (JavaCPP holds it) */
    return name;
}

/* dlopen(path, RTLD_LAZY | (global ? RTLD_GLOBAL : RTLD_LOCAL)): global as LLVM opens its
 * permanent libraries, local as System.load opens a library; the handle into *handle and NULL, or
 * 0 and the loader's message (read here: the JVM may call the loader before another call from Java
 * could ask dlerror) */
static inline const char *hipep_dlopen(const char *path, int32_t global, int64_t *handle) {
    void *h = dlopen(path, RTLD_LAZY | (global ? RTLD_GLOBAL : RTLD_LOCAL));
    *handle = (int64_t)(intptr_t)h;
    if (h != NULL) return NULL;
    const char *why = dlerror();
    return why != NULL ? why : "the dynamic loader gave no reason";
}

typedef struct {
    char *buf;
    int64_t cap, len;
} hipep_objects_t;

static int hipep_object_name(struct dl_phdr_info *info, size_t size, void *data) {
    hipep_objects_t *o = (hipep_objects_t *)data;
    const char *name = info->dlpi_name;
    (void)size;
    if (name == NULL || name[0] == '\0') return 0; /* the executable and the vDSO */
    int64_t n = (int64_t)strlen(name);
    if (o->len + n + 1 <= o->cap) {
        memcpy(o->buf + o->len, name, (size_t)n);
        o->buf[o->len + n] = '\n';
    }
    o->len += n + 1;
    return 0;
}

/* the file names of the process's loaded libraries in the dynamic loader's order (dl_iterate_phdr,
 * the order they were loaded in), each followed by '\n', into buf as far as cap bytes go; returns
 * the bytes all of them take */
static inline int64_t hipep_loaded_objects(char *buf, int64_t cap) {
    hipep_objects_t o = {buf, cap, 0};
    dl_iterate_phdr(hipep_object_name, &o);
    return o.len;
}

/* dlsym in the library `handle` (and its dependencies); 0 when absent */
static inline int64_t hipep_dlsym(int64_t handle, const char *name) {
    return (int64_t)(intptr_t)dlsym(HIPEP_PTR(handle), name);
}

/*
 * Sets environment variable `name` to `value` (C setenv, which libraries loaded later read in
 * their constructors; Java's System.getenv does not see it) unless the user has set it.
 * Returns 1 when it was set, 0 when the user's value stays, -1 when setenv failed.
 */
static inline int32_t hipep_setenv_default(const char *name, const char *value) {
    const char *user = getenv(name);
    if (user != NULL && user[0] != '\0') return 0;
    return setenv(name, value, 1) == 0 ? 1 : -1; /* overwrite: an empty value counts as unset */
}

#endif
