/*
 * oneDNN (the dnnl preset's libdnnl.so.3, OpenMP runtime) for the kernels where its JIT-generated
 * brgemm code beats im2col/GEMM through OpenBLAS: float convolutions (kernels_dnnl_conv.c),
 * MatMul/Gemm with constant weights (kernels_dnnl_matmul.c) and the batched products of the
 * channels-last Winograd convolutions (kernels_dnnl_winograd.c). This file is what they share:
 *
 *  - dn_cache_of(ctx): the oneDNN cache (one CPU engine, a hash table of entries, a stream for
 *    packing weights under its mutex) the states of one host share (hipep_host_t.shared): the first
 *    state that needs it creates it, and hipep_host_release frees it after the last state's
 *    cleanup; each state runs its primitives on a stream of its own. Concurrent runs of a session
 *    (one state each) thus use one set of primitives and one packed copy of each constant weight,
 *    as ONNX Runtime's concurrent Run calls do; before, each state packed its own (bert-4layer with 4
 *    callers: 116 MB more per caller). NULL when oneDNN is switched off (HIPEP_NO_DNNL set to
 *    anything but "" or "0", read once per state: a diagnostic switch for comparisons) or the engine
 *    cannot be created; the caller then computes the op itself.
 *  - dn_get(ctx, c, key, wkey, create, arg): the entry of one call shape (kind, shapes, attributes,
 *    threads, the weights' address when they are constant), created once by `create` under the
 *    cache's mutex. An entry holds a primitive and, for its weights, oneDNN's preferred layout of
 *    them: reordered once when the weights are one of the host's constants (dn_is_constant: an
 *    initializer, fixed for the session's life), else reordered on every call (dn_weights_ready).
 *  - dn_begin(ctx, single): the thread count for a oneDNN call — the state's threads, or 1 for
 *    small work or inside one of our parallel bodies — set as the calling thread's OpenMP team
 *    size. oneDNN's team is the same libgomp team hipep_parallel_for runs on (state.c).
 *  - dn_run(ctx, c, kind, e, W, X, Y, B): runs an entry's primitive on the caller's buffers and counts
 *    the run per kind in the calling state (hipep_state_onednn_runs, exported: tests use it to pin
 *    which path ran). Every primitive is made with a user scratchpad (dn_attr), which each run takes
 *    from its state's kernel scratch: oneDNN runs one primitive from several threads at once only
 *    when no two of them share a scratchpad, and with the library's own scratchpad a primitive
 *    keeps one buffer of its own (or one per creating thread). The entry keeps the layouts of its
 *    source, destination and bias (`create` hands them over) and, from its first run, memory
 *    objects over them (and the scratchpad) whose data pointers each run sets: making three
 *    descriptors and three memory objects per call (a dozen mallocs and frees, oneDNN's descriptor
 *    checks) was ~2% of a SqueezeNet run. An entry has DN_SETS such sets for runs at once (other
 *    states' runs, or the threads of a parallel body of one state, each on its own stream:
 *    dn_team_streams); a run that finds them all in use makes its own for the call.
 *  - dn_release(c, W, bytes): once an entry has packed (or transformed) constant weights, their
 *    pages leave the process (MADV_DONTNEED where a file is mapped, else MADV_PAGEOUT); no run reads
 *    the original again.
 *
 * Entries are never evicted: a model has a fixed set of call shapes (dynamic shapes add one entry
 * per shape seen). Everything oneDNN refuses (an unsupported shape, an ISA it has no kernel for)
 * makes the entry "failed" and the caller computes the op with its own code from then on.
 */
#include "oneapi/dnnl/dnnl.h"

#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>
#if defined(__linux__) && !defined(MADV_PAGEOUT)
#define MADV_PAGEOUT 21 /* Linux 5.4; older C headers lack the name */
#endif

extern void omp_set_num_threads(int n); /* omp_get_thread_num: state.c */

#define DN_KEY_LEN 24
#define DN_KIND_CONV 0
#define DN_KIND_MATMUL 1
#define DN_KIND_WINOGRAD 2 /* kernels_dnnl_winograd.c: its entries hold the matmul of the transformed tiles */
#define DN_KIND_CONV_CLAMPED 3 /* a count only: the convolutions whose clamp was oneDNN's post-op */
#define DN_KIND_MADE 4         /* a count only: the primitives a state's runs created (dn_get) */
#define DN_KIND_CONV_ACC 5     /* a count only: the convolutions (oneDNN's or Winograd's) that added into Y */
#define DN_KIND_MATMUL_ACT 6   /* a count only: the matmuls whose fused activation (Gelu) was oneDNN's post-op */
#define DN_KIND_SEARCHED 7     /* a count only: the convolutions whose way the convolution search chose (its trial) */
#define DN_KIND_FEW_CHANNELS 8 /* a count only: kernels_linalg.c's direct convolutions of few input channels */
#define DN_KIND_WG_OWN 9       /* a count only: the Winograd convolutions whose products were the runtime's own */
#define DN_KIND_BOUND_KNOWN 10 /* a count only: the clamped convolutions that took a bound from a slot, unread */
#define DN_KIND_PW_OWN 11      /* a count only: kernels_dnnl_winograd.c's pointwise convolutions by the own products */
#define DN_KIND_MM_OWN 12      /* a count only: the matmuls with constant weights by those own products */
#define DN_KIND_FEW_PLANES 13  /* a count only: of DN_KIND_FEW_CHANNELS, those that read X's planes in place */
#define DN_KIND_PW_NARROW 14   /* a count only: of DN_KIND_PW_OWN, those by the narrow products (rows per thread) */
#define DN_KINDS 15
/* the epilogue a matmul entry applies as a post-op (its key's k[12]; kernels_dnnl_matmul.c) */
#define DN_EPI_CLAMP 1
#define DN_EPI_GELU 2      /* gelu(x) = x erfc(-x / sqrt 2) / 2, oneDNN's gelu_erf */
#define DN_EPI_GELU_TANH 3 /* Gelu's tanh form, oneDNN's gelu_tanh */
#define DN_KEY_WG_PICK 16 /* a key only (no count): kernels_dnnl_winograd.c's measured pick for one shape */
#define DN_KEY_BMM 17     /* a key only (runs count as DN_KIND_MATMUL): kernels_dnnl_matmul.c's batched products */
#define DN_KEY_FEW 18     /* a key only (no primitive): kernels_linalg.c's repacked weights of a direct convolution */
#define DN_KEY_PW 19      /* a key only (no primitive): kernels_dnnl_winograd.c's panels of a pointwise convolution */

