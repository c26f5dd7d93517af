/*
 * The generated-interface runtime: states, inputs, outputs, the memory pool, constants, errors and
 * the worker threads (CPU).
 *
 * Defines every function of hipep_runtime.h's sections "generated-interface runtime", "lowered
 * runtime ops", "kernels report failures", "host side" and "for kernels":
 *  - hipdnn_ep_state_init_with_fs / hipdnn_ep_state_cleanup: one state per inference_init; it
 *    copies what it needs of the host's hipep_host_t (constants, threads clamped to >= 1, the
 *    convolutions' algorithm search) and keeps the host's address for what states share
 *    (hipep_host_t.shared).
 *  - hipdnn_ep_pool_init / hipdnn_ep_get_pool_base: memory pool domains (256-byte aligned), domain 0
 *    allocated eagerly, each domain grows on demand (never shrinks; growth does not keep contents).
 *  - hipdnn_ep_get_host_scratch_base: one grow-on-demand scratch buffer (64-byte aligned).
 *  - st_scratch_take / st_scratch_give (static, for the kernels of this translation unit): per-slot
 *    grow-only scratch buffers that the state keeps between computes (convolution's im2col tiles).
 *  - hipdnn_ep_get_constant: the host's constant i (INDEX_OUT_OF_RANGE error and NULL when out of range).
 *  - hipdnn_ep_runtime_begin_compute: forgets the previous compute's outputs table and error.
 *  - hipdnn_ep_tensor_prepare_input / _free_input / hipdnn_ep_stream_sync: CPU tensors only.
 *  - errors: the first error of a compute wins (atomic compare-exchange on the code; the winner
 *    writes the message); read_and_clear clears the code but keeps the message for the host.
 *  - outputs: hipdnn_ep_alloc_output through the installed allocator or a 64-byte aligned malloc
 *    (runtime_owned = 1, freed by the host with hipep_free); hipep_state_outputs lists them.
 *    hipep_provided_output_allocate is the allocator for caller-provided outputs (the host's
 *    table of buffers; an output whose shape differs from its buffer's is refused and recorded).
 *  - hipep_parallel_for: fork-join on libgomp's team (the OpenMP runtime oneDNN runs on, loaded
 *    with libdnnl), so the convolutions and the other ops of a run share one set of threads; the
 *    caller takes part, and thread i takes the chunks of the i-th contiguous part first, then helps
 *    with the others' (st_omp_body). A call made while the state's parallel region runs (from a
 *    body: nested) runs inline. How long idle team threads watch for the next region is libgomp's
 *    spin count (DnnlLibrary sets it). No thread-local storage (the module is JIT-linked) and no
 *    global mutable state. OpenBLAS is kept at one thread (each compute checks):
 *    large GEMMs are split over the team by kernels_linalg.c.
 *  - the oneDNN cache (kernels_dnnl.c) is shared by the states of one host and freed by
 *    hipep_host_release after the last state's cleanup; each state counts its own oneDNN runs.
 *  - the per-op profile: every kernel call of a compiled model sits between hipep_profile_begin
 *    and hipep_profile_end (convert-hip-to-llvm emits them); with the state's profiling off (the
 *    default) begin returns 0 and end does nothing, with it on (hipep_state_set_profiling) each
 *    call appends {name, start, duration} to the state's table of the current compute (emptied by
 *    begin_compute), which the host reads with hipep_state_profile after the compute.
 */
#include "hipep_runtime.h"

#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define ST_MESSAGE_SIZE 1024
#define ST_POOL_ALIGN 256
#define ST_SCRATCH_ALIGN 64
#define ST_OUTPUT_ALIGN 64
#define ST_KSCRATCH_SLOTS 64
#define ST_DNNL_KINDS 15 /* kernels_dnnl.c's DN_KINDS */

typedef struct {
    void *base;
    int64_t size;
} st_domain_t;

/* the computes begun in this process, over all states: st_state_t.run */
static _Atomic uint64_t st_runs;

