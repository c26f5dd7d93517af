/* Reductions, arg max/min, softmax, normalisations and pooling. */
/*
 * Kernels (docs/kernel-abi.md, the table's signatures; 364 symbols):
 *  - hipep_reduce_{sum,mean,max,min,prod,sum_square,l1,l2,log_sum_exp}_<t>[_p_axes] for
 *    t in f32 f64 f16 bf16 i8 i16 i32 i64 ui8 ui16 ui32 ui64. The destination's shape gives
 *    keepdims; empty axes reduce everything, or copy with noop_with_empty_axes. Floats accumulate
 *    in float (f64 in double, f16/bf16 in float), integers in int64/uint64 (sum and prod wrap like
 *    the element type, mean is the truncating integer division, l2 and log_sum_exp go through
 *    double). Empty reductions give the ONNX identities (sum 0, prod 1, max lowest, min highest,
 *    log_sum_exp -inf, mean NaN). max/min propagate NaN. Rows whose reduced dims are innermost are
 *    reduced row by row, otherwise columns of the innermost kept dim are accumulated together;
 *    a few very long rows are split over the threads.
 *  - hipep_arg_{max,min}_<t>_to_i64 for the same types; NaN: the first (last with
 *    select_last_index) NaN wins, as numpy.
 *  - hipep_softmax_<t>, hipep_log_softmax_<t> (one axis, opset 13), t in f32 f64 f16 bf16; softmax
 *    of scale * X (its last argument: canonicalize's fusion of a Mul by a constant into the Softmax
 *    after it, 1 otherwise; the product in the compute type); the max is subtracted first; float
 *    exp is an inline vectorisable one (rd_expf, within 2 ulp), the row loops run 16 lanes wide;
 *    rows in parallel (hipep_parallel_for, ~16K elements a chunk).
 *  - hipep_layer_norm_<t>_in{2,3}_out{1,2,3} (scale/bias broadcast to the normalised dims; mean /
 *    inv_std_dev outputs are f32), hipep_skip_layer_norm_<t>_in{3,4} (of X + skip: canonicalize's
 *    fusion of a residual Add into the LayerNorm after it), hipep_rms_norm_<t>, hipep_batch_norm_<t>
 *    (inference), hipep_instance_norm_<t>, hipep_group_norm_<t> (scale and bias per channel, opset
 *    21); float types, computed in float (f64 in double).
 *  - hipep_max_pool_<t>_out{1,2} (f32 f64 f16 bf16 and all integer types; Indices in ONNX
 *    storage order 0: the flattened index into X including batch and channel),
 *    hipep_avg_pool_<t> (float types), hipep_global_max_pool_<t> (all), hipep_global_avg_pool_<t>
 *    (float); 1 to 3 spatial dims. auto_pad SAME_* pads are computed from the input, kernel,
 *    stride, dilation and the destination's size; ceil_mode is not read (the destination's size
 *    already says it). avg_pool divides by the taps inside the input, or, with
 *    count_include_pad, inside the padded input (not the part a ceil_mode window hangs over).
 *  - channels-last pools, X [N, spatial..., C] -> Y [N, out..., C] (global: [N, 1..., C]), the
 *    NCHW kernels' signatures and rules: hipep_max_pool_<t>_out1_nhwc, hipep_global_max_pool_<t>_nhwc
 *    (all types), hipep_avg_pool_<t>_nhwc, hipep_global_avg_pool_<t>_nhwc (float types); each
 *    window's taps reduced as contiguous C-vectors, the same results as the NCHW kernels.
 * Strided inputs and destinations are honoured (non-dense ones, and f16/bf16, go through a dense
 * float/element copy).
 * Errors: pools with more than 3 spatial dims and ranks above HIPEP_MAX_RANK:
 * HIPEP_ERR_UNSUPPORTED; a destination whose element count does not fit the op, repeated axes,
 * an arg max/min over an empty axis, num_groups not dividing the channels, missing or misshapen
 * kernel_shape / strides / pads / dilations: HIPEP_ERR_INVALID_ARGUMENT; axes out of range:
 * HIPEP_ERR_INDEX_OUT_OF_RANGE; malloc failures: HIPEP_ERR_OUT_OF_MEMORY. max_pool over an
 * all-padding window gives the lowest value and index -1; avg_pool without count_include_pad over
 * one gives NaN.
 */
#include "hipep_runtime.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ element types and buffers */

/* the header's element type codes (hipep_load_d takes them) */
enum {
    RD_F32 = HIPEP_T_F32, RD_F64 = HIPEP_T_F64, RD_F16 = HIPEP_T_F16, RD_BF16 = HIPEP_T_BF16, RD_I8 = HIPEP_T_I8,
    RD_I16 = HIPEP_T_I16, RD_I32 = HIPEP_T_I32, RD_I64 = HIPEP_T_I64, RD_U8 = HIPEP_T_U8, RD_U16 = HIPEP_T_U16,
    RD_U32 = HIPEP_T_U32, RD_U64 = HIPEP_T_U64
};
static const int64_t rd_esize[] = {4, 8, 2, 2, 1, 2, 4, 8, 1, 2, 4, 8};

/* Compute-side element size: f16/bf16 are computed in float. */
static inline int64_t rd_csize(int ty) { return (ty == RD_F16 || ty == RD_BF16) ? 4 : rd_esize[ty]; }

/* Stamp X(suffix, type code) for the float element types, and for all of them. */
#define RD_FLOAT_TYPES(X) X(f32, RD_F32) X(f64, RD_F64) X(f16, RD_F16) X(bf16, RD_BF16)
#define RD_ALL_TYPES(X)                                                                                                \
    RD_FLOAT_TYPES(X) X(i8, RD_I8) X(i16, RD_I16) X(i32, RD_I32) X(i64, RD_I64) X(ui8, RD_U8) X(ui16, RD_U16)         \
    X(ui32, RD_U32) X(ui64, RD_U64)

#define RD_CK 256 /* columns per task in the column-wise loops */

static inline void rd_next(int64_t rank, const int64_t *sizes, const int64_t *strides, int64_t *idx, int64_t *off) {
    for (int64_t d = rank - 1; d >= 0; d--) {
        if (++idx[d] < sizes[d]) {
            *off += strides[d];
            return;
        }
        *off -= (sizes[d] - 1) * strides[d];
        idx[d] = 0;
    }
}

static inline int64_t rd_min64(int64_t a, int64_t b) { return a < b ? a : b; }
static inline int64_t rd_max64(int64_t a, int64_t b) { return a > b ? a : b; }

/* Copies a strided view to / from a dense buffer, element by element (elem_size bytes). */
static void rd_gather(const hipep_view_t *v, void *dst) {
    int64_t es = v->elem_size, idx[HIPEP_MAX_RANK] = {0}, off = 0;
    char *d = (char *)dst;
    for (int64_t i = 0; i < v->numel; i++) {
        memcpy(d + i * es, v->data + off * es, (size_t)es);
        rd_next(v->rank, v->sizes, v->strides, idx, &off);
    }
}

static void rd_scatter(const hipep_view_t *v, const void *src) {
    int64_t es = v->elem_size, idx[HIPEP_MAX_RANK] = {0}, off = 0;
    const char *s = (const char *)src;
    for (int64_t i = 0; i < v->numel; i++) {
        memcpy(v->data + off * es, s + i * es, (size_t)es);
        rd_next(v->rank, v->sizes, v->strides, idx, &off);
    }
}

/* The input as a dense array of its compute type (float for f16/bf16); *owned is what to free. */
static int rd_rank_ok(void *ctx, const char *sym, int64_t rank) {
    if (rank <= HIPEP_MAX_RANK) return 1;
    hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: rank %lld (at most %d)", sym, (long long)rank, HIPEP_MAX_RANK);
    return 0;
}

static void *rd_load(void *ctx, const char *sym, const hipep_view_t *v, int ty, void **owned) {
    *owned = NULL;
    if (!rd_rank_ok(ctx, sym, v->rank)) return NULL;
    int contiguous = hipep_is_contiguous(v);
    if (ty != RD_F16 && ty != RD_BF16 && contiguous) return v->data;
    void *buf = malloc((size_t)(rd_max64(v->numel, 1) * rd_csize(ty)));
    if (!buf) {
        hipep_errorf(ctx, HIPEP_ERR_OUT_OF_MEMORY, "%s: out of memory (%lld elements)", sym, (long long)v->numel);
        return NULL;
    }
    *owned = buf;
    if (ty == RD_F16 || ty == RD_BF16) {
        float *f = (float *)buf;
        const uint16_t *h = (const uint16_t *)v->data;
        if (contiguous) {
            if (ty == RD_F16) for (int64_t i = 0; i < v->numel; i++) f[i] = hipep_f16_to_f32(h[i]);
            else for (int64_t i = 0; i < v->numel; i++) f[i] = hipep_bf16_to_f32(h[i]);
        } else {
            int64_t idx[HIPEP_MAX_RANK] = {0}, off = 0;
            for (int64_t i = 0; i < v->numel; i++) {
                f[i] = ty == RD_F16 ? hipep_f16_to_f32(h[off]) : hipep_bf16_to_f32(h[off]);
                rd_next(v->rank, v->sizes, v->strides, idx, &off);
            }
        }
    } else {
        rd_gather(v, buf);
    }
    return buf;
}

/* Where to compute a destination: its memory when dense and of the compute type, else a buffer. */
static void *rd_dst(void *ctx, const char *sym, const hipep_view_t *v, int ty, void **owned) {
    *owned = NULL;
    if (!rd_rank_ok(ctx, sym, v->rank)) return NULL;
    if (ty != RD_F16 && ty != RD_BF16 && hipep_is_contiguous(v)) return v->data;
    void *buf = malloc((size_t)(rd_max64(v->numel, 1) * rd_csize(ty)));
    if (!buf) hipep_errorf(ctx, HIPEP_ERR_OUT_OF_MEMORY, "%s: out of memory (%lld elements)", sym, (long long)v->numel);
    *owned = buf;
    return buf;
}

/* Writes a buffer from rd_dst back to the destination and frees it. */
static void rd_commit(const hipep_view_t *v, int ty, void *owned) {
    if (!owned) return;
    if (ty == RD_F16 || ty == RD_BF16) {
        const float *f = (const float *)owned;
        uint16_t *h = (uint16_t *)v->data;
        int64_t idx[HIPEP_MAX_RANK] = {0}, off = 0;
        int contiguous = hipep_is_contiguous(v);
        for (int64_t i = 0; i < v->numel; i++) {
            uint16_t b = ty == RD_F16 ? hipep_f32_to_f16(f[i]) : hipep_f32_to_bf16(f[i]);
            if (contiguous) h[i] = b;
            else {
                h[off] = b;
                rd_next(v->rank, v->sizes, v->strides, idx, &off);
            }
        }
    } else {
        rd_scatter(v, owned);
    }
    free(owned);
}

/* One element from double (slow paths: small vectors, integer log_sum_exp; to double: hipep_load_d).
 * double to integer without the undefined cases (NaN 0, out of range saturates). */
static inline int64_t rd_d2i(double x) {
    return isnan(x) ? 0 : x <= -9.2233720368547758e18 ? INT64_MIN : x >= 9.2233720368547758e18 ? INT64_MAX : (int64_t)x;
}

static inline uint64_t rd_d2u(double x) {
    return !(x > 0) ? 0 : x >= 1.8446744073709552e19 ? UINT64_MAX : (uint64_t)x;
}

static inline void rd_put_d(int ty, char *p, int64_t i, double x) {
    switch (ty) {
    case RD_F32: ((float *)p)[i] = (float)x; break;
    case RD_F64: ((double *)p)[i] = x; break;
    case RD_F16: ((uint16_t *)p)[i] = hipep_f32_to_f16((float)x); break;
    case RD_BF16: ((uint16_t *)p)[i] = hipep_f32_to_bf16((float)x); break;
    case RD_I8: ((int8_t *)p)[i] = (int8_t)rd_d2i(x); break;
    case RD_I16: ((int16_t *)p)[i] = (int16_t)rd_d2i(x); break;
    case RD_I32: ((int32_t *)p)[i] = (int32_t)rd_d2i(x); break;
    case RD_I64: ((int64_t *)p)[i] = rd_d2i(x); break;
    case RD_U8: ((uint8_t *)p)[i] = (uint8_t)rd_d2u(x); break;
    case RD_U16: ((uint16_t *)p)[i] = (uint16_t)rd_d2u(x); break;
    case RD_U32: ((uint32_t *)p)[i] = (uint32_t)rd_d2u(x); break;
    default: ((uint64_t *)p)[i] = rd_d2u(x); break;
    }
}

/*
 * A small operand (scale, bias, per-channel vectors) broadcast (numpy, right-aligned) to the
 * dense shape `dims[0..n)`, as a malloc'ed array of float (cs 4) or double (cs 8).
 */
static void *rd_bcast(void *ctx, const char *sym, const hipep_view_t *v, int ty, const int64_t *dims, int64_t n,
                      int64_t cs) {
    int64_t total = 1, str[HIPEP_MAX_RANK], idx[HIPEP_MAX_RANK] = {0};
    if (!rd_rank_ok(ctx, sym, n) || !rd_rank_ok(ctx, sym, v->rank)) return NULL;
    for (int64_t d = 0; d < n; d++) {
        total *= dims[d];
        int64_t sd = d - (n - v->rank);
        str[d] = 0;
        if (sd >= 0 && v->sizes[sd] != 1) {
            if (v->sizes[sd] != dims[d]) {
                hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: an operand's dimension %lld (%lld) does not broadcast to %lld",
                             sym, (long long)sd, (long long)v->sizes[sd], (long long)dims[d]);
                return NULL;
            }
            str[d] = v->strides[sd];
        }
    }
    if (v->rank > n) {
        for (int64_t d = 0; d < v->rank - n; d++) {
            if (v->sizes[d] != 1) {
                hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: an operand of rank %lld does not broadcast to rank %lld",
                             sym, (long long)v->rank, (long long)n);
                return NULL;
            }
        }
    }
    void *buf = malloc((size_t)(rd_max64(total, 1) * cs));
    if (!buf) {
        hipep_errorf(ctx, HIPEP_ERR_OUT_OF_MEMORY, "%s: out of memory", sym);
        return NULL;
    }
    int64_t off = 0;
    for (int64_t i = 0; i < total; i++) {
        double x = hipep_load_d(ty, v->data, off);
        if (cs == 4) ((float *)buf)[i] = (float)x;
        else ((double *)buf)[i] = x;
        rd_next(n, dims, str, idx, &off);
    }
    return buf;
}

static inline int rd_check_numel(void *ctx, const char *sym, const char *what, const hipep_view_t *v, int64_t want) {
    if (v->numel != want) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: %s has %lld elements, expected %lld", sym, what,
                     (long long)v->numel, (long long)want);
        return 0;
    }
    return 1;
}

static inline int rd_axis(void *ctx, const char *sym, int64_t axis, int64_t rank, int64_t *out) {
    int64_t a = axis < 0 ? axis + rank : axis;
    if (a < 0 || a >= rank) {
        hipep_errorf(ctx, HIPEP_ERR_INDEX_OUT_OF_RANGE, "%s: axis %lld is out of range for rank %lld", sym,
                     (long long)axis, (long long)rank);
        return 0;
    }
    *out = a;
    return 1;
}

/*
 * exp for float as straight-line code the vectoriser can use (libm's expf is a call per element):
 * the element-wise family's ew_expf (kernels_elementwise.c, earlier in this translation unit:
 * within about 1 ulp, subnormal results rounded, overflow to inf, NaN stays NaN).
 */
static inline float rd_expf(float x) {
    return ew_expf(x);
}

/*
 * rd_expf of an x that is not NaN and at most 0 (-inf included): what a softmax row's x - max is
 * when its max is finite. ew_expf without its NaN selects and its upper clamp, which leave such an
 * x as it is: the same bits, a few operations fewer per element.
 */
static inline float rd_expf_nonpos(float x) {
    return ew_expf_clamped(x < EW_EXPF_LO ? EW_EXPF_LO : x);
}

/*
 * Loops over an explicit array of 16 float lanes (partial maxima / sums kept in vector lanes):
 * vectorised 16 wide already in the bitcode. The bitcode is otherwise built with -fno-vectorize
 * (runtime/pom.xml) so that the JIT vectorises at the host's width; without the pragma these
 * fixed 16-trip loops would be fully unrolled into scalars before the JIT sees them (measured:
 * softmax 1.3x slower).
 */
#ifdef __clang__
#define RD_VEC_LOOP _Pragma("clang loop vectorize_width(16) interleave_count(1)")
#else
#define RD_VEC_LOOP
#endif

static inline int rd_isnan_i(int64_t v) { (void)v; return 0; }
static inline int64_t rd_abs_s(int64_t v) { return v < 0 ? -v : v; }
static inline uint64_t rd_abs_u(uint64_t v) { return v; }

/* ------------------------------------------------------------------ reductions */

enum { RD_SUM, RD_MEAN, RD_MAX, RD_MIN, RD_PROD, RD_SSQ, RD_L1, RD_L2, RD_LSE };

/* The input's dims split in kept and reduced ones (size-1 dims dropped, adjacent ones merged). */
typedef struct {
    int64_t nk, nr;
    int64_t ks[HIPEP_MAX_RANK], kst[HIPEP_MAX_RANK];
    int64_t rs[HIPEP_MAX_RANK], rst[HIPEP_MAX_RANK];
    int inner_red;
    int64_t nout, nred;
} rd_plan_t;

