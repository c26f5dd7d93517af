/*
 * hip-ep CPU runtime: the C side of the contract between a compiled model and the runtime.
 *
 * Two parts:
 *  1. The generated-interface ABI (docs/kernel-abi.md, "Compiler-runtime contract"): the wire
 *     structs tensor_t / span_t / hipdnn_output_allocator_t, and the hipdnn_ep_* functions that
 *     inference_init / inference_compute / inference_cleanup and the lowered runtime ops call.
 *     They are implemented in state.c.
 *  2. What kernels use: memref descriptors and views, error reporting through the context,
 *     a parallel-for over the state's worker threads, f16/bf16 conversions. One kernel per
 *     symbol of docs/kernel-abi.md, in kernels_*.c.
 *
 * Everything is compiled to one bitcode module (hipep_runtime.c includes every .c file), embedded
 * in the runtime jar and linked into each model at JIT time, so keep helpers `static inline`.
 */
#ifndef HIPEP_RUNTIME_H
#define HIPEP_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ wire structs (x86-64 C layout) */

/** memory_type values (== OrtMemoryInfoDeviceType). */
enum { TENSOR_MEMORY_CPU = 0, TENSOR_MEMORY_GPU = 1, TENSOR_MEMORY_FPGA = 2, TENSOR_MEMORY_NPU = 3 };

typedef struct {
    void *data;
    int64_t *shape;
    size_t rank;
    size_t element_size;
    int memory_type;
} tensor_t;

typedef struct {
    tensor_t *data;
    size_t count;
} span_t;

/** Installed by the host before inference_compute; no size or version field (a change is an ABI break). */
typedef struct {
    void *self;
    void *(*allocate)(void *self, int64_t out_idx, const int64_t *shape, int64_t rank, int64_t elem_size);
} hipdnn_output_allocator_t;

/*
 * The `fs` argument of inference_init: what the host gives a new state. The host owns every
 * pointer in it and keeps it alive until inference_cleanup of that state returns.
 */
typedef struct {
    /** Number of externalized constants; constants[i] is the first byte of constant i (the sidecar
     *  entry i of the metadata's "constants", already loaded or mapped by the host). The runtime
     *  only reads them, and may give a constant's pages back to the kernel once it holds a packed
     *  copy (kernels_dnnl.c's dn_release): where they map a file, they are read back from the file
     *  if touched again, so the host must not have written to them in memory. */
    int64_t constant_count;
    const void *const *constants;
    /** Worker threads the kernels may use (>= 1; 1 = the calling thread only). */
    int64_t threads;
    /** What the states of this host share (oneDNN's engine, primitives and packed weights,
     *  kernels_dnnl.c): NULL when the host makes the struct, filled by the first state that needs
     *  it (states of one host may run at once: they race for it with a compare-exchange), freed by
     *  hipep_host_release once the last state's inference_cleanup has returned. */
    void *shared;
    /** How a convolution that Winograd's F(4x4, 3x3) can compute picks its algorithm
     *  (kernels_dnnl_winograd.c): 0 times Winograd against oneDNN's direct convolution over the
     *  first calls of each such shape and keeps the faster one for the host's life; 1 takes
     *  Winograd whenever the fixed rules allow it (the same path on every machine). */
    int64_t conv_search;
} hipep_host_t;

#define HIPEP_MAX_RANK 16

/** One output as the runtime saw it allocated during the last inference_compute of a state. */
typedef struct {
    void *data;
    int64_t rank;
    int64_t shape[HIPEP_MAX_RANK];
    int64_t element_size;
    /** 1 when the runtime allocated data with its default allocator (the host takes it over and
     *  frees it with hipep_free), 0 when the installed allocator did. */
    int64_t runtime_owned;
} hipep_output_t;

/**
 * Caller-provided outputs (ONNX Runtime's pinned outputs): the host installs an allocator whose
 * `allocate` is hipep_provided_output_allocate and whose `self` is a hipep_provided_outputs_t.
 * Entry i describes output i: with data != NULL the output must have exactly the entry's rank,
 * shape and element size, and is written to data; otherwise the allocator reports the mismatch in
 * the entry (status HIPEP_PROVIDED_MISMATCH, got_*) and returns NULL, which fails the compute. With
 * data == NULL (or i >= count) the output is allocated 64-byte aligned by the runtime's malloc
 * (status HIPEP_PROVIDED_RUNTIME; the host frees it with hipep_free).
 */