typedef struct st_state {
    /* from the host */
    int64_t constant_count;
    const void *const *constants;
    int64_t threads;
    int64_t conv_search; /* hipep_host_t.conv_search */
    uint64_t run;        /* this compute's number, unique in the process (begin_compute) */
    const char *metadata_json;
    int64_t metadata_len;

    /* memory */
    st_domain_t *domains;
    int64_t domain_count;
    void *scratch;
    int64_t scratch_size;

    /* kernel scratch (st_scratch_take): one grow-only buffer per slot, a busy bit per slot */
    void *kscratch[ST_KSCRATCH_SLOTS];
    int64_t kscratch_size[ST_KSCRATCH_SLOTS];
    _Atomic uint64_t kscratch_busy;

    /* outputs of the current compute */
    hipep_output_t *outputs;
    int64_t outputs_cap;
    int64_t outputs_count;
    hipdnn_output_allocator_t allocator;
    int has_allocator;

    /* the first error */
    _Atomic int32_t error_code;
    char error_message[ST_MESSAGE_SIZE];

    _Atomic int in_parallel;  /* a parallel job of this state is running: nested calls run inline */
    pthread_mutex_t mu;       /* guards taking the oneDNN cache and making dnnl_streams */

    /* oneDNN's engine, primitives and packed weights (kernels_dnnl.c): the host's shared cache,
     * taken on first use, with streams of the state's own (dnnl_streams[i] for thread i of the
     * state's team, `threads` of them; [0] made with the cache, the others by dn_team_streams);
     * dnnl_off: oneDNN is switched off or unavailable for this state */
    hipep_host_t *host;
    struct dn_cache *_Atomic dnnl;
    void **dnnl_streams;
    _Atomic int dnnl_off;
    /* the oneDNN runs of this state, per kind (hipep_state_onednn_runs) */
    _Atomic int64_t dnnl_runs[ST_DNNL_KINDS];

    /* hip-conv-bound-slots: slot i holds a bound of the largest |value| of a buffer as a convolution
     * of this compute wrote it (bounds[i]), valid while bounds_run[i] is this compute's `run`
     * (st_bound / st_bound_set); grown on the first write of a slot, kept between computes */
    double *bounds;
    uint64_t *bounds_run;
    int64_t bounds_cap;

    /* the per-op profile of the current compute (hipep_state_set_profiling); events past what
     * could be allocated are counted in profile_dropped */
    int profiling;
    hipep_profile_event_t *profile;
    int64_t profile_count, profile_cap, profile_dropped;
} st_state_t;

struct dn_cache;
static void dn_cache_free(struct dn_cache *c);
static void dn_stream_free(void *stream);

/* ------------------------------------------------------------------ helpers */

static void *st_aligned_alloc(int64_t alignment, int64_t needed) {
    if (needed < 1) needed = 1;
    if (needed > INT64_MAX - alignment) return NULL;
    int64_t rounded = (needed + alignment - 1) / alignment * alignment;
    if ((uint64_t)rounded > (uint64_t)SIZE_MAX) return NULL;
    return aligned_alloc((size_t)alignment, (size_t)rounded);
}

/*
 * The state's large buffers (the memory plan's pools, the host scratch, kernel scratch) and the
 * weights oneDNN reads in its own layout (dn_weights_prepare): from ST_HUGE_PAGE bytes on, a
 * mapping of their own that starts on a huge page's boundary, whose whole huge pages ask for
 * transparent huge pages (MADV_HUGEPAGE; the tail past the last one keeps small pages: advised
 * too, light-resnet50 held 35 MB more). Where the kernel gives huge pages only to regions that ask
 * (the "madvise" setting, as on the machine of docs/BENCHMARKS.md) each 4 KiB page took a TLB
 * entry of its own, and light-resnet50 reads ~150 MB of packed and transformed weights every run
 * (one thread: 1-4% faster a run, twenty-eighth round). The advice is a hint: refused, the buffer
 * is as before. A mapping rather than malloc: glibc serves large blocks from its heap once freed
 * ones have raised its mmap threshold, and a freed block's advice would stay on the heap. Smaller
 * buffers come from st_aligned_alloc. st_buffer_free takes the size the buffer was made with.
 */
#define ST_HUGE_PAGE (2LL << 20)

static int64_t st_page_round(int64_t bytes) {
    int64_t page = (int64_t)sysconf(_SC_PAGESIZE);
    return (bytes + page - 1) / page * page;
}

static void *st_buffer_alloc(int64_t alignment, int64_t bytes) {
    if (bytes < ST_HUGE_PAGE) return st_aligned_alloc(alignment, bytes);
    if (bytes > INT64_MAX / 2) return NULL;
    int64_t len = st_page_round(bytes);
    char *m = (char *)mmap(NULL, (size_t)(len + ST_HUGE_PAGE), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                           -1, 0);
    if (m == MAP_FAILED) return NULL;
    char *p = (char *)(((uintptr_t)m + (uintptr_t)ST_HUGE_PAGE - 1) & ~((uintptr_t)ST_HUGE_PAGE - 1));
    /* the slack before the boundary and after the buffer (p - m < ST_HUGE_PAGE: some is after) */
    if (p > m) munmap(m, (size_t)(p - m));
    munmap(p + len, (size_t)(m + ST_HUGE_PAGE - p));
#ifdef MADV_HUGEPAGE
    (void)madvise(p, (size_t)(bytes / ST_HUGE_PAGE * ST_HUGE_PAGE), MADV_HUGEPAGE);
#endif
    return p;
}