/*
 * The memory objects one run binds its buffers to (dn_run sets their data): over the source,
 * destination, bias, scratchpad, and the weights when the primitive reads them in place (no wmem)
 */
typedef struct {
    dnnl_memory_t xm, ym, bm, sm, wd;
} dn_set_t;
/* the runs of one entry at once that find memory objects ready (a team's threads, each on blocks of
 * its own: kernels_dnnl_winograd.c); a run past them makes its own for the call */
#define DN_SETS 4

typedef struct dn_entry {
    struct dn_entry *next;
    uint64_t hash;
    int64_t key[DN_KEY_LEN];
    const void *wkey;          /* the constant weights this entry's packed copy was made from, or NULL */
    int failed;                /* oneDNN refused: the caller computes it */
    dnnl_primitive_t prim;     /* the op */
    dnnl_memory_t wmem;        /* weights in the primitive's layout (NULL: the primitive reads them as given) */
    void *wbuf;                /* wmem's buffer (st_buffer_alloc: huge pages from 2 MiB), wbytes long */
    int64_t wbytes;
    dnnl_memory_desc_t wuser;  /* the weights' layout as the kernel receives them (for per-call reorders; with
                                * no wmem, the layout the primitive reads them in, in place: wd) */
    dnnl_primitive_t wreorder; /* weights that are not constant: reordered on every call (dn_run) */
    dnnl_memory_desc_t xmd, ymd, bmd; /* the layouts of a run's source, destination and bias (NULL: none) */
    dnnl_memory_desc_t smd;    /* the primitive's scratchpad (NULL: it needs none), sbytes bytes */
    int64_t sbytes;
    dn_set_t sets[DN_SETS];    /* memory objects for runs at once, each made by the first run that takes it */
    atomic_uint busy;          /* bit i: a run holds sets[i] */
    double wabs;               /* conv / matmul with an epilogue: the largest sum of |W| over one output channel */
    /* a DN_KEY_WG_PICK entry (no primitive, kernels_dnnl_winograd.c): the pick (WG_PICK_*), the run
     * of the shape's last call (st_state_t.run) and the runs that called it less one, whether a call
     * is making the pick, the calls running now, and the fastest timed call of each way (ns) */
    atomic_int pick;
    _Atomic uint64_t last_run;
    _Atomic int64_t runs;
    atomic_int deciding;
    atomic_int inflight;
    _Atomic int64_t best_ns[2];
} dn_entry_t;

#define DN_L3_DEFAULT (32LL << 20) /* the L3 of the Zen 4 and Zen 5 machines of docs/BENCHMARKS.md */

/*
 * The L3 that CPU 0 shares with its neighbours, from sysfs (index3's "size", e.g. "32768K"), or
 * DN_L3_DEFAULT where Linux does not say. Not sysconf(_SC_LEVEL3_CACHE_SIZE): on an EPYC guest glibc
 * adds up the L3 of every core complex (320 MB where one core sees 32).
 */
static int64_t dn_l3_bytes(void) {
    FILE *f = fopen("/sys/devices/system/cpu/cpu0/cache/index3/size", "r");
    long long n = 0;
    char unit = 0;
    int got = f != NULL && fscanf(f, "%lld%c", &n, &unit) >= 1;
    if (f != NULL) fclose(f);
    if (!got || n <= 0) return DN_L3_DEFAULT;
    return unit == 'K' ? n << 10 : unit == 'M' ? n << 20 : unit == 'G' ? n << 30 : n;
}

typedef struct dn_cache {
    dnnl_engine_t engine;
    dnnl_stream_t stream;
    pthread_mutex_t mu;
    dn_entry_t **buckets;
    int64_t bucket_count;
    int64_t entry_count;
    const void **constants; /* the host's constants, sorted by address */
    unsigned char *cfile;   /* cfile[i]: constants[i] lies in a mapping of a file (dn_mark_file_constants) */
    int64_t constant_count;
    _Atomic int64_t wbytes; /* the packed weights of the live entries (dn_get adds, dn_drop takes away) */
    int64_t l3;             /* the L3 one core uses, in bytes (dn_l3_bytes) */
} dn_cache_t;