static void rd_make_plan(rd_plan_t *p, int64_t rank, const int64_t *sizes, const int64_t *strides,
                         const unsigned char *red) {
    int lastcls = -1;
    p->nk = p->nr = 0;
    p->nout = p->nred = 1;
    for (int64_t d = 0; d < rank; d++) {
        int64_t sz = sizes[d];
        if (red[d]) p->nred *= sz;
        else p->nout *= sz;
        if (sz == 1) continue;
        int cls = red[d] ? 1 : 0;
        int64_t *S = cls ? p->rs : p->ks, *T = cls ? p->rst : p->kst, *n = cls ? &p->nr : &p->nk;
        if (lastcls == cls && *n > 0 && T[*n - 1] == strides[d] * sz) {
            S[*n - 1] *= sz;
            T[*n - 1] = strides[d];
        } else {
            S[*n] = sz;
            T[*n] = strides[d];
            (*n)++;
        }
        lastcls = cls;
    }
    p->inner_red = lastcls != 0;
    if (p->nr == 0) {
        p->rs[0] = 1;
        p->rst[0] = 0;
        p->nr = 1;
    }
}

typedef struct {
    const rd_plan_t *p;
    const void *x;
    void *y;
    int op;
    int64_t chunks;
    void *part; /* split rows: nout * chunks partial accumulators */
} rd_job_t;

/* One inner loop over a strided row, 8 partial accumulators so that it vectorises. */
#define RD_ROWLOOP(A, EXPR, COMB, INIT)                                                                                \
    do {                                                                                                               \
        A part_[8];                                                                                                    \
        for (int j_ = 0; j_ < 8; j_++) part_[j_] = (INIT);                                                            \
        int64_t i_ = 0;                                                                                                \
        if (s == 1) {                                                                                                  \
            for (; i_ + 8 <= n; i_ += 8)                                                                               \
                for (int j_ = 0; j_ < 8; j_++) {                                                                       \
                    A a = part_[j_], v = (A)p[i_ + j_];                                                                \
                    part_[j_] = (EXPR);                                                                                \
                }                                                                                                      \
        } else {                                                                                                       \
            for (; i_ + 8 <= n; i_ += 8)                                                                               \
                for (int j_ = 0; j_ < 8; j_++) {                                                                       \
                    A a = part_[j_], v = (A)p[(i_ + j_) * s];                                                          \
                    part_[j_] = (EXPR);                                                                                \
                }                                                                                                      \
        }                                                                                                              \
        for (; i_ < n; i_++) {                                                                                         \
            A a = part_[0], v = (A)p[i_ * s];                                                                          \
            part_[0] = (EXPR);                                                                                         \
        }                                                                                                              \
        for (int j_ = 0; j_ < 8; j_++) {                                                                               \
            A a = acc, v = part_[j_];                                                                                  \
            acc = (COMB);                                                                                              \
        }                                                                                                              \
    } while (0)

/* One step over K columns (stride ks) into K accumulators. */
#define RD_COLLOOP(A, EXPR)                                                                                            \
    do {                                                                                                               \
        if (ks == 1) {                                                                                                 \
            for (int64_t k_ = 0; k_ < K; k_++) {                                                                       \
                A a = acc[k_], v = (A)p[k_];                                                                           \
                acc[k_] = (EXPR);                                                                                      \
            }                                                                                                          \
        } else {                                                                                                       \
            for (int64_t k_ = 0; k_ < K; k_++) {                                                                       \
                A a = acc[k_], v = (A)p[k_ * ks];                                                                      \
                acc[k_] = (EXPR);                                                                                      \
            }                                                                                                          \
        }                                                                                                              \
    } while (0)

/* max / min steps that propagate NaN (bitwise | keeps them branch-free for the vectoriser) */
#define RD_GT(a, v, ISNAN) ((((v) > (a)) | ISNAN(v)) ? (v) : (a))
#define RD_LT(a, v, ISNAN) ((((v) < (a)) | ISNAN(v)) ? (v) : (a))

/* S: suffix; T: stored type; A: accumulator; ISF: float; AMIN/AMAX: T's lowest/highest as A. */
#define RD_ENGINE(S, T, A, ISF, AMIN, AMAX, ISNAN, ABS, EXPF, LOGF, SQRTF)                                            \
    static inline A rd_ident_##S(int op) {                                                                             \
        return op == RD_PROD ? (A)1 : op == RD_MAX ? (A)(AMIN) : op == RD_MIN ? (A)(AMAX) : (A)0;                      \
    }                                                                                                                  \
    static inline T rd_fin_##S(int op, A acc, A mx, int64_t n) {                                                       \
        switch (op) {                                                                                                  \
        case RD_MEAN: return (T)((ISF || n) ? acc / (A)n : (A)0);                                                      \
        case RD_L2: return (T)SQRTF(acc);                                                                              \
        case RD_LSE:                                                                                                   \
            if (n == 0) return (T)(AMIN);                                                                              \
            if (!(mx > (A)(AMIN) && mx < (A)(AMAX))) return (T)mx;                                                     \
            return (T)(mx + LOGF(acc));                                                                                \
        default: return (T)acc;                                                                                        \
        }                                                                                                              \
    }                                                                                                                  \
    static A rd_row_##S(int op, const T *p, int64_t s, int64_t n, A acc, A mx) {                                       \
        switch (op) {                                                                                                  \
        case RD_SUM: case RD_MEAN: RD_ROWLOOP(A, a + v, a + v, (A)0); break;                                           \
        case RD_SSQ: case RD_L2: RD_ROWLOOP(A, a + v * v, a + v, (A)0); break;                                         \
        case RD_L1: RD_ROWLOOP(A, a + ABS(v), a + v, (A)0); break;                                                     \
        case RD_PROD: RD_ROWLOOP(A, a * v, a * v, (A)1); break;                                                        \
        case RD_MAX: RD_ROWLOOP(A, RD_GT(a, v, ISNAN), RD_GT(a, v, ISNAN), (A)(AMIN)); break;                          \
        case RD_MIN: RD_ROWLOOP(A, RD_LT(a, v, ISNAN), RD_LT(a, v, ISNAN), (A)(AMAX)); break;                          \
        case RD_LSE: RD_ROWLOOP(A, a + (A)EXPF(v - mx), a + v, (A)0); break;                                           \
        }                                                                                                              \
        return acc;                                                                                                    \
    }                                                                                                                  \
    static void rd_cols_##S(int op, const T *p, int64_t ks, int64_t K, A *restrict acc, const A *restrict mx) {        \
        switch (op) {                                                                                                  \
        case RD_SUM: case RD_MEAN: RD_COLLOOP(A, a + v); break;                                                        \
        case RD_SSQ: case RD_L2: RD_COLLOOP(A, a + v * v); break;                                                      \
        case RD_L1: RD_COLLOOP(A, a + ABS(v)); break;                                                                  \
        case RD_PROD: RD_COLLOOP(A, a * v); break;                                                                     \
        case RD_MAX: RD_COLLOOP(A, RD_GT(a, v, ISNAN)); break;                                                         \
        case RD_MIN: RD_COLLOOP(A, RD_LT(a, v, ISNAN)); break;                                                         \
        case RD_LSE: RD_COLLOOP(A, a + (A)EXPF(v - mx[k_])); break;                                                    \
        }                                                                                                              \
    }                                                                                                                  \
    static void rd_rowbody_##S(void *arg, int64_t b, int64_t e) {                                                      \
        const rd_job_t *j = (const rd_job_t *)arg;                                                                     \
        const rd_plan_t *p = j->p;                                                                                     \
        const T *x = (const T *)j->x;                                                                                  \
        T *y = (T *)j->y;                                                                                              \
        int op = j->op;                                                                                                \
        int64_t nr1 = p->nr - 1, n = p->rs[nr1], s = p->rst[nr1], outer = p->nred / n;                                \
        for (int64_t o = b; o < e; o++) {                                                                              \
            int64_t base = 0, t = o;                                                                                   \
            for (int64_t d = p->nk - 1; d >= 0; d--) {                                                                 \
                base += (t % p->ks[d]) * p->kst[d];                                                                    \
                t /= p->ks[d];                                                                                         \
            }                                                                                                          \
            A mx = 0;                                                                                                  \
            int64_t idx[HIPEP_MAX_RANK] = {0}, off = 0;                                                                \
            if (op == RD_LSE) {                                                                                        \
                mx = (A)(AMIN);                                                                                        \
                for (int64_t r = 0; r < outer; r++) {                                                                  \
                    mx = rd_row_##S(RD_MAX, x + base + off, s, n, mx, 0);                                              \
                    rd_next(nr1, p->rs, p->rst, idx, &off);                                                            \
                }                                                                                                      \
                off = 0;                                                                                               \
            }                                                                                                          \
            A acc = rd_ident_##S(op);                                                                                  \
            for (int64_t r = 0; r < outer; r++) {                                                                      \
                acc = rd_row_##S(op, x + base + off, s, n, acc, mx);                                                   \
                rd_next(nr1, p->rs, p->rst, idx, &off);                                                                \
            }                                                                                                          \
            y[o] = rd_fin_##S(op, acc, mx, p->nred);                                                                   \
        }                                                                                                              \
    }                                                                                                                  \
    static void rd_colbody_##S(void *arg, int64_t b, int64_t e) {                                                      \
        const rd_job_t *j = (const rd_job_t *)arg;                                                                     \
        const rd_plan_t *p = j->p;                                                                                     \
        const T *x = (const T *)j->x;                                                                                  \
        T *y = (T *)j->y;                                                                                              \
        int op = j->op;                                                                                                \
        int64_t nk1 = p->nk - 1, K = p->ks[nk1], ks = p->kst[nk1];                                                     \
        A acc[RD_CK], mx[RD_CK];                                                                                       \
        for (int64_t t = b; t < e; t++) {                                                                              \
            int64_t oi = t / j->chunks, k0 = (t % j->chunks) * RD_CK, kn = rd_min64(RD_CK, K - k0);                    \
            int64_t base = k0 * ks, q = oi;                                                                            \
            for (int64_t d = nk1 - 1; d >= 0; d--) {                                                                   \
                base += (q % p->ks[d]) * p->kst[d];                                                                    \
                q /= p->ks[d];                                                                                         \
            }                                                                                                          \
            int64_t idx[HIPEP_MAX_RANK] = {0}, off = 0;                                                                \
            if (op == RD_LSE) {                                                                                        \
                for (int64_t k = 0; k < kn; k++) mx[k] = (A)(AMIN);                                                    \
                for (int64_t r = 0; r < p->nred; r++) {                                                                \
                    rd_cols_##S(RD_MAX, x + base + off, ks, kn, mx, NULL);                                             \
                    rd_next(p->nr, p->rs, p->rst, idx, &off);                                                          \
                }                                                                                                      \
                off = 0;                                                                                               \
            } else {                                                                                                   \
                for (int64_t k = 0; k < kn; k++) mx[k] = 0;                                                            \
            }                                                                                                          \
            A id = rd_ident_##S(op);                                                                                   \
            for (int64_t k = 0; k < kn; k++) acc[k] = id;                                                              \
            for (int64_t r = 0; r < p->nred; r++) {                                                                    \
                rd_cols_##S(op, x + base + off, ks, kn, acc, mx);                                                      \
                rd_next(p->nr, p->rs, p->rst, idx, &off);                                                              \
            }                                                                                                          \
            T *yo = y + oi * K + k0;                                                                                   \
            for (int64_t k = 0; k < kn; k++) yo[k] = rd_fin_##S(op, acc[k], mx[k], p->nred);                           \
        }                                                                                                              \
    }                                                                                                                  \
    static inline A rd_comb_##S(int op, A a, A v) {                                                                    \
        switch (op) {                                                                                                  \
        case RD_PROD: return a * v;                                                                                    \
        case RD_MAX: return RD_GT(a, v, ISNAN);                                                                        \
        case RD_MIN: return RD_LT(a, v, ISNAN);                                                                        \
        default: return a + v;                                                                                         \
        }                                                                                                              \
    }                                                                                                                  \
    /* few long rows (one reduced run each): each task reduces a piece of a row */                                    \
    static void rd_splitbody_##S(void *arg, int64_t b, int64_t e) {                                                    \
        const rd_job_t *j = (const rd_job_t *)arg;                                                                     \
        const rd_plan_t *p = j->p;                                                                                     \
        int64_t n = p->rs[0], s = p->rst[0], P = j->chunks;                                                            \
        for (int64_t t = b; t < e; t++) {                                                                              \
            int64_t o = t / P, k = t % P, lo = n * k / P, hi = n * (k + 1) / P, base = 0, q = o;                       \
            for (int64_t d = p->nk - 1; d >= 0; d--) {                                                                 \
                base += (q % p->ks[d]) * p->kst[d];                                                                    \
                q /= p->ks[d];                                                                                         \
            }                                                                                                          \
            ((A *)j->part)[t] = rd_row_##S(j->op, (const T *)j->x + base + lo * s, s, hi - lo, rd_ident_##S(j->op), 0); \
        }                                                                                                              \
    }                                                                                                                  \
    static void rd_run_##S(void *ctx, const rd_plan_t *p, const T *x, T *y, int op) {                                  \
        if (p->nout == 0) return;                                                                                      \
        if (p->nred == 0) {                                                                                            \
            T v = rd_fin_##S(op, rd_ident_##S(op), (A)(AMIN), 0);                                                      \
            for (int64_t o = 0; o < p->nout; o++) y[o] = v;                                                            \
            return;                                                                                                    \
        }                                                                                                              \
        rd_job_t job = {p, x, y, op, 1, NULL};                                                                         \
        if (p->inner_red && p->nr == 1 && op != RD_LSE && p->nout < 8 && p->nred >= 65536 && hipep_threads(ctx) > 1) {  \
            job.chunks = rd_min64(64, p->nred / 16384);                                                                \
            job.part = malloc((size_t)(p->nout * job.chunks) * sizeof(A));                                             \
            if (job.part) {                                                                                            \
                hipep_parallel_for(ctx, p->nout * job.chunks, 1, rd_splitbody_##S, &job);                             \
                for (int64_t o = 0; o < p->nout; o++) {                                                                \
                    A acc = rd_ident_##S(op);                                                                          \
                    for (int64_t k = 0; k < job.chunks; k++) acc = rd_comb_##S(op, acc, ((A *)job.part)[o * job.chunks + k]); \
                    y[o] = rd_fin_##S(op, acc, 0, p->nred);                                                            \
                }                                                                                                      \
                free(job.part);                                                                                        \
                return;                                                                                                \
            }                                                                                                          \
            job.chunks = 1;                                                                                            \
        }                                                                                                              \
        if (!p->inner_red && p->nk > 0 && p->ks[p->nk - 1] >= 16) {                                                    \
            int64_t K = p->ks[p->nk - 1];                                                                              \
            job.chunks = (K + RD_CK - 1) / RD_CK;                                                                      \
            int64_t work = p->nred * rd_min64(K, RD_CK);                                                               \
            hipep_parallel_for(ctx, (p->nout / K) * job.chunks, rd_max64(1, 32768 / rd_max64(work, 1)),               \
                               rd_colbody_##S, &job);                                                                  \
        } else {                                                                                                       \
            hipep_parallel_for(ctx, p->nout, rd_max64(1, 32768 / p->nred), rd_rowbody_##S, &job);                      \
        }                                                                                                              \
    }

RD_ENGINE(f, float, float, 1, -INFINITY, INFINITY, isnan, fabsf, rd_expf, logf, sqrtf)
RD_ENGINE(d, double, double, 1, -INFINITY, INFINITY, isnan, fabs, exp, log, sqrt)
RD_ENGINE(i8, int8_t, int64_t, 0, INT8_MIN, INT8_MAX, rd_isnan_i, rd_abs_s, exp, log, sqrt)
RD_ENGINE(i16, int16_t, int64_t, 0, INT16_MIN, INT16_MAX, rd_isnan_i, rd_abs_s, exp, log, sqrt)
RD_ENGINE(i32, int32_t, int64_t, 0, INT32_MIN, INT32_MAX, rd_isnan_i, rd_abs_s, exp, log, sqrt)
RD_ENGINE(i64, int64_t, int64_t, 0, INT64_MIN, INT64_MAX, rd_isnan_i, rd_abs_s, exp, log, sqrt)
RD_ENGINE(u8, uint8_t, uint64_t, 0, 0, UINT8_MAX, rd_isnan_i, rd_abs_u, exp, log, sqrt)
RD_ENGINE(u16, uint16_t, uint64_t, 0, 0, UINT16_MAX, rd_isnan_i, rd_abs_u, exp, log, sqrt)
RD_ENGINE(u32, uint32_t, uint64_t, 0, 0, UINT32_MAX, rd_isnan_i, rd_abs_u, exp, log, sqrt)
RD_ENGINE(u64, uint64_t, uint64_t, 0, 0, UINT64_MAX, rd_isnan_i, rd_abs_u, exp, log, sqrt)

static void rd_run_typed(void *ctx, int ty, const rd_plan_t *p, const void *x, void *y, int op) {
    switch (ty) {
    case RD_F32: case RD_F16: case RD_BF16: rd_run_f(ctx, p, (const float *)x, (float *)y, op); break;
    case RD_F64: rd_run_d(ctx, p, (const double *)x, (double *)y, op); break;
    case RD_I8: rd_run_i8(ctx, p, (const int8_t *)x, (int8_t *)y, op); break;
    case RD_I16: rd_run_i16(ctx, p, (const int16_t *)x, (int16_t *)y, op); break;
    case RD_I32: rd_run_i32(ctx, p, (const int32_t *)x, (int32_t *)y, op); break;
    case RD_I64: rd_run_i64(ctx, p, (const int64_t *)x, (int64_t *)y, op); break;
    case RD_U8: rd_run_u8(ctx, p, (const uint8_t *)x, (uint8_t *)y, op); break;
    case RD_U16: rd_run_u16(ctx, p, (const uint16_t *)x, (uint16_t *)y, op); break;
    case RD_U32: rd_run_u32(ctx, p, (const uint32_t *)x, (uint32_t *)y, op); break;
    default: rd_run_u64(ctx, p, (const uint64_t *)x, (uint64_t *)y, op); break;
    }
}

static inline void rd_dense_strides(int64_t rank, const int64_t *sizes, int64_t *strides) {
    int64_t s = 1;
    for (int64_t d = rank - 1; d >= 0; d--) {
        strides[d] = s;
        s *= sizes[d];
    }
}

/* Reduces x over the dims marked in red into the destination r (element type ty). */
static void rd_reduce_mask(void *ctx, const char *sym, int ty, int op, const hipep_view_t *xv, const hipep_view_t *rv,
                           const unsigned char *red) {
    int64_t want = 1;
    for (int64_t d = 0; d < xv->rank; d++)
        if (!red[d]) want *= xv->sizes[d];
    if (!rd_check_numel(ctx, sym, "the destination", rv, want)) return;
    int64_t dense[HIPEP_MAX_RANK] = {0};
    rd_plan_t plan;
    int isint = ty >= RD_I8;
    if (isint && op == RD_LSE) { /* computed in double */
        double *xb = (double *)malloc((size_t)rd_max64(xv->numel, 1) * sizeof(double));
        double *yb = (double *)malloc((size_t)rd_max64(rv->numel, 1) * sizeof(double));
        if (!xb || !yb) {
            free(xb);
            free(yb);
            hipep_errorf(ctx, HIPEP_ERR_OUT_OF_MEMORY, "%s: out of memory", sym);
            return;
        }
        int64_t idx[HIPEP_MAX_RANK] = {0}, off = 0;
        for (int64_t i = 0; i < xv->numel; i++) {
            xb[i] = hipep_load_d(ty, xv->data, off);
            rd_next(xv->rank, xv->sizes, xv->strides, idx, &off);
        }
        rd_dense_strides(xv->rank, xv->sizes, dense);
        rd_make_plan(&plan, xv->rank, xv->sizes, dense, red);
        rd_run_d(ctx, &plan, xb, yb, op);
        int64_t idx2[HIPEP_MAX_RANK] = {0};
        off = 0;
        for (int64_t i = 0; i < rv->numel; i++) {
            rd_put_d(ty, rv->data, off, yb[i]);
            rd_next(rv->rank, rv->sizes, rv->strides, idx2, &off);
        }
        free(xb);
        free(yb);
        return;
    }
    void *xo = NULL, *yo = NULL;
    const void *x;
    const int64_t *strides;
    if (ty == RD_F16 || ty == RD_BF16) {
        x = rd_load(ctx, sym, xv, ty, &xo);
        if (!x) return;
        rd_dense_strides(xv->rank, xv->sizes, dense);
        strides = dense;
    } else {
        x = xv->data;
        strides = xv->strides;
    }
    void *y = rd_dst(ctx, sym, rv, ty, &yo);
    if (!y) {
        free(xo);
        return;
    }
    rd_make_plan(&plan, xv->rank, xv->sizes, strides, red);
    rd_run_typed(ctx, ty, &plan, x, y, op);
    rd_commit(rv, ty, yo);
    free(xo);
}

static void rd_reduce(void *ctx, const char *sym, int ty, int op, int64_t xr, const void *xd, const int64_t *axes,
                      int64_t naxes, int64_t rr, const void *rd, int64_t noop) {
    if (hipep_has_error(ctx)) return;
    hipep_view_t xv = hipep_view(xr, xd, rd_esize[ty]), rv = hipep_view(rr, rd, rd_esize[ty]);
    unsigned char red[HIPEP_MAX_RANK];
    if (!rd_rank_ok(ctx, sym, xr) || !rd_rank_ok(ctx, sym, rr)) return;
    if (axes == NULL || naxes <= 0) {
        if (noop) {
            if (!rd_check_numel(ctx, sym, "the destination", &rv, xv.numel)) return;
            void *buf = malloc((size_t)(rd_max64(xv.numel, 1) * xv.elem_size));
            if (!buf) {
                hipep_errorf(ctx, HIPEP_ERR_OUT_OF_MEMORY, "%s: out of memory", sym);
                return;
            }
            rd_gather(&xv, buf);
            rd_scatter(&rv, buf);
            free(buf);
            return;
        }
        memset(red, 1, sizeof red);
    } else {
        memset(red, 0, sizeof red);
        for (int64_t i = 0; i < naxes; i++) {
            int64_t a;
            if (!rd_axis(ctx, sym, axes[i], xr, &a)) return;
            if (red[a]) {
                hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: axis %lld is repeated", sym, (long long)axes[i]);
                return;
            }
            red[a] = 1;
        }
    }
    rd_reduce_mask(ctx, sym, ty, op, &xv, &rv, red);
}

/* The axes of a _p_axes kernel, read from their i64 operand. */
static void rd_reduce_p(void *ctx, const char *sym, int ty, int op, int64_t xr, const void *xd, int64_t ar,
                        const void *ad, int64_t rr, const void *rd, int64_t noop) {
    if (hipep_has_error(ctx)) return;
    if (!rd_rank_ok(ctx, sym, ar)) return;
    hipep_view_t av = hipep_view(ar, ad, 8);
    int64_t axes[64];
    if (av.numel > 64) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: %lld axes", sym, (long long)av.numel);
        return;
    }
    int64_t idx[HIPEP_MAX_RANK] = {0}, off = 0;
    for (int64_t i = 0; i < av.numel; i++) {
        axes[i] = ((const int64_t *)av.data)[off];
        rd_next(av.rank, av.sizes, av.strides, idx, &off);
    }
    rd_reduce(ctx, sym, ty, op, xr, xd, av.numel > 0 ? axes : NULL, av.numel, rr, rd, noop);
}

#define RD_REDUCE_KERNELS(NAME, OP, t, TY)                                                                             \
    void hipep_reduce_##NAME##_##t(void *ctx, int64_t xr, void *x, int64_t rr, void *r, const int64_t *axes,          \
                                   int64_t naxes, int64_t keepdims, int64_t noop) {                                     \
        (void)keepdims;                                                                                                \
        rd_reduce(ctx, "hipep_reduce_" #NAME "_" #t, TY, OP, xr, x, axes, naxes, rr, r, noop);                          \
    }                                                                                                                  \
    void hipep_reduce_##NAME##_##t##_p_axes(void *ctx, int64_t xr, void *x, int64_t ar, void *a, int64_t rr, void *r, \
                                            const int64_t *axes, int64_t naxes, int64_t keepdims, int64_t noop) {       \
        (void)keepdims;                                                                                                \
        (void)axes;                                                                                                    \
        (void)naxes;                                                                                                   \
        rd_reduce_p(ctx, "hipep_reduce_" #NAME "_" #t "_p_axes", TY, OP, xr, x, ar, a, rr, r, noop);                   \
    }

#define RD_REDUCE_TYPES(NAME, OP)                                                                                      \
    RD_REDUCE_KERNELS(NAME, OP, f32, RD_F32)                                                                           \
    RD_REDUCE_KERNELS(NAME, OP, f64, RD_F64)                                                                           \
    RD_REDUCE_KERNELS(NAME, OP, f16, RD_F16)                                                                           \
    RD_REDUCE_KERNELS(NAME, OP, bf16, RD_BF16)                                                                         \
    RD_REDUCE_KERNELS(NAME, OP, i8, RD_I8)                                                                             \
    RD_REDUCE_KERNELS(NAME, OP, i16, RD_I16)                                                                           \
    RD_REDUCE_KERNELS(NAME, OP, i32, RD_I32)                                                                           \
    RD_REDUCE_KERNELS(NAME, OP, i64, RD_I64)                                                                           \
    RD_REDUCE_KERNELS(NAME, OP, ui8, RD_U8)                                                                            \
    RD_REDUCE_KERNELS(NAME, OP, ui16, RD_U16)                                                                          \
    RD_REDUCE_KERNELS(NAME, OP, ui32, RD_U32)                                                                          \
    RD_REDUCE_KERNELS(NAME, OP, ui64, RD_U64)

RD_REDUCE_TYPES(sum, RD_SUM)
RD_REDUCE_TYPES(mean, RD_MEAN)
RD_REDUCE_TYPES(max, RD_MAX)
RD_REDUCE_TYPES(min, RD_MIN)
RD_REDUCE_TYPES(prod, RD_PROD)
RD_REDUCE_TYPES(sum_square, RD_SSQ)
RD_REDUCE_TYPES(l1, RD_L1)
RD_REDUCE_TYPES(l2, RD_L2)
RD_REDUCE_TYPES(log_sum_exp, RD_LSE)

/* ------------------------------------------------------------------ arg max / arg min */

typedef struct {
    const void *x;
    int64_t *y;
    int64_t A, inner, chunks;
    int ismax, last;
} rd_argjob_t;

#define RD_ARG_UPD(ISNAN, CMP, CMPE, last, v, best)                                                                   \
    ((last) ? (ISNAN(v) || (!ISNAN(best) && (v)CMPE(best))) : (!ISNAN(best) && ((v)CMP(best) || ISNAN(v))))

#define RD_ARG(S, T, ISNAN)                                                                                            \
    static void rd_argbody_##S(void *arg, int64_t b, int64_t e) {                                                      \
        const rd_argjob_t *j = (const rd_argjob_t *)arg;                                                               \
        const T *x = (const T *)j->x;                                                                                  \
        int64_t A = j->A, inner = j->inner, last = j->last;                                                            \
        if (inner == 1) { /* the extreme (NaN if any), then its first / last position */                         \
            for (int64_t r = b; r < e; r++) {                                                                          \
                const T *p = x + r * A;                                                                                \
                T part[8], m;                                                                                          \
                for (int u = 0; u < 8; u++) part[u] = p[0];                                                            \
                int64_t i = 0;                                                                                         \
                if (j->ismax) {                                                                                        \
                    for (; i + 8 <= A; i += 8)                                                                         \
                        for (int u = 0; u < 8; u++) part[u] = RD_GT(part[u], p[i + u], ISNAN);                         \
                    for (; i < A; i++) part[0] = RD_GT(part[0], p[i], ISNAN);                                          \
                    m = part[0];                                                                                       \
                    for (int u = 1; u < 8; u++) m = RD_GT(m, part[u], ISNAN);                                          \
                } else {                                                                                               \
                    for (; i + 8 <= A; i += 8)                                                                         \
                        for (int u = 0; u < 8; u++) part[u] = RD_LT(part[u], p[i + u], ISNAN);                         \
                    for (; i < A; i++) part[0] = RD_LT(part[0], p[i], ISNAN);                                          \
                    m = part[0];                                                                                       \
                    for (int u = 1; u < 8; u++) m = RD_LT(m, part[u], ISNAN);                                          \
                }                                                                                                      \
                int64_t bi = 0;                                                                                        \
                if (ISNAN(m)) {                                                                                        \
                    if (last) {                                                                                        \
                        for (bi = A - 1; bi > 0 && !ISNAN(p[bi]); bi--) {}                                             \
                    } else {                                                                                           \
                        for (bi = 0; bi < A - 1 && !ISNAN(p[bi]); bi++) {}                                             \
                    }                                                                                                  \
                } else if (last) {                                                                                     \
                    for (bi = A - 1; bi > 0 && !(p[bi] == m); bi--) {}                                                 \
                } else {                                                                                               \
                    for (bi = 0; bi < A - 1 && !(p[bi] == m); bi++) {}                                                 \
                }                                                                                                      \
                j->y[r] = bi;                                                                                          \
            }                                                                                                          \
            return;                                                                                                    \
        }                                                                                                              \
        T best[RD_CK];                                                                                                 \
        int64_t bi[RD_CK];                                                                                             \
        for (int64_t t = b; t < e; t++) {                                                                              \
            int64_t o = t / j->chunks, k0 = (t % j->chunks) * RD_CK, kn = rd_min64(RD_CK, inner - k0);                 \
            const T *p = x + o * A * inner + k0;                                                                       \
            for (int64_t k = 0; k < kn; k++) best[k] = p[k], bi[k] = 0;                                                \
            for (int64_t i = 1; i < A; i++) {                                                                          \
                const T *q = p + i * inner;                                                                            \
                if (j->ismax) {                                                                                        \
                    for (int64_t k = 0; k < kn; k++) {                                                                 \
                        int u = RD_ARG_UPD(ISNAN, >, >=, last, q[k], best[k]);                                         \
                        best[k] = u ? q[k] : best[k];                                                                  \
                        bi[k] = u ? i : bi[k];                                                                         \
                    }                                                                                                  \
                } else {                                                                                               \
                    for (int64_t k = 0; k < kn; k++) {                                                                 \
                        int u = RD_ARG_UPD(ISNAN, <, <=, last, q[k], best[k]);                                         \
                        best[k] = u ? q[k] : best[k];                                                                  \
                        bi[k] = u ? i : bi[k];                                                                         \
                    }                                                                                                  \
                }                                                                                                      \
            }                                                                                                          \
            memcpy(j->y + o * inner + k0, bi, (size_t)kn * sizeof(int64_t));                                           \
        }                                                                                                              \
    }