typedef struct {
    void *data;
    int64_t rank;
    int64_t shape[HIPEP_MAX_RANK];
    int64_t element_size;
    /* written by the allocator */
    int64_t status;
    int64_t got_rank;
    int64_t got_shape[HIPEP_MAX_RANK];
    int64_t got_element_size;
} hipep_provided_output_t;

typedef struct {
    hipep_provided_output_t *entries;
    int64_t count;
} hipep_provided_outputs_t;

#define HIPEP_PROVIDED_UNUSED 0
#define HIPEP_PROVIDED_WRITTEN 1
#define HIPEP_PROVIDED_MISMATCH 2
#define HIPEP_PROVIDED_RUNTIME 3

void *hipep_provided_output_allocate(void *self, int64_t out_idx, const int64_t *shape, int64_t rank,
                                     int64_t elem_size);

/* ------------------------------------------------------------------ status codes */

enum {
    HIPEP_OK = 0,
    HIPEP_ERR_INVALID_ARGUMENT = 1, /* a null state / fs, a bad output index, ... */
    HIPEP_ERR_OUT_OF_MEMORY = 2,
    HIPEP_ERR_UNSUPPORTED = 3,      /* a shape, type or attribute combination a kernel does not do */
    HIPEP_ERR_INDEX_OUT_OF_RANGE = 4,
    HIPEP_ERR_LIBRARY = 5,          /* a tuned-library call failed */
    HIPEP_ERR_INTERNAL = 6,
    /* 0x1001..0x1003: inference_compute's own input checks (count, rank, static dims) */
};

/* ------------------------------------------------------------------ generated-interface runtime (state.c) */

int32_t hipdnn_ep_state_init_with_fs(void **out_state, void *fs, const char *metadata_json, int64_t metadata_len);
int32_t hipdnn_ep_pool_init(void *state, int64_t pool_size, const int64_t *offsets, int64_t count);
void hipdnn_ep_runtime_begin_compute(void *state);
int32_t hipdnn_ep_tensor_prepare_input(void *state, tensor_t *tensor, void **device_ptr);
void hipdnn_ep_state_reset_error_flag(void *state);
void hipdnn_ep_stream_sync(void *state);
int32_t hipdnn_ep_state_read_and_clear_error_flag(void *state);
void hipdnn_ep_tensor_free_input(void *state, tensor_t *tensor, void *device_ptr);
int32_t hipdnn_ep_state_cleanup(void *state);
void hipdnn_ep_state_set_output_allocator(void *state, const hipdnn_output_allocator_t *allocator);

/* lowered runtime ops */
void *hipdnn_ep_alloc_output(void *state, int64_t out_idx, const int64_t *shape, int64_t rank, int64_t elem_size);
void *hipdnn_ep_get_pool_base(void *state, int32_t domain_id, int64_t needed);
void *hipdnn_ep_get_host_scratch_base(void *state, int64_t needed);
void *hipdnn_ep_get_constant(void *state, int64_t index);

/* kernels report failures here; the state keeps the first error (code and message) */
void hipdnn_ep_state_set_error(void *state, int32_t code, const char *message);

/* host side, after inference_compute: what each output is, the first error's message, freeing */
const hipep_output_t *hipep_state_outputs(void *state, int64_t *count);
const char *hipep_state_error_message(void *state);
void hipep_free(void *ptr);
/* how many oneDNN primitives of a kind (0 convolution, 1 matmul) the state has run, and the other
 * counts of kernels_dnnl.c's DN_KIND_* (7: convolution calls of the convolution search's trial) */
int64_t hipep_state_onednn_runs(void *state, int64_t kind);
/* frees what the host's states shared (hipep_host_t.shared); only after every state's cleanup */
int32_t hipep_host_release(void *host);

/* ------------------------------------------------------------------ per-op profile */

/** One kernel call of a compute: the call site's name (a constant string of the model: the op's
 *  ONNX node names, a tab, the hip op, a tab, the kernel), when it began and how long it took
 *  (CLOCK_MONOTONIC, ns). */
typedef struct {
    const char *name;
    int64_t start_ns;
    int64_t duration_ns;
} hipep_profile_event_t;

/* around every kernel call of the generated code: begin returns 0 when the state does not profile,
 * else the start time, which end takes with the call site's name */