_Static_assert(DN_KINDS == ST_DNNL_KINDS, "state.c counts the runs of each kind");

static int dn_ptr_cmp(const void *a, const void *b) {
    uintptr_t x = (uintptr_t)*(const void *const *)a, y = (uintptr_t)*(const void *const *)b;
    return x < y ? -1 : x > y;
}

/* Frees what entry e holds (its primitive, packed weights, layouts and memory objects), not e itself. */
static void dn_entry_clear(dn_entry_t *e) {
    if (e->prim) dnnl_primitive_destroy(e->prim);
    if (e->wmem) dnnl_memory_destroy(e->wmem);
    st_buffer_free(e->wbuf, e->wbytes);
    if (e->wuser) dnnl_memory_desc_destroy(e->wuser);
    if (e->wreorder) dnnl_primitive_destroy(e->wreorder);
    for (int k = 0; k < DN_SETS; k++) {
        dn_set_t *m = &e->sets[k];
        dnnl_memory_t mems[5] = {m->xm, m->ym, m->bm, m->sm, m->wd};
        for (int i = 0; i < 5; i++)
            if (mems[i]) dnnl_memory_destroy(mems[i]);
        *m = (dn_set_t){0};
    }
    dnnl_memory_desc_t mds[4] = {e->xmd, e->ymd, e->bmd, e->smd};
    for (int i = 0; i < 4; i++)
        if (mds[i]) dnnl_memory_desc_destroy(mds[i]);
    e->prim = e->wreorder = NULL;
    e->wmem = NULL;
    e->wbuf = NULL;
    e->wbytes = 0;
    e->wuser = e->xmd = e->ymd = e->bmd = e->smd = NULL;
}

static void dn_entry_free(dn_entry_t *e) {
    dn_entry_clear(e);
    free(e);
}

static void dn_cache_free(struct dn_cache *c) {
    if (c == NULL) return;
    for (int64_t b = 0; b < c->bucket_count; b++)
        for (dn_entry_t *e = c->buckets[b], *n; e != NULL; e = n) {
            n = e->next;
            dn_entry_free(e);
        }
    free(c->buckets);
    free(c->constants);
    free(c->cfile);
    if (c->stream) dnnl_stream_destroy(c->stream);
    if (c->engine) dnnl_engine_destroy(c->engine);
    pthread_mutex_destroy(&c->mu);
    free(c);
}

/*
 * Sets c->cfile[i] for each constant (c->constants, sorted) that lies in a mapping of a file: a
 * line of /proc/self/maps (sorted by address) with a nonzero inode. The host's constants are all
 * in place when its cache is made and stay for its life, so one read holds. Maps that cannot be
 * read mark none (dn_release then swaps pages out rather than drop them). A constant in a file's
 * mapping holds the file's bytes (hipep_host_t.constants: the host does not write to them).
 */
static void dn_mark_file_constants(dn_cache_t *c) {
    FILE *f = c->constant_count > 0 ? fopen("/proc/self/maps", "r") : NULL;
    if (f == NULL) return;
    char *line = NULL;
    size_t cap = 0;
    int64_t i = 0;
    while (i < c->constant_count && getline(&line, &cap, f) > 0) {
        unsigned long lo, hi, inode;
        unsigned long long offset;
        unsigned major, minor;
        char perms[8];
        if (sscanf(line, "%lx-%lx %7s %llx %x:%x %lu", &lo, &hi, perms, &offset, &major, &minor, &inode) != 7)
            continue;
        while (i < c->constant_count && (uintptr_t)c->constants[i] < lo) i++;
        for (; i < c->constant_count && (uintptr_t)c->constants[i] < hi; i++) c->cfile[i] = inode != 0;
    }
    free(line);
    fclose(f);
}

static int dn_switched_off(void) {
    const char *v = getenv("HIPEP_NO_DNNL");
    return v != NULL && v[0] != '\0' && strcmp(v, "0") != 0;
}

static dn_cache_t *dn_cache_create(const st_state_t *st) {
    dn_cache_t *c = (dn_cache_t *)calloc(1, sizeof *c);
    if (c == NULL) return NULL;
    if (pthread_mutex_init(&c->mu, NULL) != 0) {
        free(c);
        return NULL;
    }
    c->bucket_count = 64;
    c->buckets = (dn_entry_t **)calloc((size_t)c->bucket_count, sizeof *c->buckets);
    c->l3 = dn_l3_bytes();
    c->constant_count = st->constant_count;
    c->constants = (const void **)malloc((size_t)(st->constant_count > 0 ? st->constant_count : 1) * sizeof(void *));
    c->cfile = (unsigned char *)calloc((size_t)(st->constant_count > 0 ? st->constant_count : 1), 1);
    if (c->buckets == NULL || c->constants == NULL || c->cfile == NULL ||
        dnnl_engine_create(&c->engine, dnnl_cpu, 0) != dnnl_success ||
        dnnl_stream_create(&c->stream, c->engine, dnnl_stream_default_flags) != dnnl_success) {
        dn_cache_free(c);
        return NULL;
    }
    if (st->constant_count > 0) memcpy(c->constants, st->constants, (size_t)st->constant_count * sizeof(void *));
    qsort(c->constants, (size_t)c->constant_count, sizeof(void *), dn_ptr_cmp);
    dn_mark_file_constants(c);
    return c;
}