RD_ARG(f, float, isnan)
RD_ARG(d, double, isnan)
#define RD_ARG_INT(S, T, LO, HI) RD_ARG(S, T, rd_isnan_i)
HIPEP_FOR_INT_TYPES(RD_ARG_INT)

typedef void (*rd_body_t)(void *arg, int64_t begin, int64_t end);
/* The bodies P##f .. P##ui64 of one macro in the order of the type codes (f16/bf16 computed in float). */
#define RD_BODIES(P) {P##f, P##d, P##f, P##f, P##i8, P##i16, P##i32, P##i64, P##ui8, P##ui16, P##ui32, P##ui64}

static void rd_arg(void *ctx, const char *sym, int ty, int ismax, int64_t xr, const void *xd, int64_t yr,
                   const void *yd, int64_t axis, int64_t last) {
    if (hipep_has_error(ctx)) return;
    hipep_view_t xv = hipep_view(xr, xd, rd_esize[ty]), yv = hipep_view(yr, yd, 8);
    int64_t ax;
    if (!rd_axis(ctx, sym, axis, xr, &ax)) return;
    int64_t outer = 1, inner = 1, A = xv.sizes[ax];
    for (int64_t d = 0; d < ax; d++) outer *= xv.sizes[d];
    for (int64_t d = ax + 1; d < xr; d++) inner *= xv.sizes[d];
    if (!rd_check_numel(ctx, sym, "the destination", &yv, outer * inner)) return;
    if (outer * inner == 0) return;
    if (A == 0) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: the axis %lld is empty", sym, (long long)axis);
        return;
    }
    void *xo, *yo;
    const void *x = rd_load(ctx, sym, &xv, ty, &xo);
    if (!x) return;
    int64_t *y = (int64_t *)rd_dst(ctx, sym, &yv, RD_I64, &yo);
    if (!y) {
        free(xo);
        return;
    }
    rd_argjob_t job = {x, y, A, inner, (inner + RD_CK - 1) / RD_CK, ismax, last != 0};
    int64_t tasks = inner == 1 ? outer : outer * job.chunks;
    int64_t grain = rd_max64(1, 32768 / rd_max64(1, A * rd_min64(inner, RD_CK)));
    static const rd_body_t bodies[] = RD_BODIES(rd_argbody_);
    hipep_parallel_for(ctx, tasks, grain, bodies[ty], &job);
    rd_commit(&yv, RD_I64, yo);
    free(xo);
}

#define RD_ARG_KERNELS(t, TY)                                                                                          \
    void hipep_arg_max_##t##_to_i64(void *ctx, int64_t xr, void *x, int64_t yr, void *y, int64_t axis,               \
                                    int64_t keepdims, int64_t select_last_index) {                                     \
        (void)keepdims;                                                                                                \
        rd_arg(ctx, "hipep_arg_max_" #t "_to_i64", TY, 1, xr, x, yr, y, axis, select_last_index);                     \
    }                                                                                                                  \
    void hipep_arg_min_##t##_to_i64(void *ctx, int64_t xr, void *x, int64_t yr, void *y, int64_t axis,               \
                                    int64_t keepdims, int64_t select_last_index) {                                     \
        (void)keepdims;                                                                                                \
        rd_arg(ctx, "hipep_arg_min_" #t "_to_i64", TY, 0, xr, x, yr, y, axis, select_last_index);                     \
    }

RD_ALL_TYPES(RD_ARG_KERNELS)

/* ------------------------------------------------------------------ float helpers (float / double) */

/*
 * rd_sum and rd_ssd (the sum, and the sum of squared deviations from m, of a row: layer_norm's
 * mean and variance, instance_norm's) keep 64 partial sums, four 16-lane vectors of independent
 * chains, in blocks of 64 values, then 8 of them for the blocks of 8 left, then the first for
 * the last values, and add the 64 pairwise (32, 16, ..., 1). With 8 partial sums (one 8-lane
 * vector) each sum was one chain of dependent adds, 96 long on BERT's 768-wide rows: the two of
 * them took most of a layer_norm row's time.
 */
#define RD_PARTIALS(CT, p, n, TERM)                                                                                    \
    CT part[64];                                                                                                       \
    for (int j = 0; j < 64; j++) part[j] = 0;                                                                          \
    int64_t i = 0;                                                                                                     \
    for (; i + 64 <= n; i += 64) {                                                                                     \
        RD_VEC_LOOP                                                                                                    \
        for (int j = 0; j < 64; j++) part[j] += TERM(p[i + j]);                                                        \
    }                                                                                                                  \
    for (; i + 8 <= n; i += 8)                                                                                         \
        for (int j = 0; j < 8; j++) part[j] += TERM(p[i + j]);                                                         \
    for (; i < n; i++) part[0] += TERM(p[i]);                                                                          \
    for (int w = 32; w >= 1; w /= 2)                                                                                   \
        for (int j = 0; j < w; j++) part[j] += part[j + w];                                                            \
    return part[0];
#define RD_TERM_SELF(v) (v)
#define RD_TERM_SQDEV(v) (((v) - m) * ((v) - m))

#define RD_FLOAT_HELPERS(S, CT, SQRTF)                                                                                 \
    static inline CT rd_sum_##S(const CT *p, int64_t n) { RD_PARTIALS(CT, p, n, RD_TERM_SELF) }                         \
    static inline CT rd_ssd_##S(const CT *p, int64_t n, CT m) { RD_PARTIALS(CT, p, n, RD_TERM_SQDEV) }                  \
    static inline CT rd_maxv_##S(const CT *p, int64_t n) { /* NaN propagates */                                        \
        CT part[8], acc = -INFINITY;                                                                                   \
        for (int j = 0; j < 8; j++) part[j] = -INFINITY;                                                               \
        int64_t i = 0;                                                                                                 \
        for (; i + 8 <= n; i += 8)                                                                                     \
            for (int j = 0; j < 8; j++) part[j] = RD_GT(part[j], p[i + j], isnan);                                     \
        for (; i < n; i++) part[0] = RD_GT(part[0], p[i], isnan);                                                      \
        for (int j = 0; j < 8; j++) acc = RD_GT(acc, part[j], isnan);                                                  \
        return acc;                                                                                                    \
    }