int64_t hipep_profile_begin(void *ctx);
void hipep_profile_end(void *ctx, int64_t start, const char *name);
/* host side: switches a state's profiling on or off (off when made; returns the previous setting,
 * -1 for a null state); the events of the state's last compute, in call order (owned by the state,
 * valid until its next compute), with counts[0] their number and counts[1] how many were dropped
 * for want of memory */
int64_t hipep_state_set_profiling(void *state, int64_t on);
const hipep_profile_event_t *hipep_state_profile(void *state, int64_t *counts);

/* ------------------------------------------------------------------ for kernels */

/** Reports a formatted error through the context (printf format; the first error wins). */
void hipep_errorf(void *ctx, int32_t code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/** Non-zero when an error is already set in this compute: a kernel may return at once. */
int hipep_has_error(void *ctx);

/**
 * Runs body(arg, begin, end) over [0, n) split in chunks of at least `grain` items on the state's
 * threads (an OpenMP team of the calling thread, which takes part) and returns when all are done.
 * Team thread i takes the chunks of the i-th contiguous part of [0, n) first (the same part in
 * every call with the same n, grain and threads), then what is left of the others'.
 * With one thread, n <= grain, or from inside a body, it is one call on the calling thread.
 */
void hipep_parallel_for(void *ctx, int64_t n, int64_t grain, void (*body)(void *arg, int64_t begin, int64_t end),
                        void *arg);
/** Number of threads hipep_parallel_for may use for this context. */
int64_t hipep_threads(void *ctx);

/** The ranked memref descriptor a kernel receives (with its rank) for each memref operand. */
typedef struct {
    void *allocated;
    void *aligned;
    int64_t offset;
    int64_t dims[]; /* sizes[rank], then strides[rank], in elements */
} hipep_memref_t;

/** A memref operand unpacked: base pointer (offset applied), sizes and strides in elements. */
typedef struct {
    char *data;
    int64_t rank;
    const int64_t *sizes;
    const int64_t *strides;
    int64_t numel;
    int64_t elem_size;
} hipep_view_t;

static inline hipep_view_t hipep_view(int64_t rank, const void *descriptor, int64_t elem_size) {
    const hipep_memref_t *m = (const hipep_memref_t *)descriptor;
    hipep_view_t v;
    v.data = (char *)m->aligned + m->offset * elem_size;
    v.rank = rank;
    v.sizes = m->dims;
    v.strides = m->dims + rank;
    v.elem_size = elem_size;
    int64_t n = 1;
    for (int64_t i = 0; i < rank; i++) n *= m->dims[i];
    v.numel = n;
    return v;
}

/** Whether the view is dense row-major (size-1 dimensions may have any stride). */
static inline int hipep_is_contiguous(const hipep_view_t *v) {
    int64_t expected = 1;
    for (int64_t i = v->rank - 1; i >= 0; i--) {
        if (v->sizes[i] != 1 && v->strides[i] != expected) return 0;
        expected *= v->sizes[i];
    }
    return 1;
}

/** Element offset (in elements, from data) of the row-major linear index `linear`. */
static inline int64_t hipep_offset_of(const hipep_view_t *v, int64_t linear) {
    int64_t off = 0;
    for (int64_t i = v->rank - 1; i >= 0; i--) {
        int64_t s = v->sizes[i];
        if (s > 1) {
            off += (linear % s) * v->strides[i];
            linear /= s;
        }
    }
    return off;
}

/* f16 and bf16 are stored as uint16_t bit patterns; compute in float. */
static inline float hipep_f16_to_f32(uint16_t h) {
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1fu;
    uint32_t mant = h & 0x3ffu;
    uint32_t bits;
    if (exp == 0) {
        if (mant == 0) {
            bits = sign;
        } else { /* subnormal: normalise */
            exp = 127 - 15 + 1;
            while ((mant & 0x400u) == 0) { mant <<= 1; exp--; }
            mant &= 0x3ffu;
            bits = sign | (exp << 23) | (mant << 13);
        }
    } else if (exp == 0x1f) {
        bits = sign | 0x7f800000u | (mant << 13);
    } else {
        bits = sign | ((exp + 127 - 15) << 23) | (mant << 13);
    }
    union { uint32_t u; float f; } c = { bits };
    return c.f;
}

static inline uint16_t hipep_f32_to_f16(float f) { /* round to nearest even */
    union { float f; uint32_t u; } c = { f };
    uint32_t x = c.u;
    uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
    uint32_t absx = x & 0x7fffffffu;
    if (absx >= 0x7f800000u) return sign | (absx > 0x7f800000u ? 0x7e00u : 0x7c00u);
    if (absx >= 0x477ff000u) return sign | 0x7c00u; /* overflow to inf */
    if (absx < 0x38800000u) { /* subnormal or zero in f16 */
        if (absx < 0x33000000u) return sign;
        uint32_t e = absx >> 23;
        uint32_t m = (absx & 0x7fffffu) | 0x800000u;
        /* value = m * 2^(e-150); the f16 subnormal unit is 2^-24, so the mantissa is m >> (126 - e) */
        int s = (int)(126 - e);
        uint32_t q = m >> s;
        uint32_t rem = m & ((1u << s) - 1);
        uint32_t half = 1u << (s - 1);
        if (rem > half || (rem == half && (q & 1u))) q++;
        return sign | (uint16_t)q;
    }
    uint32_t q = ((absx >> 13) - ((127 - 15) << 10));
    uint32_t rem = absx & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (q & 1u))) q++;
    return sign | (uint16_t)q;
}