static void dn_stream_free(void *stream) {
    if (stream) dnnl_stream_destroy((dnnl_stream_t)stream);
}

/*
 * The host's oneDNN cache, created by the first state that needs it (states of one host may race
 * for it: the loser frees its copy); NULL when oneDNN is unavailable.
 */
static dn_cache_t *dn_shared_cache(const st_state_t *st) {
    dn_cache_t *c = (dn_cache_t *)__atomic_load_n(&st->host->shared, __ATOMIC_ACQUIRE);
    void *seen = NULL;
    if (c == NULL && (c = dn_cache_create(st)) != NULL &&
        !__atomic_compare_exchange_n(&st->host->shared, &seen, c, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        dn_cache_free(c);
        c = (dn_cache_t *)seen;
    }
    return c;
}

/*
 * The host's oneDNN cache for state ctx, taken on the state's first use together with a stream of
 * the state's own (st->dnnl_streams[0]: a stream is not shared between threads that run at once);
 * NULL when oneDNN is off or unavailable for this state.
 */
static dn_cache_t *dn_cache_of(void *ctx) {
    st_state_t *st = (st_state_t *)ctx;
    if (st == NULL) return NULL;
    dn_cache_t *c = atomic_load_explicit(&st->dnnl, memory_order_acquire);
    if (c != NULL || atomic_load_explicit(&st->dnnl_off, memory_order_relaxed)) return c;
    pthread_mutex_lock(&st->mu);
    c = atomic_load_explicit(&st->dnnl, memory_order_relaxed);
    if (c == NULL && !atomic_load_explicit(&st->dnnl_off, memory_order_relaxed)) {
        c = dn_switched_off() ? NULL : dn_shared_cache(st);
        dnnl_stream_t s = NULL;
        if (c != NULL && (st->dnnl_streams = (void **)calloc((size_t)st->threads, sizeof(void *))) == NULL) c = NULL;
        if (c != NULL && dnnl_stream_create(&s, c->engine, dnnl_stream_default_flags) != dnnl_success) c = NULL;
        if (st->dnnl_streams != NULL) st->dnnl_streams[0] = s;
        if (c == NULL) atomic_store_explicit(&st->dnnl_off, 1, memory_order_relaxed);
        else atomic_store_explicit(&st->dnnl, c, memory_order_release);
    }
    pthread_mutex_unlock(&st->mu);
    return c;
}

/*
 * Makes the streams of the state's team threads (st->dnnl_streams[1..threads)) for parallel bodies
 * that run oneDNN primitives, each thread on its own stream (dn_run takes the calling thread's);
 * 0 when oneDNN refuses one (the caller runs its primitives from one thread).
 */
static int dn_team_streams(void *ctx, dn_cache_t *c) {
    st_state_t *st = (st_state_t *)ctx;
    int ok = 1;
    pthread_mutex_lock(&st->mu);
    for (int64_t i = 1; i < st->threads && ok; i++) {
        dnnl_stream_t s = (dnnl_stream_t)st->dnnl_streams[i];
        ok = s != NULL || dnnl_stream_create(&s, c->engine, dnnl_stream_default_flags) == dnnl_success;
        st->dnnl_streams[i] = s;
    }
    pthread_mutex_unlock(&st->mu);
    return ok;
}

/* The index in c->constants of the constant whose data is p, or -1 (constants are fixed for the host's life). */
static int64_t dn_constant_index(const dn_cache_t *c, const void *p) {
    int64_t lo = 0, hi = c->constant_count - 1;
    while (lo <= hi) {
        int64_t mid = lo + (hi - lo) / 2;
        uintptr_t m = (uintptr_t)c->constants[mid];
        if (m == (uintptr_t)p) return mid;
        if (m < (uintptr_t)p) lo = mid + 1;
        else hi = mid - 1;
    }
    return -1;
}

/* Whether p is the data of one of the host's constants. */
static int dn_is_constant(const dn_cache_t *c, const void *p) {
    return dn_constant_index(c, p) >= 0;
}

/*
 * The thread count of a oneDNN call from here, made the calling thread's OpenMP team size: 1 when
 * `single` (work too small to pay for waking a team) or inside one of our parallel bodies.
 */
static int64_t dn_begin(void *ctx, int single) {
    st_state_t *st = (st_state_t *)ctx;
    int64_t threads =
        single || atomic_load_explicit(&st->in_parallel, memory_order_acquire) ? 1 : hipep_threads(ctx);
    omp_set_num_threads((int)threads);
    return threads;
}

static uint64_t dn_hash(const int64_t *key, const void *wkey) {
    uint64_t h = 1469598103934665603ULL ^ (uint64_t)(uintptr_t)wkey;
    for (int i = 0; i < DN_KEY_LEN; i++) {
        h ^= (uint64_t)key[i];
        h *= 1099511628211ULL;
        h ^= h >> 29;
    }
    return h;
}

static void dn_grow(dn_cache_t *c) {
    int64_t count = c->bucket_count * 2;
    dn_entry_t **buckets = (dn_entry_t **)calloc((size_t)count, sizeof *buckets);
    if (buckets == NULL) return; /* keep the longer chains */
    for (int64_t b = 0; b < c->bucket_count; b++)
        for (dn_entry_t *e = c->buckets[b], *n; e != NULL; e = n) {
            n = e->next;
            dn_entry_t **slot = &buckets[e->hash & (uint64_t)(count - 1)];
            e->next = *slot;
            *slot = e;
        }
    free(c->buckets);
    c->buckets = buckets;
    c->bucket_count = count;
}

/* Counts a run of `kind` in the calling state (hipep_state_onednn_runs). */
static void dn_count(void *ctx, int kind) {
    atomic_fetch_add_explicit(&((st_state_t *)ctx)->dnnl_runs[kind], 1, memory_order_relaxed);
}

/*
 * The entry for key (DN_KEY_LEN values, unused ones 0; key[0] is the kind) and wkey (the constant
 * weights' address, NULL when they are not constant), created with create(c, e, arg) on first use
 * (under the cache's mutex; create returns 0 when oneDNN refuses; counted as DN_KIND_MADE in state
 * ctx when it made a primitive). NULL when the entry failed or memory ran out: the caller computes
 * the op itself.
 */
static dn_entry_t *dn_get(void *ctx, dn_cache_t *c, const int64_t *key, const void *wkey,
                          int (*create)(dn_cache_t *c, dn_entry_t *e, void *arg), void *arg) {
    uint64_t h = dn_hash(key, wkey);
    pthread_mutex_lock(&c->mu);
    dn_entry_t *e = c->buckets[h & (uint64_t)(c->bucket_count - 1)];
    while (e != NULL && !(e->hash == h && e->wkey == wkey && memcmp(e->key, key, sizeof e->key) == 0)) e = e->next;
    if (e == NULL) {
        e = (dn_entry_t *)calloc(1, sizeof *e);
        if (e != NULL) {
            e->hash = h;
            e->wkey = wkey;
            memcpy(e->key, key, sizeof e->key);
            e->failed = !create(c, e, arg);
            if (e->prim != NULL) dn_count(ctx, DN_KIND_MADE);
            if (!e->failed) atomic_fetch_add(&c->wbytes, e->wbytes);
            if (c->entry_count + 1 > c->bucket_count) dn_grow(c);
            dn_entry_t **slot = &c->buckets[h & (uint64_t)(c->bucket_count - 1)];
            e->next = *slot;
            *slot = e;
            c->entry_count++;
        }
    }
    pthread_mutex_unlock(&c->mu);
    return e == NULL || e->failed ? NULL : e;
}

/*
 * Whether the host's packed weights are more than its L3 holds (c->l3), so that at batch 1 each
 * run reads them from memory (light-resnet50 packs 159 MB, bert-4layer 113 MB; light-squeezenet's
 * 11.6 MB and bert-layer's 28.3 MB stay in a 32 MB L3 from one run to the next). The own products
 * prefetch their weights into L2 only then (kernels_dnnl_winograd.c, wg_own_acc). Counts the
 * entries made so far: during a first run it can still turn from 0 to 1.
 */
static int dn_weights_far(dn_cache_t *c) {
    return atomic_load_explicit(&c->wbytes, memory_order_relaxed) > c->l3;
}

/*
 * Frees the primitives and packed weights of the entries that match(e, arg) accepts
 * (kernels_dnnl_winograd.c: the way a measured shape did not pick). They stay in the table as
 * failed, so nothing makes them again; no run may be using them (no caller takes them again).
 */
static void dn_drop(dn_cache_t *c, int (*match)(const dn_entry_t *e, const void *arg), const void *arg) {
    pthread_mutex_lock(&c->mu);
    for (int64_t b = 0; b < c->bucket_count; b++)
        for (dn_entry_t *e = c->buckets[b]; e != NULL; e = e->next)
            if (!e->failed && match(e, arg)) {
                atomic_fetch_sub(&c->wbytes, e->wbytes);
                dn_entry_clear(e);
                e->failed = 1;
            }
    pthread_mutex_unlock(&c->mu);
}

/*
 * e->wabs for a clamped entry's bound (kernels_dnnl_conv.c, kernels_dnnl_matmul.c): the largest sum
 * of |w| over the n outputs' weights, each `per` floats, output o's q-th at w[o * os + q * qs]; a
 * NaN makes it infinite. Each output's sum runs in q order; DN_WABS_BLOCK outputs go side by side
 * as independent chains, and with os == 1 (a MatMul's [K, N]) a block reads a whole cache line of
 * each row. One output at a time, a chain of dependent adds down a column 12 KiB a step, took
 * 8.8 ms of BERT's first run for the FFN's weights; now 1.5 (docs/BENCHMARKS.md, forty-eighth round).
 */
#define DN_WABS_BLOCK 16
static void dn_wabs(dn_entry_t *e, const float *w, int64_t n, int64_t per, int64_t os, int64_t qs) {
    for (int64_t o0 = 0; o0 < n; o0 += DN_WABS_BLOCK) {
        int64_t nb = n - o0 < DN_WABS_BLOCK ? n - o0 : DN_WABS_BLOCK;
        double sum[DN_WABS_BLOCK] = {0};
        for (int64_t q = 0; q < per; q++) {
            const float *p = w + o0 * os + q * qs;
            for (int64_t u = 0; u < nb; u++) sum[u] += fabs((double)p[u * os]);
        }
        for (int64_t u = 0; u < nb; u++)
            if (sum[u] > e->wabs || sum[u] != sum[u]) e->wabs = sum[u] != sum[u] ? INFINITY : sum[u];
    }
}

/* Primitive attributes with a user scratchpad (see the header); NULL when oneDNN refuses. */
static dnnl_primitive_attr_t dn_attr(void) {
    dnnl_primitive_attr_t attr = NULL;
    if (dnnl_primitive_attr_create(&attr) != dnnl_success) return NULL;
    if (dnnl_primitive_attr_set_scratchpad_mode(attr, dnnl_scratchpad_mode_user) == dnnl_success) return attr;
    dnnl_primitive_attr_destroy(attr);
    return NULL;
}

/* e's primitive from pd (made with dn_attr's attributes) and its scratchpad's layout; 0 when oneDNN refuses. */
static int dn_prim(dn_entry_t *e, const_dnnl_primitive_desc_t pd) {
    const_dnnl_memory_desc_t smd = dnnl_primitive_desc_query_md(pd, dnnl_query_scratchpad_md, 0);
    e->sbytes = smd == NULL ? 0 : (int64_t)dnnl_memory_desc_get_size(smd);
    return (e->sbytes == 0 || dnnl_memory_desc_clone(&e->smd, smd) == dnnl_success) &&
           dnnl_primitive_create(&e->prim, pd) == dnnl_success;
}

/*
 * Whether pd's kernel's name starts with `prefix` ("gemm": without AVX-512 oneDNN's jit sgemm,
 * which packs the weights on every call; "ref": its reference kernel).
 */
static int dn_impl_is(const_dnnl_primitive_desc_t pd, const char *prefix) {
    const char *impl = NULL;
    return dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &impl) == dnnl_success && impl != NULL &&
           strncmp(impl, prefix, strlen(prefix)) == 0;
}