RD_FLOAT_HELPERS(f, float, sqrtf)
RD_FLOAT_HELPERS(d, double, sqrt)

/* ------------------------------------------------------------------ softmax, log_softmax */

typedef struct {
    const void *x;
    void *y;
    int64_t A, inner, chunks;
    int logmode;
    double scale; /* softmax of scale * x (the compiler's Mul + Softmax fusion); 1 for log_softmax */
} rd_smjob_t;

/* sc * x as its own rounded product (a call: the expression around it cannot contract it into an
 * FMA), as the Mul kernel computes it */
static inline float rd_smul_f(float sc, float x) {
    return sc * x;
}
static inline double rd_smul_d(double sc, double x) {
    return sc * x;
}

/*
 * One row of A contiguous values (the axis is the innermost dimension): the max, then exp(x - max)
 * stored and summed in one pass, then the scale (softmax) or x - max - log(sum) (log_softmax).
 * The max and the sum run in 16 lanes (NaN propagates through the max), combined at the end.
 * Every x is read as sc * x (sc: the job's scale in the compute type, the product rounded as the
 * Mul kernel rounds it, so a fused Mul gives the same bits). EVEC: the loop pragma for the loops
 * calling EXPF (empty where EXPF is a libm call).
 */
#define RD_SOFTMAX(S, CT, EXPF, LOGF, EVEC)                                                                            \
    __attribute__((unused)) static void rd_smrow_lanes_##S(const CT *restrict p, CT *restrict q, int64_t A, int logmode, \
                                                           CT sc) {                                                    \
        CT lane[16];                                                                                                   \
        for (int u = 0; u < 16; u++) lane[u] = -INFINITY;                                                              \
        int64_t i = 0;                                                                                                 \
        for (; i + 16 <= A; i += 16) {                                                                                 \
            RD_VEC_LOOP                                                                                                \
            for (int u = 0; u < 16; u++) lane[u] = RD_GT(lane[u], rd_smul_##S(sc, p[i + u]), isnan);                   \
        }                                                                                                              \
        CT mx = -INFINITY;                                                                                             \
        for (; i < A; i++) mx = RD_GT(mx, rd_smul_##S(sc, p[i]), isnan);                                               \
        for (int w = 8; w >= 1; w /= 2) /* pairwise: 4 dependent steps instead of 16 */                               \
            for (int u = 0; u < w; u++) lane[u] = RD_GT(lane[u], lane[u + w], isnan);                                  \
        mx = RD_GT(mx, lane[0], isnan);                                                                                \
        for (int u = 0; u < 16; u++) lane[u] = 0;                                                                      \
        CT s = 0;                                                                                                      \
        if (logmode) {                                                                                                 \
            for (i = 0; i + 16 <= A; i += 16) {                                                                        \
                EVEC                                                                                                   \
                for (int u = 0; u < 16; u++) lane[u] += EXPF(rd_smul_##S(sc, p[i + u]) - mx);                          \
            }                                                                                                          \
            for (; i < A; i++) s += EXPF(rd_smul_##S(sc, p[i]) - mx);                                                  \
        } else {                                                                                                       \
            for (i = 0; i + 16 <= A; i += 16) {                                                                        \
                EVEC                                                                                                   \
                for (int u = 0; u < 16; u++) {                                                                         \
                    CT v = EXPF(rd_smul_##S(sc, p[i + u]) - mx);                                                       \
                    q[i + u] = v;                                                                                      \
                    lane[u] += v;                                                                                      \
                }                                                                                                      \
            }                                                                                                          \
            for (; i < A; i++) {                                                                                       \
                CT v = EXPF(rd_smul_##S(sc, p[i]) - mx);                                                               \
                q[i] = v;                                                                                              \
                s += v;                                                                                                \
            }                                                                                                          \
        }                                                                                                              \
        for (int w = 8; w >= 1; w /= 2)                                                                                \
            for (int u = 0; u < w; u++) lane[u] += lane[u + w];                                                        \
        s += lane[0];                                                                                                  \
        if (logmode) {                                                                                                 \
            CT ls = LOGF(s);                                                                                           \
            RD_VEC_LOOP                                                                                                \
            for (i = 0; i < A; i++) q[i] = (rd_smul_##S(sc, p[i]) - mx) - ls;                                          \
        } else {                                                                                                       \
            CT inv = (CT)1 / s;                                                                                        \
            RD_VEC_LOOP                                                                                                \
            for (i = 0; i < A; i++) q[i] *= inv;                                                                       \
        }                                                                                                              \
    }                                                                                                                  \
    static inline __attribute__((always_inline)) void rd_smrange_##S(const rd_smjob_t *j, int64_t b, int64_t e,       \
                                                                     const CT sc) {                                    \
        const CT *x = (const CT *)j->x;                                                                                \
        CT *y = (CT *)j->y;                                                                                            \
        int64_t A = j->A, inner = j->inner;                                                                            \
        if (inner == 1) {                                                                                              \
            int64_t r = b;                                                                                             \
            RD_SMROWS4_##S(x, y, A, &r, e, j->logmode, sc)                                                             \
            for (; r < e; r++) RD_SMROW_##S(x + r * A, y + r * A, A, j->logmode, sc);                                  \
            return;                                                                                                    \
        }                                                                                                              \
        /* the axis is not innermost: RD_CK columns at a time, each a row of the loops over k */                      \
        CT mx[RD_CK], sm[RD_CK];                                                                                       \
        for (int64_t t = b; t < e; t++) {                                                                              \
            int64_t o = t / j->chunks, k0 = (t % j->chunks) * RD_CK, kn = rd_min64(RD_CK, inner - k0);                 \
            const CT *restrict p = x + o * A * inner + k0;                                                             \
            CT *restrict q = y + o * A * inner + k0;                                                                   \
            for (int64_t k = 0; k < kn; k++) mx[k] = -INFINITY, sm[k] = 0;                                             \
            for (int64_t i = 0; i < A; i++) {                                                                          \
                RD_VEC_LOOP                                                                                            \
                for (int64_t k = 0; k < kn; k++) mx[k] = RD_GT(mx[k], rd_smul_##S(sc, p[i * inner + k]), isnan);       \
            }                                                                                                          \
            if (j->logmode) {                                                                                          \
                for (int64_t i = 0; i < A; i++) {                                                                      \
                    EVEC                                                                                               \
                    for (int64_t k = 0; k < kn; k++) sm[k] += EXPF(rd_smul_##S(sc, p[i * inner + k]) - mx[k]);         \
                }                                                                                                      \
                for (int64_t k = 0; k < kn; k++) sm[k] = LOGF(sm[k]);                                                  \
                for (int64_t i = 0; i < A; i++) {                                                                      \
                    RD_VEC_LOOP                                                                                        \
                    for (int64_t k = 0; k < kn; k++)                                                                   \
                        q[i * inner + k] = (rd_smul_##S(sc, p[i * inner + k]) - mx[k]) - sm[k];                        \
                }                                                                                                      \
            } else {                                                                                                   \
                for (int64_t i = 0; i < A; i++) {                                                                      \
                    EVEC                                                                                               \
                    for (int64_t k = 0; k < kn; k++) {                                                                 \
                        CT v = EXPF(rd_smul_##S(sc, p[i * inner + k]) - mx[k]);                                        \
                        q[i * inner + k] = v;                                                                          \
                        sm[k] += v;                                                                                    \
                    }                                                                                                  \
                }                                                                                                      \
                for (int64_t k = 0; k < kn; k++) sm[k] = (CT)1 / sm[k];                                                \
                for (int64_t i = 0; i < A; i++) {                                                                      \
                    RD_VEC_LOOP                                                                                        \
                    for (int64_t k = 0; k < kn; k++) q[i * inner + k] *= sm[k];                                        \
                }                                                                                                      \
            }                                                                                                          \
        }                                                                                                              \
    }                                                                                                                  \
    /* rows b..e-1; unscaled (no fused Mul; log_softmax) with a constant 1, so that the multiplies fold away */      \
    static void rd_smbody_##S(void *arg, int64_t b, int64_t e) {                                                       \
        const rd_smjob_t *j = (const rd_smjob_t *)arg;                                                                 \
        if (j->scale == 1.0) rd_smrange_##S(j, b, e, (CT)1);                                                           \
        else rd_smrange_##S(j, b, e, (CT)j->scale);                                                                    \
    }

/*
 * The float row of softmax / log_softmax in generic 16-float vectors (GCC vector extension: plain
 * IR vectors that the JIT's code generator maps to the host's registers, one zmm on AVX-512, two
 * ymm on AVX2). Unlike rd_smrow_lanes_f's lane array, the max runs in two independent chains and
 * both horizontal reductions (16 lanes to 1) are trees of vector operations: with BERT's 128-wide
 * rows the scalar 16-step max chain alone cost about as much as the max pass. Same arithmetic and
 * summation order as rd_smrow_lanes_f (16 lane sums, pairwise 8-4-2-1, the tail added first).
 */
/* the helpers below are static and always inlined: no vector crosses a real call, so the psABI
 * note about passing 256/512-bit vectors without AVX does not apply */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
typedef float rd_v16f __attribute__((vector_size(64)));
typedef float rd_v8f __attribute__((vector_size(32)));
typedef float rd_v4f __attribute__((vector_size(16)));
typedef float rd_v2f __attribute__((vector_size(8)));
typedef int32_t rd_v16i __attribute__((vector_size(64)));
typedef int32_t rd_v8i __attribute__((vector_size(32)));
typedef int32_t rd_v4i __attribute__((vector_size(16)));
typedef int32_t rd_v2i __attribute__((vector_size(8)));

/* lane-wise bit select: b where mask m is set, else a */
#define RD_VSEL(VF, VI)                                                                                                \
    static inline __attribute__((always_inline)) VF rd_vsel_##VF(VF a, VF b, VI m) {                                   \
        VI ai, bi;                                                                                                     \
        memcpy(&ai, &a, sizeof(a));                                                                                    \
        memcpy(&bi, &b, sizeof(b));                                                                                    \
        VI ri = (bi & m) | (ai & ~m);                                                                                  \
        VF r;                                                                                                          \
        memcpy(&r, &ri, sizeof(r));                                                                                    \
        return r;                                                                                                      \
    }

/* NaN-propagating max (RD_GT) lane-wise: b where b > a or b is NaN, else a */
#define RD_VGT(VF, VI)                                                                                                 \
    RD_VSEL(VF, VI)                                                                                                    \
    static inline __attribute__((always_inline)) VF rd_vgt_##VF(VF a, VF b) {                                         \
        return rd_vsel_##VF(a, b, (VI)(b > a) | (VI)(b != b));                                                         \
    }
RD_VGT(rd_v16f, rd_v16i)
RD_VGT(rd_v8f, rd_v8i)
RD_VGT(rd_v4f, rd_v4i)
RD_VGT(rd_v2f, rd_v2i)

/* the plain max lane-wise, b where b > a else a (x86's max: NaN b gives a), for data with no NaN */
static inline __attribute__((always_inline)) rd_v16f rd_vmax_rd_v16f(rd_v16f a, rd_v16f b) {
    return rd_vsel_rd_v16f(a, b, (rd_v16i)(b > a));
}

/* whether any lane of v is NaN */
static inline __attribute__((always_inline)) int rd_vany_nan16(rd_v16f v) {
    rd_v16i m = (rd_v16i)(v != v);
    int32_t any = 0;
    for (int u = 0; u < 16; u++) any |= m[u];
    return any != 0;
}

/* lower and upper halves of a vector (memcpy: the optimiser turns them into register extracts) */
#define RD_HALVES(VF, VH)                                                                                              \
    static inline __attribute__((always_inline)) void rd_halves_##VF(VF v, VH *lo, VH *hi) {                                                          \
        memcpy(lo, &v, sizeof(VH));                                                                                    \
        memcpy(hi, (char *)&v + sizeof(VH), sizeof(VH));                                                               \
    }
RD_HALVES(rd_v16f, rd_v8f)
RD_HALVES(rd_v8f, rd_v4f)
RD_HALVES(rd_v4f, rd_v2f)

static inline __attribute__((always_inline)) rd_v16f rd_vld16(const float *p) {
    rd_v16f v;
    memcpy(&v, p, sizeof(v));
    return v;
}

/* the first n (<= 16) floats of p as a vector, zero past n or when p is NULL; the full vector as
 * one fixed-size copy (a variable one stays a memcpy call), a part as one masked load with
 * AVX-512 (lanes past n are not read) */
static inline __attribute__((always_inline)) rd_v16f rd_vld16n(const float *p, int64_t n) {
    rd_v16f v = {0};
    if (p == NULL) return v;
    if (n == 16) memcpy(&v, p, sizeof v);
    else
#ifdef __AVX512F__
        v = __builtin_ia32_loadups512_mask(p, v, (unsigned short)((1u << n) - 1));
#else
        for (int64_t i = 0; i < n; i++) v[i] = p[i];
#endif
    return v;
}

/* the first n (<= 16) lanes of v to p (a part as one masked store with AVX-512) */
static inline __attribute__((always_inline)) void rd_vst16n(float *p, rd_v16f v, int64_t n) {
    if (n == 16) memcpy(p, &v, sizeof v);
    else
#ifdef __AVX512F__
        __builtin_ia32_storeups512_mask(p, v, (unsigned short)((1u << n) - 1));
#else
        for (int64_t i = 0; i < n; i++) p[i] = v[i];
#endif
}

static inline __attribute__((always_inline)) float rd_vmax16(rd_v16f v) {
    rd_v8f a, b;
    rd_v4f c, d;
    rd_v2f e, f;
    rd_halves_rd_v16f(v, &a, &b);
    rd_halves_rd_v8f(rd_vgt_rd_v8f(a, b), &c, &d);
    rd_halves_rd_v4f(rd_vgt_rd_v4f(c, d), &e, &f);
    rd_v2f g = rd_vgt_rd_v2f(e, f);
    return RD_GT(g[0], g[1], isnan);
}

static inline __attribute__((always_inline)) float rd_vsum16(rd_v16f v) {
    rd_v8f a, b;
    rd_v4f c, d;
    rd_v2f e, f;
    rd_halves_rd_v16f(v, &a, &b);
    rd_halves_rd_v8f(a + b, &c, &d);
    rd_halves_rd_v4f(c + d, &e, &f);
    rd_v2f g = e + f;
    return g[0] + g[1];
}

/*
 * R float rows of A values (row r at p + r A), R = 1 or 4 (constant at each call: the row loops
 * unroll), each row computed as described above whatever R: the same bits. A 128-wide row alone is
 * a chain of dependent steps (its max, the max tree, exp(x - max) and the sums, the sum tree, 1 /
 * sum) that leaves the core mostly idle (~300 cycles a row measured on BERT's rows); four rows in
 * each loop give it four chains to overlap (op-softmax 0.108 -> 0.078 ms). rd_smbody_f takes rows
 * four at a time when they have at most RD_SM4_MAX_A values (four rows stay in L1 across the three
 * passes). The final scale or subtraction runs one loop per row: the four rows' stores in one loop
 * (pointers into one array) stayed scalar. When the rows' maxima are finite the exp pass takes
 * rd_expf_nonpos (same bits, fewer operations): a Softmax over 12 x 128 x 128 at one thread
 * 82-96 -> 68-89 us, BERT's scaled one 95-168 -> 90-101 us (docs/BENCHMARKS.md, thirtieth round).
 */
#define RD_SM4_MAX_A 1024
#ifdef __clang__
#define RD_ROWS_UNROLLED _Pragma("clang loop unroll(full)")
#else
#define RD_ROWS_UNROLLED
#endif
/* rd_smrows_vec_f's exp pass: l[r] (vector lanes) and s[r] (the tail) sum exp(sc x - mx[r]), stored
 * into q unless logmode; `nonpos` (a constant at each call) when every mx[r] is finite */
static inline __attribute__((always_inline)) void rd_smexp_f(const float *restrict p, float *restrict q, int64_t A,
                                                             int64_t tail, int logmode, const int R, float sc,
                                                             const float *mx, float l[4][16], float *s,
                                                             const int nonpos) {
#define RD_SMEXP(t) (nonpos ? rd_expf_nonpos(t) : rd_expf(t))
    int64_t i;
    for (i = 0; i < tail; i += 16) {
        if (logmode) {
            RD_VEC_LOOP
            for (int u = 0; u < 16; u++)
                RD_ROWS_UNROLLED
                for (int r = 0; r < R; r++) l[r][u] += RD_SMEXP(rd_smul_f(sc, p[r * A + i + u]) - mx[r]);
        } else {
            RD_VEC_LOOP
            for (int u = 0; u < 16; u++)
                RD_ROWS_UNROLLED
                for (int r = 0; r < R; r++) {
                    float v = RD_SMEXP(rd_smul_f(sc, p[r * A + i + u]) - mx[r]);
                    q[r * A + i + u] = v;
                    l[r][u] += v;
                }
        }
    }
    for (; i < A; i++)
        for (int r = 0; r < R; r++) {
            float v = RD_SMEXP(rd_smul_f(sc, p[r * A + i]) - mx[r]);
            if (!logmode) q[r * A + i] = v;
            s[r] += v;
        }
#undef RD_SMEXP
}

static inline __attribute__((always_inline)) void rd_smrows_vec_f(const float *restrict p, float *restrict q,
                                                                     int64_t A, int logmode, const int R, float sc) {
    rd_v16f m0[4], m1[4];
    float mx[4], l[4][16], s[4];
    for (int r = 0; r < R; r++) {
        for (int u = 0; u < 16; u++) m0[r][u] = -INFINITY;
        m1[r] = m0[r];
    }
    int64_t i = 0;
    for (; i + 32 <= A; i += 32)
        for (int r = 0; r < R; r++) {
            m0[r] = rd_vgt_rd_v16f(m0[r], sc * rd_vld16(p + r * A + i));
            m1[r] = rd_vgt_rd_v16f(m1[r], sc * rd_vld16(p + r * A + i + 16));
        }
    if (i + 16 <= A) {
        for (int r = 0; r < R; r++) m0[r] = rd_vgt_rd_v16f(m0[r], sc * rd_vld16(p + r * A + i));
        i += 16;
    }
    const int64_t tail = i; /* the vector steps end here */
    for (int r = 0; r < R; r++) {
        mx[r] = -INFINITY;
        for (int64_t k = tail; k < A; k++) mx[r] = RD_GT(mx[r], sc * p[r * A + k], isnan);
        mx[r] = RD_GT(mx[r], rd_vmax16(rd_vgt_rd_v16f(m0[r], m1[r])), isnan);
        for (int u = 0; u < 16; u++) l[r][u] = 0;
        s[r] = 0;
    }
    /* rows whose maxima are all finite have every x - max in [-inf, 0], never NaN; the others keep
     * the checked exp (their x - max can be NaN, which rd_expf_nonpos would convert to an integer:
     * undefined in C, though the result would come out NaN either way) */
    int finite = 1;
    for (int r = 0; r < R; r++) finite &= mx[r] - mx[r] == 0.0f;
    if (finite) rd_smexp_f(p, q, A, tail, logmode, R, sc, mx, l, s, 1);
    else rd_smexp_f(p, q, A, tail, logmode, R, sc, mx, l, s, 0);
    for (int r = 0; r < R; r++) {
        rd_v16f sv;
        memcpy(&sv, l[r], sizeof(sv));
        s[r] += rd_vsum16(sv);
        const float *pr = p + r * A;
        float *qr = q + r * A;
        if (logmode) {
            float ls = logf(s[r]);
            for (i = 0; i < A; i++) qr[i] = (rd_smul_f(sc, pr[i]) - mx[r]) - ls;
        } else {
            float inv = 1.0f / s[r];
            for (i = 0; i < A; i++) qr[i] *= inv;
        }
    }
}

#pragma GCC diagnostic pop

#define RD_SMROW_f(p, q, A, logmode, sc) rd_smrows_vec_f(p, q, A, logmode, 1, sc)
#define RD_SMROW_d(p, q, A, logmode, sc) rd_smrow_lanes_d(p, q, A, logmode, sc)
/* rows b..e-1 from row *r on, four at a time while four are left (float) */
#define RD_SMROWS4_f(x, y, A, r, e, logmode, sc)                                                                       \
    if ((A) <= RD_SM4_MAX_A)                                                                                           \
        for (; *(r) + 4 <= (e); *(r) += 4) rd_smrows_vec_f((x) + *(r) * (A), (y) + *(r) * (A), A, logmode, 4, sc);
#define RD_SMROWS4_d(x, y, A, r, e, logmode, sc)

RD_SOFTMAX(f, float, rd_expf, logf, RD_VEC_LOOP)
RD_SOFTMAX(d, double, exp, log, )

static void rd_softmax(void *ctx, const char *sym, int ty, int logmode, int64_t xr, const void *xd, int64_t yr,
                       const void *yd, int64_t axis, double scale) {
    if (hipep_has_error(ctx)) return;
    hipep_view_t xv = hipep_view(xr, xd, rd_esize[ty]), yv = hipep_view(yr, yd, rd_esize[ty]);
    int64_t ax;
    if (xr == 0) ax = 0;
    else if (!rd_axis(ctx, sym, axis, xr, &ax)) return;
    if (!rd_check_numel(ctx, sym, "the destination", &yv, xv.numel)) return;
    if (xv.numel == 0) return;
    int64_t outer = 1, inner = 1, A = xr == 0 ? 1 : xv.sizes[ax];
    for (int64_t d = 0; d < ax; d++) outer *= xv.sizes[d];
    for (int64_t d = ax + 1; d < xr; d++) inner *= xv.sizes[d];
    void *xo, *yo;
    const void *x = rd_load(ctx, sym, &xv, ty, &xo);
    if (!x) return;
    void *y = rd_dst(ctx, sym, &yv, ty, &yo);
    if (!y) {
        free(xo);
        return;
    }
    rd_smjob_t job = {x, y, A, inner, (inner + RD_CK - 1) / RD_CK, logmode, scale};
    int64_t tasks = inner == 1 ? outer : outer * job.chunks;
    int64_t grain = rd_max64(1, 16384 / rd_max64(1, A * rd_min64(inner, RD_CK)));
    hipep_parallel_for(ctx, tasks, grain, ty == RD_F64 ? rd_smbody_d : rd_smbody_f, &job);
    rd_commit(&yv, ty, yo);
    free(xo);
}

#define RD_SOFTMAX_KERNELS(t, TY)                                                                                      \
    void hipep_softmax_##t(void *ctx, int64_t xr, void *x, int64_t yr, void *y, int64_t axis, double scale) {          \
        rd_softmax(ctx, "hipep_softmax_" #t, TY, 0, xr, x, yr, y, axis, scale);                                        \
    }                                                                                                                  \
    void hipep_log_softmax_##t(void *ctx, int64_t xr, void *x, int64_t yr, void *y, int64_t axis) {                    \
        rd_softmax(ctx, "hipep_log_softmax_" #t, TY, 1, xr, x, yr, y, axis, 1.0);                                      \
    }

RD_FLOAT_TYPES(RD_SOFTMAX_KERNELS)

/* ------------------------------------------------------------------ layer_norm, rms_norm */

typedef struct {
    const void *x, *skip; /* skip: NULL, or added to x first (hipep_skip_layer_norm) */
    void *y;
    const void *scale, *bias;
    float *mean, *inv;
    int64_t N;
    double eps;
    int rms;
} rd_lnjob_t;

#define RD_LAYERNORM(S, CT, SQRTF)                                                                                     \
    static void rd_lnbody_##S(void *arg, int64_t b, int64_t e) {                                                       \
        const rd_lnjob_t *j = (const rd_lnjob_t *)arg;                                                                 \
        int64_t N = j->N;                                                                                              \
        const CT *sc = (const CT *)j->scale, *bi = (const CT *)j->bias;                                                \
        CT eps = (CT)j->eps;                                                                                           \
        for (int64_t r = b; r < e; r++) {                                                                              \
            const CT *p = (const CT *)j->x + r * N;                                                                    \
            CT *q = (CT *)j->y + r * N;                                                                                \
            if (j->skip) {                                                                                             \
                /* X + skip in the compute type (f32: the Add kernel's sums) into Y's row, normalised                  \
                 * there through q alone: with p == q the loops below would take their scalar                          \
                 * fallback (the vectoriser's overlap check fails), twice as slow */                                   \
                const CT *k = (const CT *)j->skip + r * N;                                                             \
                for (int64_t i = 0; i < N; i++) q[i] = p[i] + k[i];                                                    \
                CT m = rd_sum_##S(q, N) / (CT)N;                                                                       \
                CT inv = (CT)1 / SQRTF(rd_ssd_##S(q, N, m) / (CT)N + eps);                                             \
                if (bi) {                                                                                              \
                    for (int64_t i = 0; i < N; i++) q[i] = (q[i] - m) * inv * sc[i] + bi[i];                           \
                } else {                                                                                               \
                    for (int64_t i = 0; i < N; i++) q[i] = (q[i] - m) * inv * sc[i];                                   \
                }                                                                                                      \
                continue;                                                                                              \
            }                                                                                                          \
            if (j->rms) {                                                                                              \
                CT inv = (CT)1 / SQRTF(rd_ssd_##S(p, N, 0) / (CT)N + eps);                                             \
                for (int64_t i = 0; i < N; i++) q[i] = p[i] * inv * sc[i];                                             \
                continue;                                                                                              \
            }                                                                                                          \
            CT m = rd_sum_##S(p, N) / (CT)N;                                                                           \
            CT inv = (CT)1 / SQRTF(rd_ssd_##S(p, N, m) / (CT)N + eps);                                                 \
            if (bi) {                                                                                                  \
                for (int64_t i = 0; i < N; i++) q[i] = (p[i] - m) * inv * sc[i] + bi[i];                               \
            } else {                                                                                                   \
                for (int64_t i = 0; i < N; i++) q[i] = (p[i] - m) * inv * sc[i];                                       \
            }                                                                                                          \
            if (j->mean) j->mean[r] = (float)m;                                                                        \
            if (j->inv) j->inv[r] = (float)inv;                                                                        \
        }                                                                                                              \
    }

RD_LAYERNORM(f, float, sqrtf)
RD_LAYERNORM(d, double, sqrt)

/* layer_norm / rms_norm of X, or (kd not NULL: hipep_skip_layer_norm) of X + skip, skip X's shape */
static void rd_layer_norm(void *ctx, const char *sym, int ty, int rms, int64_t xr, const void *xd, int64_t kr,
                          const void *kd, int64_t sr, const void *sd, int64_t br, const void *bd, int64_t yr,
                          const void *yd, int64_t mr, const void *md, int64_t ir, const void *id, int64_t axis,
                          double eps) {
    if (hipep_has_error(ctx)) return;
    int64_t es = rd_esize[ty], cs = rd_csize(ty);
    hipep_view_t xv = hipep_view(xr, xd, es), sv = hipep_view(sr, sd, es), yv = hipep_view(yr, yd, es), kv = {0};
    int64_t ax;
    if (!rd_axis(ctx, sym, axis, xr, &ax)) return;
    int64_t outer = 1, N = 1;
    for (int64_t d = 0; d < ax; d++) outer *= xv.sizes[d];
    for (int64_t d = ax; d < xr; d++) N *= xv.sizes[d];
    if (!rd_check_numel(ctx, sym, "Y", &yv, xv.numel)) return;
    if (kd) {
        kv = hipep_view(kr, kd, es);
        if (!rd_check_numel(ctx, sym, "skip", &kv, xv.numel)) return;
    }
    hipep_view_t mv, iv;
    if (md) {
        mv = hipep_view(mr, md, 4);
        if (!rd_check_numel(ctx, sym, "Mean", &mv, outer)) return;
    }
    if (id) {
        iv = hipep_view(ir, id, 4);
        if (!rd_check_numel(ctx, sym, "InvStdDev", &iv, outer)) return;
    }
    if (xv.numel == 0) return;
    void *xo = NULL, *ko = NULL, *yo = NULL, *mo = NULL, *io = NULL, *sc = NULL, *bi = NULL;
    float *mean = NULL, *inv = NULL;
    const void *x = rd_load(ctx, sym, &xv, ty, &xo), *skip = NULL;
    if (x && kd) skip = rd_load(ctx, sym, &kv, ty, &ko);
    void *y = x && (skip || !kd) ? rd_dst(ctx, sym, &yv, ty, &yo) : NULL;
    if (y) sc = rd_bcast(ctx, sym, &sv, ty, xv.sizes + ax, xr - ax, cs);
    if (sc && bd) {
        hipep_view_t bv = hipep_view(br, bd, es);
        bi = rd_bcast(ctx, sym, &bv, ty, xv.sizes + ax, xr - ax, cs);
    }
    if (sc && (bi || !bd) && md) mean = (float *)rd_dst(ctx, sym, &mv, RD_F32, &mo);
    if (sc && (bi || !bd) && id) inv = (float *)rd_dst(ctx, sym, &iv, RD_F32, &io);
    if (sc && (bi || !bd) && (mean || !md) && (inv || !id)) {
        rd_lnjob_t job = {x, skip, y, sc, bi, mean, inv, N, eps, rms};
        hipep_parallel_for(ctx, outer, rd_max64(1, 8192 / rd_max64(N, 1)), ty == RD_F64 ? rd_lnbody_d : rd_lnbody_f,
                           &job);
        rd_commit(&yv, ty, yo);
        if (md) rd_commit(&mv, RD_F32, mo);
        if (id) rd_commit(&iv, RD_F32, io);
    } else {
        free(yo);
        free(mo);
        free(io);
    }
    free(xo);
    free(ko);
    free(sc);
    free(bi);
}

#define RD_LN_KERNELS(t, TY)                                                                                           \
    void hipep_layer_norm_##t##_in2_out1(void *ctx, int64_t xr, void *x, int64_t sr, void *s, int64_t yr, void *y,     \
                                         int64_t axis, double eps) {                                                   \
        rd_layer_norm(ctx, "hipep_layer_norm_" #t "_in2_out1", TY, 0, xr, x, 0, NULL, sr, s, 0, NULL, yr, y, 0, NULL,  \
                      0, NULL, axis, eps);                                                                             \
    }                                                                                                                  \
    void hipep_layer_norm_##t##_in3_out1(void *ctx, int64_t xr, void *x, int64_t sr, void *s, int64_t br, void *b,     \
                                         int64_t yr, void *y, int64_t axis, double eps) {                              \
        rd_layer_norm(ctx, "hipep_layer_norm_" #t "_in3_out1", TY, 0, xr, x, 0, NULL, sr, s, br, b, yr, y, 0, NULL, 0, \
                      NULL, axis, eps);                                                                                \
    }                                                                                                                  \
    void hipep_layer_norm_##t##_in2_out2(void *ctx, int64_t xr, void *x, int64_t sr, void *s, int64_t yr, void *y,     \
                                         int64_t mr, void *m, int64_t axis, double eps) {                              \
        rd_layer_norm(ctx, "hipep_layer_norm_" #t "_in2_out2", TY, 0, xr, x, 0, NULL, sr, s, 0, NULL, yr, y, mr, m, 0, \
                      NULL, axis, eps);                                                                                \
    }                                                                                                                  \
    void hipep_layer_norm_##t##_in3_out2(void *ctx, int64_t xr, void *x, int64_t sr, void *s, int64_t br, void *b,     \
                                         int64_t yr, void *y, int64_t mr, void *m, int64_t axis, double eps) {         \
        rd_layer_norm(ctx, "hipep_layer_norm_" #t "_in3_out2", TY, 0, xr, x, 0, NULL, sr, s, br, b, yr, y, mr, m, 0,   \
                      NULL, axis, eps);                                                                                \
    }                                                                                                                  \
    void hipep_layer_norm_##t##_in2_out3(void *ctx, int64_t xr, void *x, int64_t sr, void *s, int64_t yr, void *y,     \
                                         int64_t mr, void *m, int64_t ir, void *i, int64_t axis, double eps) {         \
        rd_layer_norm(ctx, "hipep_layer_norm_" #t "_in2_out3", TY, 0, xr, x, 0, NULL, sr, s, 0, NULL, yr, y, mr, m,    \
                      ir, i, axis, eps);                                                                               \
    }                                                                                                                  \
    void hipep_layer_norm_##t##_in3_out3(void *ctx, int64_t xr, void *x, int64_t sr, void *s, int64_t br, void *b,     \
                                         int64_t yr, void *y, int64_t mr, void *m, int64_t ir, void *i, int64_t axis,  \
                                         double eps) {                                                                 \
        rd_layer_norm(ctx, "hipep_layer_norm_" #t "_in3_out3", TY, 0, xr, x, 0, NULL, sr, s, br, b, yr, y, mr, m,      \
                      ir, i, axis, eps);                                                                               \
    }                                                                                                                  \
    void hipep_skip_layer_norm_##t##_in3(void *ctx, int64_t xr, void *x, int64_t kr, void *k, int64_t sr, void *s,     \
                                         int64_t yr, void *y, int64_t axis, double eps) {                              \
        rd_layer_norm(ctx, "hipep_skip_layer_norm_" #t "_in3", TY, 0, xr, x, kr, k, sr, s, 0, NULL, yr, y, 0, NULL,    \
                      0, NULL, axis, eps);                                                                             \
    }                                                                                                                  \
    void hipep_skip_layer_norm_##t##_in4(void *ctx, int64_t xr, void *x, int64_t kr, void *k, int64_t sr, void *s,     \
                                         int64_t br, void *b, int64_t yr, void *y, int64_t axis, double eps) {         \
        rd_layer_norm(ctx, "hipep_skip_layer_norm_" #t "_in4", TY, 0, xr, x, kr, k, sr, s, br, b, yr, y, 0, NULL,      \
                      0, NULL, axis, eps);                                                                             \
    }                                                                                                                  \
    void hipep_rms_norm_##t(void *ctx, int64_t xr, void *x, int64_t sr, void *s, int64_t yr, void *y, int64_t axis,    \
                            double eps) {                                                                              \
        rd_layer_norm(ctx, "hipep_rms_norm_" #t, TY, 1, xr, x, 0, NULL, sr, s, 0, NULL, yr, y, 0, NULL, 0, NULL, axis, \
                      eps);                                                                                            \
    }