static inline float hipep_bf16_to_f32(uint16_t h) {
    union { uint32_t u; float f; } c = { (uint32_t)h << 16 };
    return c.f;
}

static inline uint16_t hipep_f32_to_bf16(float f) { /* round to nearest even, NaN stays NaN */
    union { float f; uint32_t u; } c = { f };
    uint32_t x = c.u;
    if ((x & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((x >> 16) | 0x40u);
    x += 0x7fffu + ((x >> 16) & 1u);
    return (uint16_t)(x >> 16);
}

/*
 * Element type codes for kernels that dispatch on the type at run time (slow paths, small operands).
 * A family's own codes (LA_*, RD_*) are these values, so the helpers below take them directly.
 */
enum {
    HIPEP_T_F32, HIPEP_T_F64, HIPEP_T_F16, HIPEP_T_BF16, HIPEP_T_I8, HIPEP_T_I16, HIPEP_T_I32, HIPEP_T_I64,
    HIPEP_T_U8, HIPEP_T_U16, HIPEP_T_U32, HIPEP_T_U64, HIPEP_T_BOOL
};

/** Element i (in elements from p) of type t as a double (i64/u64 round beyond 2^53; i1 is 0/1). */
static inline double hipep_load_d(int t, const void *p, int64_t i) {
    switch (t) {
    case HIPEP_T_F32: return ((const float *)p)[i];
    case HIPEP_T_F64: return ((const double *)p)[i];
    case HIPEP_T_F16: return hipep_f16_to_f32(((const uint16_t *)p)[i]);
    case HIPEP_T_BF16: return hipep_bf16_to_f32(((const uint16_t *)p)[i]);
    case HIPEP_T_I8: return ((const int8_t *)p)[i];
    case HIPEP_T_I16: return ((const int16_t *)p)[i];
    case HIPEP_T_I32: return ((const int32_t *)p)[i];
    case HIPEP_T_I64: return (double)((const int64_t *)p)[i];
    case HIPEP_T_U8: case HIPEP_T_BOOL: return ((const uint8_t *)p)[i];
    case HIPEP_T_U16: return ((const uint16_t *)p)[i];
    case HIPEP_T_U32: return ((const uint32_t *)p)[i];
    default: return (double)((const uint64_t *)p)[i];
    }
}

/*
 * Stamp X(suffix, C type, lowest, highest) for each integer element type (MLIR suffixes), for
 * per-type variants written once as a macro: the 8-, 16- and 32-bit ones, and all of them.
 */
#define HIPEP_FOR_NARROW_INT_TYPES(X)                                                                             \
    X(i8, int8_t, INT8_MIN, INT8_MAX)                                                                             \
    X(i16, int16_t, INT16_MIN, INT16_MAX)                                                                         \
    X(i32, int32_t, INT32_MIN, INT32_MAX)                                                                         \
    X(ui8, uint8_t, 0, UINT8_MAX)                                                                                 \
    X(ui16, uint16_t, 0, UINT16_MAX)                                                                              \
    X(ui32, uint32_t, 0, UINT32_MAX)
#define HIPEP_FOR_INT_TYPES(X)                                                                                    \
    HIPEP_FOR_NARROW_INT_TYPES(X)                                                                                 \
    X(i64, int64_t, INT64_MIN, INT64_MAX)                                                                         \
    X(ui64, uint64_t, 0, UINT64_MAX)

#ifdef __cplusplus
}
#endif
#endif