/*
 * kernels_dnnl_matmul.c's and kernels_dnnl_winograd.c's products where oneDNN gave *pd (a matmul's)
 * a gemm-based kernel: the stride-1 unpadded 1x1 convolution of lay[0] by w (+ lay[2] when n is 3;
 * NULL for no bias) into lay[1], with attributes attr. When oneDNN gives that convolution a kernel
 * that is neither gemm-based nor its reference one, it replaces *pd, the layouts lay[i] replace
 * *old[i] (which are destroyed) and it returns 1; otherwise lay[] are destroyed, nothing else
 * changes and it returns 0. w stays the caller's.
 */
static int dn_conv1x1_instead(dn_cache_t *c, const_dnnl_primitive_attr_t attr, dnnl_primitive_desc_t *pd,
                              const_dnnl_memory_desc_t w, int n, dnnl_memory_desc_t *const old[],
                              dnnl_memory_desc_t lay[]) {
    dnnl_dims_t one = {1, 1}, zero = {0, 0};
    dnnl_primitive_desc_t cpd = NULL;
    int ok = w != NULL && dn_impl_is(*pd, "gemm");
    for (int i = 0; i < n; i++) ok = ok && (lay[i] != NULL || *old[i] == NULL);
    if (ok && dnnl_convolution_forward_primitive_desc_create(&cpd, c->engine, dnnl_forward_inference,
                                                             dnnl_convolution_direct, lay[0], w, n > 2 ? lay[2] : NULL,
                                                             lay[1], one, zero, zero, zero, attr) != dnnl_success)
        cpd = NULL;
    if (cpd && (dn_impl_is(cpd, "gemm") || dn_impl_is(cpd, "ref"))) {
        dnnl_primitive_desc_destroy(cpd);
        cpd = NULL;
    }
    if (cpd) {
        dnnl_primitive_desc_destroy(*pd);
        *pd = cpd;
    }
    for (int i = 0; i < n; i++) {
        dnnl_memory_desc_t drop = cpd ? *old[i] : lay[i];
        if (cpd) *old[i] = lay[i];
        if (drop) dnnl_memory_desc_destroy(drop);
    }
    return cpd != NULL;
}