RD_FLOAT_TYPES(RD_LN_KERNELS)

/* ------------------------------------------------------------------ batch_norm, instance_norm, group_norm */

enum { RD_BATCH, RD_INSTANCE, RD_GROUP };

typedef struct {
    const void *x;
    void *y;
    const void *s, *b, *m, *v; /* per channel, compute type */
    int64_t C, inner, cpg;
    double eps;
    int kind;
} rd_cnjob_t;

#define RD_CHANNELNORM(S, CT, SQRTF)                                                                                   \
    static void rd_cnbody_##S(void *arg, int64_t b, int64_t e) {                                                       \
        const rd_cnjob_t *j = (const rd_cnjob_t *)arg;                                                                 \
        const CT *sc = (const CT *)j->s, *bi = (const CT *)j->b;                                                       \
        int64_t inner = j->inner, C = j->C;                                                                            \
        CT eps = (CT)j->eps;                                                                                           \
        for (int64_t r = b; r < e; r++) {                                                                              \
            if (j->kind == RD_BATCH) {                                                                                 \
                int64_t c = r % C;                                                                                     \
                const CT *p = (const CT *)j->x + r * inner;                                                            \
                CT *q = (CT *)j->y + r * inner;                                                                        \
                CT m = ((const CT *)j->m)[c], a = sc[c] / SQRTF(((const CT *)j->v)[c] + eps), bb = bi[c];              \
                for (int64_t i = 0; i < inner; i++) q[i] = (p[i] - m) * a + bb;                                        \
            } else {                                                                                                   \
                int64_t cpg = j->kind == RD_GROUP ? j->cpg : 1, L = cpg * inner;                                       \
                int64_t c0 = (r % (C / cpg)) * cpg;                                                                    \
                const CT *p = (const CT *)j->x + r * L;                                                                \
                CT *q = (CT *)j->y + r * L;                                                                            \
                CT m = rd_sum_##S(p, L) / (CT)L;                                                                       \
                CT inv = (CT)1 / SQRTF(rd_ssd_##S(p, L, m) / (CT)L + eps);                                             \
                for (int64_t cc = 0; cc < cpg; cc++) {                                                                 \
                    CT a = inv * sc[c0 + cc], bb = bi[c0 + cc];                                                        \
                    const CT *pc = p + cc * inner;                                                                     \
                    CT *qc = q + cc * inner;                                                                           \
                    for (int64_t i = 0; i < inner; i++) qc[i] = (pc[i] - m) * a + bb;                                  \
                }                                                                                                      \
            }                                                                                                          \
        }                                                                                                              \
    }