static void st_buffer_free(void *p, int64_t bytes) {
    if (p == NULL) return;
    if (bytes < ST_HUGE_PAGE) free(p);
    else munmap(p, (size_t)st_page_round(bytes));
}

static void st_set_error_text(st_state_t *st, int32_t code, const char *fmt, va_list ap) {
    if (code == 0) code = HIPEP_ERR_INTERNAL; /* a failure reported with "OK" is still a failure */
    int32_t expected = 0;
    if (!atomic_compare_exchange_strong_explicit(&st->error_code, &expected, code, memory_order_acq_rel,
                                                 memory_order_acquire)) {
        return; /* an earlier error wins */
    }
    if (fmt == NULL) {
        st->error_message[0] = '\0';
    } else {
        vsnprintf(st->error_message, sizeof st->error_message, fmt, ap);
    }
}

static void st_error(st_state_t *st, int32_t code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void st_error(st_state_t *st, int32_t code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    st_set_error_text(st, code, fmt, ap);
    va_end(ap);
}

/* ------------------------------------------------------------------ state */

int32_t hipdnn_ep_state_init_with_fs(void **out_state, void *fs, const char *metadata_json, int64_t metadata_len) {
    if (out_state == NULL || fs == NULL) return HIPEP_ERR_INVALID_ARGUMENT;
    *out_state = NULL;
    hipep_host_t *host = (hipep_host_t *)fs;
    if (host->constant_count < 0 || (host->constant_count > 0 && host->constants == NULL)) {
        return HIPEP_ERR_INVALID_ARGUMENT;
    }
    st_state_t *st = (st_state_t *)calloc(1, sizeof *st);
    if (st == NULL) return HIPEP_ERR_OUT_OF_MEMORY;
    st->constant_count = host->constant_count;
    st->constants = host->constants;
    st->threads = host->threads < 1 ? 1 : host->threads;
    st->conv_search = host->conv_search;
    st->host = host;
    st->metadata_json = metadata_json;
    st->metadata_len = metadata_len;
    atomic_init(&st->error_code, 0);
    atomic_init(&st->in_parallel, 0);
    atomic_init(&st->kscratch_busy, 0);
    atomic_init(&st->dnnl, NULL);
    atomic_init(&st->dnnl_off, 0);
    for (int i = 0; i < ST_DNNL_KINDS; i++) atomic_init(&st->dnnl_runs[i], 0);
    if (pthread_mutex_init(&st->mu, NULL) != 0) {
        free(st);
        return HIPEP_ERR_INTERNAL;
    }
    *out_state = st;
    return HIPEP_OK;
}

int32_t hipdnn_ep_state_cleanup(void *state) {
    st_state_t *st = (st_state_t *)state;
    if (st == NULL) return HIPEP_ERR_INVALID_ARGUMENT;
    if (st->dnnl_streams != NULL)
        for (int64_t i = 0; i < st->threads; i++) dn_stream_free(st->dnnl_streams[i]);
    free(st->dnnl_streams);
    for (int64_t i = 0; i < st->domain_count; i++) st_buffer_free(st->domains[i].base, st->domains[i].size);
    free(st->domains);
    st_buffer_free(st->scratch, st->scratch_size);
    for (int i = 0; i < ST_KSCRATCH_SLOTS; i++) st_buffer_free(st->kscratch[i], st->kscratch_size[i]);
    free(st->outputs);
    free(st->profile);
    free(st->bounds);
    free(st->bounds_run);
    pthread_mutex_destroy(&st->mu); /* a state exists only with mu initialised */
    free(st);
    return HIPEP_OK;
}

int32_t hipep_host_release(void *host) {
    hipep_host_t *h = (hipep_host_t *)host;
    if (h == NULL) return HIPEP_ERR_INVALID_ARGUMENT;
    dn_cache_free((struct dn_cache *)h->shared);
    h->shared = NULL;
    return HIPEP_OK;
}

/* ------------------------------------------------------------------ memory pool, scratch, constants */

/* Makes domain `id` at least `needed` bytes; NULL (no error set) when out of memory. */
static void *st_domain_reserve(st_state_t *st, int64_t id, int64_t needed) {
    if (needed < 1) needed = 1;
    if (id >= st->domain_count) {
        int64_t cap = st->domain_count == 0 ? 4 : st->domain_count;
        while (cap <= id) cap *= 2;
        st_domain_t *grown = (st_domain_t *)realloc(st->domains, (size_t)cap * sizeof *grown);
        if (grown == NULL) return NULL;
        memset(grown + st->domain_count, 0, (size_t)(cap - st->domain_count) * sizeof *grown);
        st->domains = grown;
        st->domain_count = cap;
    }
    st_domain_t *d = &st->domains[id];
    if (d->base == NULL || d->size < needed) {
        st_buffer_free(d->base, d->size);
        d->base = st_buffer_alloc(ST_POOL_ALIGN, needed);
        d->size = d->base == NULL ? 0 : needed;
    }
    return d->base;
}

int32_t hipdnn_ep_pool_init(void *state, int64_t pool_size, const int64_t *offsets, int64_t count) {
    (void)offsets;
    (void)count;
    st_state_t *st = (st_state_t *)state;
    if (st == NULL || pool_size < 0) return HIPEP_ERR_INVALID_ARGUMENT;
    if (st_domain_reserve(st, 0, pool_size) == NULL) {
        st_error(st, HIPEP_ERR_OUT_OF_MEMORY, "hipdnn_ep_pool_init: cannot allocate the memory pool (%lld bytes)",
                 (long long)pool_size);
        return HIPEP_ERR_OUT_OF_MEMORY;
    }
    return HIPEP_OK;
}

void *hipdnn_ep_get_pool_base(void *state, int32_t domain_id, int64_t needed) {
    st_state_t *st = (st_state_t *)state;
    if (st == NULL) return NULL;
    if (domain_id < 0) {
        st_error(st, HIPEP_ERR_INVALID_ARGUMENT, "hipdnn_ep_get_pool_base: negative domain %d", (int)domain_id);
        return NULL;
    }
    void *base = st_domain_reserve(st, domain_id, needed);
    if (base == NULL) {
        st_error(st, HIPEP_ERR_OUT_OF_MEMORY, "hipdnn_ep_get_pool_base: cannot allocate %lld bytes for domain %d",
                 (long long)needed, (int)domain_id);
    }
    return base;
}

void *hipdnn_ep_get_host_scratch_base(void *state, int64_t needed) {
    st_state_t *st = (st_state_t *)state;
    if (st == NULL) return NULL;
    if (needed < 1) needed = 1;
    if (st->scratch == NULL || st->scratch_size < needed) {
        st_buffer_free(st->scratch, st->scratch_size);
        st->scratch = st_buffer_alloc(ST_SCRATCH_ALIGN, needed);
        st->scratch_size = st->scratch == NULL ? 0 : needed;
        if (st->scratch == NULL) {
            st_error(st, HIPEP_ERR_OUT_OF_MEMORY, "hipdnn_ep_get_host_scratch_base: cannot allocate %lld bytes",
                     (long long)needed);
        }
    }
    return st->scratch;
}

/*
 * Kernel scratch kept by the state between computes (not exported: kernels reach it through the
 * one translation unit). A parallel body takes a slot's buffer of at least `bytes` (64-byte
 * aligned, contents undefined) and gives it back before it returns; at most `threads` bodies run
 * at once, so a slot is free unless a body nests; then, or when ctx is NULL, it is a malloc
 * (*slot = -1). A state runs one compute at a time (a session pools states, one per concurrent
 * run), so the slots are never shared between runs. NULL (no error set) when out of memory.
 */
static void *st_scratch_take(void *ctx, int64_t bytes, int *slot) {
    st_state_t *st = (st_state_t *)ctx;
    *slot = -1;
    if (bytes < 1) bytes = 1;
    if (st != NULL) {
        uint64_t busy = atomic_load_explicit(&st->kscratch_busy, memory_order_relaxed);
        while (busy != ~(uint64_t)0) {
            int i = __builtin_ctzll(~busy);
            if (atomic_compare_exchange_weak_explicit(&st->kscratch_busy, &busy, busy | (1ULL << i),
                                                      memory_order_acquire, memory_order_relaxed)) {
                if (st->kscratch[i] == NULL || st->kscratch_size[i] < bytes) {
                    st_buffer_free(st->kscratch[i], st->kscratch_size[i]);
                    st->kscratch[i] = st_buffer_alloc(ST_SCRATCH_ALIGN, bytes);
                    st->kscratch_size[i] = st->kscratch[i] == NULL ? 0 : bytes;
                }
                if (st->kscratch[i] == NULL) {
                    atomic_fetch_and_explicit(&st->kscratch_busy, ~(1ULL << i), memory_order_release);
                    return NULL;
                }
                *slot = i;
                return st->kscratch[i];
            }
        }
    }
    return st_aligned_alloc(ST_SCRATCH_ALIGN, bytes);
}

static void st_scratch_give(void *ctx, void *p, int slot) {
    st_state_t *st = (st_state_t *)ctx;
    if (slot < 0 || st == NULL) free(p);
    else atomic_fetch_and_explicit(&st->kscratch_busy, ~(1ULL << slot), memory_order_release);
}

/*
 * The bound slots of hip-conv-bound-slots (not exported: the conv kernels reach them through the
 * one translation unit). A compiled model numbers the slots 0, 1, ... over its module; a slot is
 * written by one convolution (its `bound_slot`) and read by convolutions after it in the same block
 * that read the buffer it wrote, with no other writer between (the pass proves it). st_bound is the
 * slot's bound when this compute wrote one, else +inf (no slot, never written, written by an
 * earlier compute: nothing is trusted across computes); st_bound_set writes +inf for "unknown".
 * A slot that cannot be grown is not written (its readers see +inf).
 */
static double st_bound(void *ctx, int64_t slot) {
    st_state_t *st = (st_state_t *)ctx;
    if (st == NULL || slot < 0 || slot >= st->bounds_cap || st->bounds_run[slot] != st->run) return INFINITY;
    return st->bounds[slot];
}

static void st_bound_set(void *ctx, int64_t slot, double bound) {
    st_state_t *st = (st_state_t *)ctx;
    if (st == NULL || slot < 0) return;
    if (slot >= st->bounds_cap) {
        int64_t cap = slot + 1 > 2 * st->bounds_cap ? slot + 1 : 2 * st->bounds_cap;
        double *b = (double *)realloc(st->bounds, (size_t)cap * sizeof *b);
        if (b != NULL) st->bounds = b;
        uint64_t *r = b == NULL ? NULL : (uint64_t *)realloc(st->bounds_run, (size_t)cap * sizeof *r);
        if (r == NULL) return;
        st->bounds_run = r;
        for (int64_t i = st->bounds_cap; i < cap; i++) r[i] = UINT64_MAX; /* never written */
        st->bounds_cap = cap;
    }
    st->bounds[slot] = bound;
    st->bounds_run[slot] = st->run;
}

void *hipdnn_ep_get_constant(void *state, int64_t index) {
    st_state_t *st = (st_state_t *)state;
    if (st == NULL) return NULL;
    if (index < 0 || index >= st->constant_count) {
        st_error(st, HIPEP_ERR_INDEX_OUT_OF_RANGE, "hipdnn_ep_get_constant: constant %lld out of range (%lld constants)",
                 (long long)index, (long long)st->constant_count);
        return NULL;
    }
    return (void *)st->constants[index];
}

/* ------------------------------------------------------------------ compute, inputs */

/* OpenBLAS (the linalg kernels' GEMM) runs at ONE thread: hipep_parallel_for parallelises large
 * GEMMs (kernels_linalg.c splits them into single-threaded calls). OpenBLAS's own workers would
 * spin after each call and take the cores the team needs. The count is process-wide and other code
 * in the process may change it, so each compute checks it (a load of OpenBLAS's variable). */
extern void openblas_set_num_threads(int threads);
extern int openblas_get_num_threads(void);

static void st_blas_one_thread(void) {
    if (openblas_get_num_threads() != 1) openblas_set_num_threads(1);
}

void hipdnn_ep_runtime_begin_compute(void *state) {
    st_state_t *st = (st_state_t *)state;
    if (st == NULL) return;
    if (st->outputs_count > 0) memset(st->outputs, 0, (size_t)st->outputs_count * sizeof *st->outputs);
    st->outputs_count = 0;
    /* The previous compute's error was read by the host; a failure of this compute's input checks
     * (which return before the flag is reset) must not show the old message. */
    atomic_store_explicit(&st->error_code, 0, memory_order_release);
    st->error_message[0] = '\0';
    st->profile_count = 0;
    st->profile_dropped = 0;
    st->run = atomic_fetch_add(&st_runs, 1) + 1;
    st_blas_one_thread();
}

int32_t hipdnn_ep_tensor_prepare_input(void *state, tensor_t *tensor, void **device_ptr) {
    st_state_t *st = (st_state_t *)state;
    if (st == NULL) return HIPEP_ERR_INVALID_ARGUMENT;
    if (tensor == NULL || device_ptr == NULL) {
        st_error(st, HIPEP_ERR_INVALID_ARGUMENT, "hipdnn_ep_tensor_prepare_input: null tensor or slot");
        return HIPEP_ERR_INVALID_ARGUMENT;
    }
    *device_ptr = NULL;
    if (tensor->memory_type != TENSOR_MEMORY_CPU) {
        st_error(st, HIPEP_ERR_UNSUPPORTED,
                 "hipdnn_ep_tensor_prepare_input: the CPU runtime takes CPU tensors only (memory_type %d)",
                 tensor->memory_type);
        return HIPEP_ERR_UNSUPPORTED;
    }
    if (tensor->data == NULL) {
        int64_t numel = 1;
        if (tensor->rank > 0 && tensor->shape == NULL) numel = -1;
        for (size_t i = 0; numel != 0 && tensor->shape != NULL && i < tensor->rank; i++) {
            if (tensor->shape[i] == 0) numel = 0;
        }
        if (numel != 0) {
            st_error(st, HIPEP_ERR_INVALID_ARGUMENT,
                     "hipdnn_ep_tensor_prepare_input: null data for a tensor with elements (rank %zu)", tensor->rank);
            return HIPEP_ERR_INVALID_ARGUMENT;
        }
    }
    *device_ptr = tensor->data;
    return HIPEP_OK;
}

void hipdnn_ep_tensor_free_input(void *state, tensor_t *tensor, void *device_ptr) {
    (void)state;
    (void)tensor;
    (void)device_ptr; /* the host's own memory: nothing to free on CPU */
}

void hipdnn_ep_stream_sync(void *state) {
    (void)state; /* kernels run synchronously on CPU */
}

/* ------------------------------------------------------------------ errors */

void hipdnn_ep_state_set_error(void *state, int32_t code, const char *message) {
    st_state_t *st = (st_state_t *)state;
    if (st == NULL) return;
    st_error(st, code, "%s", message == NULL ? "" : message);
}

void hipep_errorf(void *ctx, int32_t code, const char *fmt, ...) {
    st_state_t *st = (st_state_t *)ctx;
    if (st == NULL) return;
    va_list ap;
    va_start(ap, fmt);
    st_set_error_text(st, code, fmt, ap);
    va_end(ap);
}

int hipep_has_error(void *ctx) {
    st_state_t *st = (st_state_t *)ctx;
    return st != NULL && atomic_load_explicit(&st->error_code, memory_order_acquire) != 0;
}

void hipdnn_ep_state_reset_error_flag(void *state) {
    st_state_t *st = (st_state_t *)state;
    if (st == NULL) return;
    atomic_store_explicit(&st->error_code, 0, memory_order_release);
    st->error_message[0] = '\0';
}

int32_t hipdnn_ep_state_read_and_clear_error_flag(void *state) {
    st_state_t *st = (st_state_t *)state;
    if (st == NULL) return HIPEP_ERR_INVALID_ARGUMENT;
    /* the message stays for hipep_state_error_message */
    return atomic_exchange_explicit(&st->error_code, 0, memory_order_acq_rel);
}

const char *hipep_state_error_message(void *state) {
    st_state_t *st = (st_state_t *)state;
    return st == NULL ? "" : st->error_message;
}

/* ------------------------------------------------------------------ outputs */

void hipdnn_ep_state_set_output_allocator(void *state, const hipdnn_output_allocator_t *allocator) {
    st_state_t *st = (st_state_t *)state;
    if (st == NULL) return;
    if (allocator == NULL || allocator->allocate == NULL) {
        memset(&st->allocator, 0, sizeof st->allocator);
        st->has_allocator = 0;
    } else {
        st->allocator = *allocator;
        st->has_allocator = 1;
    }
}

void *hipdnn_ep_alloc_output(void *state, int64_t out_idx, const int64_t *shape, int64_t rank, int64_t elem_size) {
    st_state_t *st = (st_state_t *)state;
    if (st == NULL) return NULL;
    if (out_idx < 0 || rank < 0 || rank > HIPEP_MAX_RANK || elem_size < 0 || (rank > 0 && shape == NULL)) {
        st_error(st, HIPEP_ERR_INVALID_ARGUMENT,
                 "hipdnn_ep_alloc_output: bad output %lld (rank %lld, max %d; element size %lld)", (long long)out_idx,
                 (long long)rank, HIPEP_MAX_RANK, (long long)elem_size);
        return NULL;
    }
    if (out_idx < st->outputs_count && st->outputs[out_idx].data != NULL) {
        st_error(st, HIPEP_ERR_INVALID_ARGUMENT, "hipdnn_ep_alloc_output: output %lld allocated twice in one compute",
                 (long long)out_idx);
        return NULL;
    }
    int64_t bytes = elem_size;
    for (int64_t i = 0; i < rank; i++) {
        if (shape[i] < 0 || __builtin_mul_overflow(bytes, shape[i], &bytes)) {
            st_error(st, HIPEP_ERR_INVALID_ARGUMENT, "hipdnn_ep_alloc_output: output %lld: bad dimension %lld (dim %lld)",
                     (long long)out_idx, (long long)shape[i], (long long)i);
            return NULL;
        }
    }
    if (out_idx >= st->outputs_cap) {
        int64_t cap = st->outputs_cap == 0 ? 8 : st->outputs_cap;
        while (cap <= out_idx) cap *= 2;
        hipep_output_t *grown = (hipep_output_t *)realloc(st->outputs, (size_t)cap * sizeof *grown);
        if (grown == NULL) {
            st_error(st, HIPEP_ERR_OUT_OF_MEMORY, "hipdnn_ep_alloc_output: cannot grow the outputs table to %lld",
                     (long long)cap);
            return NULL;
        }
        memset(grown + st->outputs_cap, 0, (size_t)(cap - st->outputs_cap) * sizeof *grown);
        st->outputs = grown;
        st->outputs_cap = cap;
    }
    void *data;
    int owned;
    if (st->has_allocator) {
        data = st->allocator.allocate(st->allocator.self, out_idx, shape, rank, elem_size);
        owned = 0;
    } else {
        data = st_aligned_alloc(ST_OUTPUT_ALIGN, bytes);
        owned = 1;
    }
    if (data == NULL) {
        st_error(st, HIPEP_ERR_OUT_OF_MEMORY, "hipdnn_ep_alloc_output: cannot allocate output %lld (%lld bytes)",
                 (long long)out_idx, (long long)bytes);
        return NULL;
    }
    hipep_output_t *o = &st->outputs[out_idx];
    memset(o, 0, sizeof *o);
    o->data = data;
    o->rank = rank;
    for (int64_t i = 0; i < rank; i++) o->shape[i] = shape[i];
    o->element_size = elem_size;
    o->runtime_owned = owned;
    if (out_idx >= st->outputs_count) st->outputs_count = out_idx + 1;
    return data;
}

void *hipep_provided_output_allocate(void *self, int64_t out_idx, const int64_t *shape, int64_t rank,
                                     int64_t elem_size) {
    hipep_provided_outputs_t *table = (hipep_provided_outputs_t *)self;
    if (table == NULL || out_idx < 0 || rank < 0 || rank > HIPEP_MAX_RANK) return NULL;
    hipep_provided_output_t *e = out_idx < table->count ? &table->entries[out_idx] : NULL;
    if (e == NULL || e->data == NULL) {
        int64_t bytes = elem_size;
        for (int64_t i = 0; i < rank; i++) {
            if (__builtin_mul_overflow(bytes, shape[i], &bytes)) return NULL;
        }
        void *data = st_aligned_alloc(ST_OUTPUT_ALIGN, bytes);
        if (e != NULL && data != NULL) e->status = HIPEP_PROVIDED_RUNTIME;
        return data;
    }
    int same = e->rank == rank && e->element_size == elem_size;
    for (int64_t i = 0; same && i < rank; i++) same = e->shape[i] == shape[i];
    e->got_rank = rank;
    for (int64_t i = 0; i < rank; i++) e->got_shape[i] = shape[i];
    e->got_element_size = elem_size;
    e->status = same ? HIPEP_PROVIDED_WRITTEN : HIPEP_PROVIDED_MISMATCH;
    return same ? e->data : NULL;
}

const hipep_output_t *hipep_state_outputs(void *state, int64_t *count) {
    st_state_t *st = (st_state_t *)state;
    if (st == NULL) {
        if (count != NULL) *count = 0;
        return NULL;
    }
    if (count != NULL) *count = st->outputs_count;
    return st->outputs;
}

/* ------------------------------------------------------------------ per-op profile */

static int64_t st_now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

int64_t hipep_profile_begin(void *ctx) {
    st_state_t *st = (st_state_t *)ctx;
    if (st == NULL || !st->profiling) return 0;
    int64_t now = st_now_ns();
    return now > 0 ? now : 1; /* 0 means "not profiling" to hipep_profile_end */
}

void hipep_profile_end(void *ctx, int64_t start, const char *name) {
    st_state_t *st = (st_state_t *)ctx;
    if (st == NULL || start == 0 || !st->profiling) return;
    int64_t end = st_now_ns();
    if (st->profile_count == st->profile_cap) {
        int64_t cap = st->profile_cap < 64 ? 64 : st->profile_cap * 2;
        hipep_profile_event_t *grown = realloc(st->profile, (size_t)cap * sizeof *grown);
        if (grown == NULL) {
            st->profile_dropped++;
            return;
        }
        st->profile = grown;
        st->profile_cap = cap;
    }
    st->profile[st->profile_count++] = (hipep_profile_event_t){name, start, end - start};
}

int64_t hipep_state_set_profiling(void *state, int64_t on) {
    st_state_t *st = (st_state_t *)state;
    if (st == NULL) return -1;
    int64_t was = st->profiling;
    st->profiling = on != 0;
    return was;
}

const hipep_profile_event_t *hipep_state_profile(void *state, int64_t *counts) {
    st_state_t *st = (st_state_t *)state;
    if (counts != NULL) {
        counts[0] = st == NULL ? 0 : st->profile_count;
        counts[1] = st == NULL ? 0 : st->profile_dropped;
    }
    return st == NULL ? NULL : st->profile;
}

void hipep_free(void *ptr) {
    free(ptr);
}

/* ------------------------------------------------------------------ threads */

int64_t hipep_threads(void *ctx) {
    st_state_t *st = (st_state_t *)ctx;
    return st == NULL ? 1 : st->threads;
}

/* libgomp, oneDNN's OpenMP runtime (loaded with libdnnl); the kernels included after this file
 * (hipep_runtime.c) use omp_get_thread_num too */
extern void GOMP_parallel(void (*fn)(void *), void *data, unsigned num_threads, unsigned flags);
extern int omp_get_thread_num(void);

/* The next chunk of one thread's part; each on its own cache line (the threads take from their own) */
typedef struct {
    _Alignas(64) _Atomic int64_t next;
} st_cursor_t;

/*
 * One hipep_parallel_for call: `parts` threads, part p the chunks [p * chunks / parts,
 * (p + 1) * chunks / parts), cur[p] the next of them.
 */
typedef struct {
    void (*body)(void *, int64_t, int64_t);
    void *arg;
    int64_t n, chunk, chunks, parts;
    st_cursor_t *cur;
} st_omp_job_t;

/*
 * A team thread takes the chunks of its own part in order, then those left in the other parts
 * (each chunk once: taken by an atomic increment of its part's cursor). Thread i thus works on the
 * i-th contiguous stretch of [0, n) in every call, where the data the same stretch of the previous
 * pass wrote is in its own caches, and a thread that is late (woken, or preempted by the host) has
 * its chunks finished by the others. Before, all chunks were handed out in turn from one counter,
 * so which thread took which part changed from call to call. On the two-core VM of
 * docs/BENCHMARKS.md (twenty-second round), whose cores exchange data slowly when the host places
 * them apart (a cache line's round trip 420-470 ns against 115-125 ns at other times),
 * light-squeezenet at two threads ran 2.41-2.56 -> 2.27-2.30 ms a run (hip-onnx-runner medians,
 * the two ways alternated three times) and super-resolution-10 8.40-8.82 -> 7.90-8.23 ms; with the
 * cores close, the two ways measured the same.
 */
static void st_omp_body(void *p) {
    st_omp_job_t *j = (st_omp_job_t *)p;
    int64_t t = omp_get_thread_num();
    for (int64_t k = 0; k < j->parts; k++) {
        int64_t part = (t + k) % j->parts, end = (part + 1) * j->chunks / j->parts;
        for (;;) {
            int64_t c = atomic_fetch_add_explicit(&j->cur[part].next, 1, memory_order_relaxed);
            if (c >= end) break;
            int64_t begin = c * j->chunk;
            j->body(j->arg, begin, begin + j->chunk < j->n ? begin + j->chunk : j->n);
        }
    }
}

void hipep_parallel_for(void *ctx, int64_t n, int64_t grain, void (*body)(void *arg, int64_t begin, int64_t end),
                        void *arg) {
    if (n <= 0) return;
    if (grain < 1) grain = 1;
    st_state_t *st = (st_state_t *)ctx;
    if (st == NULL || st->threads <= 1 || n <= grain || atomic_load_explicit(&st->in_parallel, memory_order_relaxed)) {
        body(arg, 0, n);
        return;
    }
    int64_t target = st->threads * 4;
    int64_t chunk = (n + target - 1) / target;
    if (chunk < grain) chunk = grain;
    int64_t chunks = (n + chunk - 1) / chunk;
    if (chunks <= 1) {
        body(arg, 0, n);
        return;
    }
    int64_t parts = chunks < st->threads ? chunks : st->threads;
    st_cursor_t cur[parts];
    for (int64_t p = 0; p < parts; p++) atomic_init(&cur[p].next, p * chunks / parts);
    st_omp_job_t job = {body, arg, n, chunk, chunks, parts, cur};
    atomic_store_explicit(&st->in_parallel, 1, memory_order_relaxed);
    GOMP_parallel(st_omp_body, &job, (unsigned)parts, 0);
    atomic_store_explicit(&st->in_parallel, 0, memory_order_relaxed);
}