/* A plain memory descriptor (dense, `tag` layout) of n f32 dims; NULL when oneDNN refuses. */
static dnnl_memory_desc_t dn_md(int n, const int64_t *d, dnnl_format_tag_t tag) {
    dnnl_dims_t dims;
    for (int i = 0; i < n; i++) dims[i] = d[i];
    dnnl_memory_desc_t md = NULL;
    if (dnnl_memory_desc_create_with_tag(&md, n, dims, dnnl_f32, tag) != dnnl_success) return NULL;
    return md;
}

/*
 * Gives the pages wholly inside constant weights [W, W + bytes) back to the kernel once an entry
 * has its own packed (or transformed) copy of them: no run reads them again. Without it a session
 * held BERT's weights twice, the sidecar's pages and oneDNN's packed copy (bert-4layer: 113 MB
 * each). The contents stay in every case, should anything read them again (another entry of the
 * same weights):
 *  - pages mapped from a file (the constants sidecar, a model's data file: c->cfile) are unmapped
 *    from the process with MADV_DONTNEED and stay in the page cache, where a later read finds them.
 *    MADV_PAGEOUT would drop them from the page cache too, and every later session would read the
 *    weights from the disk again (the next process's bert-layer first run took 46-61 ms against
 *    32-34 with its 27 MB cached: docs/BENCHMARKS.md, forty-eighth round);
 *  - anonymous pages (constants read into memory), which MADV_DONTNEED would zero, are swapped out
 *    with MADV_PAGEOUT or, without swap, stay. Kernels without MADV_PAGEOUT refuse it (EINVAL).
 */