RD_CHANNELNORM(f, float, sqrtf)
RD_CHANNELNORM(d, double, sqrt)

static void rd_channel_norm(void *ctx, const char *sym, int ty, int kind, int64_t xr, const void *xd,
                            const int64_t *vr, const void *const *vd, int64_t nvec, int64_t yr, const void *yd,
                            int64_t groups, double eps) {
    if (hipep_has_error(ctx)) return;
    int64_t es = rd_esize[ty], cs = rd_csize(ty);
    hipep_view_t xv = hipep_view(xr, xd, es), yv = hipep_view(yr, yd, es);
    if (xr < 2) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: X must have rank >= 2, got %lld", sym, (long long)xr);
        return;
    }
    if (!rd_check_numel(ctx, sym, "Y", &yv, xv.numel)) return;
    int64_t C = xv.sizes[1], inner = 1, cpg = 1;
    for (int64_t d = 2; d < xr; d++) inner *= xv.sizes[d];
    if (kind == RD_GROUP) {
        if (groups <= 0 || C % groups != 0) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: %lld channels are not divisible in %lld groups", sym,
                         (long long)C, (long long)groups);
            return;
        }
        cpg = C / groups;
    }
    void *vec[4] = {NULL, NULL, NULL, NULL};
    for (int64_t i = 0; i < nvec; i++) {
        hipep_view_t v = hipep_view(vr[i], vd[i], es);
        if (!rd_check_numel(ctx, sym, "a per-channel operand", &v, C)) break;
        hipep_view_t flat = v;
        flat.rank = 1;
        flat.sizes = &v.numel;
        int64_t str = 0;
        for (int64_t d = 0; d < v.rank; d++)
            if (v.sizes[d] != 1) str = v.strides[d];
        flat.strides = &str;
        vec[i] = rd_bcast(ctx, sym, &flat, ty, &C, 1, cs);
        if (!vec[i]) break;
    }
    void *xo = NULL, *yo = NULL;
    const void *x = NULL;
    void *y = NULL;
    if (!hipep_has_error(ctx) && xv.numel > 0) {
        x = rd_load(ctx, sym, &xv, ty, &xo);
        if (x) y = rd_dst(ctx, sym, &yv, ty, &yo);
    }
    if (y) {
        rd_cnjob_t job = {x, y, vec[0], vec[1], vec[2], vec[3], C, inner, cpg, eps, kind};
        int64_t rows = kind == RD_GROUP ? xv.sizes[0] * groups : xv.sizes[0] * C;
        int64_t len = kind == RD_GROUP ? cpg * inner : inner;
        hipep_parallel_for(ctx, rows, rd_max64(1, 8192 / rd_max64(len, 1)), ty == RD_F64 ? rd_cnbody_d : rd_cnbody_f,
                           &job);
        rd_commit(&yv, ty, yo);
    }
    free(xo);
    for (int i = 0; i < 4; i++) free(vec[i]);
}

#define RD_CN_KERNELS(t, TY)                                                                                           \
    void hipep_batch_norm_##t(void *ctx, int64_t xr, void *x, int64_t sr, void *s, int64_t br, void *b, int64_t mr,   \
                              void *m, int64_t vr, void *v, int64_t yr, void *y, double eps) {                         \
        int64_t ranks[4] = {sr, br, mr, vr};                                                                           \
        const void *descs[4] = {s, b, m, v};                                                                           \
        rd_channel_norm(ctx, "hipep_batch_norm_" #t, TY, RD_BATCH, xr, x, ranks, descs, 4, yr, y, 0, eps);             \
    }                                                                                                                  \
    void hipep_instance_norm_##t(void *ctx, int64_t xr, void *x, int64_t sr, void *s, int64_t br, void *b,            \
                                 int64_t yr, void *y, double eps) {                                                    \
        int64_t ranks[2] = {sr, br};                                                                                   \
        const void *descs[2] = {s, b};                                                                                 \
        rd_channel_norm(ctx, "hipep_instance_norm_" #t, TY, RD_INSTANCE, xr, x, ranks, descs, 2, yr, y, 0, eps);       \
    }                                                                                                                  \
    void hipep_group_norm_##t(void *ctx, int64_t xr, void *x, int64_t sr, void *s, int64_t br, void *b, int64_t yr,   \
                              void *y, int64_t num_groups, double eps) {                                               \
        int64_t ranks[2] = {sr, br};                                                                                   \
        const void *descs[2] = {s, b};                                                                                 \
        rd_channel_norm(ctx, "hipep_group_norm_" #t, TY, RD_GROUP, xr, x, ranks, descs, 2, yr, y, num_groups, eps);    \
    }

RD_FLOAT_TYPES(RD_CN_KERNELS)

/* ------------------------------------------------------------------ pooling */

/*
 * Makes channels-last view v ([N, spatial..., C], an _nhwc kernel's X or Y) the same memory seen as
 * [N, C, spatial...]: its sizes and strides permuted into `store` (2 * rank values). The geometry
 * code of the NCHW kernels then reads it unchanged, and a dense copy of the permuted view is the
 * NCHW transpose. Also used by the channels-last convolutions (kernels_linalg.c, later in the
 * translation unit). Ranks outside [3, HIPEP_MAX_RANK] are left as they are (the callers report them).
 */
static void rd_view_channels_first(hipep_view_t *v, int64_t *store) {
    int64_t r = v->rank;
    if (r < 3 || r > HIPEP_MAX_RANK) return;
    store[0] = v->sizes[0];
    store[r] = v->strides[0];
    store[1] = v->sizes[r - 1];
    store[r + 1] = v->strides[r - 1];
    for (int64_t i = 2; i < r; i++) {
        store[i] = v->sizes[i - 1];
        store[r + i] = v->strides[i - 1];
    }
    v->sizes = store;
    v->strides = store + r;
}

typedef struct {
    const void *x;
    void *y;
    int64_t *ind;
    int64_t in[3], out[3], k[3], s[3], d[3], pb[3], pe[3];
    int64_t ins, outs;
    int64_t ia, ib; /* innermost outputs [ia, ib) whose taps are all inside the input */
    int64_t ch;     /* the channels-last kernels: C, the length of one position's vector */
    int cip;
} rd_pooljob_t;

/* The window taps [*lo, *hi) of one output position whose first tap is at i0 that fall in [0, n). */
static inline void rd_taps(int64_t i0, int64_t d, int64_t k, int64_t n, int64_t *lo, int64_t *hi) {
    *lo = i0 >= 0 ? 0 : (-i0 + d - 1) / d;
    *hi = i0 > n - 1 ? 0 : rd_min64(k, (n - 1 - i0) / d + 1);
    if (*hi < *lo) *hi = *lo;
}

/*
 * The pool loops over one [N*C] row: for each (o0, o1) the taps of the two outer spatial dims,
 * then the innermost outputs: BORDER for those whose window is clipped (one output at a time;
 * all of them when indices are wanted), INTERIOR over [ia, ib) where every innermost tap is inside
 * the input (loops over the outputs, vectorisable).
 */
#define RD_POOL_ROW(BORDER, INTERIOR, T, LOWEST, ISNAN)                                                                \
    for (int64_t o0 = 0; o0 < out0; o0++) {                                                                            \
        int64_t i0 = o0 * j->s[0] - j->pb[0], l0, h0;                                                                  \
        rd_taps(i0, j->d[0], j->k[0], j->in[0], &l0, &h0);                                                             \
        for (int64_t o1 = 0; o1 < out1; o1++) {                                                                        \
            int64_t i1 = o1 * j->s[1] - j->pb[1], l1, h1;                                                              \
            rd_taps(i1, j->d[1], j->k[1], j->in[1], &l1, &h1);                                                         \
            int64_t orow = (o0 * out1 + o1) * out2;                                                                    \
            for (int64_t o2 = 0; o2 < out2; o2++) {                                                                    \
                if (o2 == ia && !with_index) o2 = ib;                                                                  \
                if (o2 >= out2) break;                                                                                 \
                int64_t i2 = o2 * s2 - j->pb[2], l2, h2;                                                               \
                if (o2 >= ia && o2 < ib) {                                                                             \
                    l2 = 0;                                                                                            \
                    h2 = k2;                                                                                           \
                } else {                                                                                               \
                    rd_taps(i2, d2, k2, in2, &l2, &h2);                                                                \
                }                                                                                                      \
                BORDER(T, LOWEST, ISNAN)                                                                               \
            }                                                                                                          \
            if (!with_index && ib > ia) {                                                                              \
                INTERIOR(T, LOWEST, ISNAN)                                                                             \
            }                                                                                                          \
        }                                                                                                              \
    }

#define RD_POOL_LOCALS                                                                                                 \
    const rd_pooljob_t *j = (const rd_pooljob_t *)arg;                                                                 \
    const int64_t out0 = j->out[0], out1 = j->out[1], out2 = j->out[2], in1 = j->in[1], in2 = j->in[2];                \
    const int64_t s2 = j->s[2], d2 = j->d[2], k2 = j->k[2], ia = j->ia, ib = j->ib, ni = ib - ia;                      \
    const int with_index = j->ind != NULL;

#define RD_MAX_BORDER(T, LOWEST, ISNAN)                                                                                \
    {                                                                                                                  \
        T best = LOWEST;                                                                                               \
        int64_t bi = -1;                                                                                               \
        for (int64_t a0 = l0; a0 < h0; a0++)                                                                           \
            for (int64_t a1 = l1; a1 < h1; a1++) {                                                                     \
                int64_t rowi = ((i0 + a0 * j->d[0]) * in1 + i1 + a1 * j->d[1]) * in2 + i2;                             \
                for (int64_t a2 = l2; a2 < h2; a2++) {                                                                 \
                    T v = p[rowi + a2 * d2];                                                                           \
                    if (v > best || (ISNAN(v) && !ISNAN(best)) || bi < 0) {                                            \
                        best = v;                                                                                      \
                        bi = rowi + a2 * d2;                                                                           \
                    }                                                                                                  \
                }                                                                                                      \
            }                                                                                                          \
        q[orow + o2] = best;                                                                                           \
        if (with_index) j->ind[r * j->outs + orow + o2] = bi < 0 ? -1 : r * j->ins + bi;                               \
    }

#define RD_MAX_INTERIOR(T, LOWEST, ISNAN)                                                                              \
    {                                                                                                                  \
        T *qq = q + orow + ia;                                                                                         \
        for (int64_t o = 0; o < ni; o++) qq[o] = LOWEST;                                                               \
        for (int64_t a0 = l0; a0 < h0; a0++)                                                                           \
            for (int64_t a1 = l1; a1 < h1; a1++)                                                                       \
                for (int64_t a2 = 0; a2 < k2; a2++) {                                                                  \
                    const T *src =                                                                                     \
                        p + ((i0 + a0 * j->d[0]) * in1 + i1 + a1 * j->d[1]) * in2 + ia * s2 - j->pb[2] + a2 * d2;      \
                    if (s2 == 1) {                                                                                     \
                        for (int64_t o = 0; o < ni; o++) qq[o] = RD_GT(qq[o], src[o], ISNAN);                          \
                    } else {                                                                                           \
                        for (int64_t o = 0; o < ni; o++) qq[o] = RD_GT(qq[o], src[o * s2], ISNAN);                     \
                    }                                                                                                  \
                }                                                                                                      \
    }

#define RD_MAXPOOL(S, T, LOWEST, ISNAN)                                                                                \
    static void rd_maxpool_##S(void *arg, int64_t b, int64_t e) {                                                      \
        RD_POOL_LOCALS                                                                                                 \
        for (int64_t r = b; r < e; r++) {                                                                              \
            const T *p = (const T *)j->x + r * j->ins;                                                                 \
            T *q = (T *)j->y + r * j->outs;                                                                            \
            RD_POOL_ROW(RD_MAX_BORDER, RD_MAX_INTERIOR, T, LOWEST, ISNAN)                                              \
        }                                                                                                              \
    }

RD_MAXPOOL(f, float, -INFINITY, isnan)
RD_MAXPOOL(d, double, -INFINITY, isnan)
#define RD_MAXPOOL_INT(S, T, LO, HI) RD_MAXPOOL(S, T, LO, rd_isnan_i)
HIPEP_FOR_INT_TYPES(RD_MAXPOOL_INT)

/*
 * Max pool without indices, separable (rows of at most RD_POOL_VROW): for each output row the
 * window's input rows are first reduced into one row v (contiguous, vectorised), then along the
 * last dim; interior outputs with a stride first take the max of the k2 taps at every input
 * position h[t] (contiguous) and then pick every s2-th. 3x3 stride-2 pools did 9 strided passes
 * per output before; the result is the same (the max, NaN when a tap is NaN).
 */
#define RD_POOL_VROW 1024
#define RD_MAXPOOL_SEP(S, T, LOWEST, ISNAN)                                                                            \
    static void rd_maxpool_sep_##S(void *arg, int64_t b, int64_t e) {                                                  \
        RD_POOL_LOCALS                                                                                                 \
        (void)with_index;                                                                                              \
        T v[RD_POOL_VROW], h[RD_POOL_VROW];                                                                            \
        const int64_t pb2 = j->pb[2];                                                                                  \
        for (int64_t r = b; r < e; r++) {                                                                              \
            const T *p = (const T *)j->x + r * j->ins;                                                                 \
            T *q = (T *)j->y + r * j->outs;                                                                            \
            for (int64_t o0 = 0; o0 < out0; o0++) {                                                                    \
                int64_t i0 = o0 * j->s[0] - j->pb[0], l0, h0;                                                          \
                rd_taps(i0, j->d[0], j->k[0], j->in[0], &l0, &h0);                                                     \
                for (int64_t o1 = 0; o1 < out1; o1++) {                                                                \
                    int64_t i1 = o1 * j->s[1] - j->pb[1], l1, h1;                                                      \
                    rd_taps(i1, j->d[1], j->k[1], j->in[1], &l1, &h1);                                                 \
                    T *qq = q + (o0 * out1 + o1) * out2;                                                               \
                    if (h0 <= l0 || h1 <= l1) {                                                                        \
                        for (int64_t o2 = 0; o2 < out2; o2++) qq[o2] = LOWEST;                                         \
                        continue;                                                                                      \
                    }                                                                                                  \
                    const T *row = p + ((i0 + l0 * j->d[0]) * in1 + i1 + l1 * j->d[1]) * in2;                          \
                    if ((h0 - l0) * (h1 - l1) > 1) {                                                                   \
                        for (int64_t i = 0; i < in2; i++) v[i] = row[i];                                               \
                        for (int64_t a0 = l0; a0 < h0; a0++)                                                           \
                            for (int64_t a1 = (a0 == l0 ? l1 + 1 : l1); a1 < h1; a1++) {                               \
                                const T *src = p + ((i0 + a0 * j->d[0]) * in1 + i1 + a1 * j->d[1]) * in2;              \
                                RD_VEC_LOOP for (int64_t i = 0; i < in2; i++) v[i] = RD_GT(v[i], src[i], ISNAN);        \
                            }                                                                                          \
                        row = v;                                                                                       \
                    }                                                                                                  \
                    for (int64_t o2 = 0; o2 < out2; o2++) {                                                            \
                        if (o2 == ia) o2 = ib;                                                                         \
                        if (o2 >= out2) break;                                                                         \
                        int64_t i2 = o2 * s2 - pb2, l2, h2;                                                            \
                        rd_taps(i2, d2, k2, in2, &l2, &h2);                                                            \
                        T m = LOWEST;                                                                                  \
                        for (int64_t a2 = l2; a2 < h2; a2++) m = RD_GT(m, row[i2 + a2 * d2], ISNAN);                   \
                        qq[o2] = m;                                                                                    \
                    }                                                                                                  \
                    if (ib <= ia) continue;                                                                            \
                    const T *base = row + ia * s2 - pb2;                                                               \
                    T *qi = qq + ia;                                                                                   \
                    if (s2 == 1) {                                                                                     \
                        for (int64_t o = 0; o < ni; o++) qi[o] = base[o];                                              \
                        for (int64_t a2 = 1; a2 < k2; a2++) {                                                          \
                            const T *src = base + a2 * d2;                                                             \
                            RD_VEC_LOOP for (int64_t o = 0; o < ni; o++) qi[o] = RD_GT(qi[o], src[o], ISNAN);           \
                        }                                                                                              \
                    } else {                                                                                           \
                        int64_t span = (ni - 1) * s2 + 1;                                                              \
                        for (int64_t t = 0; t < span; t++) h[t] = base[t];                                             \
                        for (int64_t a2 = 1; a2 < k2; a2++) {                                                          \
                            const T *src = base + a2 * d2;                                                             \
                            RD_VEC_LOOP for (int64_t t = 0; t < span; t++) h[t] = RD_GT(h[t], src[t], ISNAN);           \
                        }                                                                                              \
                        for (int64_t o = 0; o < ni; o++) qi[o] = h[o * s2];                                            \
                    }                                                                                                  \
                }                                                                                                      \
            }                                                                                                          \
        }                                                                                                              \
    }

RD_MAXPOOL_SEP(f, float, -INFINITY, isnan)
RD_MAXPOOL_SEP(d, double, -INFINITY, isnan)

/*
 * The float 2x2 stride-2 max pool whose windows all lie inside the input (no pads, dilation 1: LeNet's,
 * VGG's, mnist-8's first): each output is max(max(a[2o], b[2o]), max(a[2o + 1], b[2o + 1])) of input
 * rows a and b, the order of rd_maxpool_sep_f (rows first, then the pair), so the same bits. Sixteen
 * outputs at a time: 32 floats of each row, their maxima, then the even and the odd lanes' (masked
 * loads and stores at a row's end); the separable body spent more on its per-row set-up than on
 * these 28-wide rows (15% of an mnist-8 run at one thread), a scalar loop ~7%.
 */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
static void rd_maxpool_2x2_f(void *arg, int64_t b, int64_t e) {
    const rd_pooljob_t *j = (const rd_pooljob_t *)arg;
    const int64_t out1 = j->out[1], out2 = j->out[2], in2 = j->in[2];
    for (int64_t r = b; r < e; r++) {
        const float *p = (const float *)j->x + r * j->ins;
        float *q = (float *)j->y + r * j->outs;
        for (int64_t o1 = 0; o1 < out1; o1++) {
            const float *ra = p + 2 * o1 * in2, *rb = ra + in2;
            float *qq = q + o1 * out2;
            for (int64_t o2 = 0; o2 < out2; o2 += 16) {
                int64_t n = out2 - o2 < 16 ? out2 - o2 : 16, lo = n < 8 ? 2 * n : 16, hi = 2 * n - lo;
                rd_v16f a0 = rd_vld16n(ra + 2 * o2, lo), a1 = rd_vld16n(ra + 2 * o2 + 16, hi);
                rd_v16f b0 = rd_vld16n(rb + 2 * o2, lo), b1 = rd_vld16n(rb + 2 * o2 + 16, hi);
                rd_v16f m0 = rd_vgt_rd_v16f(a0, b0), m1 = rd_vgt_rd_v16f(a1, b1);
                rd_v16f even = __builtin_shufflevector(m0, m1, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26,
                                                       28, 30);
                rd_v16f odd = __builtin_shufflevector(m0, m1, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27,
                                                      29, 31);
                rd_vst16n(qq + o2, rd_vgt_rd_v16f(even, odd), n);
            }
        }
    }
}
#pragma GCC diagnostic pop

/* Whether job j is a 2-d 2x2 stride-2 pool with every window inside the input (rd_maxpool_2x2_f). */
static int rd_pool_is_2x2(const rd_pooljob_t *j) {
    return j->in[0] == 1 && j->k[0] == 1 && j->k[1] == 2 && j->k[2] == 2 && j->s[1] == 2 && j->s[2] == 2 &&
           j->d[1] == 1 && j->d[2] == 1 && j->pb[1] == 0 && j->pb[2] == 0 && 2 * j->out[1] <= j->in[1] &&
           2 * j->out[2] <= j->in[2];
}
#define RD_MAXPOOL_SEP_INT(S, T, LO, HI) RD_MAXPOOL_SEP(S, T, LO, rd_isnan_i)
HIPEP_FOR_INT_TYPES(RD_MAXPOOL_SEP_INT)

/* The divisor of one avg_pool window: its taps inside the input, or inside the padded input. */
static inline int64_t rd_avg_count(const rd_pooljob_t *j, int64_t i0, int64_t i1, int64_t i2, int64_t n0, int64_t n1,
                                   int64_t n2) {
    if (!j->cip) return n0 * n1 * n2;
    int64_t c[3], i[3] = {i0, i1, i2};
    for (int t = 0; t < 3; t++) {
        int64_t lo, hi;
        rd_taps(i[t] + j->pb[t], j->d[t], j->k[t], j->in[t] + j->pb[t] + j->pe[t], &lo, &hi);
        c[t] = hi - lo;
    }
    return c[0] * c[1] * c[2];
}

#define RD_AVG_BORDER(CT, UNUSED1, UNUSED2)                                                                            \
    {                                                                                                                  \
        CT sum = 0;                                                                                                    \
        for (int64_t a0 = l0; a0 < h0; a0++)                                                                           \
            for (int64_t a1 = l1; a1 < h1; a1++) {                                                                     \
                const CT *row = p + ((i0 + a0 * j->d[0]) * in1 + i1 + a1 * j->d[1]) * in2 + i2;                        \
                for (int64_t a2 = l2; a2 < h2; a2++) sum += row[a2 * d2];                                              \
            }                                                                                                          \
        q[orow + o2] = sum / (CT)rd_avg_count(j, i0, i1, i2, h0 - l0, h1 - l1, h2 - l2);                               \
    }

#define RD_AVG_INTERIOR(CT, UNUSED1, UNUSED2)                                                                          \
    {                                                                                                                  \
        CT *qq = q + orow + ia;                                                                                        \
        for (int64_t o = 0; o < ni; o++) qq[o] = 0;                                                                    \
        for (int64_t a0 = l0; a0 < h0; a0++)                                                                           \
            for (int64_t a1 = l1; a1 < h1; a1++)                                                                       \
                for (int64_t a2 = 0; a2 < k2; a2++) {                                                                  \
                    const CT *src =                                                                                    \
                        p + ((i0 + a0 * j->d[0]) * in1 + i1 + a1 * j->d[1]) * in2 + ia * s2 - j->pb[2] + a2 * d2;      \
                    if (s2 == 1) {                                                                                     \
                        for (int64_t o = 0; o < ni; o++) qq[o] += src[o];                                              \
                    } else {                                                                                           \
                        for (int64_t o = 0; o < ni; o++) qq[o] += src[o * s2];                                         \
                    }                                                                                                  \
                }                                                                                                      \
        CT inv = (CT)1 / (CT)rd_avg_count(j, i0, i1, ia * s2 - j->pb[2], h0 - l0, h1 - l1, k2);                        \
        for (int64_t o = 0; o < ni; o++) qq[o] *= inv;                                                                 \
    }

#define RD_AVGPOOL(S, CT)                                                                                              \
    static void rd_avgpool_##S(void *arg, int64_t b, int64_t e) {                                                      \
        RD_POOL_LOCALS                                                                                                 \
        for (int64_t r = b; r < e; r++) {                                                                              \
            const CT *p = (const CT *)j->x + r * j->ins;                                                               \
            CT *q = (CT *)j->y + r * j->outs;                                                                          \
            RD_POOL_ROW(RD_AVG_BORDER, RD_AVG_INTERIOR, CT, 0, 0)                                                      \
        }                                                                                                              \
    }

RD_AVGPOOL(f, float)
RD_AVGPOOL(d, double)

/*
 * Channels-last pools (the _nhwc kernels): X [N, in0, in1, in2, C] and Y [N, out0, out1, out2, C]
 * (unused spatial dims 1), dense. One item of work = one row (n, o0, o1); each output position
 * reduces its window's taps as contiguous C-vectors (the vectorised loop). Same taps and order as
 * the NCHW loops above, so the same results: max with NaN propagating (RD_GT, LOWEST for a window
 * with no tap), avg summed in tap order and then multiplied by 1 / count for positions in [ia, ib)
 * (RD_AVG_INTERIOR) and divided by count on the border (RD_AVG_BORDER).
 */
#define RD_POOL_NHWC(NAME, T, INIT, ACC, FINISH)                                                                      \
    static void NAME(void *arg, int64_t b, int64_t e) {                                                                \
        const rd_pooljob_t *j = (const rd_pooljob_t *)arg;                                                             \
        const int64_t C = j->ch, out1 = j->out[1], out2 = j->out[2], in1 = j->in[1], in2 = j->in[2];                   \
        const int64_t rows = j->out[0] * out1;                                                                         \
        for (int64_t r = b; r < e; r++) {                                                                              \
            int64_t n = r / rows, o0 = (r - n * rows) / out1, o1 = r - n * rows - o0 * out1;                           \
            int64_t i0 = o0 * j->s[0] - j->pb[0], i1 = o1 * j->s[1] - j->pb[1], l0, h0, l1, h1;                        \
            rd_taps(i0, j->d[0], j->k[0], j->in[0], &l0, &h0);                                                         \
            rd_taps(i1, j->d[1], j->k[1], in1, &l1, &h1);                                                              \
            const T *xn = (const T *)j->x + n * j->ins * C;                                                            \
            for (int64_t o2 = 0; o2 < out2; o2++) {                                                                    \
                int64_t i2 = o2 * j->s[2] - j->pb[2], l2, h2;                                                          \
                rd_taps(i2, j->d[2], j->k[2], in2, &l2, &h2);                                                          \
                T *restrict q = (T *)j->y + (r * out2 + o2) * C;                                                       \
                for (int64_t c = 0; c < C; c++) q[c] = INIT;                                                           \
                for (int64_t a0 = l0; a0 < h0; a0++)                                                                   \
                    for (int64_t a1 = l1; a1 < h1; a1++)                                                               \
                        for (int64_t a2 = l2; a2 < h2; a2++) {                                                         \
                            const T *restrict src =                                                                    \
                                xn + (((i0 + a0 * j->d[0]) * in1 + i1 + a1 * j->d[1]) * in2 + i2 + a2 * j->d[2]) * C;  \
                            for (int64_t c = 0; c < C; c++) q[c] = ACC(q[c], src[c]);                                  \
                        }                                                                                              \
                FINISH                                                                                                 \
            }                                                                                                          \
        }                                                                                                              \
    }