static void dn_release(const dn_cache_t *c, const void *W, int64_t bytes) {
    long page = sysconf(_SC_PAGESIZE);
    if (page <= 0 || bytes <= 0) return;
    uintptr_t mask = (uintptr_t)page - 1, b = ((uintptr_t)W + mask) & ~mask,
              e = ((uintptr_t)W + (uintptr_t)bytes) & ~mask;
    if (e <= b) return;
    int64_t k = dn_constant_index(c, W);
    if (k >= 0 && c->cfile[k]) {
        (void)madvise((void *)b, e - b, MADV_DONTNEED);
        return;
    }
#ifdef MADV_PAGEOUT
    (void)madvise((void *)b, e - b, MADV_PAGEOUT);
#endif
}

#define DN_WEIGHTS_ALIGN 64 /* as oneDNN's own buffers */

/*
 * Gives entry e its weights in layout `want` (what primitive descriptor of e chose) from weights W
 * given in layout `user` (e takes ownership of `user`): reordered now when W is constant
 * (e->wkey != NULL), else a reorder primitive that dn_weights_ready runs on every call (refused
 * when it would need a scratchpad: it runs with none; oneDNN's plain-to-blocked weight reorders
 * need none). 0 when oneDNN refuses.
 */
static int dn_weights_prepare(dn_cache_t *c, dn_entry_t *e, const_dnnl_memory_desc_t want,
                              dnnl_memory_desc_t user, const void *W) {
    e->wuser = user;
    dnnl_primitive_attr_t attr = e->wkey != NULL ? NULL : dn_attr();
    dnnl_primitive_desc_t rpd = NULL;
    dnnl_primitive_t reorder = NULL;
    dnnl_memory_t src = NULL;
    e->wbytes = (int64_t)dnnl_memory_desc_get_size(want);
    e->wbuf = st_buffer_alloc(DN_WEIGHTS_ALIGN, e->wbytes);
    int ok = user != NULL && (e->wkey != NULL || attr != NULL) && e->wbuf != NULL &&
             dnnl_memory_create(&e->wmem, want, c->engine, e->wbuf) == dnnl_success &&
             dnnl_reorder_primitive_desc_create(&rpd, user, c->engine, want, c->engine, attr) == dnnl_success &&
             (e->wkey != NULL || dnnl_memory_desc_get_size(dnnl_primitive_desc_query_md(
                                     rpd, dnnl_query_scratchpad_md, 0)) == 0) &&
             dnnl_primitive_create(&reorder, rpd) == dnnl_success;
    if (ok && e->wkey != NULL) {
        ok = dnnl_memory_create(&src, user, c->engine, (void *)W) == dnnl_success;
        if (ok) {
            dnnl_exec_arg_t args[2] = {{DNNL_ARG_FROM, src}, {DNNL_ARG_TO, e->wmem}};
            ok = dnnl_primitive_execute(reorder, c->stream, 2, args) == dnnl_success &&
                 dnnl_stream_wait(c->stream) == dnnl_success;
        }
        /* the constant itself was packed (not a transformed copy of it: kernels_dnnl_winograd.c) */
        if (ok && W == e->wkey) dn_release(c, W, (int64_t)dnnl_memory_desc_get_size(user));
    } else if (ok) {
        e->wreorder = reorder;
        reorder = NULL;
    }
    if (src) dnnl_memory_destroy(src);
    if (reorder) dnnl_primitive_destroy(reorder);
    if (rpd) dnnl_primitive_desc_destroy(rpd);
    if (attr) dnnl_primitive_attr_destroy(attr);
    return ok;
}

/*
 * Before a run of e on stream s: reorders non-constant weights W into wm (e->wmem, or a copy of its
 * layout for a run that does not hold the entry). 0 when oneDNN fails.
 */
static int dn_weights_ready(dn_cache_t *c, dnnl_stream_t s, dn_entry_t *e, const void *W, dnnl_memory_t wm) {
    if (e->wreorder == NULL) return 1;
    dnnl_memory_t src = NULL;
    int ok = dnnl_memory_create(&src, e->wuser, c->engine, (void *)W) == dnnl_success;
    if (ok) {
        dnnl_exec_arg_t args[2] = {{DNNL_ARG_FROM, src}, {DNNL_ARG_TO, wm}};
        ok = dnnl_primitive_execute(e->wreorder, s, 2, args) == dnnl_success;
    }
    if (src) dnnl_memory_destroy(src);
    return ok;
}

/* Points *m at data: the entry's object made on first use (own), else a new one for this call. */
static int dn_bind(dn_cache_t *c, int own, dnnl_memory_t *m, const_dnnl_memory_desc_t md, const void *data) {
    if (own && *m != NULL) return dnnl_memory_set_data_handle(*m, (void *)data) == dnnl_success;
    *m = NULL;
    return dnnl_memory_create(m, md, c->engine, (void *)data) == dnnl_success;
}