#define RD_NHWC_NOFINISH
#define RD_NHWC_MAXPOOL(S, T, LOWEST, ISNAN)                                                                           \
    static inline T rd_nhwc_gt_##S(T a, T v) { return RD_GT(a, v, ISNAN); }                                           \
    RD_POOL_NHWC(rd_maxpool_nhwc_##S, T, LOWEST, rd_nhwc_gt_##S, RD_NHWC_NOFINISH)
RD_NHWC_MAXPOOL(d, double, -INFINITY, isnan)

/*
 * The float channels-last max pool (also f16 / bf16, pooled as float): the C-vector of one output
 * in blocks of 64 lanes held in four 16-lane registers across all the window's taps, stored once;
 * then 16-lane blocks, then single channels. The generic body above loads and stores the output
 * vector at every tap (9 times for a 3x3 window). Same taps, same order, same RD_GT: same bits.
 * The vector blocks first take the plain max (rd_vmax_rd_v16f: one vmaxps a tap, where RD_GT's
 * NaN test and bit select took four instructions) and sum the taps on the side; a NaN tap makes
 * that sum NaN (as can +inf and -inf together), and only then the block is pooled again with
 * RD_GT. Without a NaN tap both give the same bits (b > a ? b : a, ties and zeros included).
 * Whole 2-D 3x3 and 2x2 windows (every output but the borders of the CNNs' pools) take the vector
 * blocks with constant tap counts, which the compiler unrolls: in a C benchmark of SqueezeNet's
 * first pool (111x111x64, 3x3 stride 2, input in L3) 62-65 -> 52-56 us at one thread.
 * (The vector helpers are always inlined: -Wpsabi does not apply, as above.)
 */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
/* runs STMT with `src` at each of the n0 x n1 x n2 taps of a window whose first tap is FIRST, rows
 * s0 / s1 and taps s2 floats apart */
#define RD_NHWC_TAPS(FIRST, STMT)                                                                                      \
    for (int64_t a0 = 0; a0 < n0; a0++)                                                                                \
        for (int64_t a1 = 0; a1 < n1; a1++) {                                                                          \
            const float *row = (FIRST) + a0 * s0 + a1 * s1;                                                            \
            for (int64_t a2 = 0; a2 < n2; a2++) {                                                                      \
                const float *src = row + a2 * s2;                                                                      \
                STMT;                                                                                                  \
            }                                                                                                          \
        }

/* the max of one output's 64 channels from x on over its window's taps (see RD_NHWC_TAPS), into q */
static inline __attribute__((always_inline)) void rd_nhwc_max64(const float *x, int64_t n0, int64_t n1, int64_t n2,
                                                                int64_t s0, int64_t s1, int64_t s2, float *q) {
    rd_v16f m0, m1, m2, m3, t0 = {0}, t1 = {0}, t2 = {0}, t3 = {0};
    for (int u = 0; u < 16; u++) m0[u] = -INFINITY;
    m1 = m2 = m3 = m0;
    RD_NHWC_TAPS(x, {
        rd_v16f b0 = rd_vld16(src);
        rd_v16f b1 = rd_vld16(src + 16);
        rd_v16f b2 = rd_vld16(src + 32);
        rd_v16f b3 = rd_vld16(src + 48);
        m0 = rd_vmax_rd_v16f(m0, b0);
        m1 = rd_vmax_rd_v16f(m1, b1);
        m2 = rd_vmax_rd_v16f(m2, b2);
        m3 = rd_vmax_rd_v16f(m3, b3);
        t0 += b0;
        t1 += b1;
        t2 += b2;
        t3 += b3;
    })
    if (__builtin_expect(rd_vany_nan16((t0 + t1) + (t2 + t3)), 0)) {
        for (int u = 0; u < 16; u++) m0[u] = -INFINITY;
        m1 = m2 = m3 = m0;
        RD_NHWC_TAPS(x, {
            m0 = rd_vgt_rd_v16f(m0, rd_vld16(src));
            m1 = rd_vgt_rd_v16f(m1, rd_vld16(src + 16));
            m2 = rd_vgt_rd_v16f(m2, rd_vld16(src + 32));
            m3 = rd_vgt_rd_v16f(m3, rd_vld16(src + 48));
        })
    }
    memcpy(q, &m0, sizeof m0);
    memcpy(q + 16, &m1, sizeof m1);
    memcpy(q + 32, &m2, sizeof m2);
    memcpy(q + 48, &m3, sizeof m3);
}

/* the same for 16 channels */
static inline __attribute__((always_inline)) void rd_nhwc_max16(const float *x, int64_t n0, int64_t n1, int64_t n2,
                                                                int64_t s0, int64_t s1, int64_t s2, float *q) {
    rd_v16f m0, t0 = {0};
    for (int u = 0; u < 16; u++) m0[u] = -INFINITY;
    RD_NHWC_TAPS(x, {
        rd_v16f b0 = rd_vld16(src);
        m0 = rd_vmax_rd_v16f(m0, b0);
        t0 += b0;
    })
    if (__builtin_expect(rd_vany_nan16(t0), 0)) {
        for (int u = 0; u < 16; u++) m0[u] = -INFINITY;
        RD_NHWC_TAPS(x, m0 = rd_vgt_rd_v16f(m0, rd_vld16(src)))
    }
    memcpy(q, &m0, sizeof m0);
}

/* BLOCK (rd_nhwc_max64 / 16) for channels c on of the output at q: with constant tap counts for a
 * whole window of k x k (inlined and unrolled), else with the window's own */
#define RD_NHWC_WINDOW(BLOCK)                                                                                          \
    do {                                                                                                               \
        if (k == 3) BLOCK(x + c, 1, 3, 3, s0, s1, s2, q + c);                                                          \
        else if (k == 2) BLOCK(x + c, 1, 2, 2, s0, s1, s2, q + c);                                                     \
        else BLOCK(x + c, n0, n1, n2, s0, s1, s2, q + c);                                                              \
    } while (0)

static void rd_maxpool_nhwc_f(void *arg, int64_t b, int64_t e) {
    const rd_pooljob_t *j = (const rd_pooljob_t *)arg;
    const int64_t C = j->ch, out1 = j->out[1], out2 = j->out[2], in1 = j->in[1], in2 = j->in[2];
    const int64_t rows = j->out[0] * out1, d0 = j->d[0], d1 = j->d[1], d2 = j->d[2];
    /* whole 2-D 3x3 and 2x2 windows (the pools of the CNNs we time): the vector blocks' tap loops
     * with constant bounds, unrolled */
    const int64_t whole = j->k[0] == 1 && j->k[1] == j->k[2] && (j->k[1] == 3 || j->k[1] == 2) ? j->k[1] : 0;
    for (int64_t r = b; r < e; r++) {
        int64_t n = r / rows, o0 = (r - n * rows) / out1, o1 = r - n * rows - o0 * out1;
        int64_t i0 = o0 * j->s[0] - j->pb[0], i1 = o1 * j->s[1] - j->pb[1], l0, h0, l1, h1;
        rd_taps(i0, d0, j->k[0], j->in[0], &l0, &h0);
        rd_taps(i1, d1, j->k[1], in1, &l1, &h1);
        const float *xn = (const float *)j->x + n * j->ins * C;
        for (int64_t o2 = 0; o2 < out2; o2++) {
            int64_t i2 = o2 * j->s[2] - j->pb[2], l2, h2;
            rd_taps(i2, d2, j->k[2], in2, &l2, &h2);
            float *q = (float *)j->y + (r * out2 + o2) * C;
            /* the window's first tap; the others are d2 * C apart along the row, and rows s1 / s0
             * apart (an empty window has no tap and is never read) */
            const float *x = xn + (((i0 + l0 * d0) * in1 + i1 + l1 * d1) * in2 + i2 + l2 * d2) * C;
            const int64_t n0 = h0 - l0, n1 = h1 - l1, n2 = h2 - l2;
            const int64_t s2 = d2 * C, s1 = d1 * in2 * C, s0 = d0 * in1 * in2 * C;
            const int64_t k = whole != 0 && n0 == 1 && n1 == whole && n2 == whole ? whole : 0;
            int64_t c = 0;
            for (; c + 64 <= C; c += 64) RD_NHWC_WINDOW(rd_nhwc_max64);
            for (; c + 16 <= C; c += 16) RD_NHWC_WINDOW(rd_nhwc_max16);
            for (; c < C; c++) {
                float m = -INFINITY;
                RD_NHWC_TAPS(x + c, m = RD_GT(m, *src, isnan))
                q[c] = m;
            }
        }
    }
}
#undef RD_NHWC_TAPS
#undef RD_NHWC_WINDOW
#pragma GCC diagnostic pop
#define RD_NHWC_MAXPOOL_INT(S, T, LO, HI) RD_NHWC_MAXPOOL(S, T, LO, rd_isnan_i)
HIPEP_FOR_INT_TYPES(RD_NHWC_MAXPOOL_INT)

#define RD_NHWC_ADD(a, v) ((a) + (v))
#define RD_NHWC_AVG_FINISH(CT)                                                                                         \
    {                                                                                                                  \
        CT cnt = (CT)rd_avg_count(j, i0, i1, i2, h0 - l0, h1 - l1, h2 - l2);                                           \
        if (o2 >= j->ia && o2 < j->ib) {                                                                               \
            CT inv = (CT)1 / cnt;                                                                                      \
            for (int64_t c = 0; c < C; c++) q[c] *= inv;                                                               \
        } else {                                                                                                       \
            for (int64_t c = 0; c < C; c++) q[c] /= cnt;                                                               \
        }                                                                                                              \
    }
RD_POOL_NHWC(rd_avgpool_nhwc_f, float, 0, RD_NHWC_ADD, RD_NHWC_AVG_FINISH(float))
RD_POOL_NHWC(rd_avgpool_nhwc_d, double, 0, RD_NHWC_ADD, RD_NHWC_AVG_FINISH(double))

static int rd_pool_setup(void *ctx, const char *sym, const hipep_view_t *xv, const hipep_view_t *yv,
                         const int64_t *kernel, int64_t nk, const int64_t *strides, int64_t ns, const int64_t *pads,
                         int64_t np, const int64_t *dil, int64_t nd, int64_t auto_pad, rd_pooljob_t *j) {
    int64_t sp = xv->rank - 2;
    if (sp < 1 || sp > 3) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: %lld spatial dimensions (1 to 3 supported)", sym, (long long)sp);
        return 0;
    }
    if (yv->rank != xv->rank || yv->sizes[0] != xv->sizes[0] || yv->sizes[1] != xv->sizes[1]) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: the destination's shape does not match X [N, C, ...]", sym);
        return 0;
    }
    if (!kernel || nk != sp || (strides && ns != sp) || (pads && np != 2 * sp) || (dil && nd != sp)) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT,
                     "%s: kernel_shape (%lld values), strides (%lld), pads (%lld) or dilations (%lld) do not fit %lld "
                     "spatial dimensions", sym, (long long)nk, (long long)ns, (long long)np, (long long)nd,
                     (long long)sp);
        return 0;
    }
    j->ins = j->outs = 1;
    for (int64_t i = 0; i < 3; i++) {
        j->in[i] = j->out[i] = j->k[i] = j->s[i] = j->d[i] = 1;
        j->pb[i] = j->pe[i] = 0;
    }
    for (int64_t i = 0; i < sp; i++) {
        int64_t t = 3 - sp + i;
        j->in[t] = xv->sizes[2 + i];
        j->out[t] = yv->sizes[2 + i];
        j->k[t] = kernel[i];
        j->s[t] = strides ? strides[i] : 1;
        j->d[t] = dil ? dil[i] : 1;
        if (j->k[t] < 1 || j->s[t] < 1 || j->d[t] < 1) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: kernel %lld, stride %lld, dilation %lld must be >= 1",
                         sym, (long long)j->k[t], (long long)j->s[t], (long long)j->d[t]);
            return 0;
        }
        if (auto_pad == 1 || auto_pad == 2) {
            int64_t total = rd_max64(0, (j->out[t] - 1) * j->s[t] + (j->k[t] - 1) * j->d[t] + 1 - j->in[t]);
            j->pb[t] = auto_pad == 1 ? total / 2 : total - total / 2;
            j->pe[t] = total - j->pb[t];
        } else if (auto_pad == 0 && pads) {
            j->pb[t] = pads[i];
            j->pe[t] = pads[sp + i];
        }
    }
    for (int64_t i = 0; i < 3; i++) {
        j->ins *= j->in[i];
        j->outs *= j->out[i];
    }
    /* o * s - pb >= 0 and o * s - pb + (k - 1) * d <= in - 1 */
    int64_t num = j->in[2] - 1 + j->pb[2] - (j->k[2] - 1) * j->d[2];
    j->ia = rd_min64((j->pb[2] + j->s[2] - 1) / j->s[2], j->out[2]);
    j->ib = num < 0 ? 0 : rd_min64(num / j->s[2] + 1, j->out[2]);
    if (j->ib < j->ia) j->ib = j->ia;
    return 1;
}

static void rd_pool(void *ctx, const char *sym, int ty, int avg, int64_t xr, const void *xd, int64_t yr,
                    const void *yd, int64_t ir, const void *id, const int64_t *kernel, int64_t nk,
                    const int64_t *strides, int64_t ns, const int64_t *pads, int64_t np, const int64_t *dil,
                    int64_t nd, int64_t auto_pad, int64_t cip, int nhwc) {
    if (hipep_has_error(ctx)) return;
    int64_t es = rd_esize[ty];
    hipep_view_t xv = hipep_view(xr, xd, es), yv = hipep_view(yr, yd, es), iv;
    /* channels-last: the geometry from the views seen as [N, C, spatial...] */
    hipep_view_t xg = xv, yg = yv;
    int64_t xperm[2 * HIPEP_MAX_RANK], yperm[2 * HIPEP_MAX_RANK];
    if (nhwc && (xr != yr || xr < 3 || xr > 5)) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: X and Y must be [N, spatial..., C] with 1 to 3 spatial dims "
                     "(ranks %lld, %lld)", sym, (long long)xr, (long long)yr);
        return;
    }
    if (nhwc) {
        rd_view_channels_first(&xg, xperm);
        rd_view_channels_first(&yg, yperm);
    }
    rd_pooljob_t job;
    if (!rd_pool_setup(ctx, sym, &xg, &yg, kernel, nk, strides, ns, pads, np, dil, nd, auto_pad, &job)) return;
    job.cip = cip != 0;
    job.ch = xg.sizes[1];
    job.ind = NULL;
    if (id) {
        iv = hipep_view(ir, id, 8);
        if (!rd_check_numel(ctx, sym, "Indices", &iv, yv.numel)) return;
    }
    if (yv.numel == 0) return;
    void *xo = NULL, *yo = NULL, *io = NULL;
    job.x = rd_load(ctx, sym, &xv, ty, &xo);
    if (!job.x) return;
    job.y = rd_dst(ctx, sym, &yv, ty, &yo);
    if (job.y && id) job.ind = (int64_t *)rd_dst(ctx, sym, &iv, RD_I64, &io);
    if (job.y && (!id || job.ind)) {
        static const rd_body_t maxpool[] = RD_BODIES(rd_maxpool_), maxpool_sep[] = RD_BODIES(rd_maxpool_sep_);
        static const rd_body_t maxpool_nhwc[] = RD_BODIES(rd_maxpool_nhwc_);
        rd_body_t body = avg ? (ty == RD_F64 ? rd_avgpool_d : rd_avgpool_f)
                             : (!id && job.in[2] <= RD_POOL_VROW ? maxpool_sep[ty] : maxpool[ty]);
        if (body == rd_maxpool_sep_f && rd_pool_is_2x2(&job)) body = rd_maxpool_2x2_f;
        int64_t work = job.outs * job.k[0] * job.k[1] * job.k[2], rows = xv.sizes[0] * xg.sizes[1];
        if (nhwc) { /* rows (n, o0, o1) of out2 C-vectors */
            body = avg ? (ty == RD_F64 ? rd_avgpool_nhwc_d : rd_avgpool_nhwc_f) : maxpool_nhwc[ty];
            rows = xv.sizes[0] * job.out[0] * job.out[1];
            work = job.out[2] * job.ch * job.k[0] * job.k[1] * job.k[2];
        }
        hipep_parallel_for(ctx, rows, rd_max64(1, 16384 / rd_max64(work, 1)), body, &job);
        rd_commit(&yv, ty, yo);
        if (id) rd_commit(&iv, RD_I64, io);
    } else {
        free(yo);
    }
    free(xo);
}

/* Global pools: a reduction over the spatial dims. */
static void rd_global_pool(void *ctx, const char *sym, int ty, int op, int64_t xr, const void *xd, int64_t yr,
                           const void *yd, int nhwc) {
    if (hipep_has_error(ctx)) return;
    if (xr < 2 || xr > HIPEP_MAX_RANK) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: X must be [N, C, ...], got rank %lld", sym, (long long)xr);
        return;
    }
    hipep_view_t xv = hipep_view(xr, xd, rd_esize[ty]), yv = hipep_view(yr, yd, rd_esize[ty]);
    unsigned char red[HIPEP_MAX_RANK] = {0};
    /* NCHW: the dims after C; channels-last [N, spatial..., C]: the dims between N and C, which
     * the reduction walks as columns of C-vectors */
    for (int64_t d = nhwc ? 1 : 2; d < (nhwc ? xr - 1 : xr); d++) red[d] = 1;
    rd_reduce_mask(ctx, sym, ty, op, &xv, &yv, red);
}

#define RD_MAXPOOL_KERNELS(t, TY)                                                                                      \
    void hipep_max_pool_##t##_out1(void *ctx, int64_t xr, void *x, int64_t yr, void *y, const int64_t *kernel,        \
                                   int64_t nk, const int64_t *strides, int64_t ns, const int64_t *pads, int64_t np,    \
                                   const int64_t *dil, int64_t nd, int64_t auto_pad, int64_t ceil_mode) {              \
        (void)ceil_mode;                                                                                               \
        rd_pool(ctx, "hipep_max_pool_" #t "_out1", TY, 0, xr, x, yr, y, 0, NULL, kernel, nk, strides, ns, pads, np,    \
                dil, nd, auto_pad, 0, 0);                                                                              \
    }                                                                                                                  \
    void hipep_max_pool_##t##_out2(void *ctx, int64_t xr, void *x, int64_t yr, void *y, int64_t ir, void *ind,        \
                                   const int64_t *kernel, int64_t nk, const int64_t *strides, int64_t ns,              \
                                   const int64_t *pads, int64_t np, const int64_t *dil, int64_t nd, int64_t auto_pad,  \
                                   int64_t ceil_mode) {                                                                \
        (void)ceil_mode;                                                                                               \
        rd_pool(ctx, "hipep_max_pool_" #t "_out2", TY, 0, xr, x, yr, y, ir, ind, kernel, nk, strides, ns, pads, np,    \
                dil, nd, auto_pad, 0, 0);                                                                              \
    }                                                                                                                  \
    void hipep_global_max_pool_##t(void *ctx, int64_t xr, void *x, int64_t yr, void *y) {                              \
        rd_global_pool(ctx, "hipep_global_max_pool_" #t, TY, RD_MAX, xr, x, yr, y, 0);                                 \
    }

RD_ALL_TYPES(RD_MAXPOOL_KERNELS)

#define RD_AVGPOOL_KERNELS(t, TY)                                                                                      \
    void hipep_avg_pool_##t(void *ctx, int64_t xr, void *x, int64_t yr, void *y, const int64_t *kernel, int64_t nk,   \
                            const int64_t *strides, int64_t ns, const int64_t *pads, int64_t np, const int64_t *dil,   \
                            int64_t nd, int64_t auto_pad, int64_t ceil_mode, int64_t count_include_pad) {              \
        (void)ceil_mode;                                                                                               \
        rd_pool(ctx, "hipep_avg_pool_" #t, TY, 1, xr, x, yr, y, 0, NULL, kernel, nk, strides, ns, pads, np, dil, nd,   \
                auto_pad, count_include_pad, 0);                                                                       \
    }                                                                                                                  \
    void hipep_global_avg_pool_##t(void *ctx, int64_t xr, void *x, int64_t yr, void *y) {                              \
        rd_global_pool(ctx, "hipep_global_avg_pool_" #t, TY, RD_MEAN, xr, x, yr, y, 0);                                \
    }

RD_FLOAT_TYPES(RD_AVGPOOL_KERNELS)

/*
 * The channels-last pools (X [N, spatial..., C], Y [N, out..., C]; global: Y [N, 1..., C]), with
 * the NCHW kernels' signatures and attributes: hipep_max_pool_<t>_out1_nhwc and
 * hipep_global_max_pool_<t>_nhwc (all types), hipep_avg_pool_<t>_nhwc and
 * hipep_global_avg_pool_<t>_nhwc (float types).
 */
#define RD_MAXPOOL_NHWC_KERNELS(t, TY)                                                                                 \
    void hipep_max_pool_##t##_out1_nhwc(void *ctx, int64_t xr, void *x, int64_t yr, void *y, const int64_t *kernel,   \
                                        int64_t nk, const int64_t *strides, int64_t ns, const int64_t *pads,           \
                                        int64_t np, const int64_t *dil, int64_t nd, int64_t auto_pad,                  \
                                        int64_t ceil_mode) {                                                           \
        (void)ceil_mode;                                                                                               \
        rd_pool(ctx, "hipep_max_pool_" #t "_out1_nhwc", TY, 0, xr, x, yr, y, 0, NULL, kernel, nk, strides, ns, pads,   \
                np, dil, nd, auto_pad, 0, 1);                                                                          \
    }                                                                                                                  \
    void hipep_global_max_pool_##t##_nhwc(void *ctx, int64_t xr, void *x, int64_t yr, void *y) {                       \
        rd_global_pool(ctx, "hipep_global_max_pool_" #t "_nhwc", TY, RD_MAX, xr, x, yr, y, 1);                         \
    }

RD_ALL_TYPES(RD_MAXPOOL_NHWC_KERNELS)

#define RD_AVGPOOL_NHWC_KERNELS(t, TY)                                                                                 \
    void hipep_avg_pool_##t##_nhwc(void *ctx, int64_t xr, void *x, int64_t yr, void *y, const int64_t *kernel,         \
                                   int64_t nk, const int64_t *strides, int64_t ns, const int64_t *pads, int64_t np,    \
                                   const int64_t *dil, int64_t nd, int64_t auto_pad, int64_t ceil_mode,                \
                                   int64_t count_include_pad) {                                                        \
        (void)ceil_mode;                                                                                               \
        rd_pool(ctx, "hipep_avg_pool_" #t "_nhwc", TY, 1, xr, x, yr, y, 0, NULL, kernel, nk, strides, ns, pads, np,    \
                dil, nd, auto_pad, count_include_pad, 1);                                                              \
    }                                                                                                                  \
    void hipep_global_avg_pool_##t##_nhwc(void *ctx, int64_t xr, void *x, int64_t yr, void *y) {                       \
        rd_global_pool(ctx, "hipep_global_avg_pool_" #t "_nhwc", TY, RD_MEAN, xr, x, yr, y, 1);                        \
    }

RD_FLOAT_TYPES(RD_AVGPOOL_NHWC_KERNELS)