/*
 * Runs entry e's primitive on the caller's buffers and waits: source X and destination Y in the
 * entry's layouts (e->xmd, e->ymd), e's weights (W reordered first when they are not constant,
 * into e->wmem by the run holding sets[0], else into a buffer of the call's own; an entry with
 * no wmem reads W in place, in layout e->wuser), bias B (when e->bmd is set) and a scratchpad
 * from the calling state's kernel scratch, on the calling thread's stream (st->dnnl_streams: a
 * team thread's when dn_team_streams made it, else the state's). Counts the run under `kind` in
 * state ctx (not when it is -1: the caller counts). 0 when oneDNN fails or the scratchpad cannot
 * be allocated.
 */
static int dn_run(void *ctx, dn_cache_t *c, int kind, dn_entry_t *e, const void *W, const void *X, void *Y,
                  const void *B) {
    st_state_t *st = (st_state_t *)ctx;
    int t = omp_get_thread_num(); /* 0 outside a parallel body */
    dnnl_stream_t s = (dnnl_stream_t)st->dnnl_streams[t > 0 && t < st->threads && st->dnnl_streams[t] ? t : 0];
    int slot = -1;
    void *scratch = e->sbytes > 0 ? st_scratch_take(ctx, e->sbytes, &slot) : NULL;
    if (e->sbytes > 0 && scratch == NULL) return 0;
    int set = -1; /* the memory objects this run holds, or -1: its own for this call */
    unsigned busy = atomic_load_explicit(&e->busy, memory_order_relaxed);
    while (set < 0 && busy != (1u << DN_SETS) - 1) {
        int i = __builtin_ctz(~busy);
        if (atomic_compare_exchange_weak_explicit(&e->busy, &busy, busy | (1u << i), memory_order_acquire,
                                                  memory_order_relaxed))
            set = i;
    }
    int own = set >= 0;
    dn_set_t mine = own ? e->sets[set] : (dn_set_t){0};
    dnnl_memory_t xm = mine.xm, ym = mine.ym, bm = mine.bm, sm = mine.sm, wd = mine.wd;
    int direct = e->wmem == NULL;
    /* weights reordered per call go into the entry's buffer only by the run holding set 0 */
    dnnl_memory_t wm = direct ? NULL : set == 0 || e->wreorder == NULL ? e->wmem : NULL;
    const_dnnl_memory_desc_t wmd = NULL;
    int ok = direct ? e->wuser != NULL && dn_bind(c, own, &wd, e->wuser, W)
                    : wm != NULL || (dnnl_memory_get_memory_desc(e->wmem, &wmd) == dnnl_success &&
                                     dnnl_memory_create(&wm, wmd, c->engine, DNNL_MEMORY_ALLOCATE) == dnnl_success);
    if (direct) wm = wd;
    ok = ok && (direct || dn_weights_ready(c, s, e, W, wm)) && e->xmd && e->ymd && dn_bind(c, own, &xm, e->xmd, X) &&
         dn_bind(c, own, &ym, e->ymd, Y) && (!e->bmd || dn_bind(c, own, &bm, e->bmd, B)) &&
         (!e->smd || dn_bind(c, own, &sm, e->smd, scratch));
    if (ok) {
        dnnl_exec_arg_t args[5] = {{DNNL_ARG_SRC, xm}, {DNNL_ARG_WEIGHTS, wm}, {DNNL_ARG_DST, ym}};
        int n = 3;
        if (e->bmd) args[n++] = (dnnl_exec_arg_t){DNNL_ARG_BIAS, bm};
        if (e->smd) args[n++] = (dnnl_exec_arg_t){DNNL_ARG_SCRATCHPAD, sm};
        ok = dnnl_primitive_execute(e->prim, s, n, args) == dnnl_success && dnnl_stream_wait(s) == dnnl_success;
    }
    if (ok && kind >= 0) dn_count(ctx, kind);
    if (!direct && wm != e->wmem && wm != NULL) dnnl_memory_destroy(wm);
    if (own) {
        e->sets[set] = (dn_set_t){xm, ym, bm, sm, wd};
        atomic_fetch_and_explicit(&e->busy, ~(1u << set), memory_order_release);
    } else {
        dnnl_memory_t mems[5] = {xm, ym, bm, sm, wd};
        for (int i = 0; i < 5; i++)
            if (mems[i]) dnnl_memory_destroy(mems[i]);
    }
    if (scratch) st_scratch_give(ctx, scratch, slot);
    return ok;
}

/*
 * Exported: how many oneDNN primitives of `kind` (0 convolution, 1 matmul) or Winograd
 * convolutions (2, kernels_dnnl_winograd.c; their matmuls are not counted as 1) this state has run
 * since it was created, (3) how many of its oneDNN convolutions clamped Y by a post-op, (4) how
 * many entries (primitives, with their packed weights) its runs created in the shared cache, and
 * (5) how many of its oneDNN or Winograd convolutions added into Y (the _acc kernels), (6) how
 * many of its oneDNN matmuls applied a fused Gelu as a post-op (the _gelu kernels), (7) how many
 * of its convolutions took a way for the convolution search's trial (kernels_dnnl_winograd.c:
 * a run without one has every shape it called picked); -1 for an
 * unknown kind; 0 when oneDNN is off for the state. For tests and diagnostics (which path
 * an op took).
 */
int64_t hipep_state_onednn_runs(void *state, int64_t kind) {
    st_state_t *st = (st_state_t *)state;
    if (st == NULL || kind < 0 || kind >= DN_KINDS) return -1;
    return atomic_load_explicit(&st->dnnl_runs[kind], memory_order_relaxed);
}
