/* MatMul, Gemm, convolutions, einsum, attention and rotary embedding (pooling is not here).
 *
 * Kernels (docs/kernel-abi.md); t in f32 f64 f16 bf16 unless said otherwise (268 symbols):
 *   hipep_matmul_<t>_in2 / _in3           t also i8 i16 i32 i64 ui8 ui16 ui32 ui64; _in3: + bias row [N]
 *   hipep_matmul_<t>_in2_gelu / _in3_gelu, _gelu_tanh  the same, then Gelu (erf or tanh form)
 *   hipep_gemm_<t>_in2 / _in3             t also i8 i16 i32 i64 ui8 ui16 ui32 ui64
 *   hipep_conv_<t>_in2 / _in3             any spatial rank, groups (depthwise direct), dilations, auto_pad
 *   hipep_conv_<t>_in2_clamp / _in3_clamp the same with a fused min(max(y, clamp_min), clamp_max) per tile
 *   hipep_conv_<t>_in2[_clamp]_nhwc / _in3[_clamp]_nhwc  channels-last X [N, spatial..., C] and
 *                                         Y [N, out..., M] (W unchanged), same signatures: f32 2-D group-1
 *                                         undilated ones by Winograd (kernels_dnnl_winograd.c: 3x3 stride 1,
 *                                         wide, constant W) or through oneDNN in place (kernels_dnnl_conv.c),
 *                                         the rest through NCHW copies (la_conv_channels_first)
 *   hipep_conv_f32_in2[_clamp]_maxpool_nhwc / _in3[_clamp]_maxpool_nhwc  the same, f32 only, with a
 *                                         fused max pool (la_conv_maxpool): Y is the pool's output
 *   hipep_conv_transpose_<t>_in2 / _in3   output_padding, output_shape, auto_pad (SAME pads derived from Y)
 *   hipep_einsum_<t>_in1 .. _in6          t also i8..i64, ui8..ui64 (ellipsis, diagonals, implicit output)
 *   hipep_attention_<t>_in{3,4,5,6}_out{1,3,4}
 *   hipep_rotary_embedding_<t>_in3 / _in4
 * Products: f32/f64 through OpenBLAS at one thread, large ones split into column / row blocks over
 * hipep_parallel_for by la_blas_gemm, batches in parallel by la_gemm_batches (cblas_sgemm /
 * cblas_dgemm; strided operands used in place when BLAS can address them, packed otherwise;
 * f32 ones of at most LA_TINY_MACS multiply-adds in a loop of our own, la_tiny_sgemm);
 * f16/bf16 are converted to f32 and use sgemm;
 * integer types use their own loops with wrapping arithmetic (gemm's alpha/beta applied in
 * double, saturated on the way back). Conv: tiles of output positions (a column block of about
 * LA_CONV_TILE_BYTES, more when W is larger) per image and group, run in parallel (small output
 * maps: one after the other, each GEMM split over the threads instead; under LA_BLAS_MIN_MACS
 * on the calling thread alone): each tile is im2col'd into the state's scratch of its slot
 * (st_scratch_take: kept between runs, never image-sized) and multiplied by one gemm straight
 * into Y (row stride = the output size) on top of the bias written just before; 1x1 stride-1
 * unpadded convs read X in place (at one thread as one GEMM); depthwise ones shift and accumulate;
 * f32 2-D stride-1 ones of one input channel (mnist-8's first) are direct sums with 8 output
 * channels' accumulators in registers (la_conv1ch_body), and so are channels-last f32 2-D ones of
 * up to four input channels and 27 or more taps (a CNN's 7x7 or 3x3 stem: la_convfc_body; also
 * small ones of fewer than 16 input channels, mnist-8's second). ConvTranspose:
 * gemm + col2im by blocks of input positions (same budget). Einsum: two operands of matmul form go
 * through BLAS, anything else through a general index loop (products and sums in double, or
 * wrapping int64 for integers).
 * Attention (ONNX 23, after the current ONNX reference implementation): grouped-query heads share
 * K/V head q_head / (q_heads / kv_heads); is_causal lets query i see keys j <= i + past_length
 * (upper-left aligned without a cache, offset by the cache length with past_key, as the reference
 * does); softcap is applied to the scaled scores before the mask is added (masked scores stay
 * -inf); a mask shorter than the total sequence is padded with -inf; qk_matmul_output modes:
 * 0 scaled QK^T, 1 scaled QK^T + mask (spec text), 2 the scores fed to the softmax (softcap +
 * mask), 3 the softmax; a fully masked row gives NaN as in the reference.
 * Not supported (HIPEP_ERR_UNSUPPORTED): ranks above HIPEP_MAX_RANK, BLAS dimensions above
 * INT32_MAX, operand / destination shapes that disagree (message gives both), einsum equations
 * over 1023 characters or more than 6 operands (no symbol). Known ABI gap: attention's attn_mask is
 * read with Q's element type; a bool (i1) mask cannot be told apart by the symbol, so it needs a
 * symbol of its own (la_attention already takes the mask type).
 * position_ids outside the cache: HIPEP_ERR_INDEX_OUT_OF_RANGE.
 */
#include "hipep_runtime.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ OpenBLAS (CBLAS, 32-bit ints) */

extern void cblas_sgemm(int order, int transa, int transb, int m, int n, int k, float alpha, const float *a, int lda,
                        const float *b, int ldb, float beta, float *c, int ldc);
extern void cblas_dgemm(int order, int transa, int transb, int m, int n, int k, double alpha, const double *a,
                        int lda, const double *b, int ldb, double beta, double *c, int ldc);
#define LA_ROW_MAJOR 101
#define LA_NO_TRANS 111
#define LA_TRANS 112
#define LA_INT_MAX 2147483647LL

/* ------------------------------------------------------------------ element types */

/* the header's element type codes (hipep_load_d takes them) */
enum {
    LA_F32 = HIPEP_T_F32, LA_F64 = HIPEP_T_F64, LA_F16 = HIPEP_T_F16, LA_BF16 = HIPEP_T_BF16, LA_I8 = HIPEP_T_I8,
    LA_I16 = HIPEP_T_I16, LA_I32 = HIPEP_T_I32, LA_I64 = HIPEP_T_I64, LA_U8 = HIPEP_T_U8, LA_U16 = HIPEP_T_U16,
    LA_U32 = HIPEP_T_U32, LA_U64 = HIPEP_T_U64, LA_BOOL = HIPEP_T_BOOL
};
/* compute kinds: LA_F32 (float), LA_F64 (double), LA_I64 (int64_t holding the wrapped value) */
#define LA_KI64 100

static inline int64_t la_esize(int t) {
    switch (t) {
    case LA_F64: case LA_I64: case LA_U64: return 8;
    case LA_F32: case LA_I32: case LA_U32: return 4;
    case LA_F16: case LA_BF16: case LA_I16: case LA_U16: return 2;
    default: return 1;
    }
}

static inline int64_t la_ksize(int kind) { return kind == LA_F32 ? 4 : 8; }

/* The compute kind of an element type. */
static inline int la_kind_of(int t) {
    if (t == LA_F64) return LA_F64;
    if (t == LA_F32 || t == LA_F16 || t == LA_BF16) return LA_F32;
    return LA_KI64;
}

/* Element i (in elements from p) as int64 (as double: hipep_load_d). */
static inline int64_t la_geti(int t, const void *p, int64_t i) {
    switch (t) {
    case LA_I8: return ((const int8_t *)p)[i];
    case LA_I16: return ((const int16_t *)p)[i];
    case LA_I32: return ((const int32_t *)p)[i];
    case LA_I64: return ((const int64_t *)p)[i];
    case LA_U8: case LA_BOOL: return ((const uint8_t *)p)[i];
    case LA_U16: return ((const uint16_t *)p)[i];
    case LA_U32: return ((const uint32_t *)p)[i];
    case LA_U64: return (int64_t)((const uint64_t *)p)[i];
    default: return (int64_t)hipep_load_d(t, p, i);
    }
}

/* double -> integer type with a defined result (saturating; NaN -> 0) for gemm's scaled ints. */
static inline int64_t la_d2i(int t, double v) {
    if (v != v) return 0;
    if (t == LA_U64) {
        if (v <= 0) return 0;
        if (v >= 18446744073709551615.0) return (int64_t)UINT64_MAX;
        return (int64_t)(uint64_t)v;
    }
    if (v <= -9223372036854775808.0) return INT64_MIN;
    if (v >= 9223372036854775807.0) return INT64_MAX;
    return (int64_t)v;
}

static inline void la_puti(int t, void *p, int64_t i, int64_t x);

static inline void la_putd(int t, void *p, int64_t i, double v) {
    switch (t) {
    case LA_F32: ((float *)p)[i] = (float)v; break;
    case LA_F64: ((double *)p)[i] = v; break;
    case LA_F16: ((uint16_t *)p)[i] = hipep_f32_to_f16((float)v); break;
    case LA_BF16: ((uint16_t *)p)[i] = hipep_f32_to_bf16((float)v); break;
    default: la_puti(t, p, i, la_d2i(t, v)); break; /* an integer type: la_puti stores it */
    }
}

static inline void la_puti(int t, void *p, int64_t i, int64_t x) {
    switch (t) {
    case LA_I8: ((int8_t *)p)[i] = (int8_t)x; break;
    case LA_I16: ((int16_t *)p)[i] = (int16_t)x; break;
    case LA_I32: ((int32_t *)p)[i] = (int32_t)x; break;
    case LA_I64: ((int64_t *)p)[i] = x; break;
    case LA_U8: case LA_BOOL: ((uint8_t *)p)[i] = (uint8_t)x; break;
    case LA_U16: ((uint16_t *)p)[i] = (uint16_t)x; break;
    case LA_U32: ((uint32_t *)p)[i] = (uint32_t)x; break;
    case LA_U64: ((uint64_t *)p)[i] = (uint64_t)x; break;
    default: la_putd(t, p, i, (double)x); break;
    }
}

/* ------------------------------------------------------------------ dense copies in a compute kind */

/* Whether elements of type t are stored exactly as the compute kind (no conversion needed). */
static inline int la_native(int t, int kind) {
    return (kind == LA_F32 && t == LA_F32) || (kind == LA_F64 && t == LA_F64) ||
           (kind == LA_KI64 && (t == LA_I64 || t == LA_U64));
}

/* hipep_parallel_for grain: items per chunk for about 16K element operations */
static inline int64_t la_grain(int64_t work_per_item) {
    int64_t g = 16384 / (work_per_item > 0 ? work_per_item : 1);
    return g > 0 ? g : 1;
}

static void *la_alloc(void *ctx, const char *sym, int64_t bytes) {
    void *p = malloc(bytes > 0 ? (size_t)bytes : 1);
    if (!p) hipep_errorf(ctx, HIPEP_ERR_OUT_OF_MEMORY, "%s: cannot allocate %lld bytes", sym, (long long)bytes);
    return p;
}

/* Walks v in row-major order: for each innermost row, BODY runs with `off` (the row's element
 * offset), `inner` (row length), `is` (its stride) and `k` (the linear index of the row start). */
#define LA_ROWS(v, BODY)                                                                                   \
    do {                                                                                                   \
        int64_t la_r_ = (v)->rank;                                                                         \
        if ((v)->numel == 0) break;                                                                        \
        int64_t inner = la_r_ > 0 ? (v)->sizes[la_r_ - 1] : 1;                                             \
        int64_t is = la_r_ > 0 ? (v)->strides[la_r_ - 1] : 0;                                              \
        int64_t la_idx_[HIPEP_MAX_RANK] = {0};                                                             \
        int64_t off = 0;                                                                                   \
        for (int64_t k = 0; k < (v)->numel; k += inner) {                                                  \
            BODY;                                                                                          \
            for (int64_t d_ = la_r_ - 2; d_ >= 0; d_--) {                                                  \
                off += (v)->strides[d_];                                                                   \
                if (++la_idx_[d_] < (v)->sizes[d_]) break;                                                 \
                off -= (v)->strides[d_] * (v)->sizes[d_];                                                  \
                la_idx_[d_] = 0;                                                                           \
            }                                                                                              \
        }                                                                                                  \
    } while (0)

/* Copies v (element type t) into dst (compute kind), densely in row-major order. */
static void la_gather_into(const hipep_view_t *v, int t, int kind, void *dst) {
    const char *base = v->data;
    if (kind == LA_F32) {
        float *o = (float *)dst;
        if (t == LA_F32) LA_ROWS(v, { const float *s = (const float *)base + off; for (int64_t j = 0; j < inner; j++) o[k + j] = s[j * is]; });
        else if (t == LA_F16) LA_ROWS(v, { const uint16_t *s = (const uint16_t *)base + off; for (int64_t j = 0; j < inner; j++) o[k + j] = hipep_f16_to_f32(s[j * is]); });
        else if (t == LA_BF16) LA_ROWS(v, { const uint16_t *s = (const uint16_t *)base + off; for (int64_t j = 0; j < inner; j++) o[k + j] = hipep_bf16_to_f32(s[j * is]); });
        else LA_ROWS(v, { for (int64_t j = 0; j < inner; j++) o[k + j] = (float)hipep_load_d(t, base, off + j * is); });
    } else if (kind == LA_F64) {
        double *o = (double *)dst;
        if (t == LA_F64) LA_ROWS(v, { const double *s = (const double *)base + off; for (int64_t j = 0; j < inner; j++) o[k + j] = s[j * is]; });
        else LA_ROWS(v, { for (int64_t j = 0; j < inner; j++) o[k + j] = hipep_load_d(t, base, off + j * is); });
    } else {
        int64_t *o = (int64_t *)dst;
        LA_ROWS(v, { for (int64_t j = 0; j < inner; j++) o[k + j] = la_geti(t, base, off + j * is); });
    }
}

/* A dense compute-kind copy of v (v's own data, *owned = 0, when it already is one). */
static void *la_dense(void *ctx, const char *sym, const hipep_view_t *v, int t, int kind, int *owned) {
    *owned = 0;
    if (la_native(t, kind) && hipep_is_contiguous(v))
        return v->data;
    void *p = la_alloc(ctx, sym, v->numel * la_ksize(kind));
    if (!p) return NULL;
    *owned = 1;
    la_gather_into(v, t, kind, p);
    return p;
}

/* Writes the dense compute-kind src into v (element type t); nothing when src is v's data. */
static void la_scatter(const void *src, int kind, const hipep_view_t *v, int t) {
    if (src == (const void *)v->data) return;
    char *base = v->data;
    if (kind == LA_F32) {
        const float *s = (const float *)src;
        if (t == LA_F32) LA_ROWS(v, { float *o = (float *)base + off; for (int64_t j = 0; j < inner; j++) o[j * is] = s[k + j]; });
        else if (t == LA_F16) LA_ROWS(v, { uint16_t *o = (uint16_t *)base + off; for (int64_t j = 0; j < inner; j++) o[j * is] = hipep_f32_to_f16(s[k + j]); });
        else if (t == LA_BF16) LA_ROWS(v, { uint16_t *o = (uint16_t *)base + off; for (int64_t j = 0; j < inner; j++) o[j * is] = hipep_f32_to_bf16(s[k + j]); });
        else LA_ROWS(v, { for (int64_t j = 0; j < inner; j++) la_putd(t, base, off + j * is, s[k + j]); });
    } else if (kind == LA_F64) {
        const double *s = (const double *)src;
        LA_ROWS(v, { for (int64_t j = 0; j < inner; j++) la_putd(t, base, off + j * is, s[k + j]); });
    } else {
        const int64_t *s = (const int64_t *)src;
        LA_ROWS(v, { for (int64_t j = 0; j < inner; j++) la_puti(t, base, off + j * is, s[k + j]); });
    }
}

/* A dense compute-kind buffer for destination v: v's data when it is one already. */
static void *la_out_buffer(void *ctx, const char *sym, const hipep_view_t *v, int t, int kind) {
    if (la_native(t, kind) && hipep_is_contiguous(v))
        return v->data;
    return la_alloc(ctx, sym, v->numel * la_ksize(kind));
}

static void la_out_finish(void *buf, int kind, const hipep_view_t *v, int t) {
    if (!buf) return;
    if (buf != (void *)v->data) {
        la_scatter(buf, kind, v, t);
        free(buf);
    }
}

static inline void la_dense_free(void *p, int owned) {
    if (owned) free(p);
}

/* ------------------------------------------------------------------ BLAS products on our threads */

/*
 * Every float BLAS product of this file goes through la_blas_gemm: OpenBLAS runs at one thread
 * (state.c) and a large product is split here into blocks, one single-threaded cblas call each,
 * over hipep_parallel_for. Each call packs (copies into OpenBLAS's panel layout) its part of
 * both operands, so a split along the columns of C packs B once in total but A once per block,
 * and a split along the rows the other way round. Hence: the split runs along the dimension of
 * the larger operand (N when B = K x N is at least A = M x K, that is N >= M), into
 * LA_BLAS_PER_THREAD blocks per thread -- threads * 4 blocks repacked the small operand twice as
 * often and made each call narrower (a ResNet 3x3 convolution at 7x7, W 512 x 4608 times 49
 * columns: 2.2 ms at 2 threads with 8 row blocks, 2.1 with 4, 1.9 with 2 in a C benchmark; one
 * block per thread gave wrong light-resnet50 outputs at exactly 2 threads with OpenBLAS's
 * SkylakeX kernels -- not understood, not reproduced outside the JVM). Blocks are multiples of 16 (one
 * AVX-512 vector of floats) and at least LA_BLAS_MIN_BLOCK wide; when the larger dimension has
 * fewer of those than threads, the other dimension is cut too (a 2-D grid). Below
 * LA_BLAS_MIN_MACS multiply-adds, or LA_BLAS_MIN_MACS / 2 per block, a product is one call.
 * Called from a parallel body (nested), hipep_parallel_for runs the blocks inline as one call.
 */
#define LA_BLAS_MIN_MACS (1LL << 20)
#define LA_BLAS_MIN_BLOCK 64
#define LA_BLAS_PER_THREAD 2

typedef struct {
    int kind, ta, tb;
    int64_t M, N, K, lda, ldb, ldc;
    int64_t mblk, nblk, nbn; /* block rows / columns (multiples of 16), column blocks per block row */
    double alpha, beta;
    const char *A, *B;
    char *C;
} la_blas_job_t;

/*
 * Float products of at most LA_TINY_MACS multiply-adds with B's rows contiguous (a classifier's last
 * layer: mnist-8's 1 x 256 x 10) in a loop of our own: OpenBLAS's packing of both operands took
 * longer than the product (1.5 us, a tenth of an mnist-8 run). Per row of C, 16 columns at a time
 * (masked at the end), summed over k in order; alpha and beta as BLAS applies them.
 */
#define LA_TINY_MACS 8192

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
static void la_tiny_sgemm(const la_blas_job_t *j, const float *a, const float *b, float *c, int64_t m, int64_t n) {
    const int64_t K = j->K, lda = j->lda, ldb = j->ldb, ldc = j->ldc;
    const int64_t ak = j->ta == LA_NO_TRANS ? 1 : lda, ai = j->ta == LA_NO_TRANS ? lda : 1;
    for (int64_t i = 0; i < m; i++)
        for (int64_t c0 = 0; c0 < n; c0 += 16) {
            int64_t w = n - c0 < 16 ? n - c0 : 16;
            rd_v16f acc = {0};
            for (int64_t k = 0; k < K; k++) acc += a[i * ai + k * ak] * rd_vld16n(b + k * ldb + c0, w);
            acc *= (float)j->alpha;
            if (j->beta != 0.0) acc += (float)j->beta * rd_vld16n(c + i * ldc + c0, w);
            rd_vst16n(c + i * ldc + c0, acc, w);
        }
}
#pragma GCC diagnostic pop

static void la_blas_call(const la_blas_job_t *j, int64_t m0, int64_t m1, int64_t n0, int64_t n1) {
    int64_t es = la_ksize(j->kind);
    const char *a = j->A + (j->ta == LA_NO_TRANS ? m0 * j->lda : m0) * es;
    const char *b = j->B + (j->tb == LA_NO_TRANS ? n0 : n0 * j->ldb) * es;
    char *c = j->C + (m0 * j->ldc + n0) * es;
    int m = (int)(m1 - m0), n = (int)(n1 - n0);
    if (j->kind == LA_F32 && j->tb == LA_NO_TRANS && (int64_t)m * n * j->K <= LA_TINY_MACS)
        la_tiny_sgemm(j, (const float *)a, (const float *)b, (float *)c, m, n);
    else if (j->kind == LA_F32)
        cblas_sgemm(LA_ROW_MAJOR, j->ta, j->tb, m, n, (int)j->K, (float)j->alpha, (const float *)a, (int)j->lda,
                    (const float *)b, (int)j->ldb, (float)j->beta, (float *)c, (int)j->ldc);
    else
        cblas_dgemm(LA_ROW_MAJOR, j->ta, j->tb, m, n, (int)j->K, j->alpha, (const double *)a, (int)j->lda,
                    (const double *)b, (int)j->ldb, j->beta, (double *)c, (int)j->ldc);
}

/* Blocks begin..end of the grid, row-major (block b: block row b / nbn, block column b % nbn). */
static void la_blas_body(void *arg, int64_t begin, int64_t end) {
    const la_blas_job_t *j = (const la_blas_job_t *)arg;
    for (int64_t b = begin; b < end; b++) {
        int64_t m0 = b / j->nbn * j->mblk, n0 = b % j->nbn * j->nblk;
        int64_t m1 = m0 + j->mblk < j->M ? m0 + j->mblk : j->M, n1 = n0 + j->nblk < j->N ? n0 + j->nblk : j->N;
        la_blas_call(j, m0, m1, n0, n1);
    }
}

/* Blocks of a dimension of size dim: at most want, each at least LA_BLAS_MIN_BLOCK (at least 1). */
static inline int64_t la_blas_cuts(int64_t dim, int64_t want) {
    int64_t most = dim / LA_BLAS_MIN_BLOCK;
    return want < most ? (want > 1 ? want : 1) : (most > 1 ? most : 1);
}

/* Block size for dim cut into n blocks: a multiple of 16. */
static inline int64_t la_blas_block(int64_t dim, int64_t n) { return ((dim + n - 1) / n + 15) / 16 * 16; }

/* C[M, N] (row stride ldc) = alpha * op(A) op(B) + beta * C through cblas_sgemm / cblas_dgemm (kind
 * LA_F32 / LA_F64), split over the state's threads when large. Dimensions fit in int. */
static void la_blas_gemm(void *ctx, int kind, int ta, int tb, int64_t M, int64_t N, int64_t K, double alpha,
                         const void *A, int64_t lda, const void *B, int64_t ldb, double beta, void *C, int64_t ldc) {
    la_blas_job_t j = {kind, ta, tb, M, N, K, lda, ldb, ldc, M, N, 1, alpha, beta, (const char *)A,
                       (const char *)B, (char *)C};
    int64_t threads = hipep_threads(ctx), macs = M * N * K;
    int64_t cap = macs / (LA_BLAS_MIN_MACS / 2), want = threads * LA_BLAS_PER_THREAD;
    if (want > cap) want = cap;
    if (threads <= 1 || macs < LA_BLAS_MIN_MACS || want < 2) {
        la_blas_call(&j, 0, M, 0, N);
        return;
    }
    int split_n = N >= M; /* B (K x N) is the larger operand: each block packs its own columns of it */
    int64_t big = split_n ? N : M, small = split_n ? M : N;
    int64_t nbig = la_blas_cuts(big, want), nsmall = 1;
    if (nbig < threads) { /* too few blocks for the threads: cut the small operand's dimension too */
        nsmall = la_blas_cuts(small, threads / nbig);
        if (nbig * nsmall > cap) nsmall = cap / nbig > 1 ? cap / nbig : 1;
    }
    if (nbig * nsmall < 2) {
        la_blas_call(&j, 0, M, 0, N);
        return;
    }
    int64_t bbig = la_blas_block(big, nbig), bsmall = la_blas_block(small, nsmall);
    j.mblk = split_n ? bsmall : bbig;
    j.nblk = split_n ? bbig : bsmall;
    j.nbn = (N + j.nblk - 1) / j.nblk;
    hipep_parallel_for(ctx, (M + j.mblk - 1) / j.mblk * j.nbn, 1, la_blas_body, &j);
}

/* ------------------------------------------------------------------ one matrix product */

/* Whether BLAS can read the rows x cols matrix with strides (rs, cs) as it is: *trans and *ld. */
static int la_blas_layout(int64_t rows, int64_t cols, int64_t rs, int64_t cs, int *trans, int64_t *ld) {
    int64_t mr = rows > 1 ? rows : 1, mc = cols > 1 ? cols : 1;
    if ((cols <= 1 || cs == 1) && (rows <= 1 || rs >= mc)) {
        *trans = LA_NO_TRANS;
        *ld = rows <= 1 ? mc : rs;
        return *ld <= LA_INT_MAX;
    }
    if ((rows <= 1 || rs == 1) && (cols <= 1 || cs >= mr)) {
        *trans = LA_TRANS;
        *ld = cols <= 1 ? mr : cs;
        return *ld <= LA_INT_MAX;
    }
    return 0;
}

/*
 * Y[M, N] (row stride yrs, unit column stride) = alpha * A[M, K] * B[K, N] + beta * Y, on
 * compute-kind data with arbitrary element strides; beta == 0 ignores Y's contents.
 * Returns 0 after reporting an error.
 */
static int la_gemm_core(void *ctx, const char *sym, int kind, int64_t M, int64_t N, int64_t K, double alpha,
                        const void *A, int64_t ars, int64_t acs, const void *B, int64_t brs, int64_t bcs,
                        double beta, void *Y, int64_t yrs) {
    if (M <= 0 || N <= 0) return 1;
    if (kind == LA_KI64) {
        const int64_t *a = (const int64_t *)A, *b = (const int64_t *)B;
        int64_t *y = (int64_t *)Y;
        uint64_t *row = (uint64_t *)la_alloc(ctx, sym, N * 8);
        if (!row) return 0;
        int plain = alpha == 1.0 && (beta == 0.0 || beta == 1.0);
        for (int64_t i = 0; i < M; i++) {
            for (int64_t j = 0; j < N; j++) row[j] = 0;
            for (int64_t k = 0; k < K; k++) {
                uint64_t av = (uint64_t)a[i * ars + k * acs];
                const int64_t *brow = b + k * brs;
                if (bcs == 1)
                    for (int64_t j = 0; j < N; j++) row[j] += av * (uint64_t)brow[j];
                else
                    for (int64_t j = 0; j < N; j++) row[j] += av * (uint64_t)brow[j * bcs];
            }
            int64_t *yr = y + i * yrs;
            if (plain) {
                if (beta == 0.0)
                    for (int64_t j = 0; j < N; j++) yr[j] = (int64_t)row[j];
                else
                    for (int64_t j = 0; j < N; j++) yr[j] = (int64_t)(row[j] + (uint64_t)yr[j]);
            } else {
                for (int64_t j = 0; j < N; j++)
                    yr[j] = la_d2i(LA_I64, alpha * (double)(int64_t)row[j] + (beta == 0.0 ? 0.0 : beta * (double)yr[j]));
            }
        }
        free(row);
        return 1;
    }
    if (M > LA_INT_MAX || N > LA_INT_MAX || K > LA_INT_MAX || yrs > LA_INT_MAX) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: matrix dimensions above INT32_MAX (%lld x %lld x %lld)", sym,
                     (long long)M, (long long)N, (long long)K);
        return 0;
    }
    int64_t es = la_ksize(kind);
    if (K == 0) {
        for (int64_t i = 0; i < M; i++) {
            if (kind == LA_F32) {
                float *y = (float *)Y + i * yrs;
                for (int64_t j = 0; j < N; j++) y[j] = beta == 0.0 ? 0.0f : (float)(beta * y[j]);
            } else {
                double *y = (double *)Y + i * yrs;
                for (int64_t j = 0; j < N; j++) y[j] = beta == 0.0 ? 0.0 : beta * y[j];
            }
        }
        return 1;
    }
    int ta, tb;
    int64_t lda, ldb;
    void *pa = NULL, *pb = NULL;
    if (!la_blas_layout(M, K, ars, acs, &ta, &lda)) { /* pack A densely */
        pa = la_alloc(ctx, sym, M * K * es);
        if (!pa) return 0;
        for (int64_t i = 0; i < M; i++)
            for (int64_t k = 0; k < K; k++) {
                if (kind == LA_F32) ((float *)pa)[i * K + k] = ((const float *)A)[i * ars + k * acs];
                else ((double *)pa)[i * K + k] = ((const double *)A)[i * ars + k * acs];
            }
        A = pa; ta = LA_NO_TRANS; lda = K;
    }
    if (!la_blas_layout(K, N, brs, bcs, &tb, &ldb)) {
        pb = la_alloc(ctx, sym, K * N * es);
        if (!pb) { free(pa); return 0; }
        for (int64_t k = 0; k < K; k++)
            for (int64_t j = 0; j < N; j++) {
                if (kind == LA_F32) ((float *)pb)[k * N + j] = ((const float *)B)[k * brs + j * bcs];
                else ((double *)pb)[k * N + j] = ((const double *)B)[k * brs + j * bcs];
            }
        B = pb; tb = LA_NO_TRANS; ldb = N;
    }
    int64_t ldc = M <= 1 ? N : yrs;
    la_blas_gemm(ctx, kind, ta, tb, M, N, K, alpha, A, lda, B, ldb, beta, Y, ldc);
    free(pa);
    free(pb);
    return 1;
}

/* Batched products Y[b] = A[b] x B[b] (Y dense: batch stride M * N, row stride N). */
typedef struct {
    void *ctx;
    const char *sym;
    int kind, nb;
    int64_t M, N, K, asm_, ask, bsk, bsn;
    const char *A, *B;
    char *Y;
    const int64_t *bsz, *sa, *sb; /* batch sizes and element strides per batch dim (0: broadcast) */
} la_batch_job_t;

static void la_batch_body(void *arg, int64_t begin, int64_t end) {
    const la_batch_job_t *j = (const la_batch_job_t *)arg;
    int64_t ks = la_ksize(j->kind);
    for (int64_t bi = begin; bi < end && !hipep_has_error(j->ctx); bi++) {
        int64_t offa = 0, offb = 0, rem = bi;
        for (int64_t d = j->nb - 1; d >= 0; d--) {
            int64_t i = rem % j->bsz[d];
            rem /= j->bsz[d];
            offa += i * j->sa[d];
            offb += i * j->sb[d];
        }
        if (!la_gemm_core(j->ctx, j->sym, j->kind, j->M, j->N, j->K, 1.0, j->A + offa * ks, j->asm_, j->ask,
                          j->B + offb * ks, j->bsk, j->bsn, 0.0, j->Y + bi * j->M * j->N * ks, j->N))
            return;
    }
}

/* The batches in parallel when there are enough of them for the threads (or each is too small to
 * split), else one after the other with each product split by la_blas_gemm. */
static void la_gemm_batches(void *ctx, const char *sym, int kind, int nb, const int64_t *bsz, const int64_t *sa,
                            const int64_t *sb, int64_t M, int64_t N, int64_t K, const char *A, int64_t asm_,
                            int64_t ask, const char *B, int64_t bsk, int64_t bsn, char *Y) {
    la_batch_job_t j = {ctx, sym, kind, nb, M, N, K, asm_, ask, bsk, bsn, A, B, Y, bsz, sa, sb};
    int64_t nbatch = 1, macs = M * N * (K > 0 ? K : 1);
    for (int d = 0; d < nb; d++) nbatch *= bsz[d];
    if (nbatch >= 2 * hipep_threads(ctx) || macs < LA_BLAS_MIN_MACS) {
        int64_t grain = LA_BLAS_MIN_MACS / 4 / (macs > 0 ? macs : 1);
        hipep_parallel_for(ctx, nbatch, grain > 0 ? grain : 1, la_batch_body, &j);
    } else {
        la_batch_body(&j, 0, nbatch);
    }
}

/* ------------------------------------------------------------------ matmul */

/* kernels_dnnl_matmul.c: constant-weights float products through oneDNN (0: compute it here);
 * dn_matmul_run: Y[M, N] (rows ldy apart) = A B (+ bias), with the epilogue epi (DN_EPI_*, returns
 * 2) when provably finite */
static int dn_matmul_run(void *ctx, const char *sym, int64_t M, int64_t N, int64_t K, double alpha, const float *A,
                         int64_t ars, int64_t acs, const float *B, int64_t brs, int64_t bcs, const float *bias,
                         int accumulate, float *Y, int64_t ldy, int epi, double lo, double hi);
static int dn_bmm_try(void *ctx, const char *sym, int nb, const int64_t *bsz, const int64_t *sa, const int64_t *sb,
                      const int64_t *sy, int64_t M, int64_t N, int64_t K, const float *A, int64_t ars, int64_t acs,
                      const float *B, int64_t brs, int64_t bcs, float *Y, int64_t yrs);
static int dn_matmul_try(void *ctx, const char *sym, int64_t M, int64_t N, int64_t K, double alpha, const float *A,
                         int64_t ars, int64_t acs, const float *B, int64_t brs, int64_t bcs, const float *bias,
                         int accumulate, float *Y);

/* Many small products (each below the size where a BLAS call pays off): own loops, batches in parallel. */
typedef struct {
    int kind, nb;
    int64_t M, N, K, nbatch, asm_, ask, bsk, bsn;
    const char *A, *B;
    char *Y;
    const int64_t *bsz, *sa, *sb; /* batch sizes and broadcast strides (0 for broadcast dims) */
} la_small_mm_t;

/* One product of la_small_mm_body in element type T (y = a x b, at offa / offb / y). */
#define LA_SMALL_MM_ROWS(T)                                                                                    \
    do {                                                                                                       \
        const T *a = (const T *)j->A + offa, *b = (const T *)j->B + offb;                                      \
        T *yy = (T *)y;                                                                                        \
        for (int64_t i = 0; i < j->M; i++) {                                                                   \
            T *yr = yy + i * j->N;                                                                             \
            for (int64_t n = 0; n < j->N; n++) yr[n] = 0;                                                      \
            for (int64_t k = 0; k < j->K; k++) {                                                               \
                const T av = a[i * j->asm_ + k * j->ask], *br = b + k * j->bsk;                                \
                for (int64_t n = 0; n < j->N; n++) yr[n] += av * br[n * j->bsn];                               \
            }                                                                                                  \
        }                                                                                                      \
    } while (0)

static void la_small_mm_body(void *arg, int64_t begin, int64_t end) {
    const la_small_mm_t *j = (const la_small_mm_t *)arg;
    int64_t ks = la_ksize(j->kind);
    for (int64_t bi = begin; bi < end; bi++) {
        int64_t offa = 0, offb = 0, rem = bi;
        for (int64_t d = j->nb - 1; d >= 0; d--) {
            int64_t i = rem % j->bsz[d];
            rem /= j->bsz[d];
            offa += i * j->sa[d];
            offb += i * j->sb[d];
        }
        char *y = j->Y + bi * j->M * j->N * ks;
        if (j->kind == LA_F32) LA_SMALL_MM_ROWS(float);
        else LA_SMALL_MM_ROWS(double);
    }
}

/*
 * Y[..., n] += bias[n] on the dense compute-kind product Y (`count` elements, rows of N): the fused
 * bias of hipep_matmul_<t>_in3 when the library did not add it. Integers wrap.
 */
static void la_add_bias(int kind, void *Y, int64_t count, int64_t N, const void *bias) {
    for (int64_t r = 0; r < count; r += N) {
        if (kind == LA_F32) {
            float *y = (float *)Y + r;
            const float *c = (const float *)bias;
            for (int64_t n = 0; n < N; n++) y[n] += c[n];
        } else if (kind == LA_F64) {
            double *y = (double *)Y + r;
            const double *c = (const double *)bias;
            for (int64_t n = 0; n < N; n++) y[n] += c[n];
        } else {
            int64_t *y = (int64_t *)Y + r;
            const int64_t *c = (const int64_t *)bias;
            for (int64_t n = 0; n < N; n++) y[n] = (int64_t)((uint64_t)y[n] + (uint64_t)c[n]);
        }
    }
}

/* The fused activation of a matmul (the compiler's MatMul + Gelu fusion, the _gelu kernels). */
#define LA_ACT_NONE 0
#define LA_ACT_GELU 1
#define LA_ACT_GELU_TANH 2

/*
 * The fused Gelu of the hipep_matmul_<t>_..._gelu[_tanh] kernels where oneDNN did not apply it:
 * the runtime's Gelu kernel over Y in place (each element is read, then written at its place).
 */
static void la_gelu(void *ctx, int t, int64_t yr, void *yd, int act) {
    int64_t tanh_form = act == LA_ACT_GELU_TANH;
    if (t == LA_F32) hipep_gelu_f32(ctx, yr, yd, yr, yd, tanh_form);
    else if (t == LA_F64) hipep_gelu_f64(ctx, yr, yd, yr, yd, tanh_form);
    else if (t == LA_F16) hipep_gelu_f16(ctx, yr, yd, yr, yd, tanh_form);
    else if (t == LA_BF16) hipep_gelu_bf16(ctx, yr, yd, yr, yd, tanh_form);
    else hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "matmul: a fused Gelu needs a float type");
}

/*
 * A's and B's element strides along the nb batch dimensions of a product (ast, bst: their strides
 * per dimension), right-aligned as numpy broadcasts them: 0 where the operand has no such
 * dimension or it is 1 (broadcast).
 */
static void la_batch_strides(int64_t nb, const hipep_view_t *a, const int64_t *ast, const hipep_view_t *b,
                             const int64_t *bst, int64_t *sa, int64_t *sb) {
    int64_t nba = a->rank > 2 ? a->rank - 2 : 0, nbb = b->rank > 2 ? b->rank - 2 : 0;
    for (int64_t d = 0; d < nb; d++) {
        int64_t da = d - (nb - nba), db = d - (nb - nbb);
        sa[d] = da >= 0 && a->sizes[da] != 1 ? ast[da] : 0;
        sb[d] = db >= 0 && b->sizes[db] != 1 ? bst[db] : 0;
    }
}

/*
 * Y = A B (numpy matmul), plus the bias row [N] when cd is not NULL (hipep_matmul_<t>_in3, the
 * compiler's MatMul + Add fusion): added by oneDNN with the product when it computes it, else by
 * la_add_bias to the product in the compute kind, so that Y is rounded once to its type. Then
 * Gelu when act is not LA_ACT_NONE (the _gelu / _gelu_tanh kernels, the compiler's MatMul + Gelu
 * fusion): oneDNN's post-op where it computes the product and no output can be infinite or NaN
 * (dn_matmul_run), else la_gelu over Y.
 */
static void la_matmul(void *ctx, const char *sym, int t, int64_t ar, void *ad, int64_t br, void *bd, int64_t cr,
                      void *cd, int64_t yr, void *yd, int act) {
    if (hipep_has_error(ctx)) return;
    int64_t es = la_esize(t);
    hipep_view_t a = hipep_view(ar, ad, es), b = hipep_view(br, bd, es), y = hipep_view(yr, yd, es);
    if (ar < 1 || br < 1 || ar > HIPEP_MAX_RANK || br > HIPEP_MAX_RANK || yr > HIPEP_MAX_RANK) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: operand ranks %lld and %lld", sym, (long long)ar,
                     (long long)br);
        return;
    }
    int64_t K = a.sizes[ar - 1], M = ar >= 2 ? a.sizes[ar - 2] : 1;
    int64_t K2 = br >= 2 ? b.sizes[br - 2] : b.sizes[0], N = br >= 2 ? b.sizes[br - 1] : 1;
    int64_t nba = ar > 2 ? ar - 2 : 0, nbb = br > 2 ? br - 2 : 0, nb = nba > nbb ? nba : nbb;
    int64_t want = nb + (ar >= 2) + (br >= 2);
    if (K != K2 || yr != want) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: shapes do not match (K %lld vs %lld, result rank %lld vs %lld)",
                     sym, (long long)K, (long long)K2, (long long)yr, (long long)want);
        return;
    }
    int64_t bsz[HIPEP_MAX_RANK];
    for (int64_t d = 0; d < nb; d++) {
        int64_t da = d - (nb - nba) >= 0 ? a.sizes[d - (nb - nba)] : 1;
        int64_t db = d - (nb - nbb) >= 0 ? b.sizes[d - (nb - nbb)] : 1;
        if (da != db && da != 1 && db != 1) {
            hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: batch dimension %lld does not broadcast (%lld vs %lld)", sym,
                         (long long)d, (long long)da, (long long)db);
            return;
        }
        bsz[d] = da == 1 ? db : da;
        if (y.sizes[d] != bsz[d]) {
            hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: result batch dimension %lld is %lld, expected %lld", sym,
                         (long long)d, (long long)y.sizes[d], (long long)bsz[d]);
            return;
        }
    }
    if ((ar >= 2 && y.sizes[nb] != M) || (br >= 2 && y.sizes[yr - 1] != N)) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: result shape does not match M %lld, N %lld", sym, (long long)M,
                     (long long)N);
        return;
    }
    hipep_view_t c = {0};
    if (cd != NULL) {
        c = hipep_view(cr, cd, es);
        if (br < 2 || cr != 1 || c.sizes[0] != N) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT,
                         "%s: the bias must be [N] = [%lld] with B a matrix (bias rank %lld, B rank %lld)", sym,
                         (long long)N, (long long)cr, (long long)br);
            return;
        }
    }
    int kind = la_kind_of(t);
    int owna = 0, ownb = 0, ownc = 0, biased = cd == NULL, activated = act == LA_ACT_NONE;
    const char *A, *B, *C = NULL;
    const int64_t *ast, *bst;
    int64_t dsa[HIPEP_MAX_RANK], dsb[HIPEP_MAX_RANK];
    if (kind == LA_KI64 || t == LA_F16 || t == LA_BF16) { /* dense compute-kind copies */
        A = la_dense(ctx, sym, &a, t, kind, &owna);
        B = la_dense(ctx, sym, &b, t, kind, &ownb);
        int64_t s = 1;
        for (int64_t d = ar - 1; d >= 0; d--) { dsa[d] = s; s *= a.sizes[d]; }
        s = 1;
        for (int64_t d = br - 1; d >= 0; d--) { dsb[d] = s; s *= b.sizes[d]; }
        ast = dsa; bst = dsb;
    } else {
        A = a.data; B = b.data; ast = a.strides; bst = b.strides;
    }
    if (t == LA_F32 && cd == NULL && act == LA_ACT_NONE && ar >= 2 && br >= 2 && nb > 0 && !hipep_is_contiguous(&y) &&
        (N <= 1 || y.strides[yr - 1] == 1)) {
        /* a strided Y of a batched product (hip-reshape-transpose-views: attention's context written
         * into the merged heads' [S, H, D] layout): oneDNN's batched matmul writes it in place;
         * otherwise the product goes to a dense scratch below and is copied through the view */
        int64_t sa[HIPEP_MAX_RANK], sb[HIPEP_MAX_RANK];
        la_batch_strides(nb, &a, ast, &b, bst, sa, sb);
        if (dn_bmm_try(ctx, sym, (int)nb, bsz, sa, sb, y.strides, M, N, K, (const float *)A, ast[ar - 2], ast[ar - 1],
                       (const float *)B, bst[br - 2], bst[br - 1], (float *)y.data, y.strides[yr - 2]))
            return; /* f32: A and B are the operands themselves, nothing to free */
    }
    void *Y = la_out_buffer(ctx, sym, &y, t, kind);
    if (!A || !B || !Y) goto done;
    {
        int64_t asm_ = ar >= 2 ? ast[ar - 2] : 0, ask = ast[ar - 1];
        int64_t bsk = br >= 2 ? bst[br - 2] : bst[0], bsn = br >= 2 ? bst[br - 1] : 0;
        int64_t nbatch = 1, bcount_b = 1;
        for (int64_t d = 0; d < nb; d++) nbatch *= bsz[d];
        for (int64_t d = 0; d < nbb; d++) bcount_b *= b.sizes[d];
        /* y is dense here (la_out_buffer): row stride N, batch stride M * N */
        if (nbatch <= 1 || bcount_b == 1) {
            /* B is the same matrix for every batch: fold A's batch into M when A's rows line up */
            int fold = nbatch <= 1;
            if (!fold && ar >= 2) {
                fold = 1;
                int64_t expect = asm_ * M;
                for (int64_t d = nba - 1; d >= 0; d--) {
                    if (a.sizes[d] != 1 && ast[d] != expect) { fold = 0; break; }
                    expect *= a.sizes[d];
                }
                if (M == 1 && nba > 0) fold = 0; /* row stride of a size-1 M is not meaningful */
            }
            if (fold) {
                const float *bias = cd != NULL && t == LA_F32 && c.strides[0] == 1 ? (const float *)c.data : NULL;
                int epi = act == LA_ACT_GELU ? DN_EPI_GELU : act == LA_ACT_GELU_TANH ? DN_EPI_GELU_TANH : 0;
                int r = t == LA_F32 ? dn_matmul_run(ctx, sym, M * nbatch, N, K, 1.0, (const float *)A, asm_, ask,
                                                    (const float *)B, bsk, bsn, bias, 0, (float *)Y, N, epi, 0.0, 0.0)
                                    : 0;
                if (r) {
                    biased = biased || bias != NULL;
                    activated = activated || r == 2;
                    goto done;
                }
                la_gemm_core(ctx, sym, kind, M * nbatch, N, K, 1.0, A, asm_, ask, B, bsk, bsn, 0.0, Y, N);
                goto done;
            }
        }
        if (kind != LA_KI64 && M * N * K <= 4096) {
            int64_t sa[HIPEP_MAX_RANK], sb[HIPEP_MAX_RANK];
            la_batch_strides(nb, &a, ast, &b, bst, sa, sb);
            la_small_mm_t job = {kind, (int)nb, M, N, K, nbatch, asm_, ask, bsk, bsn, A, B, (char *)Y, bsz, sa, sb};
            hipep_parallel_for(ctx, nbatch, la_grain(2 * M * N * K), la_small_mm_body, &job);
            goto done;
        }
        int64_t sa[HIPEP_MAX_RANK], sb[HIPEP_MAX_RANK];
        la_batch_strides(nb, &a, ast, &b, bst, sa, sb);
        if (t == LA_F32 && dn_bmm_try(ctx, sym, (int)nb, bsz, sa, sb, NULL, M, N, K, (const float *)A, asm_, ask,
                                      (const float *)B, bsk, bsn, (float *)Y, N))
            goto done;
        la_gemm_batches(ctx, sym, kind, (int)nb, bsz, sa, sb, M, N, K, A, asm_, ask, B, bsk, bsn, (char *)Y);
    }
done:
    if (!biased && Y != NULL && !hipep_has_error(ctx) && (C = la_dense(ctx, sym, &c, t, kind, &ownc)) != NULL)
        la_add_bias(kind, Y, y.numel, N, C);
    la_dense_free((void *)A, owna);
    la_dense_free((void *)B, ownb);
    la_dense_free((void *)C, ownc);
    la_out_finish(Y, kind, &y, t);
    if (!activated && Y != NULL && !hipep_has_error(ctx)) la_gelu(ctx, t, yr, yd, act);
}

/* ------------------------------------------------------------------ gemm */

static void la_gemm(void *ctx, const char *sym, int t, int64_t ar, void *ad, int64_t br, void *bd, int64_t cr,
                    void *cd, int64_t yr, void *yd, double alpha, double beta, int64_t transA, int64_t transB) {
    if (hipep_has_error(ctx)) return;
    int64_t es = la_esize(t);
    hipep_view_t a = hipep_view(ar, ad, es), b = hipep_view(br, bd, es), y = hipep_view(yr, yd, es);
    if (ar != 2 || br != 2 || yr != 2) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: A, B and Y must be 2-D (ranks %lld, %lld, %lld)", sym,
                     (long long)ar, (long long)br, (long long)yr);
        return;
    }
    int64_t M = transA ? a.sizes[1] : a.sizes[0], K = transA ? a.sizes[0] : a.sizes[1];
    int64_t K2 = transB ? b.sizes[1] : b.sizes[0], N = transB ? b.sizes[0] : b.sizes[1];
    if (K != K2 || y.sizes[0] != M || y.sizes[1] != N) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: shapes do not match (M %lld, N %lld, K %lld vs %lld, Y [%lld, %lld])",
                     sym, (long long)M, (long long)N, (long long)K, (long long)K2, (long long)y.sizes[0],
                     (long long)y.sizes[1]);
        return;
    }
    hipep_view_t c;
    memset(&c, 0, sizeof c);
    if (cd) {
        c = hipep_view(cr, cd, es);
        if (cr > 2 || (cr >= 1 && c.sizes[cr - 1] != N && c.sizes[cr - 1] != 1) ||
            (cr == 2 && c.sizes[0] != M && c.sizes[0] != 1)) {
            hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: C (rank %lld) does not broadcast to [%lld, %lld]", sym,
                         (long long)cr, (long long)M, (long long)N);
            return;
        }
    }
    int kind = la_kind_of(t);
    int owna = 0, ownb = 0;
    const char *A, *B;
    int64_t as0, as1, bs0, bs1;
    if (kind == LA_KI64 || t == LA_F16 || t == LA_BF16) {
        A = la_dense(ctx, sym, &a, t, kind, &owna);
        B = la_dense(ctx, sym, &b, t, kind, &ownb);
        as0 = a.sizes[1]; as1 = 1; bs0 = b.sizes[1]; bs1 = 1;
    } else {
        A = a.data; B = b.data;
        as0 = a.strides[0]; as1 = a.strides[1]; bs0 = b.strides[0]; bs1 = b.strides[1];
    }
    void *Y = la_out_buffer(ctx, sym, &y, t, kind);
    if (A && B && Y && t == LA_F32) { /* constant B through oneDNN; a row-vector C as its bias */
        int64_t ars = transA ? as1 : as0, acs = transA ? as0 : as1, brs = transB ? bs1 : bs0, bcs = transB ? bs0 : bs1;
        int row = cd && alpha == 1.0 && beta == 1.0 && cr >= 1 && c.sizes[cr - 1] == N && (cr == 1 || c.sizes[0] == 1) &&
                  (N <= 1 || c.strides[cr - 1] == 1);
        if ((row || !cd) && dn_matmul_try(ctx, sym, M, N, K, alpha, (const float *)A, ars, acs, (const float *)B, brs,
                                          bcs, row ? (const float *)c.data : NULL, 0, (float *)Y))
            goto gemm_done;
    }
    if (A && B && Y) {
        double bt = 0.0;
        if (cd && M > 0 && N > 0) { /* Y = beta * C (broadcast), then Y += alpha * op(A) op(B) */
            int64_t crs = cr == 2 && c.sizes[0] != 1 ? c.strides[0] : 0;
            int64_t ccs = cr >= 1 && c.sizes[cr - 1] != 1 ? c.strides[cr - 1] : 0;
            if (t == LA_F32) {
                const float *cp = (const float *)c.data;
                const float bf = (float)beta;
                for (int64_t i = 0; i < M; i++) {
                    float *yr_ = (float *)Y + i * N;
                    const float *cr_ = cp + i * crs;
                    for (int64_t j = 0; j < N; j++) yr_[j] = bf * cr_[j * ccs];
                }
            } else {
                for (int64_t i = 0; i < M; i++)
                    for (int64_t j = 0; j < N; j++) {
                        int64_t o = i * crs + j * ccs;
                        if (kind == LA_F32) ((float *)Y)[i * N + j] = (float)(beta * hipep_load_d(t, c.data, o));
                        else if (kind == LA_F64) ((double *)Y)[i * N + j] = beta * hipep_load_d(t, c.data, o);
                        else if (beta == 1.0) ((int64_t *)Y)[i * N + j] = la_geti(t, c.data, o);
                        else ((int64_t *)Y)[i * N + j] = la_d2i(t, beta * (double)la_geti(t, c.data, o));
                    }
            }
            bt = 1.0;
        }
        if (!(t == LA_F32 && cd && dn_matmul_try(ctx, sym, M, N, K, alpha, (const float *)A, transA ? as1 : as0,
                                                 transA ? as0 : as1, (const float *)B, transB ? bs1 : bs0,
                                                 transB ? bs0 : bs1, NULL, 1, (float *)Y)))
            la_gemm_core(ctx, sym, kind, M, N, K, alpha, A, transA ? as1 : as0, transA ? as0 : as1, B,
                         transB ? bs1 : bs0, transB ? bs0 : bs1, bt, Y, N);
    }
gemm_done:
    la_dense_free((void *)A, owna);
    la_dense_free((void *)B, ownb);
    la_out_finish(Y, kind, &y, t);
}

/* hipep_matmul_<t>_in2 / _in3 with the fused activation act and symbol suffix SUF */
#define LA_MATMUL(S, T, SUF, ACT)                                                                                  \
    void hipep_matmul_##S##_in2##SUF(void *ctx, int64_t ar, void *a, int64_t br, void *b, int64_t yr, void *y) {  \
        la_matmul(ctx, "hipep_matmul_" #S "_in2" #SUF, T, ar, a, br, b, 0, NULL, yr, y, ACT);                     \
    }                                                                                                             \
    void hipep_matmul_##S##_in3##SUF(void *ctx, int64_t ar, void *a, int64_t br, void *b, int64_t cr, void *c,   \
                                     int64_t yr, void *y) {                                                       \
        la_matmul(ctx, "hipep_matmul_" #S "_in3" #SUF, T, ar, a, br, b, cr, c, yr, y, ACT);                       \
    }
#define LA_MATMUL_GEMM(S, T)                                                                                       \
    LA_MATMUL(S, T, , LA_ACT_NONE)                                                                                 \
    void hipep_gemm_##S##_in2(void *ctx, int64_t ar, void *a, int64_t br, void *b, int64_t yr, void *y,          \
                              double alpha, double beta, int64_t transA, int64_t transB) {                        \
        la_gemm(ctx, "hipep_gemm_" #S "_in2", T, ar, a, br, b, 0, NULL, yr, y, alpha, beta, transA, transB);     \
    }                                                                                                             \
    void hipep_gemm_##S##_in3(void *ctx, int64_t ar, void *a, int64_t br, void *b, int64_t cr, void *c,          \
                              int64_t yr, void *y, double alpha, double beta, int64_t transA, int64_t transB) {   \
        la_gemm(ctx, "hipep_gemm_" #S "_in3", T, ar, a, br, b, cr, c, yr, y, alpha, beta, transA, transB);       \
    }
LA_MATMUL_GEMM(f32, LA_F32)
LA_MATMUL_GEMM(f64, LA_F64)
LA_MATMUL_GEMM(f16, LA_F16)
LA_MATMUL_GEMM(bf16, LA_BF16)
LA_MATMUL_GEMM(i8, LA_I8)
LA_MATMUL_GEMM(i16, LA_I16)
LA_MATMUL_GEMM(i32, LA_I32)
LA_MATMUL_GEMM(i64, LA_I64)
LA_MATMUL_GEMM(ui8, LA_U8)
LA_MATMUL_GEMM(ui16, LA_U16)
LA_MATMUL_GEMM(ui32, LA_U32)
LA_MATMUL_GEMM(ui64, LA_U64)
#define LA_MATMUL_GELU(S, T) LA_MATMUL(S, T, _gelu, LA_ACT_GELU) LA_MATMUL(S, T, _gelu_tanh, LA_ACT_GELU_TANH)
LA_MATMUL_GELU(f32, LA_F32)
LA_MATMUL_GELU(f64, LA_F64)
LA_MATMUL_GELU(f16, LA_F16)
LA_MATMUL_GELU(bf16, LA_BF16)

/* ------------------------------------------------------------------ convolution */

#define LA_MAX_SP (HIPEP_MAX_RANK - 2)

/* Geometry of one convolution: spatial rank, input / kernel / output dims, strides, dilations and
 * the begin pads (the end pads follow from the output dims). */
typedef struct {
    int64_t nsp;
    int64_t in[LA_MAX_SP], k[LA_MAX_SP], out[LA_MAX_SP], s[LA_MAX_SP], d[LA_MAX_SP], pb[LA_MAX_SP];
    int64_t isz, ksz, osz; /* products of in, k, out */
} la_geom_t;

static inline int64_t la_floordiv(int64_t a, int64_t b) {
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

/*
 * The rows of one kernel offset kk (per spatial dim), shared by the im2col shift and the transposed
 * scatter: a row runs along the last spatial dim from positions p (dims `from`) to p * s - pb + kk * d
 * (dims `to`). la_row_span: the last dim's shift and the p in [lo, hi) (hi <= the row length `cap`)
 * that land inside `limit`; la_row_base: the row offset on the `to` side of the outer position idx
 * (0: outside); la_row_next: the next outer position.
 */
static inline int64_t la_row_span(const la_geom_t *g, const int64_t *kk, int64_t limit, int64_t cap, int64_t *lo,
                                  int64_t *hi) {
    int64_t last = g->nsp - 1, sl = g->s[last];
    int64_t shift = kk[last] * g->d[last] - g->pb[last];
    /* valid p in [lo, hi): 0 <= p * sl + shift < limit */
    *lo = shift >= 0 ? 0 : (-shift + sl - 1) / sl;
    *hi = limit - shift <= 0 ? 0 : (limit - shift + sl - 1) / sl;
    if (*hi > cap) *hi = cap;
    if (*lo > *hi) *lo = *hi;
    return shift;
}

static inline int la_row_base(const la_geom_t *g, const int64_t *kk, const int64_t *idx, const int64_t *to,
                              int64_t *off) {
    int64_t o = 0;
    for (int64_t q = 0; q < g->nsp - 1; q++) {
        int64_t i = idx[q] * g->s[q] - g->pb[q] + kk[q] * g->d[q];
        if (i < 0 || i >= to[q]) return 0;
        o = o * to[q] + i;
    }
    *off = o;
    return 1;
}

static inline void la_row_next(const la_geom_t *g, int64_t *idx, const int64_t *from) {
    for (int64_t q = g->nsp - 2; q >= 0; q--) {
        if (++idx[q] < from[q]) break;
        idx[q] = 0;
    }
}

/*
 * The im2col row of kernel offset kk: dst[o] = x[o * s - pb + kk * d] (0 outside) over the output
 * positions o; with acc, dst[o] += w * x[...] instead (direct conv).
 */
#define LA_SHIFT_ROWS(T)                                                                                       \
    static void la_shift_##T(const la_geom_t *g, const int64_t *kk, const T *x, T *dst, int acc, T w) {        \
        int64_t last = g->nsp - 1;                                                                             \
        int64_t ol = g->out[last], il = g->in[last], sl = g->s[last], lo, hi;                                  \
        int64_t shift = la_row_span(g, kk, il, ol, &lo, &hi);                                                  \
        int64_t rows = g->osz / (ol > 0 ? ol : 1);                                                             \
        int64_t oidx[LA_MAX_SP] = {0};                                                                         \
        for (int64_t r = 0; r < rows && ol > 0; r++) {                                                         \
            int64_t xoff = 0;                                                                                  \
            T *o = dst + r * ol;                                                                               \
            if (!la_row_base(g, kk, oidx, g->in, &xoff)) {                                                     \
                if (!acc) for (int64_t j = 0; j < ol; j++) o[j] = 0;                                           \
            } else {                                                                                           \
                const T *xr = x + xoff * il + shift;                                                           \
                if (acc) {                                                                                     \
                    if (sl == 1) for (int64_t j = lo; j < hi; j++) o[j] += w * xr[j];                          \
                    else for (int64_t j = lo; j < hi; j++) o[j] += w * xr[j * sl];                             \
                } else {                                                                                       \
                    for (int64_t j = 0; j < lo; j++) o[j] = 0;                                                 \
                    if (sl == 1) for (int64_t j = lo; j < hi; j++) o[j] = xr[j];                               \
                    else for (int64_t j = lo; j < hi; j++) o[j] = xr[j * sl];                                  \
                    for (int64_t j = hi; j < ol; j++) o[j] = 0;                                                \
                }                                                                                              \
            }                                                                                                  \
            la_row_next(g, oidx, g->out);                                                                      \
        }                                                                                                      \
    }                                                                                                          \
    /* The transposed scatter: y[i * s - pb + kk * d] += src[i - p0] over the input positions i in      \
     * [p0, p0 + len) (flattened over the spatial dims; a range may start and end inside a row). */     \
    static void la_unshift_##T(const la_geom_t *g, const int64_t *kk, const T *src, int64_t p0, int64_t len,   \
                               T *y) {                                                                         \
        int64_t last = g->nsp - 1;                                                                             \
        int64_t ol = g->out[last], il = g->in[last], sl = g->s[last], lo, hi;                                  \
        int64_t shift = la_row_span(g, kk, ol, il, &lo, &hi);                                                  \
        int64_t iidx[LA_MAX_SP] = {0}, q0 = il > 0 ? p0 / il : 0;                                              \
        for (int64_t d = last - 1; d >= 0; d--) {                                                              \
            iidx[d] = q0 % g->in[d];                                                                           \
            q0 /= g->in[d];                                                                                    \
        }                                                                                                      \
        for (int64_t done = 0, j0 = il > 0 ? p0 % il : 0; done < len && il > 0; j0 = 0) {                     \
            int64_t j1 = j0 + (len - done) < il ? j0 + (len - done) : il;                                      \
            int64_t yoff = 0;                                                                                  \
            if (la_row_base(g, kk, iidx, g->out, &yoff)) {                                                     \
                const T *sr = src + done; /* sr[j - j0] */                                                     \
                T *yr = y + yoff * ol + shift;                                                                 \
                int64_t a = lo > j0 ? lo : j0, b = hi < j1 ? hi : j1;                                          \
                if (sl == 1) for (int64_t j = a; j < b; j++) yr[j] += sr[j - j0];                              \
                else for (int64_t j = a; j < b; j++) yr[j * sl] += sr[j - j0];                                 \
            }                                                                                                  \
            done += j1 - j0;                                                                                   \
            la_row_next(g, iidx, g->in);                                                                       \
        }                                                                                                      \
    }
LA_SHIFT_ROWS(float)
LA_SHIFT_ROWS(double)

/* kernel offset vector of the flat kernel index kf */
static inline void la_kidx(const la_geom_t *g, int64_t kf, int64_t *kk) {
    for (int64_t q = g->nsp - 1; q >= 0; q--) {
        kk[q] = kf % g->k[q];
        kf /= g->k[q];
    }
}

typedef struct {
    const la_geom_t *g;
    const void *x;   /* the group's input channels, dense [cg, in...] */
    void *col;       /* [cg * ksz, osz] (im2col) or, transposed, [mg * ksz, isz] */
    const void *w;   /* depthwise: weights [M, ksz] */
    const void *bias;
    void *y;         /* depthwise / col2im: output [channels, osz] */
    int64_t cg, mg, channels;
    int is_double;
    int64_t p0, plen; /* col2im: the input positions of the column block (its row stride is plen) */
} la_conv_job_t;

/* o[j - j0] for j in [j0, j1) (one output row of a column block): 0 outside [lo, hi), else x[j * s]. */
#define LA_ROW_RUN(o, x, j0, j1, lo, hi, s)                                                                    \
    do {                                                                                                       \
        const __typeof__(*(x)) *restrict xr_ = (x);                                                            \
        int64_t a_ = (lo) > (j0) ? (lo) : (j0), b_ = (hi) < (j1) ? (hi) : (j1);                                \
        if (a_ > (j1)) a_ = (j1);                                                                              \
        if (b_ < a_) b_ = a_;                                                                                  \
        for (int64_t j_ = (j0); j_ < a_; j_++) (o)[j_ - (j0)] = 0;                                             \
        if ((s) == 1)                                                                                          \
            for (int64_t j_ = a_; j_ < b_; j_++) (o)[j_ - (j0)] = xr_[j_];                                     \
        else                                                                                                   \
            for (int64_t j_ = a_; j_ < b_; j_++) (o)[j_ - (j0)] = xr_[j_ * (s)];                               \
        for (int64_t j_ = b_; j_ < (j1); j_++) (o)[j_ - (j0)] = 0;                                             \
    } while (0)

/*
 * Tiled im2col: the columns of the output positions [p0, p0 + len) (flattened over the spatial
 * dims), col[r, i] = x[c, (p0 + i) * s - pb + kk * d] (0 outside) for the kc = cg * ksz rows
 * r = (c, kk), with row stride len. A tile may start and end inside an output row.
 */
#define LA_IM2COL_TILE(T)                                                                                      \
    static void la_im2col_tile_##T(const la_geom_t *g, int64_t kc, const T *x, int64_t p0, int64_t len,       \
                                   T *restrict col) {                                                          \
        int64_t last = g->nsp - 1, ol = g->out[last], il = g->in[last], sl = g->s[last];                      \
        int64_t kk[LA_MAX_SP], oidx0[LA_MAX_SP] = {0}, oidx[LA_MAX_SP];                                        \
        int64_t q0 = p0 / ol, j00 = p0 % ol;                                                                   \
        for (int64_t d = last - 1; d >= 0; d--) {                                                              \
            oidx0[d] = q0 % g->out[d];                                                                         \
            q0 /= g->out[d];                                                                                   \
        }                                                                                                      \
        for (int64_t r = 0; r < kc; r++) {                                                                     \
            int64_t lo, hi;                                                                                    \
            la_kidx(g, r % g->ksz, kk);                                                                        \
            int64_t shift = la_row_span(g, kk, il, ol, &lo, &hi);                                              \
            const T *xc = x + (r / g->ksz) * g->isz;                                                           \
            T *dst = col + r * len;                                                                            \
            for (int64_t q = 0; q < last; q++) oidx[q] = oidx0[q];                                             \
            for (int64_t done = 0, j0 = j00; done < len; j0 = 0) {                                             \
                int64_t j1 = j0 + (len - done) < ol ? j0 + (len - done) : ol;                                  \
                T *restrict o = dst + done; /* o[j - j0] for j in [j0, j1) */                                    \
                int64_t xoff = 0;                                                                              \
                if (!la_row_base(g, kk, oidx, g->in, &xoff)) {                                                 \
                    for (int64_t j = j0; j < j1; j++) o[j - j0] = 0;                                           \
                } else {                                                                                       \
                    LA_ROW_RUN(o, xc + xoff * il + shift, j0, j1, lo, hi, sl);                                 \
                }                                                                                              \
                done += j1 - j0;                                                                               \
                la_row_next(g, oidx, g->out);                                                                  \
            }                                                                                                  \
        }                                                                                                      \
    }
LA_IM2COL_TILE(float)
LA_IM2COL_TILE(double)

/* Column block of a convolution tile: about this many bytes (L2-sized), at least LA_CONV_TILE_MIN positions. */
#define LA_CONV_TILE_BYTES (512 * 1024)
#define LA_CONV_TILE_MIN 64

/* One convolution as tiles of output positions per image and group (items n, group, tile). */
typedef struct {
    void *ctx;
    const char *sym;
    const la_geom_t *g;
    const char *X, *W, *B;
    char *Y;
    int64_t C, M, cg, mg, kc, group, tile, ntiles, ks;
    int kind, pointwise;
    int clamp;        /* the _clamp kernels: each finished tile clamped to [lo, hi] (la_conv_clamp) */
    double lo, hi;
} la_ctile_job_t;

/*
 * The same columns for one or two spatial dims (the common case), without the N-d index walk:
 * per row r = (c, ki, kj) the valid output columns [lo, hi) of the last dim are found once, then
 * each output row of the tile is one zero / copy / zero run.
 */
#define LA_IM2COL_TILE2(T)                                                                                     \
    static void la_im2col_tile2_##T(const la_geom_t *g, int64_t kc, const T *x, int64_t p0, int64_t len,      \
                                    T *restrict col) {                                                         \
        int two = g->nsp == 2;                                                                                 \
        int64_t ih = two ? g->in[0] : 1, iw = g->in[two], ow = g->out[two];                                    \
        int64_t kh = two ? g->k[0] : 1, kw = g->k[two], sh = two ? g->s[0] : 1, sw = g->s[two];                \
        int64_t dh = two ? g->d[0] : 1, dw = g->d[two], ph = two ? g->pb[0] : 0, pw = g->pb[two];              \
        int64_t oy0 = p0 / ow, ox0 = p0 % ow, r = 0;                                                           \
        for (int64_t c = 0; c < kc / (kh * kw); c++) {                                                         \
            const T *xc = x + c * ih * iw;                                                                     \
            for (int64_t ki = 0; ki < kh; ki++)                                                                \
                for (int64_t kj = 0; kj < kw; kj++, r++) {                                                     \
                    T *restrict dst = col + r * len;                                                           \
                    int64_t shift = kj * dw - pw;                                                              \
                    int64_t lo = shift >= 0 ? 0 : (-shift + sw - 1) / sw;                                      \
                    int64_t hi = iw - shift <= 0 ? 0 : (iw - shift + sw - 1) / sw;                             \
                    if (hi > ow) hi = ow;                                                                      \
                    if (lo > hi) lo = hi;                                                                      \
                    for (int64_t done = 0, oy = oy0, j0 = ox0; done < len; j0 = 0, oy++) {                     \
                        int64_t j1 = j0 + (len - done) < ow ? j0 + (len - done) : ow;                          \
                        T *restrict o = dst + done; /* o[j - j0] for j in [j0, j1) */                          \
                        int64_t iy = oy * sh - ph + ki * dh;                                                   \
                        if (iy < 0 || iy >= ih) {                                                              \
                            for (int64_t j = j0; j < j1; j++) o[j - j0] = 0;                                   \
                        } else {                                                                               \
                            LA_ROW_RUN(o, xc + iy * iw + shift, j0, j1, lo, hi, sw);                           \
                        }                                                                                      \
                        done += j1 - j0;                                                                       \
                    }                                                                                          \
                }                                                                                              \
        }                                                                                                      \
    }
LA_IM2COL_TILE2(float)
LA_IM2COL_TILE2(double)

/* the columns of output positions [p0, p0 + len) of one image and group into col (row stride len) */
static void la_im2col(const la_geom_t *g, int kind, int64_t kc, const char *xg, int64_t p0, int64_t len, char *col) {
    if (g->nsp <= 2) {
        if (kind == LA_F64) la_im2col_tile2_double(g, kc, (const double *)xg, p0, len, (double *)col);
        else la_im2col_tile2_float(g, kc, (const float *)xg, p0, len, (float *)col);
    } else {
        if (kind == LA_F64) la_im2col_tile_double(g, kc, (const double *)xg, p0, len, (double *)col);
        else la_im2col_tile_float(g, kc, (const float *)xg, p0, len, (float *)col);
    }
}

/*
 * The fused activation of the _clamp conv kernels: rows x len values (row stride ld) at y become
 * min(max(v, lo), hi) with the comparisons of hipep_max / hipep_min (NaN propagates, max(-0, +0)
 * is +0), so a fused Relu / Relu6 / Clip gives the bits of the separate kernels.
 */
static void la_conv_clamp(int kind, char *y, int64_t rows, int64_t len, int64_t ld, double lo, double hi) {
    if (kind == LA_F64) {
        for (int64_t r = 0; r < rows; r++) {
            double *v = (double *)y + r * ld;
            for (int64_t o = 0; o < len; o++) {
                double x = v[o];
                x = (x > lo || x != x) ? x : lo;
                v[o] = (x < hi || x != x) ? x : hi;
            }
        }
        return;
    }
    float flo = (float)lo, fhi = (float)hi;
    for (int64_t r = 0; r < rows; r++) {
        float *v = (float *)y + r * ld;
        for (int64_t o = 0; o < len; o++) {
            float x = v[o];
            x = (x > flo || x != x) ? x : flo;
            v[o] = (x < fhi || x != x) ? x : fhi;
        }
    }
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
/* la_conv_clamp on 16 floats in a vector (lo, hi splat): max(v, lo) then min(v, hi), NaN kept (the
 * min as the negated max) */
static inline __attribute__((always_inline)) rd_v16f la_vclamp16(rd_v16f v, rd_v16f lo, rd_v16f hi) {
    v = rd_vgt_rd_v16f(lo, v);
    return -rd_vgt_rd_v16f(-hi, -v);
}

/*
 * A fused clamp as the kernels' jobs hold it: none, both bounds, or the lower one alone when the
 * upper is +inf (Relu; Clip without a max). min(v, +inf) is v for every v, NaN, infinities and -0
 * included, so leaving that half out gives the same bits for half of la_vclamp16's operations,
 * which share the vector units with the multiply-adds. On a Zen 4 at one thread: light-squeezenet's
 * runs 3.4% shorter (its 3x3 stem by the few-channel kernel 9%), light-resnet50's kernels 0.75%
 * (docs/BENCHMARKS.md, forty-fifth round).
 */
enum { LA_CLAMP_NONE = 0, LA_CLAMP_BOTH = 1, LA_CLAMP_LO = 2 };

static inline int la_clamp_form(int clamp, double hi) {
    return !clamp ? LA_CLAMP_NONE : hi == INFINITY ? LA_CLAMP_LO : LA_CLAMP_BOTH;
}

/* v clamped in the form `form` (la_clamp_form) */
static inline __attribute__((always_inline)) rd_v16f la_vclamp16_as(rd_v16f v, rd_v16f lo, rd_v16f hi, int form) {
    return form == LA_CLAMP_LO ? rd_vgt_rd_v16f(lo, v) : form == LA_CLAMP_BOTH ? la_vclamp16(v, lo, hi) : v;
}

#pragma GCC diagnostic pop

#define LA_CLAMP_GRAIN 16384 /* elements per chunk of a clamp pass over Y */

/* la_conv_clamp over a dense Y's elements [b, e), or with ld, over its rows [b, e) of len (hipep_parallel_for body) */
typedef struct {
    int kind;
    char *y;
    double lo, hi;
    int64_t len, ld; /* ld 0: dense */
} la_clamp_job_t;

static void la_clamp_body(void *arg, int64_t b, int64_t e) {
    const la_clamp_job_t *j = (const la_clamp_job_t *)arg;
    if (j->ld) la_conv_clamp(j->kind, j->y + b * j->ld * la_ksize(j->kind), e - b, j->len, j->ld, j->lo, j->hi);
    else la_conv_clamp(j->kind, j->y + b * la_ksize(j->kind), 1, e - b, 0, j->lo, j->hi);
}

/*
 * Each tile: im2col of its positions into a column block (pointwise convolutions read X in
 * place), Y[mg, tile] (row stride osz) = W_g [mg, kc] x cols [kc, tile], on top of the bias
 * written just before, while the tile is in cache. The column block is the state's scratch of
 * this body's slot (st_scratch_take), kept between calls and runs: no allocation per tile or run.
 */
static void la_conv_tile_body(void *arg, int64_t begin, int64_t end) {
    la_ctile_job_t *j = (la_ctile_job_t *)arg;
    const la_geom_t *g = j->g;
    int64_t ks = j->ks, osz = g->osz;
    char *col = NULL;
    int slot = -1;
    if (!j->pointwise) {
        col = (char *)st_scratch_take(j->ctx, j->kc * j->tile * ks, &slot);
        if (!col) {
            hipep_errorf(j->ctx, HIPEP_ERR_OUT_OF_MEMORY, "%s: cannot allocate %lld bytes of im2col scratch", j->sym,
                         (long long)(j->kc * j->tile * ks));
            return;
        }
    }
    for (int64_t it = begin; it < end && !hipep_has_error(j->ctx); it++) {
        int64_t ti = it % j->ntiles, ng = it / j->ntiles, gi = ng % j->group, n = ng / j->group;
        int64_t p0 = ti * j->tile, len = osz - p0 < j->tile ? osz - p0 : j->tile;
        const char *xg = j->X + (n * j->C + gi * j->cg) * g->isz * ks;
        char *yt = j->Y + ((n * j->M + gi * j->mg) * osz + p0) * ks;
        const char *src = xg + p0 * ks;
        int64_t ldb = g->isz;
        if (!j->pointwise) {
            la_im2col(g, j->kind, j->kc, xg, p0, len, col);
            src = col;
            ldb = len;
        }
        if (j->B) {
            for (int64_t m = 0; m < j->mg; m++) {
                if (j->kind == LA_F64) {
                    double *y = (double *)yt + m * osz, b = ((const double *)j->B)[gi * j->mg + m];
                    for (int64_t o = 0; o < len; o++) y[o] = b;
                } else {
                    float *y = (float *)yt + m * osz, b = ((const float *)j->B)[gi * j->mg + m];
                    for (int64_t o = 0; o < len; o++) y[o] = b;
                }
            }
        }
        if (!la_gemm_core(j->ctx, j->sym, j->kind, j->mg, len, j->kc, 1.0, j->W + gi * j->mg * j->kc * ks, j->kc, 1,
                          src, ldb, 1, j->B ? 1.0 : 0.0, yt, osz))
            break;
        /* here the output tile Y[n, group's mg channels, p0 .. p0 + len) (row stride osz) is final */
        if (j->clamp) la_conv_clamp(j->kind, yt, j->mg, len, osz, j->lo, j->hi);
    }
    if (col) st_scratch_give(j->ctx, col, slot);
}

/*
 * Positions per tile: the column block near LA_CONV_TILE_BYTES, or near W's size up to 4 x
 * LA_CONV_TILE_BYTES when W (wbytes) is larger: each tile is one GEMM that packs all of W again,
 * so with a large W (late ResNet stages: 2.4 MB for 256 -> 256 3x3) a 512 KB block of 64 columns
 * spent a third of its time repacking W. At one thread a pointwise convolution (no column block,
 * X read in place) is one GEMM over the whole map. With one image and group
 * at least two tiles per thread in a count that the threads share evenly. Small output maps (the
 * 14x14 and 7x7 stages of a ResNet) give too few tiles of at least LA_CONV_PAR_MIN_POS positions
 * for that: cutting them finer made every tile repack all of W (up to 9 MB at 512 -> 512 3x3) for
 * a GEMM only 16-50 columns wide, and 3 tiles over 2 threads left one idle a third of the time.
 * Then *inner is set: the tiles (the whole map when its columns fit 4 x LA_CONV_TILE_BYTES, so W
 * and the columns are packed once) run one after the other and each GEMM is split over the
 * threads by la_blas_gemm (by rows of W when there are more output channels than positions).
 */
#define LA_CONV_PAR_MIN_POS 128
static int64_t la_conv_tile_size(int64_t osz, int64_t kc, int64_t ks, int64_t wbytes, int pointwise, int64_t images,
                                 int64_t threads, int *inner) {
    int64_t budget = LA_CONV_TILE_BYTES;
    if (wbytes > budget) budget = wbytes < 4 * LA_CONV_TILE_BYTES ? wbytes : 4 * LA_CONV_TILE_BYTES;
    int64_t tile = budget / (kc * ks > 0 ? kc * ks : 1);
    if (tile < LA_CONV_TILE_MIN) tile = LA_CONV_TILE_MIN;
    if (tile >= osz || (pointwise && threads <= 1)) tile = osz > 0 ? osz : 1;
    int64_t ntiles = (osz + tile - 1) / tile;
    *inner = 0;
    if (threads > 1 && images * ntiles < 8 * threads) {
        int64_t want = (2 * threads + images - 1) / images; /* at least two items per thread */
        int64_t n = ntiles < want ? want : ntiles;
        if (images == 1) n = (n + threads - 1) / threads * threads;
        int64_t most = osz / LA_CONV_PAR_MIN_POS > 1 ? osz / LA_CONV_PAR_MIN_POS : 1;
        if (n > most) n = most;
        if (images * n < 2 * threads) { /* one tile of the whole map where its columns fit 4 blocks */
            *inner = 1;
            return osz <= tile || osz * kc * ks <= 4 * LA_CONV_TILE_BYTES ? (osz > 0 ? osz : 1) : tile;
        }
        tile = (osz + n - 1) / n;
    }
    return tile;
}

/* depthwise (one input channel per output channel): y[m] = bias[m] + sum_kk w[m, kk] * shift(x[c(m)], kk) */
static void la_depthwise_body(void *arg, int64_t begin, int64_t end) {
    la_conv_job_t *j = (la_conv_job_t *)arg;
    const la_geom_t *g = j->g;
    int64_t kk[LA_MAX_SP];
    for (int64_t p = begin; p < end; p++) { /* p = n * M + m */
        int64_t n = p / j->channels, m = p % j->channels;
        int64_t c = m / j->mg; /* group = input channel */
        int64_t cin = j->channels / j->mg;
        if (j->is_double) {
            double *y = (double *)j->y + p * g->osz;
            double b = j->bias ? ((const double *)j->bias)[m] : 0.0;
            for (int64_t o = 0; o < g->osz; o++) y[o] = b;
            const double *x = (const double *)j->x + (n * cin + c) * g->isz;
            for (int64_t kf = 0; kf < g->ksz; kf++) {
                la_kidx(g, kf, kk);
                la_shift_double(g, kk, x, y, 1, ((const double *)j->w)[m * g->ksz + kf]);
            }
        } else {
            float *y = (float *)j->y + p * g->osz;
            float b = j->bias ? ((const float *)j->bias)[m] : 0.0f;
            for (int64_t o = 0; o < g->osz; o++) y[o] = b;
            const float *x = (const float *)j->x + (n * cin + c) * g->isz;
            for (int64_t kf = 0; kf < g->ksz; kf++) {
                la_kidx(g, kf, kk);
                la_shift_float(g, kk, x, y, 1, ((const float *)j->w)[m * g->ksz + kf]);
            }
        }
    }
}

/*
 * Float 2-D convolutions of one input channel, stride 1, undilated, kernels up to LA_C1_MAX_K
 * square (mnist-8's first: 1 -> 8 channels, 5x5 on 28x28), computed directly: im2col made a
 * [ksz, OH x OW] matrix of copies for a GEMM with ksz-deep rows, which OpenBLAS packed again (the
 * im2col, the packing and the small product were 40% of an mnist-8 run). Here each body takes one
 * image and a block of up to 8 output channels: the image is copied once into a zero-bordered
 * buffer (the pads; LA_C1_SLACK more floats per row so 16-wide loads past the last output column
 * stay inside it), then every 16 outputs of a row keep 8 accumulators in registers across the
 * kernel's taps (one load of the input, 8 multiply-adds with the taps' weights each). Bias first,
 * the fused clamp of the _clamp kernels on the accumulators (la_vclamp16: NaN propagates).
 */
#define LA_C1_MAX_K 7
#define LA_C1_BLOCK 8
#define LA_C1_SLACK 16

typedef struct {
    void *ctx;
    const la_geom_t *g;
    const float *x, *w, *b;
    float *y;
    int64_t M, blocks, ph, pw; /* blocks of output channels per image; the padded image's rows, row length */
    int clamp; /* la_clamp_form */
    double lo, hi;
} la_c1_job_t;

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
static void la_conv1ch_body(void *arg, int64_t begin, int64_t end) {
    const la_c1_job_t *j = (const la_c1_job_t *)arg;
    const la_geom_t *g = j->g;
    const int64_t H = g->in[0], W = g->in[1], KH = g->k[0], KW = g->k[1], OH = g->out[0], OW = g->out[1];
    const int64_t pw = j->pw;
    int slot;
    float *xp = (float *)st_scratch_take(j->ctx, j->ph * pw * (int64_t)sizeof(float), &slot);
    if (xp == NULL) {
        hipep_errorf(j->ctx, HIPEP_ERR_OUT_OF_MEMORY, "hipep_conv_f32: cannot allocate a padded image");
        return;
    }
    int64_t image = -1;
    for (int64_t p = begin; p < end; p++) {
        int64_t n = p / j->blocks, m0 = (p % j->blocks) * LA_C1_BLOCK;
        int64_t mn = j->M - m0 < LA_C1_BLOCK ? j->M - m0 : LA_C1_BLOCK;
        if (n != image) { /* the image inside its pads */
            memset(xp, 0, (size_t)(j->ph * pw) * sizeof(float));
            for (int64_t iy = 0; iy < H; iy++)
                memcpy(xp + (iy + g->pb[0]) * pw + g->pb[1], j->x + (n * H + iy) * W, (size_t)W * sizeof(float));
            image = n;
        }
        float wq[LA_C1_MAX_K * LA_C1_MAX_K][LA_C1_BLOCK], bq[LA_C1_BLOCK];
        rd_v16f lo = {0}, hi = {0};
        lo += (float)j->lo;
        hi += (float)j->hi;
        for (int q = 0; q < LA_C1_BLOCK; q++) {
            for (int64_t t = 0; t < KH * KW; t++) wq[t][q] = q < mn ? j->w[(m0 + q) * KH * KW + t] : 0.0f;
            bq[q] = q < mn && j->b ? j->b[m0 + q] : 0.0f;
        }
        for (int64_t oy = 0; oy < OH; oy++)
            for (int64_t ox = 0; ox < OW; ox += 16) {
                rd_v16f acc[LA_C1_BLOCK];
                for (int q = 0; q < LA_C1_BLOCK; q++) {
                    rd_v16f v = {0};
                    acc[q] = v + bq[q];
                }
                for (int64_t ky = 0; ky < KH; ky++) {
                    const float *row = xp + (oy + ky) * pw + ox;
                    for (int64_t kx = 0; kx < KW; kx++) {
                        rd_v16f xv = rd_vld16(row + kx);
                        const float *wt = wq[ky * KW + kx];
                        for (int q = 0; q < LA_C1_BLOCK; q++) acc[q] += wt[q] * xv;
                    }
                }
                int64_t len = OW - ox < 16 ? OW - ox : 16;
                for (int64_t q = 0; q < mn; q++) {
                    float *y = j->y + ((n * j->M + m0 + q) * OH + oy) * OW + ox;
                    rd_vst16n(y, la_vclamp16_as(acc[q], lo, hi, j->clamp), len);
                }
            }
    }
    st_scratch_give(j->ctx, xp, slot);
}

/*
 * Float 2-D convolutions of few input channels on channels-last X and Y (a CNN's first layer on
 * an image: ResNet's 7x7 stride-2 stem, 3 -> 64 channels), computed directly. With C channels
 * last, the C x KW taps of one kernel row are contiguous in X, so a pixel's window is KH runs of
 * KW x C floats; the weights are repacked into the same order, [KH][KW x C][M] (a few KB to 40
 * KB): once per session, in an entry of the oneDNN cache (which keeps the session's packed
 * weights), when W is one of its constants; on every call, in kernel scratch, when W is a graph
 * input or computed, or no cache is loaded. A block of up to 4 output pixels of a row by 64
 * output channels keeps 16 accumulators in registers over the window (per tap, the four weight
 * vectors loaded once, then per pixel one broadcast of X and four multiply-adds); M past the last
 * whole 64 in blocks of 16 channels and up to LA_FC_PIX pixels (eight accumulators: the FMA units'
 * latency times their number); a row's pixels go in blocks as even as they can (14: two of 7, where
 * 8, 4 and 2 left a block of two chains). Rows of the window outside X (the pads) are skipped for the
 * whole block. Where a window crosses X's left or right edge, an X of at most LA_FC_PAD_BYTES is
 * copied between zero columns first (mnist-8's second convolution: its 14-pixel rows had 4 such
 * pixels); a larger one keeps those pixels as blocks of their own with their columns clipped (a
 * stem's 112-pixel rows have 3; copying its 600 KB X cost ~30 us more at two threads than it
 * saved). Bias first, the fused clamp of the _clamp kernels on the
 * accumulators (la_vclamp16: NaN propagates, as it does through the sums, so no scan of X is
 * needed as for oneDNN's clip post-op). Rows of the output are split over the threads.
 * Measured (docs/BENCHMARKS.md, thirty-third round): in a C loop at one thread, on ResNet-50's
 * stem without its pads, this loop and oneDNN's brgemm kernel both reach the FMA peak (900 against
 * 904 us); in light-resnet50's runs the stem took 0.95-1.08 ms this way against 0.98-1.09 by
 * oneDNN (its call with the scan of X and the padded borders), shorter in each of 16 alternated
 * pairs of builds, by 3-90 us at one thread and 33-106 at two (0.1-0.4% of the run). Taken from
 * LA_FC_MIN_TAPS taps (C x KH x KW), SqueezeNet's 3x3 stride-2 stem (27 taps, 3 -> 64 channels on
 * 224x224): there the block's fixed work (bias, clamp, stores) weighs more, and at one thread this
 * way was 0-19 us slower than oneDNN's call (225-252 us), but at two threads 173-187 us against
 * 217-283 (four alternated pairs each, hip-onnx-runner --profile, docs/BENCHMARKS.md, thirty-ninth
 * round; oneDNN's call barely ran faster at two threads than at one). Also taken with fewer than
 * LA_FC_SMALL_C input channels (oneDNN blocks them by 16) and a kernel larger than 1x1 when the
 * convolution has fewer than LA_BLAS_MIN_MACS multiply-adds: there oneDNN's call cost more than its
 * loop (mnist-8's second, 8 -> 16 channels 5x5 on 14x14: 9.1 us through oneDNN with its scan of X,
 * 6.6 us this way, thirty-seventh round). Compiled into the AVX-512 build of the runtime only (the
 * x86-64-v4 object): with 32-byte vectors its 16 accumulators would take twice the registers AVX2
 * has, so oneDNN keeps those hosts. Each call is counted (DN_KIND_FEW_CHANNELS:
 * HipSession.LibraryRuns.fewChannelConvolutions). X may also come as a channels-last view of the
 * caller's NCHW image (2 to 4 channels: hip-reshape-transpose-views leaves the image's transpose
 * out), whose rows each band of output rows copies channels-last for itself (la_fc_planes; counted
 * as DN_KIND_FEW_PLANES too).
 */
#define LA_FC_MAX_C 4
#define LA_FC_SMALL_C 16
#define LA_FC_MIN_TAPS 27
#define LA_FC_PIX 8 /* pixels of a block at most (LA_FC_PIX / 2 with four vectors of channels) */
#define LA_FC_PAD_BYTES (64 << 10)

typedef struct {
    const la_geom_t *g; /* a copy of X between its left and right pads has pads 0 there */
    const float *x, *w, *b; /* w repacked: [KH][KW x C][M] */
    float *y;
    int64_t C, M;
    int clamp; /* la_clamp_form */
    double lo, hi;
    /* X given in planes (NCHW) instead, xp: each band of rows copies the rows of X it reads
     * channels-last into x (la_fc_planes), whose first row is row x0 (n * H + h) of X */
    void *ctx;
    const float *xp;
    int64_t x0;
} la_fc_job_t;

/* Y's P pixels (ldy floats apart) x V vectors of channels from y on: nk window rows of X from x on
 * (rows rs floats apart, pixels ps apart), nt taps of each row; weights from w on (rows of M
 * floats, a window row's taps kwc rows apart); bias b (or 0) and the clamp */
static inline __attribute__((always_inline)) void la_fc_block(const float *x, int64_t rs, int64_t ps, int64_t nk,
                                                               int64_t nt, const float *w, int64_t kwc, int64_t M,
                                                               const float *b, float *y, int64_t ldy,
                                                               const la_fc_job_t *j, const int P, const int V) {
    rd_v16f a[LA_FC_PIX][4];
    for (int v = 0; v < V; v++) {
        rd_v16f bv = {0};
        if (b != NULL) bv = rd_vld16(b + 16 * v);
        for (int p = 0; p < P; p++) a[p][v] = bv;
    }
    for (int64_t r = 0; r < nk; r++) {
        const float *xr = x + r * rs;
        const float *wr = w + r * kwc * M;
        for (int64_t t = 0; t < nt; t++) {
            rd_v16f wv[4];
            for (int v = 0; v < V; v++) wv[v] = rd_vld16(wr + t * M + 16 * v);
            for (int p = 0; p < P; p++) {
                float xv = xr[p * ps + t];
                for (int v = 0; v < V; v++) a[p][v] += xv * wv[v];
            }
        }
    }
    rd_v16f lo = {0}, hi = {0};
    lo += (float)j->lo;
    hi += (float)j->hi;
    for (int p = 0; p < P; p++)
        for (int v = 0; v < V; v++) {
            rd_v16f o = la_vclamp16_as(a[p][v], lo, hi, j->clamp);
            memcpy(y + p * ldy + 16 * v, &o, sizeof o);
        }
}

/* P (<= LA_FC_PIX) pixels of one output row from yp on, every channel block: nk rows of the window
 * from its row k0 on, nt taps of each from its tap t0 on, the first pixel's first one at x; blocks
 * of 64 channels take the pixels in two halves (16 accumulators at most), the last channels'
 * blocks of 16 all P at once */
static inline __attribute__((always_inline)) void la_fc_pixels(const la_fc_job_t *j, const float *x, int64_t nk,
                                                                int64_t k0, int64_t t0, int64_t nt, float *yp,
                                                                const int P) {
    const la_geom_t *g = j->g;
    const int64_t C = j->C, M = j->M, kwc = g->k[1] * C, rs = g->in[1] * C, ps = g->s[1] * C;
    const float *w = j->w + (k0 * kwc + t0) * M;
    const int P1 = (P + 1) / 2, P2 = P / 2;
    int64_t m = 0;
    for (; m + 64 <= M; m += 64) {
        const float *b = j->b ? j->b + m : NULL;
        la_fc_block(x, rs, ps, nk, nt, w + m, kwc, M, b, yp + m, M, j, P1, 4);
        if (P2 > 0) la_fc_block(x + P1 * ps, rs, ps, nk, nt, w + m, kwc, M, b, yp + P1 * M + m, M, j, P2, 4);
    }
    for (; m < M; m += 16)
        la_fc_block(x, rs, ps, nk, nt, w + m, kwc, M, j->b ? j->b + m : NULL, yp + m, M, j, P, 1);
}

/* Row `row` (n * OH + oh) of Y, its OW pixels x M channels, into yr */
static void la_fc_row(const la_fc_job_t *j, int64_t row, float *yr) {
    const la_geom_t *g = j->g;
    const int64_t C = j->C, M = j->M, H = g->in[0], W = g->in[1], KH = g->k[0], KW = g->k[1];
    const int64_t OH = g->out[0], OW = g->out[1], s1 = g->s[1], pl = g->pb[1];
    /* the pixels whose windows lie inside X's columns, [oa, ob): in blocks of at most LA_FC_PIX, as
     * even as they go (14: two of 7); the others one at a time, their windows' columns clipped */
    int64_t oa = (pl + s1 - 1) / s1, ob = W + pl >= KW ? (W + pl - KW) / s1 + 1 : 0;
    if (oa > OW) oa = OW;
    if (ob > OW) ob = OW;
    if (ob < oa) ob = oa;
    const int64_t blocks = (ob - oa + LA_FC_PIX - 1) / LA_FC_PIX;
    const int64_t base = blocks ? (ob - oa) / blocks : 0, longer = blocks ? (ob - oa) % blocks : 0;
    int64_t n = row / OH, oh = row % OH, ih = oh * g->s[0] - g->pb[0];
    int64_t k0 = ih < 0 ? -ih : 0, k1 = H - ih < KH ? H - ih : KH;
    if (k1 < k0) k1 = k0; /* every tap in the pads: the bias (and clamp) alone */
    const float *xr = k1 > k0 ? j->x + ((n * H + ih + k0 - j->x0) * W) * C : j->x;
    for (int64_t ow = 0; ow < OW; ow++) {
        if (ow == oa) ow = ob; /* past the blocks' pixels */
        if (ow == OW) break;
        int64_t iw = ow * s1 - pl, c0 = iw < 0 ? -iw : 0, c1 = W - iw < KW ? W - iw : KW;
        if (c1 < c0) c1 = c0;
        la_fc_pixels(j, c1 > c0 ? xr + (iw + c0) * C : xr, k1 - k0, k0, c0 * C, (c1 - c0) * C, yr + ow * M, 1);
    }
    const float *x = xr + (oa * s1 - pl) * C;
    float *y = yr + oa * M;
    for (int64_t blk = 0; blk < blocks; blk++) {
        int64_t p = base + (blk < longer);
        switch (p) {
#define LA_FC_CASE(P)                                                                                                  \
    case P: la_fc_pixels(j, x, k1 - k0, k0, 0, KW * C, y, P); break;
            LA_FC_CASE(1) LA_FC_CASE(2) LA_FC_CASE(3) LA_FC_CASE(4)
            LA_FC_CASE(5) LA_FC_CASE(6) LA_FC_CASE(7) LA_FC_CASE(8)
#undef LA_FC_CASE
        }
        x += p * s1 * C;
        y += p * M;
    }
}

/*
 * X in planes (j->xp: a channels-last convolution's input image given as its NCHW buffer, see
 * la_fc_applies): output rows are computed in bands of LA_FC_BAND (pooled rows: LA_FC_BAND /
 * 2), the rows of X that a band reads first copied channels-last into the calling thread's kernel
 * scratch by kernels_data.c's interleaving loop (the transpose kernel's, which the compiler left
 * out), where the band's windows find them in L2. A band's rows overlap the next one's by the
 * window's rows less the stride (7x7 stride 2: 5 of 21). At two threads each thread copies the
 * rows its own bands read (the transpose kernel split X's rows between the threads its own way):
 * light-squeezenet's transpose and stem 308-325 -> 281-290 us; at one thread, with the same reads
 * of X from L3 or memory, no gain (docs/BENCHMARKS.md, forty-third round; prefetching the next
 * band's rows of X as a band computes changed nothing either; one band of the whole image, as the
 * transpose had it, was slower at one thread).
 */
#define LA_FC_BAND 8

/* The rows of X that output rows [oa, ob) of one image read: [*ha, *hb) */
static void la_fc_rows_read(const la_geom_t *g, int64_t oa, int64_t ob, int64_t *ha, int64_t *hb) {
    *ha = oa * g->s[0] - g->pb[0];
    *hb = (ob - 1) * g->s[0] - g->pb[0] + g->k[0];
    if (*ha < 0) *ha = 0;
    if (*hb > g->in[0]) *hb = g->in[0];
    if (*hb < *ha) *hb = *ha;
}

/* Rows [ha, hb) of image n of X in planes (j->xp), channels-last into the band's rows (band->x,
 * whose first row band->x0 becomes) */
static void la_fc_planes(const la_fc_job_t *j, int64_t n, int64_t ha, int64_t hb, la_fc_job_t *band) {
    const int64_t C = j->C, H = j->g->in[0], W = j->g->in[1];
    band->x0 = n * H + ha;
    dm_plan_t p;
    memset(&p, 0, sizeof p);
    p.src = (const char *)(j->xp + (n * C * H + ha) * W);
    p.dst = (char *)band->x;
    p.ss[1] = H * W;
    int64_t positions = (hb - ha) * W;
    if (C == 2) dm_body_interleave2(&p, 0, positions);
    else if (C == 3) dm_body_interleave3(&p, 0, positions);
    else dm_body_interleave4(&p, 0, positions);
}

/*
 * The scratch for a band's rows of X (la_fc_planes) into *local (j with x and x0 set for image n
 * from row ha); NULL after an error (reported).
 */
static float *la_fc_band_take(const la_fc_job_t *j, int64_t rows, la_fc_job_t *local, int *slot) {
    *local = *j;
    float *x = (float *)st_scratch_take(j->ctx, (rows > 0 ? rows : 1) * j->g->in[1] * j->C * (int64_t)sizeof(float),
                                        slot);
    if (x == NULL)
        hipep_errorf(j->ctx, HIPEP_ERR_OUT_OF_MEMORY, "hipep_conv_f32: cannot allocate the channels-last rows of X");
    local->x = x;
    return x;
}

static void la_convfc_body(void *arg, int64_t begin, int64_t end) {
    const la_fc_job_t *j = (const la_fc_job_t *)arg;
    const int64_t OH = j->g->out[0], OW = j->g->out[1];
    if (j->xp == NULL) {
        for (int64_t row = begin; row < end; row++) la_fc_row(j, row, j->y + row * OW * j->M);
        return;
    }
    la_fc_job_t local;
    int slot;
    int64_t ha, hb, most = (LA_FC_BAND - 1) * j->g->s[0] + j->g->k[0]; /* a band's rows of X at most */
    float *x = la_fc_band_take(j, most, &local, &slot);
    if (x == NULL) return;
    for (int64_t b = begin; b < end;) { /* bands within one image */
        int64_t n = b / OH, e = b + LA_FC_BAND;
        if (e > (n + 1) * OH) e = (n + 1) * OH;
        if (e > end) e = end;
        la_fc_rows_read(j->g, b - n * OH, e - n * OH, &ha, &hb);
        la_fc_planes(j, n, ha, hb, &local);
        for (int64_t row = b; row < e; row++) la_fc_row(&local, row, j->y + row * OW * j->M);
        b = e;
    }
    st_scratch_give(j->ctx, x, slot);
}

/*
 * A max pool fused into the few-channel convolution (hip.conv's max_pool: the _maxpool_nhwc
 * kernels): the pooled rows are split over the threads, and each thread computes the convolution
 * rows a pooled row's window needs into a ring of k[0] rows of its own (a row's slot is its index
 * mod k[0], so a window's rows never share one; tags say which row a slot holds, so a window
 * overlapping the last one's reuses its rows, across chunks too), clamped as Y would be, then
 * takes the max of each window from there. The convolution's output never leaves the thread's
 * cache: SqueezeNet's stem wrote 3.2 MB that its pool read back, at two threads largely from the
 * other core. Taps in the same order as the max pool's kernel (rows, then columns) and compared as
 * its NaN path does (rd_vgt: NaN propagates), so the values are the separate kernels' bits.
 */
#define LA_FCPOOL_MAX_K 16 /* the pool's window rows at most (la_conv_maxpool) */

typedef struct {
    void *ctx;
    const la_fc_job_t *fc;
    float *y; /* [N, PH, PW, M] dense */
    uint64_t call; /* this call's number (la_fcpool_calls): a thread's ring from another call holds nothing */
    int64_t k[2], s[2], pb[2], ph, pw;
} la_fcpool_job_t;

/*
 * Each thread's ring (la_fcpool_body): a buffer of its own, kept for the thread's life (freed by a
 * key's destructor when it ends), grown when a call needs more, so that no other kernel writes its
 * lines from the other core between runs and no team thread numbers are needed. (Rings in kernel
 * scratch, one per team thread, measured the same at one and two threads: docs/BENCHMARKS.md,
 * fortieth round.)
 */
typedef struct {
    uint64_t call;
    int64_t bytes;
    int64_t tag[LA_FCPOOL_MAX_K]; /* the convolution row (n * OH + oh) each slot holds, -1: none */
    _Alignas(64) float rows[]; /* k[0] rows of OW x M floats */
} la_fcpool_ring_t;

static _Atomic uint64_t la_fcpool_calls;
static pthread_key_t la_fcpool_key;
static int la_fcpool_keyed; /* whether la_fcpool_key was made */
static pthread_once_t la_fcpool_once = PTHREAD_ONCE_INIT;

static void la_fcpool_key_make(void) {
    la_fcpool_keyed = pthread_key_create(&la_fcpool_key, free) == 0;
}

/* the calling thread's ring of at least `bytes` of rows, its tags cleared for `call`; NULL when out of memory */
static la_fcpool_ring_t *la_fcpool_ring(uint64_t call, int64_t bytes) {
    pthread_once(&la_fcpool_once, la_fcpool_key_make);
    if (!la_fcpool_keyed) return NULL;
    la_fcpool_ring_t *r = (la_fcpool_ring_t *)pthread_getspecific(la_fcpool_key);
    if (r == NULL || r->bytes < bytes) {
        free(r);
        r = (la_fcpool_ring_t *)st_aligned_alloc(64, (int64_t)sizeof(la_fcpool_ring_t) + bytes);
        if (r != NULL) {
            r->bytes = bytes;
            r->call = 0;
        }
        pthread_setspecific(la_fcpool_key, r);
        if (r == NULL) return NULL;
    }
    if (r->call != call) {
        r->call = call;
        for (int i = 0; i < LA_FCPOOL_MAX_K; i++) r->tag[i] = -1;
    }
    return r;
}

/* The max of V vectors of 16 channels over nr rows' nc taps from a on (ps floats apart) into q: the
 * plain max with the taps' sum on the side, then, if that sum is NaN, the max pool's NaN-keeping
 * compare (rd_nhwc_max64's way, kernels_reduce.c: the same bits) */
static inline __attribute__((always_inline)) void la_fcpool_max(const float *const *rows, int64_t nr, int64_t a,
                                                                 int64_t nc, int64_t ps, float *q, const int V) {
    rd_v16f mx[4], t[4];
    for (int v = 0; v < V; v++) {
        mx[v] = t[v] = (rd_v16f){0};
        mx[v] -= INFINITY;
    }
    for (int64_t r = 0; r < nr; r++)
        for (int64_t c = 0; c < nc; c++)
            for (int v = 0; v < V; v++) {
                rd_v16f x = rd_vld16(rows[r] + a + c * ps + 16 * v);
                mx[v] = rd_vmax_rd_v16f(mx[v], x);
                t[v] += x;
            }
    rd_v16f any = t[0];
    for (int v = 1; v < V; v++) any += t[v];
    if (__builtin_expect(rd_vany_nan16(any), 0)) {
        for (int v = 0; v < V; v++) {
            mx[v] = (rd_v16f){0};
            mx[v] -= INFINITY;
        }
        for (int64_t r = 0; r < nr; r++)
            for (int64_t c = 0; c < nc; c++)
                for (int v = 0; v < V; v++) mx[v] = rd_vgt_rd_v16f(mx[v], rd_vld16(rows[r] + a + c * ps + 16 * v));
    }
    for (int v = 0; v < V; v++) memcpy(q + 16 * v, &mx[v], sizeof mx[v]);
}

/* The rows of X [*ha, *hb) that the convolution rows of pooled rows [qa, qb) of image n read */
static void la_fcpool_rows_read(const la_fcpool_job_t *j, int64_t n, int64_t qa, int64_t qb, int64_t *ha,
                                int64_t *hb) {
    const int64_t OH = j->fc->g->out[0];
    int64_t ca = (qa - n * j->ph) * j->s[0] - j->pb[0], cb = (qb - 1 - n * j->ph) * j->s[0] - j->pb[0] + j->k[0];
    la_fc_rows_read(j->fc->g, ca < 0 ? 0 : ca, cb < OH ? cb : OH, ha, hb);
}

static void la_fcpool_body(void *arg, int64_t begin, int64_t end) {
    const la_fcpool_job_t *j = (const la_fcpool_job_t *)arg;
    const int64_t OH = j->fc->g->out[0], OW = j->fc->g->out[1], M = j->fc->M, KH = j->k[0], KW = j->k[1];
    la_fcpool_ring_t *rg = la_fcpool_ring(j->call, KH * OW * M * (int64_t)sizeof(float));
    if (rg == NULL) {
        hipep_errorf(j->ctx, HIPEP_ERR_OUT_OF_MEMORY, "hipep_conv_f32: cannot allocate the pool's rows");
        return;
    }
    int64_t *tag = rg->tag;
    float *ring = rg->rows;
    const la_fc_job_t *fc = j->fc;
    la_fc_job_t local;
    int slot = -1;
    float *x = NULL;
    const int64_t band = LA_FC_BAND / 2; /* pooled rows (2x2 / 3x3 pools of stride 2: LA_FC_BAND rows) */
    if (fc->xp != NULL) {
        x = la_fc_band_take(fc, ((band - 1) * j->s[0] + KH - 1) * fc->g->s[0] + fc->g->k[0], &local, &slot);
        if (x == NULL) return;
        fc = &local;
    }
    for (int64_t b = begin; b < end;) { /* with X in planes, bands within one image; else all rows */
        int64_t n = b / j->ph, e = end;
        if (x != NULL) {
            e = b + band;
            if (e > (n + 1) * j->ph) e = (n + 1) * j->ph;
            if (e > end) e = end;
            int64_t ha, hb;
            la_fcpool_rows_read(j, n, b, e, &ha, &hb);
            la_fc_planes(j->fc, n, ha, hb, &local);
            /* the ring's rows hold values, not X: those of the last band are reused as they are */
        }
        for (int64_t row = b; row < e; row++) {
            int64_t rn = row / j->ph, h0 = (row % j->ph) * j->s[0] - j->pb[0];
            int64_t ha = h0 < 0 ? 0 : h0, hb = h0 + KH < OH ? h0 + KH : OH;
            for (int64_t h = ha; h < hb; h++)
                if (tag[h % KH] != rn * OH + h) {
                    la_fc_row(fc, rn * OH + h, ring + (h % KH) * OW * M);
                    tag[h % KH] = rn * OH + h;
                }
            const float *rows[LA_FCPOOL_MAX_K];
            for (int64_t h = ha; h < hb; h++) rows[h - ha] = ring + (h % KH) * OW * M;
            float *yr = j->y + row * j->pw * M;
            for (int64_t pw = 0; pw < j->pw; pw++) {
                int64_t w0 = pw * j->s[1] - j->pb[1], wa = w0 < 0 ? 0 : w0, wb = w0 + KW < OW ? w0 + KW : OW;
                const int64_t nr = hb - ha, nc = wb - wa;
                int64_t m = 0;
                if (nr == 3 && nc == 3) /* a whole 3x3 window (the CNNs' stem pools): constant loops, unrolled */
                    for (; m + 64 <= M; m += 64) la_fcpool_max(rows, 3, wa * M + m, 3, M, yr + pw * M + m, 4);
                for (; m + 64 <= M; m += 64) la_fcpool_max(rows, nr, wa * M + m, nc, M, yr + pw * M + m, 4);
                for (; m < M; m += 16) la_fcpool_max(rows, nr, wa * M + m, nc, M, yr + pw * M + m, 1);
            }
        }
        b = e;
    }
    if (x != NULL) st_scratch_give(j->ctx, x, slot);
}

#pragma GCC diagnostic pop

/* col2im of a transposed convolution: output channel m (of the group) gathers its ksz rows */
static void la_col2im_body(void *arg, int64_t begin, int64_t end) {
    la_conv_job_t *j = (la_conv_job_t *)arg;
    const la_geom_t *g = j->g;
    int64_t kk[LA_MAX_SP];
    for (int64_t m = begin; m < end; m++) {
        for (int64_t kf = 0; kf < g->ksz; kf++) {
            la_kidx(g, kf, kk);
            int64_t row = m * g->ksz + kf;
            if (j->is_double)
                la_unshift_double(g, kk, (const double *)j->col + row * j->plen, j->p0, j->plen,
                                  (double *)j->y + m * g->osz);
            else
                la_unshift_float(g, kk, (const float *)j->col + row * j->plen, j->p0, j->plen,
                                 (float *)j->y + m * g->osz);
        }
    }
}

/* Reads the attributes into g; Y's spatial dims are the output dims. Returns 0 after an error. */
static int la_conv_geom(void *ctx, const char *sym, la_geom_t *g, const hipep_view_t *x, const hipep_view_t *w,
                        const hipep_view_t *y, const int64_t *kernel_shape, int64_t kernel_len, const int64_t *strides,
                        int64_t strides_len, const int64_t *pads, int64_t pads_len, const int64_t *dilations,
                        int64_t dilations_len, int64_t auto_pad, int transposed, const int64_t *output_padding,
                        int64_t output_padding_len, const int64_t *output_shape, int64_t output_shape_len) {
    int64_t r = x->rank, n = r - 2;
    if (r < 3 || r > HIPEP_MAX_RANK || w->rank != r || y->rank != r) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: X, W and Y must have one rank >= 3 (%lld, %lld, %lld)", sym,
                     (long long)r, (long long)w->rank, (long long)y->rank);
        return 0;
    }
    if ((kernel_shape && kernel_len != n) || (strides && strides_len != n) || (pads && pads_len != 2 * n) ||
        (dilations && dilations_len != n) || (output_padding && output_padding_len != n) ||
        (output_shape && output_shape_len != n)) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: an attribute array does not fit %lld spatial dimensions", sym,
                     (long long)n);
        return 0;
    }
    g->nsp = n;
    g->isz = g->ksz = g->osz = 1;
    for (int64_t i = 0; i < n; i++) {
        g->in[i] = x->sizes[2 + i];
        g->out[i] = y->sizes[2 + i];
        g->k[i] = w->sizes[2 + i];
        if (kernel_shape && kernel_shape[i] != g->k[i]) {
            hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: kernel_shape[%lld] = %lld but W has %lld", sym, (long long)i,
                         (long long)kernel_shape[i], (long long)g->k[i]);
            return 0;
        }
        g->s[i] = strides ? strides[i] : 1;
        g->d[i] = dilations ? dilations[i] : 1;
        if (g->s[i] < 1 || g->d[i] < 1) {
            hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: strides and dilations must be >= 1 (%lld, %lld)", sym,
                         (long long)g->s[i], (long long)g->d[i]);
            return 0;
        }
        int64_t span = (g->k[i] - 1) * g->d[i] + 1;
        /* transposed, as the ONNX reference: SAME_* split the total padding (from Y's shape);
         * otherwise the begin pads are the attribute's (0 when absent), also with output_shape */
        (void)output_shape;
        if (auto_pad == 1 || auto_pad == 2) { /* SAME: UPPER puts the odd one at the end */
            int64_t total;
            if (!transposed) { /* max(0, (out - 1) * s + span - in) */
                total = (g->out[i] - 1) * g->s[i] + span - g->in[i];
                if (total < 0) total = 0;
            } else {
                total = g->s[i] * (g->in[i] - 1) + (output_padding ? output_padding[i] : 0) + span - g->out[i];
            }
            g->pb[i] = auto_pad == 1 ? la_floordiv(total, 2) : total - la_floordiv(total, 2);
        } else if (auto_pad == 3) {
            g->pb[i] = 0;
        } else {
            g->pb[i] = pads ? pads[i] : 0;
        }
        g->isz *= g->in[i];
        g->ksz *= g->k[i];
        g->osz *= g->out[i];
    }
    return 1;
}

/* The operands of one (transposed) convolution as dense float / double buffers (kind), with its geometry. */
typedef struct {
    hipep_view_t x, w, y, b; /* x and y in [N, C, spatial...] order (channels-last ones permuted) */
    la_geom_t g;
    int64_t N, C, M, ks;
    int kind, isd, ox, ow, ob;
    int xl, yl; /* X / Y hold the caller's channels-last data in place ([N, spatial..., C]) */
    /* xp: X is a channels-last view of dense channels-first data (the caller's NCHW buffer, X in
     * place in that order: hip-reshape-transpose-views gives a convolution of few input channels its
     * input image so), which only the few-channel kernel reads as it is (la_fc_planes); xt: X is this
     * call's channels-last copy of such data (la_conv_x_channels_last), kernel scratch of ctx's
     * state (its slot xslot) */
    int xp, xt, xslot;
    void *ctx;
    int64_t ldy; /* with yl: Y's pixel stride in elements (M when dense; more when Y is a channel slice) */
    int64_t xperm[2 * HIPEP_MAX_RANK], yperm[2 * HIPEP_MAX_RANK]; /* the permuted views' sizes, strides */
    char *X, *W, *B, *Y, *col;
    /* hip-conv-bound-slots (a _clamp conv's bound slots, see la_bounds_t): a bound of |X| and of Y's
     * old values (acc) known without reading them, +inf when unknown; *bound (NULL: not asked) is
     * where a path that proves one stores a bound of |Y| as written (la_conv leaves +inf there) */
    double xmax, ymax;
    double *bound;
} la_conv_io_t;

/* Returns the buffers (Y's written back when it is a temporary). */
static void la_conv_close(la_conv_io_t *io, int t) {
    free(io->col);
    if (io->xt) st_scratch_give(io->ctx, io->X, io->xslot);
    else la_dense_free(io->X, io->ox);
    la_dense_free(io->W, io->ow);
    la_dense_free(io->B, io->ob);
    la_out_finish(io->Y, io->kind, &io->y, t);
}

/*
 * The pixel stride of a channels-last view [N, spatial..., C] whose channels are contiguous and
 * whose pixels lie evenly ld >= C elements apart, in row-major order (a dense one: C; a channel
 * slice of a wider tensor, the destination part hip-concat-in-place gives a conv: that tensor's
 * channel count); 0 for any other layout.
 */
static int64_t la_pixel_stride(const hipep_view_t *v) {
    int64_t r = v->rank, C = v->sizes[r - 1], ld = C;
    if (C != 1 && v->strides[r - 1] != 1) return 0;
    for (int64_t i = r - 2; i >= 0; i--) /* the innermost pixel dimension that is not 1 gives ld */
        if (v->sizes[i] != 1) {
            ld = v->strides[i];
            break;
        }
    if (ld < C) return 0;
    int64_t expected = ld;
    for (int64_t i = r - 2; i >= 0; i--) {
        if (v->sizes[i] != 1 && v->strides[i] != expected) return 0;
        expected *= v->sizes[i];
    }
    return ld;
}

/*
 * Checks the operands and attributes of a convolution (transposed: W is [C, M / group, k...]) and
 * makes the dense buffers. Returns 0 after an error (with nothing left to free).
 */
static int la_conv_open(void *ctx, const char *sym, int t, la_conv_io_t *io, int transposed, int nhwc, int64_t xr, void *xd,
                        int64_t wr, void *wd, int64_t br, void *bd, int64_t yr, void *yd, const int64_t *kernel_shape,
                        int64_t kernel_len, const int64_t *strides, int64_t strides_len, const int64_t *pads,
                        int64_t pads_len, const int64_t *dilations, int64_t dilations_len, int64_t group,
                        int64_t auto_pad, const int64_t *output_padding, int64_t output_padding_len,
                        const int64_t *output_shape, int64_t output_shape_len) {
    if (hipep_has_error(ctx)) return 0;
    int64_t es = la_esize(t);
    memset(io, 0, sizeof *io);
    io->xmax = io->ymax = INFINITY; /* unknown */
    io->ctx = ctx;
    io->xslot = -1;
    io->x = hipep_view(xr, xd, es);
    io->w = hipep_view(wr, wd, es);
    io->y = hipep_view(yr, yd, es);
    /* channels-last: dense f32/f64 X and Y are used in place (oneDNN reads them as NHWC), else copied;
     * so is an f32 Y with its pixels further apart (a channel slice: oneDNN and Winograd write it) */
    int xin = nhwc && la_native(t, t == LA_F64 ? LA_F64 : LA_F32) && hipep_is_contiguous(&io->x);
    int yin = nhwc && la_native(t, t == LA_F64 ? LA_F64 : LA_F32) && hipep_is_contiguous(&io->y);
    int64_t ldy = yin ? io->y.sizes[io->y.rank - 1] : nhwc && t == LA_F32 ? la_pixel_stride(&io->y) : 0;
    yin = yin || ldy > 0;
    if (nhwc) {
        rd_view_channels_first(&io->x, io->xperm); /* kernels_reduce.c */
        rd_view_channels_first(&io->y, io->yperm);
    }
    const hipep_view_t *x = &io->x, *w = &io->w, *y = &io->y;
    if (!la_conv_geom(ctx, sym, &io->g, x, w, y, kernel_shape, kernel_len, strides, strides_len, pads, pads_len,
                      dilations, dilations_len, auto_pad, transposed, output_padding, output_padding_len,
                      output_shape, output_shape_len))
        return 0;
    int64_t N = x->sizes[0], C = x->sizes[1], M = transposed ? w->sizes[1] * group : w->sizes[0];
    int ok = group >= 1 && C % group == 0 && y->sizes[0] == N && y->sizes[1] == M &&
             (transposed ? w->sizes[0] == C : M % group == 0 && w->sizes[1] * group == C);
    if (!ok) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED,
                     "%s: channels do not match (X %lld, W [%lld, %lld], group %lld, Y [%lld, %lld])", sym,
                     (long long)C, (long long)w->sizes[0], (long long)w->sizes[1], (long long)group,
                     (long long)y->sizes[0], (long long)y->sizes[1]);
        return 0;
    }
    if (bd) {
        io->b = hipep_view(br, bd, es);
        if (br != 1 || io->b.sizes[0] != M) {
            hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: bias must be [%lld]", sym, (long long)M);
            return 0;
        }
    }
    io->N = N;
    io->C = C;
    io->M = M;
    io->kind = t == LA_F64 ? LA_F64 : LA_F32;
    io->isd = io->kind == LA_F64;
    io->ks = la_ksize(io->kind);
    io->xl = xin;
    io->xp = nhwc && !xin && io->kind == LA_F32 && la_native(t, LA_F32) && hipep_is_contiguous(x);
    io->yl = yin;
    io->ldy = ldy;
    io->X = xin ? x->data : la_dense(ctx, sym, x, t, io->kind, &io->ox);
    io->W = la_dense(ctx, sym, w, t, io->kind, &io->ow);
    io->B = bd ? la_dense(ctx, sym, &io->b, t, io->kind, &io->ob) : NULL;
    io->Y = yin ? y->data : la_out_buffer(ctx, sym, y, t, io->kind);
    if (!io->X || !io->W || !io->Y || (bd && !io->B)) {
        la_conv_close(io, t);
        return 0;
    }
    return 1;
}

/* Sets each of the M channels of osz values at yn to the bias (0 without one). */
static void la_conv_fill_bias(const la_conv_io_t *io, char *yn) {
    int64_t osz = io->g.osz;
    for (int64_t m = 0; m < io->M; m++)
        for (int64_t o = 0; o < osz; o++) {
            if (io->isd) ((double *)yn)[m * osz + o] = io->B ? ((double *)io->B)[m] : 0.0;
            else ((float *)yn)[m * osz + o] = io->B ? ((float *)io->B)[m] : 0.0f;
        }
}

/*
 * The fallback of a channels-last convolution: X and Y as NCHW buffers (X transposed into one, Y
 * computed into one that la_conv_close transposes into the caller's Y). 0 after an error.
 */
static int la_conv_channels_first(void *ctx, const char *sym, la_conv_io_t *io) {
    if (io->xt) { /* the caller's planes are what this path reads */
        st_scratch_give(ctx, io->X, io->xslot);
        io->X = io->x.data;
        io->xt = 0;
        io->xslot = -1;
    } else if (io->xl && !hipep_is_contiguous(&io->x)) { /* the permuted view is dense when C or H*W is 1 */
        char *p = (char *)la_alloc(ctx, sym, io->x.numel * io->ks);
        if (!p) return 0;
        la_gather_into(&io->x, io->kind, io->kind, p);
        io->X = p;
        io->ox = 1;
    }
    io->xl = 0;
    if (io->yl && !hipep_is_contiguous(&io->y)) { /* la_conv_close scatters it into Y */
        char *p = (char *)la_alloc(ctx, sym, io->y.numel * io->ks);
        if (!p) return 0;
        io->Y = p;
    }
    io->yl = 0;
    io->ldy = 0;
    return 1;
}

/*
 * X given in planes to a channels-last call (io->xp) as a channels-last copy (io->xt), for the paths
 * that read X channels-last only: Winograd, the own products and oneDNN, whose convolution of an
 * NCHW source into an NHWC destination is its reference kernel (335 ms against 0.37 for SqueezeNet's
 * stem, docs/BENCHMARKS.md, thirty-second round). The copy is kernels_data.c's strided copy of the
 * channels-last view (its NCHW -> NHWC interleaving, the transpose the compiler left out), into
 * kernel scratch (kept by the state between runs, as the memory plan kept the transpose's
 * destination). 0 after an error.
 */
static int la_conv_x_channels_last(void *ctx, const char *sym, la_conv_io_t *io) {
    const hipep_view_t *x = &io->x; /* [N, C, spatial...] order: dense */
    const int64_t r = x->rank;
    int64_t sizes[HIPEP_MAX_RANK], strides[HIPEP_MAX_RANK], dense[HIPEP_MAX_RANK];
    float *p = (float *)st_scratch_take(ctx, x->numel * (int64_t)sizeof(float), &io->xslot);
    if (p == NULL) {
        hipep_errorf(ctx, HIPEP_ERR_OUT_OF_MEMORY, "%s: cannot allocate a channels-last copy of X", sym);
        return 0;
    }
    for (int64_t i = 0; i < r; i++) { /* channels-last order: [N, spatial..., C] */
        int64_t a = i == 0 ? 0 : i == r - 1 ? 1 : i + 1;
        sizes[i] = x->sizes[a];
        strides[i] = x->strides[a];
    }
    dm_dense_strides(r, sizes, dense);
    hipep_view_t src = {.data = x->data, .rank = r, .sizes = sizes, .strides = strides, .numel = x->numel,
                        .elem_size = sizeof(float)};
    hipep_view_t dst = src;
    dst.data = (char *)p;
    dst.strides = dense;
    dm_copy_linear(ctx, sym, &src, &dst);
    io->X = (char *)p;
    io->xl = io->xt = 1;
    io->xp = 0;
    return !hipep_has_error(ctx);
}

/* Whether la_conv_fewch takes this convolution (see la_convfc_body): compiled for AVX-512 only;
 * X in planes with 2 to 4 channels (la_fc_planes). */
static int la_fc_applies(const la_conv_io_t *io, int64_t group, int acc) {
#ifndef __AVX512F__
    (void)io, (void)group, (void)acc;
    return 0;
#else
    const la_geom_t *g = &io->g;
    int64_t macs = io->N * io->M * io->C * g->ksz * g->osz;
    return io->kind == LA_F32 && g->nsp == 2 && group == 1 && g->d[0] == 1 && g->d[1] == 1 &&
           (io->xl || (io->xp && io->C >= 2 && io->C <= LA_FC_MAX_C)) && io->yl &&
           io->ldy == io->M && !acc && io->M % 16 == 0 && io->C * g->ksz >= LA_FC_MIN_TAPS &&
           (io->C <= LA_FC_MAX_C || (io->C < LA_FC_SMALL_C && g->ksz > 1 && macs < LA_BLAS_MIN_MACS));
#endif
}

/* The weights w [M, C, KH, KW] as la_convfc_body reads them, [KH][KW x C][M], into wt (also the
 * layout kernels_dnnl_winograd.c's pw_create packs into its panels). */
typedef struct {
    const float *w;
    int64_t C, KH, KW, M;
} la_fc_pack_t;

/*
 * wt[(t * C + c) * M + m] = w[(m * C + c) * T + t] (t = kh * KW + kw, T = KH * KW): w as [M][Q] (q =
 * c * T + t) transposed in LA_FC_TILE x LA_FC_TILE tiles, each reading and writing whole cache lines.
 * One output at a time, every store fell 4 M bytes after the last: 2.5-3.7x slower on ResNet's 1x1
 * weights, ~20 ms of light-resnet50's first run at one thread (docs/BENCHMARKS.md, forty-eighth round).
 * With `panels` (M a multiple of 32) the same rows k = t * C + c in kernels_dnnl_winograd.c's own
 * products' panels instead, wt[((m / 32) * C * T + k) * 32 + m % 32]: no W^T in between. Outputs
 * [mb, mend) only (mb a multiple of LA_FC_TILE, mend one too or M), so that threads can take parts.
 */
#define LA_FC_TILE 16
static void la_fc_repack_of(float *wt, const la_fc_pack_t *p, int panels, int64_t mb, int64_t mend) {
    const int64_t M = p->M, C = p->C, T = p->KH * p->KW, Q = C * T;
    for (int64_t m0 = mb; m0 < mend; m0 += LA_FC_TILE) {
        int64_t me = m0 + LA_FC_TILE < M ? m0 + LA_FC_TILE : M;
        for (int64_t q0 = 0; q0 < Q; q0 += LA_FC_TILE) {
            int64_t qe = q0 + LA_FC_TILE < Q ? q0 + LA_FC_TILE : Q;
            for (int64_t q = q0; q < qe; q++) {
                int64_t k = q % T * C + q / T;
                float *d = panels ? wt + (m0 / 32 * Q + k) * 32 + m0 % 32 : wt + k * M + m0;
                for (int64_t m = m0; m < me; m++) d[m - m0] = p->w[m * Q + q];
            }
        }
    }
}

/* la_fc_repack_of over all M outputs, into W^T */
static void la_fc_repack(float *wt, const la_fc_pack_t *p) {
    la_fc_repack_of(wt, p, 0, 0, p->M);
}

/* dn_get's create for a DN_KEY_FEW entry: the constant weights repacked into its buffer */
static int la_fc_pack_create(dn_cache_t *c, dn_entry_t *e, void *arg) {
    (void)c;
    const la_fc_pack_t *p = (const la_fc_pack_t *)arg;
    e->wbytes = p->C * p->KH * p->KW * p->M * (int64_t)sizeof(float);
    e->wbuf = st_buffer_alloc(DN_WEIGHTS_ALIGN, e->wbytes);
    if (e->wbuf == NULL) return 0;
    la_fc_repack((float *)e->wbuf, p);
    return 1;
}

/* X's rows of W pixels x C channels into xp between pl and pr zero pixels (la_conv_fewch) */
typedef struct {
    const float *x;
    float *xp;
    int64_t C, W, pl, pr;
} la_fc_pad_t;

static void la_fc_pad_rows(const la_fc_pad_t *p, int64_t rows) {
    const int64_t C = p->C, wp = p->W + p->pl + p->pr;
    for (int64_t r = 0; r < rows; r++) {
        float *d = p->xp + r * wp * C;
        memset(d, 0, (size_t)(p->pl * C) * sizeof(float));
        memcpy(d + p->pl * C, p->x + r * p->W * C, (size_t)(p->W * C) * sizeof(float));
        memset(d + (p->pl + p->W) * C, 0, (size_t)(p->pr * C) * sizeof(float));
    }
}

/* Y = conv(X, W) + B, clamped when `clamp` (la_fc_applies); with pool (its window, strides, begin
 * pads, pooled size and Y set), Y = max_pool(that) instead (la_fcpool_body); errors reported on ctx. */
static void la_conv_fewch(void *ctx, const la_conv_io_t *io, int clamp, double lo, double hi, la_fcpool_job_t *pool) {
    const la_geom_t *g = &io->g;
    const int64_t C = io->C, M = io->M, KH = g->k[0], KW = g->k[1];
    la_fc_pack_t pack = {(const float *)io->W, C, KH, KW, M};
    const float *wt = NULL;
    dn_cache_t *c = dn_cache_of(ctx);
    if (c != NULL && io->W == io->w.data && dn_is_constant(c, io->W)) { /* repacked once (see la_convfc_body) */
        int64_t k[DN_KEY_LEN] = {DN_KEY_FEW, C, KH, KW, M};
        dn_entry_t *e = dn_get(ctx, c, k, io->W, la_fc_pack_create, &pack);
        if (e != NULL) wt = (const float *)e->wbuf;
    }
    int slot = -1;
    float *wscratch = NULL; /* the weights repacked on this call (given back at the end) */
    if (wt == NULL) { /* on every call */
        wscratch = (float *)st_scratch_take(ctx, C * KH * KW * M * (int64_t)sizeof(float), &slot);
        if (wscratch == NULL) {
            hipep_errorf(ctx, HIPEP_ERR_OUT_OF_MEMORY, "hipep_conv_f32: cannot allocate repacked weights");
            return;
        }
        la_fc_repack(wscratch, &pack);
        wt = wscratch;
    }
    /* a small X (LA_FC_PAD_BYTES) between zero columns when a window crosses its left or right edge:
     * every pixel then goes in a block (the pads' rows are left out per output row instead); X in
     * planes keeps those pixels clipped (its rows are copied channels-last band by band) */
    la_geom_t gp = *g;
    int64_t pr = (g->out[1] - 1) * g->s[1] - g->pb[1] + KW - g->in[1];
    la_fc_pad_t pj = {(const float *)io->X, NULL, C, g->in[1], g->pb[1], pr < 0 ? 0 : pr};
    int xslot = -1;
    int one = io->N * M * C * g->ksz * g->osz < LA_BLAS_MIN_MACS; /* too small to wake the pool */
    int64_t padded = io->N * g->in[0] * (g->in[1] + pj.pl + pj.pr) * C * (int64_t)sizeof(float);
    const int planes = io->xp;
    if (!planes && (pj.pl > 0 || pj.pr > 0) && padded <= LA_FC_PAD_BYTES) {
        gp.in[1] = g->in[1] + pj.pl + pj.pr;
        gp.pb[1] = 0;
        pj.xp = (float *)st_scratch_take(ctx, padded, &xslot);
        if (pj.xp == NULL) hipep_errorf(ctx, HIPEP_ERR_OUT_OF_MEMORY, "hipep_conv_f32: cannot allocate a padded X");
        else la_fc_pad_rows(&pj, io->N * g->in[0]); /* at most 64 KB: not worth the pool */
    }
    if (!hipep_has_error(ctx)) {
        la_fc_job_t j = {&gp, pj.xp != NULL ? pj.xp : (const float *)io->X, wt, (const float *)io->B,
                         (float *)io->Y, C, M, la_clamp_form(clamp, hi), lo, hi, ctx,
                         planes ? (const float *)io->X : NULL, 0};
        int64_t rows = io->N * g->out[0];
        if (pool != NULL) { /* each team thread's ring and tags (la_fcpool_body) */
            pool->fc = &j;
            pool->call = atomic_fetch_add_explicit(&la_fcpool_calls, 1, memory_order_relaxed) + 1;
            rows = io->N * pool->ph;
            if (one) la_fcpool_body(pool, 0, rows);
            else hipep_parallel_for(ctx, rows, 1, la_fcpool_body, pool);
        } else if (one) {
            la_convfc_body(&j, 0, rows);
        } else {
            hipep_parallel_for(ctx, rows, 1, la_convfc_body, &j);
        }
    }
    if (pj.xp != NULL) st_scratch_give(ctx, pj.xp, xslot);
    if (wscratch != NULL) st_scratch_give(ctx, wscratch, slot);
    dn_count(ctx, DN_KIND_FEW_CHANNELS);
    if (planes) dn_count(ctx, DN_KIND_FEW_PLANES);
}

/*
 * Through oneDNN (kernels_dnnl_winograd.c: Winograd's F(4x4, 3x3) or oneDNN's direct convolution,
 * kernels_dnnl_conv.c); 0 when neither applies, 2 when it also clamped Y; with acc it adds to Y
 * (the caller's, dense), or returns 0.
 */
static int wg_or_dn_conv(void *ctx, const la_conv_io_t *io, int64_t group, int clamp, double lo, double hi,
                         int acc);

/*
 * The bound slots of a _clamp conv call (hip-conv-bound-slots; state.c's st_bound): x and acc name
 * the slots that hold a bound of |X| and of Y's old values for this compute, out the slot that
 * gets a bound of |Y| as this call writes it (+inf when no path proved one); -1 for none.
 */
typedef struct {
    int64_t x, acc, out;
} la_bounds_t;

/*
 * Y = conv(X, W) + B, clamped when `clamp`; returns 1. With acc (the _acc kernels, see
 * la_conv_acc) Y = Y + conv(X, W) + B, clamped, when Winograd or oneDNN can add into Y themselves
 * (returns 1), else nothing is written and it returns 0; after an error it returns 1.
 */
static int la_conv(void *ctx, const char *sym, int t, int64_t xr, void *xd, int64_t wr, void *wd, int64_t br,
                   void *bd, int64_t yr, void *yd, const int64_t *kernel_shape, int64_t kernel_len,
                   const int64_t *strides, int64_t strides_len, const int64_t *pads, int64_t pads_len,
                   const int64_t *dilations, int64_t dilations_len, int64_t group, int64_t auto_pad, int clamp,
                   double lo, double hi, int nhwc, int acc, const la_bounds_t *bs) {
    la_conv_io_t io;
    double bound = INFINITY; /* of |Y| as written: what the out slot gets (io.bound) */
    if (bs != NULL) st_bound_set(ctx, bs->out, INFINITY); /* until Y is written */
    int tiled = 0; /* clamped as written: the tiles, the single-channel path, Winograd and oneDNN's post-op
                      (wg_or_dn_conv returned 2); else Y at the end */
    if (!la_conv_open(ctx, sym, t, &io, 0, nhwc, xr, xd, wr, wd, br, bd, yr, yd, kernel_shape, kernel_len, strides,
                      strides_len, pads, pads_len, dilations, dilations_len, group, auto_pad, NULL, -1, NULL, -1))
        return 1;
    io.xmax = bs != NULL ? st_bound(ctx, bs->x) : INFINITY;
    io.ymax = bs != NULL && acc ? st_bound(ctx, bs->acc) : INFINITY;
    io.bound = bs != NULL && bs->out >= 0 ? &bound : NULL;
    const la_geom_t *g = &io.g;
    int64_t N = io.N, C = io.C, M = io.M, ks = io.ks;
    int64_t cg = C / group, mg = M / group, kc = cg * g->ksz;
    if (g->osz == 0 || mg == 0 || N == 0) goto done;
    if (la_fc_applies(&io, group, acc)) { /* few input channels, channels-last: direct (la_convfc_body) */
        la_conv_fewch(ctx, &io, clamp, lo, hi, NULL);
        tiled = 1; /* clamped */
        goto done;
    }
    if (io.xp && !la_conv_x_channels_last(ctx, sym, &io)) { /* X in planes: the other paths read it channels-last */
        la_conv_close(&io, t);
        return 1;
    }
    int dn = kc > 0 ? wg_or_dn_conv(ctx, &io, group, clamp, lo, hi, acc) : 0;
    if (dn) {
        tiled = dn == 2;
        goto done;
    }
    if (acc) { /* none of the paths below adds into Y: la_conv_acc goes through a temporary */
        if (io.Y != io.y.data) free(io.Y); /* a temporary Y is dropped, not written back */
        io.Y = NULL;
        la_conv_close(&io, t);
        return 0;
    }
    /* from here NCHW: a channels-last X / Y goes through NCHW scratch buffers */
    if (!la_conv_channels_first(ctx, sym, &io)) {
        la_conv_close(&io, t);
        return 1;
    }
    char *X = io.X, *W = io.W, *B = io.B, *Y = io.Y;
    la_conv_job_t job = {g, NULL, NULL, W, B, Y, cg, mg, M, io.isd};
    if (io.kind == LA_F32 && C == 1 && group == 1 && g->nsp == 2 && g->k[0] <= LA_C1_MAX_K &&
        g->k[1] <= LA_C1_MAX_K && g->s[0] == 1 && g->s[1] == 1 && g->d[0] == 1 && g->d[1] == 1 &&
        g->out[0] + g->k[0] - 1 >= g->in[0] + g->pb[0] && g->out[1] + g->k[1] - 1 >= g->in[1] + g->pb[1]) {
        /* one input channel: direct, 8 output channels at a time (la_conv1ch_body) */
        int64_t blocks = (M + LA_C1_BLOCK - 1) / LA_C1_BLOCK;
        la_c1_job_t cj = {ctx, g, (const float *)X, (const float *)W, (const float *)B, (float *)Y, M, blocks,
                          g->out[0] + g->k[0] - 1, g->out[1] + g->k[1] - 1 + LA_C1_SLACK, la_clamp_form(clamp, hi),
                          lo, hi};
        if (N * M * g->ksz * g->osz < LA_BLAS_MIN_MACS) la_conv1ch_body(&cj, 0, N * blocks);
        else hipep_parallel_for(ctx, N * blocks, 1, la_conv1ch_body, &cj);
        tiled = 1; /* clamped */
        goto done;
    }
    if (cg == 1 && mg <= 4 && group > 1) { /* depthwise: direct shift-and-accumulate */
        job.x = X;
        hipep_parallel_for(ctx, N * M, la_grain(g->osz * g->ksz), la_depthwise_body, &job);
        goto done;
    }
    int pointwise = 1;
    for (int64_t i = 0; i < g->nsp; i++)
        if (g->k[i] != 1 || g->s[i] != 1 || g->pb[i] != 0 || g->out[i] != g->in[i]) pointwise = 0;
    if (kc == 0) { /* no input channels: the bias alone */
        for (int64_t n = 0; n < N; n++) la_conv_fill_bias(&io, Y + n * M * g->osz * ks);
        goto done;
    }
    la_ctile_job_t tj = {ctx, sym, g, X, W, B, Y, C, M, cg, mg, kc, group, 0, 0, ks, io.kind, pointwise};
    tj.clamp = clamp;
    tj.lo = lo;
    tj.hi = hi;
    tiled = 1;
    int inner;
    /* below LA_BLAS_MIN_MACS multiply-adds (mnist-8's convolutions) waking the pool costs more than it saves */
    int64_t threads = N * group * mg * kc * g->osz < LA_BLAS_MIN_MACS ? 1 : hipep_threads(ctx);
    tj.tile = la_conv_tile_size(g->osz, kc, ks, mg * kc * ks, pointwise, N * group, threads, &inner);
    tj.ntiles = (g->osz + tj.tile - 1) / tj.tile;
    if (inner || threads <= 1) la_conv_tile_body(&tj, 0, N * group * tj.ntiles); /* GEMMs split by la_blas_gemm */
    else hipep_parallel_for(ctx, N * group * tj.ntiles, 1, la_conv_tile_body, &tj);
done:
    /* Y is dense here (either layout) or a channel slice (io.ldy > M): the clamp is element-wise, a
     * pass over Y on all threads */
    if (clamp && !tiled) {
        la_clamp_job_t cj = {io.kind, io.Y, lo, hi, M, io.yl && io.ldy != M ? io.ldy : 0};
        if (cj.ld) hipep_parallel_for(ctx, N * g->osz, (LA_CLAMP_GRAIN + M - 1) / M, la_clamp_body, &cj);
        else hipep_parallel_for(ctx, N * M * g->osz, LA_CLAMP_GRAIN, la_clamp_body, &cj);
    }
    if (bs != NULL && !hipep_has_error(ctx)) st_bound_set(ctx, bs->out, bound);
    la_conv_close(&io, t);
    return 1;
}

/*
 * hip.conv's fused max pool (the _maxpool_nhwc kernels, f32 channels-last 2-D): Y = max_pool(conv(X,
 * W) + B, clamped), pool = [kh, kw, sh, sw, pad top, left, bottom, right] (dilation 1, no ceil
 * mode: Y's size says where the windows end). The convolution's pads are explicit (auto_pad NOTSET
 * or VALID, as hip's epilogue fusion only fuses those). Where the few-channel kernel takes the
 * convolution and Y is dense, the pool is applied to its rows as they are computed
 * (la_fcpool_body); any other convolution is computed into a scratch buffer of its own shape
 * ([N, OH, OW, M]) that the channels-last max pool kernel then reads: the separate kernels' values
 * in both cases.
 */
static void la_conv_maxpool(void *ctx, const char *sym, int64_t xr, void *xd, int64_t wr, void *wd, int64_t br,
                            void *bd, int64_t yr, void *yd, const int64_t *kernel_shape, int64_t kernel_len,
                            const int64_t *strides, int64_t strides_len, const int64_t *pads, int64_t pads_len,
                            const int64_t *dilations, int64_t dilations_len, int64_t group, int64_t auto_pad,
                            int clamp, double lo, double hi, const la_bounds_t *bs, const int64_t *pool,
                            int64_t pool_len) {
    if (hipep_has_error(ctx)) return;
    if (xr != 4 || wr != 4 || yr != 4 || pool == NULL || pool_len != 8) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED,
                     "%s: X, W and Y must have rank 4 (%lld, %lld, %lld) and max_pool 8 values (%lld)", sym,
                     (long long)xr, (long long)wr, (long long)yr, (long long)pool_len);
        return;
    }
    if (auto_pad != 0 && auto_pad != 3) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: a fused max pool needs explicit pads (auto_pad NOTSET or VALID)",
                     sym);
        return;
    }
    hipep_view_t x = hipep_view(xr, xd, 4), w = hipep_view(wr, wd, 4), y = hipep_view(yr, yd, 4);
    int64_t conv_out[2];
    for (int i = 0; i < 2; i++) {
        int64_t s = strides != NULL && strides_len == 2 ? strides[i] : 1;
        int64_t d = dilations != NULL && dilations_len == 2 ? dilations[i] : 1;
        int64_t p = auto_pad == 0 && pads != NULL && pads_len == 4 ? pads[i] + pads[2 + i] : 0;
        int64_t pk = pool[i], ps = pool[2 + i], pp = pool[4 + i] + pool[6 + i];
        int64_t span = (w.sizes[2 + i] - 1) * d + 1;
        conv_out[i] = s >= 1 && x.sizes[1 + i] + p >= span ? (x.sizes[1 + i] + p - span) / s + 1 : 0;
        if (pk < 1 || ps < 1 || pool[4 + i] < 0 || pool[6 + i] < 0 || pool[4 + i] >= pk || pool[6 + i] >= pk ||
            conv_out[i] < 1 || conv_out[i] + pp < pk || (conv_out[i] + pp - pk) / ps + 1 != y.sizes[1 + i]) {
            hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED,
                         "%s: max_pool [%lld, %lld, %lld, %lld, %lld, %lld, %lld, %lld] on a convolution output of "
                         "%lld x %lld does not give Y's %lld x %lld",
                         sym, (long long)pool[0], (long long)pool[1], (long long)pool[2], (long long)pool[3],
                         (long long)pool[4], (long long)pool[5], (long long)pool[6], (long long)pool[7],
                         (long long)conv_out[0], (long long)conv_out[1], (long long)y.sizes[1], (long long)y.sizes[2]);
            return;
        }
    }
    /* the convolution's output [N, OH, OW, M], dense: a descriptor of Y's data until it is given a buffer */
    int64_t N = y.sizes[0], OH = conv_out[0], OW = conv_out[1], M = y.sizes[3];
    struct {
        void *allocated, *aligned;
        int64_t offset, dims[8];
    } t = {y.data, y.data, 0, {N, OH, OW, M, OH * OW * M, OW * M, M, 1}};
    la_conv_io_t io;
    if (la_conv_open(ctx, sym, LA_F32, &io, 0, 1, xr, xd, wr, wd, br, bd, 4, &t, kernel_shape, kernel_len, strides,
                     strides_len, pads, pads_len, dilations, dilations_len, group, auto_pad, NULL, -1, NULL, -1)) {
        int direct = la_fc_applies(&io, group, 0) && hipep_is_contiguous(&y) && pool[0] <= LA_FCPOOL_MAX_K;
        if (direct) {
            if (bs != NULL) st_bound_set(ctx, bs->out, INFINITY); /* no bound proved on this path */
            la_fcpool_job_t pj = {ctx, NULL, (float *)y.data, 0, {pool[0], pool[1]}, {pool[2], pool[3]},
                                  {pool[4], pool[5]}, y.sizes[1], y.sizes[2]};
            io.Y = y.data;
            la_conv_fewch(ctx, &io, clamp, lo, hi, &pj);
        }
        io.Y = NULL; /* nothing of t's to write back */
        la_conv_close(&io, LA_F32);
        if (direct) return;
    }
    if (hipep_has_error(ctx)) return;
    int slot = -1;
    t.allocated = t.aligned = st_scratch_take(ctx, N * OH * OW * M * (int64_t)sizeof(float), &slot);
    if (t.aligned == NULL) {
        hipep_errorf(ctx, HIPEP_ERR_OUT_OF_MEMORY, "%s: cannot allocate the convolution's output", sym);
        return;
    }
    la_conv(ctx, sym, LA_F32, xr, xd, wr, wd, br, bd, 4, &t, kernel_shape, kernel_len, strides, strides_len, pads,
            pads_len, dilations, dilations_len, group, auto_pad, clamp, lo, hi, 1, 0, bs);
    rd_pool(ctx, sym, RD_F32, 0, 4, &t, yr, yd, 0, NULL, pool, 2, pool + 2, 2, pool + 4, 4, NULL, -1, 0, 0, 1);
    st_scratch_give(ctx, t.aligned, slot);
}

/* hipep_add_<t> / hipep_add_<t>_clamp (kernels_elementwise.c) */
typedef void (*la_add_fn)(void *ctx, int64_t ra, void *da, int64_t rb, void *db, int64_t rc, void *dc);
typedef void (*la_add_clamp_fn)(void *ctx, int64_t ra, void *da, int64_t rb, void *db, int64_t rc, void *dc,
                                double lo, double hi);

/*
 * The _acc kernels (hip.conv's `accumulate`, set by hip-conv-add-in-place for a residual Add of the
 * convolution's result and a buffer read by nothing after it): Y = Y + conv(X, W) + B, then the
 * clamp -- exactly the separate conv and Add (+ Relu / Clip) kernels' values, without their pass
 * over Y. Winograd (its output transform) and oneDNN (a sum post-op) add into Y as they write it;
 * any other path computes the convolution into a dense temporary of Y's shape and adds it to Y
 * with the Add kernel itself.
 */
static void la_conv_acc(void *ctx, const char *sym, int t, int64_t xr, void *xd, int64_t wr, void *wd, int64_t br,
                        void *bd, int64_t yr, void *yd, const int64_t *kernel_shape, int64_t kernel_len,
                        const int64_t *strides, int64_t strides_len, const int64_t *pads, int64_t pads_len,
                        const int64_t *dilations, int64_t dilations_len, int64_t group, int64_t auto_pad,
                        int clamp, double lo, double hi, int nhwc, la_add_fn add, la_add_clamp_fn add_clamp,
                        const la_bounds_t *bs) {
    if (la_conv(ctx, sym, t, xr, xd, wr, wd, br, bd, yr, yd, kernel_shape, kernel_len, strides, strides_len, pads,
                pads_len, dilations, dilations_len, group, auto_pad, clamp, lo, hi, nhwc, 1, bs))
        return;
    if (yr < 1 || yr > HIPEP_MAX_RANK) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: Y of rank %lld", sym, (long long)yr);
        return;
    }
    hipep_view_t y = hipep_view(yr, yd, la_esize(t));
    struct { /* a dense descriptor of Y's sizes (hipep_memref_t's layout) */
        void *allocated, *aligned;
        int64_t offset, dims[2 * HIPEP_MAX_RANK];
    } tmp;
    tmp.allocated = tmp.aligned = la_alloc(ctx, sym, y.numel * la_esize(t));
    if (tmp.aligned == NULL) return;
    tmp.offset = 0;
    for (int64_t i = yr - 1, stride = 1; i >= 0; stride *= y.sizes[i--]) {
        tmp.dims[i] = y.sizes[i];
        tmp.dims[yr + i] = stride;
    }
    la_conv(ctx, sym, t, xr, xd, wr, wd, br, bd, yr, &tmp, kernel_shape, kernel_len, strides, strides_len, pads,
            pads_len, dilations, dilations_len, group, auto_pad, 0, 0.0, 0.0, nhwc, 0, NULL);
    if (!hipep_has_error(ctx)) {
        if (clamp) add_clamp(ctx, yr, &tmp, yr, yd, yr, yd, lo, hi);
        else add(ctx, yr, &tmp, yr, yd, yr, yd);
    }
    free(tmp.allocated);
}

static void la_conv_transpose(void *ctx, const char *sym, int t, int64_t xr, void *xd, int64_t wr, void *wd,
                              int64_t br, void *bd, int64_t yr, void *yd, const int64_t *kernel_shape,
                              int64_t kernel_len, const int64_t *strides, int64_t strides_len, const int64_t *pads,
                              int64_t pads_len, const int64_t *dilations, int64_t dilations_len, int64_t group,
                              int64_t auto_pad, const int64_t *output_padding, int64_t output_padding_len,
                              const int64_t *output_shape, int64_t output_shape_len) {
    la_conv_io_t io;
    if (!la_conv_open(ctx, sym, t, &io, 1, 0, xr, xd, wr, wd, br, bd, yr, yd, kernel_shape, kernel_len, strides,
                      strides_len, pads, pads_len, dilations, dilations_len, group, auto_pad, output_padding,
                      output_padding_len, output_shape, output_shape_len))
        return;
    const la_geom_t *g = &io.g;
    int64_t N = io.N, C = io.C, M = io.M, ks = io.ks;
    int64_t cg = C / group, mg = M / group, rows = mg * g->ksz;
    /* by column blocks of input positions (about LA_CONV_TILE_BYTES), never image-sized */
    int64_t tile = LA_CONV_TILE_BYTES / (rows * ks > 0 ? rows * ks : 1);
    if (tile < LA_CONV_TILE_MIN) tile = LA_CONV_TILE_MIN;
    if (tile > g->isz) tile = g->isz > 0 ? g->isz : 1;
    io.col = (char *)la_alloc(ctx, sym, rows * tile * ks);
    if (!io.col) goto done;
    la_conv_job_t job = {g, NULL, io.col, io.W, io.B, NULL, cg, mg, M, io.isd, 0, 0};
    for (int64_t n = 0; n < N; n++) {
        char *yn = io.Y + n * M * g->osz * ks;
        la_conv_fill_bias(&io, yn);
        for (int64_t gi = 0; gi < group; gi++) {
            job.y = yn + gi * mg * g->osz * ks;
            for (int64_t p0 = 0; p0 < g->isz; p0 += tile) {
                int64_t len = g->isz - p0 < tile ? g->isz - p0 : tile;
                /* col [mg * ksz, len] = W_g^T [mg * ksz, cg] x X_g [cg, p0 .. p0 + len) */
                if (!la_gemm_core(ctx, sym, io.kind, rows, len, cg, 1.0, io.W + gi * cg * rows * ks, 1, rows,
                                  io.X + ((n * C + gi * cg) * g->isz + p0) * ks, g->isz, 1, 0.0, io.col, len))
                    goto done;
                job.p0 = p0;
                job.plen = len;
                hipep_parallel_for(ctx, mg, la_grain(g->ksz * len), la_col2im_body, &job);
            }
        }
    }
done:
    la_conv_close(&io, t);
}

#define LA_CONV(S, T)                                                                                              \
    void hipep_conv_##S##_in2(void *ctx, int64_t xr, void *x, int64_t wr, void *w, int64_t yr, void *y,           \
                              const int64_t *kernel_shape, int64_t kernel_len, const int64_t *strides,            \
                              int64_t strides_len, const int64_t *pads, int64_t pads_len, const int64_t *dilations, \
                              int64_t dilations_len, int64_t group, int64_t auto_pad) {                          \
        la_conv(ctx, "hipep_conv_" #S "_in2", T, xr, x, wr, w, 0, NULL, yr, y, kernel_shape, kernel_len, strides,   \
                strides_len, pads, pads_len, dilations, dilations_len, group, auto_pad, 0, 0.0, 0.0, 0, 0, NULL); \
    }                                                                                                             \
    void hipep_conv_##S##_in3(void *ctx, int64_t xr, void *x, int64_t wr, void *w, int64_t br, void *b,          \
                              int64_t yr, void *y, const int64_t *kernel_shape, int64_t kernel_len,               \
                              const int64_t *strides, int64_t strides_len, const int64_t *pads, int64_t pads_len, \
                              const int64_t *dilations, int64_t dilations_len, int64_t group, int64_t auto_pad) { \
        la_conv(ctx, "hipep_conv_" #S "_in3", T, xr, x, wr, w, br, b, yr, y, kernel_shape, kernel_len, strides,     \
                strides_len, pads, pads_len, dilations, dilations_len, group, auto_pad, 0, 0.0, 0.0, 0, 0, NULL); \
    }                                                                                                             \
    void hipep_conv_transpose_##S##_in2(void *ctx, int64_t xr, void *x, int64_t wr, void *w, int64_t yr, void *y, \
                                        const int64_t *kernel_shape, int64_t kernel_len, const int64_t *strides,  \
                                        int64_t strides_len, const int64_t *pads, int64_t pads_len,               \
                                        const int64_t *dilations, int64_t dilations_len, int64_t group,           \
                                        int64_t auto_pad, const int64_t *output_padding,                          \
                                        int64_t output_padding_len, const int64_t *output_shape,                  \
                                        int64_t output_shape_len) {                                               \
        la_conv_transpose(ctx, "hipep_conv_transpose_" #S "_in2", T, xr, x, wr, w, 0, NULL, yr, y, kernel_shape,   \
                          kernel_len, strides, strides_len, pads, pads_len, dilations, dilations_len, group,      \
                          auto_pad, output_padding, output_padding_len, output_shape, output_shape_len);          \
    }                                                                                                             \
    void hipep_conv_transpose_##S##_in3(void *ctx, int64_t xr, void *x, int64_t wr, void *w, int64_t br, void *b, \
                                        int64_t yr, void *y, const int64_t *kernel_shape, int64_t kernel_len,     \
                                        const int64_t *strides, int64_t strides_len, const int64_t *pads,         \
                                        int64_t pads_len, const int64_t *dilations, int64_t dilations_len,        \
                                        int64_t group, int64_t auto_pad, const int64_t *output_padding,           \
                                        int64_t output_padding_len, const int64_t *output_shape,                  \
                                        int64_t output_shape_len) {                                               \
        la_conv_transpose(ctx, "hipep_conv_transpose_" #S "_in3", T, xr, x, wr, w, br, b, yr, y, kernel_shape,     \
                          kernel_len, strides, strides_len, pads, pads_len, dilations, dilations_len, group,      \
                          auto_pad, output_padding, output_padding_len, output_shape, output_shape_len);          \
    }
LA_CONV(f32, LA_F32)
LA_CONV(f64, LA_F64)
LA_CONV(f16, LA_F16)
LA_CONV(bf16, LA_BF16)

/* the _clamp kernels' bound slots (la_bounds_t) as their last arguments, and as la_conv takes them */
#define LA_BOUND_PARAMS int64_t x_bound_slot, int64_t acc_bound_slot, int64_t bound_slot
#define LA_BOUNDS (&(la_bounds_t){x_bound_slot, acc_bound_slot, bound_slot})

/* hipep_conv_<t>_in2_clamp / _in3_clamp: the conv with a fused min(max(y, clamp_min), clamp_max) */
#define LA_CONV_CLAMP(S, T)                                                                                        \
    void hipep_conv_##S##_in2_clamp(void *ctx, int64_t xr, void *x, int64_t wr, void *w, int64_t yr, void *y,     \
                                    const int64_t *kernel_shape, int64_t kernel_len, const int64_t *strides,      \
                                    int64_t strides_len, const int64_t *pads, int64_t pads_len,                   \
                                    const int64_t *dilations, int64_t dilations_len, int64_t group,               \
                                    int64_t auto_pad, double clamp_min, double clamp_max, LA_BOUND_PARAMS) {      \
        la_conv(ctx, "hipep_conv_" #S "_in2_clamp", T, xr, x, wr, w, 0, NULL, yr, y, kernel_shape, kernel_len,     \
                strides, strides_len, pads, pads_len, dilations, dilations_len, group, auto_pad, 1, clamp_min,    \
                clamp_max, 0, 0, LA_BOUNDS);                                                                      \
    }                                                                                                             \
    void hipep_conv_##S##_in3_clamp(void *ctx, int64_t xr, void *x, int64_t wr, void *w, int64_t br, void *b,    \
                                    int64_t yr, void *y, const int64_t *kernel_shape, int64_t kernel_len,         \
                                    const int64_t *strides, int64_t strides_len, const int64_t *pads,             \
                                    int64_t pads_len, const int64_t *dilations, int64_t dilations_len,            \
                                    int64_t group, int64_t auto_pad, double clamp_min, double clamp_max,          \
                                    LA_BOUND_PARAMS) {                                                            \
        la_conv(ctx, "hipep_conv_" #S "_in3_clamp", T, xr, x, wr, w, br, b, yr, y, kernel_shape, kernel_len,       \
                strides, strides_len, pads, pads_len, dilations, dilations_len, group, auto_pad, 1, clamp_min,    \
                clamp_max, 0, 0, LA_BOUNDS);                                                                      \
    }
LA_CONV_CLAMP(f32, LA_F32)
LA_CONV_CLAMP(f64, LA_F64)
LA_CONV_CLAMP(f16, LA_F16)
LA_CONV_CLAMP(bf16, LA_BF16)

/*
 * hipep_conv_<t>_in2[_clamp]_nhwc / _in3[_clamp]_nhwc: the same convolutions on channels-last X
 * [N, spatial..., C] and Y [N, spatial..., M] (W stays [M, C / group, k...]), same signatures.
 */
#define LA_CONV_NHWC(S, T)                                                                                         \
    void hipep_conv_##S##_in2_nhwc(void *ctx, int64_t xr, void *x, int64_t wr, void *w, int64_t yr, void *y,      \
                                   const int64_t *kernel_shape, int64_t kernel_len, const int64_t *strides,       \
                                   int64_t strides_len, const int64_t *pads, int64_t pads_len,                    \
                                   const int64_t *dilations, int64_t dilations_len, int64_t group,                \
                                   int64_t auto_pad) {                                                            \
        la_conv(ctx, "hipep_conv_" #S "_in2_nhwc", T, xr, x, wr, w, 0, NULL, yr, y, kernel_shape, kernel_len,      \
                strides, strides_len, pads, pads_len, dilations, dilations_len, group, auto_pad, 0, 0.0, 0.0,     \
                1, 0, NULL);                                                                                      \
    }                                                                                                             \
    void hipep_conv_##S##_in3_nhwc(void *ctx, int64_t xr, void *x, int64_t wr, void *w, int64_t br, void *b,     \
                                   int64_t yr, void *y, const int64_t *kernel_shape, int64_t kernel_len,          \
                                   const int64_t *strides, int64_t strides_len, const int64_t *pads,              \
                                   int64_t pads_len, const int64_t *dilations, int64_t dilations_len,             \
                                   int64_t group, int64_t auto_pad) {                                             \
        la_conv(ctx, "hipep_conv_" #S "_in3_nhwc", T, xr, x, wr, w, br, b, yr, y, kernel_shape, kernel_len,        \
                strides, strides_len, pads, pads_len, dilations, dilations_len, group, auto_pad, 0, 0.0, 0.0,     \
                1, 0, NULL);                                                                                      \
    }                                                                                                             \
    void hipep_conv_##S##_in2_clamp_nhwc(void *ctx, int64_t xr, void *x, int64_t wr, void *w, int64_t yr,         \
                                         void *y, const int64_t *kernel_shape, int64_t kernel_len,                \
                                         const int64_t *strides, int64_t strides_len, const int64_t *pads,        \
                                         int64_t pads_len, const int64_t *dilations, int64_t dilations_len,       \
                                         int64_t group, int64_t auto_pad, double clamp_min, double clamp_max,     \
                                         LA_BOUND_PARAMS) {                                                       \
        la_conv(ctx, "hipep_conv_" #S "_in2_clamp_nhwc", T, xr, x, wr, w, 0, NULL, yr, y, kernel_shape,            \
                kernel_len, strides, strides_len, pads, pads_len, dilations, dilations_len, group, auto_pad, 1,   \
                clamp_min, clamp_max, 1, 0, LA_BOUNDS);                                                           \
    }                                                                                                             \
    void hipep_conv_##S##_in3_clamp_nhwc(void *ctx, int64_t xr, void *x, int64_t wr, void *w, int64_t br,         \
                                         void *b, int64_t yr, void *y, const int64_t *kernel_shape,               \
                                         int64_t kernel_len, const int64_t *strides, int64_t strides_len,         \
                                         const int64_t *pads, int64_t pads_len, const int64_t *dilations,         \
                                         int64_t dilations_len, int64_t group, int64_t auto_pad,                  \
                                         double clamp_min, double clamp_max, LA_BOUND_PARAMS) {                   \
        la_conv(ctx, "hipep_conv_" #S "_in3_clamp_nhwc", T, xr, x, wr, w, br, b, yr, y, kernel_shape,              \
                kernel_len, strides, strides_len, pads, pads_len, dilations, dilations_len, group, auto_pad, 1,   \
                clamp_min, clamp_max, 1, 0, LA_BOUNDS);                                                           \
    }
LA_CONV_NHWC(f32, LA_F32)
LA_CONV_NHWC(f64, LA_F64)
LA_CONV_NHWC(f16, LA_F16)
LA_CONV_NHWC(bf16, LA_BF16)

/*
 * hipep_conv_f32_in2[_clamp]_maxpool_nhwc / _in3[_clamp]_maxpool_nhwc: channels-last f32
 * convolutions with a fused max pool (hip.conv's max_pool, la_conv_maxpool): the _nhwc kernels'
 * arguments, then max_pool as an i64 array of 8 (kernel, strides, pads) and its length.
 */
#define LA_POOL_PARAMS const int64_t *max_pool, int64_t max_pool_len
void hipep_conv_f32_in2_maxpool_nhwc(void *ctx, int64_t xr, void *x, int64_t wr, void *w, int64_t yr, void *y,
                                     const int64_t *kernel_shape, int64_t kernel_len, const int64_t *strides,
                                     int64_t strides_len, const int64_t *pads, int64_t pads_len,
                                     const int64_t *dilations, int64_t dilations_len, int64_t group, int64_t auto_pad,
                                     LA_POOL_PARAMS) {
    la_conv_maxpool(ctx, "hipep_conv_f32_in2_maxpool_nhwc", xr, x, wr, w, 0, NULL, yr, y, kernel_shape, kernel_len,
                    strides, strides_len, pads, pads_len, dilations, dilations_len, group, auto_pad, 0, 0.0, 0.0, NULL,
                    max_pool, max_pool_len);
}
void hipep_conv_f32_in3_maxpool_nhwc(void *ctx, int64_t xr, void *x, int64_t wr, void *w, int64_t br, void *b,
                                     int64_t yr, void *y, const int64_t *kernel_shape, int64_t kernel_len,
                                     const int64_t *strides, int64_t strides_len, const int64_t *pads,
                                     int64_t pads_len, const int64_t *dilations, int64_t dilations_len, int64_t group,
                                     int64_t auto_pad, LA_POOL_PARAMS) {
    la_conv_maxpool(ctx, "hipep_conv_f32_in3_maxpool_nhwc", xr, x, wr, w, br, b, yr, y, kernel_shape, kernel_len,
                    strides, strides_len, pads, pads_len, dilations, dilations_len, group, auto_pad, 0, 0.0, 0.0, NULL,
                    max_pool, max_pool_len);
}
void hipep_conv_f32_in2_clamp_maxpool_nhwc(void *ctx, int64_t xr, void *x, int64_t wr, void *w, int64_t yr, void *y,
                                           const int64_t *kernel_shape, int64_t kernel_len, const int64_t *strides,
                                           int64_t strides_len, const int64_t *pads, int64_t pads_len,
                                           const int64_t *dilations, int64_t dilations_len, int64_t group,
                                           int64_t auto_pad, double clamp_min, double clamp_max, LA_BOUND_PARAMS,
                                           LA_POOL_PARAMS) {
    la_conv_maxpool(ctx, "hipep_conv_f32_in2_clamp_maxpool_nhwc", xr, x, wr, w, 0, NULL, yr, y, kernel_shape,
                    kernel_len, strides, strides_len, pads, pads_len, dilations, dilations_len, group, auto_pad, 1,
                    clamp_min, clamp_max, LA_BOUNDS, max_pool, max_pool_len);
}
void hipep_conv_f32_in3_clamp_maxpool_nhwc(void *ctx, int64_t xr, void *x, int64_t wr, void *w, int64_t br, void *b,
                                           int64_t yr, void *y, const int64_t *kernel_shape, int64_t kernel_len,
                                           const int64_t *strides, int64_t strides_len, const int64_t *pads,
                                           int64_t pads_len, const int64_t *dilations, int64_t dilations_len,
                                           int64_t group, int64_t auto_pad, double clamp_min, double clamp_max,
                                           LA_BOUND_PARAMS, LA_POOL_PARAMS) {
    la_conv_maxpool(ctx, "hipep_conv_f32_in3_clamp_maxpool_nhwc", xr, x, wr, w, br, b, yr, y, kernel_shape,
                    kernel_len, strides, strides_len, pads, pads_len, dilations, dilations_len, group, auto_pad, 1,
                    clamp_min, clamp_max, LA_BOUNDS, max_pool, max_pool_len);
}
#undef LA_POOL_PARAMS

/*
 * hipep_conv_<t>_in2_acc[_clamp][_nhwc] / _in3_acc[_clamp][_nhwc]: Y = Y + conv(X, W) + B, then
 * the clamp of the _clamp ones (la_conv_acc); the signatures of the kernels without _acc. L is
 * the layout suffix (empty or _nhwc), NHWC its flag.
 */
#define LA_CONV_ACC(S, T, L, NHWC)                                                                                 \
    void hipep_conv_##S##_in2_acc##L(void *ctx, int64_t xr, void *x, int64_t wr, void *w, int64_t yr, void *y,    \
                                     const int64_t *kernel_shape, int64_t kernel_len, const int64_t *strides,     \
                                     int64_t strides_len, const int64_t *pads, int64_t pads_len,                  \
                                     const int64_t *dilations, int64_t dilations_len, int64_t group,              \
                                     int64_t auto_pad) {                                                          \
        la_conv_acc(ctx, "hipep_conv_" #S "_in2_acc" #L, T, xr, x, wr, w, 0, NULL, yr, y, kernel_shape,            \
                    kernel_len, strides, strides_len, pads, pads_len, dilations, dilations_len, group, auto_pad,  \
                    0, 0.0, 0.0, NHWC, hipep_add_##S, hipep_add_##S##_clamp, NULL);                               \
    }                                                                                                             \
    void hipep_conv_##S##_in3_acc##L(void *ctx, int64_t xr, void *x, int64_t wr, void *w, int64_t br, void *b,   \
                                     int64_t yr, void *y, const int64_t *kernel_shape, int64_t kernel_len,        \
                                     const int64_t *strides, int64_t strides_len, const int64_t *pads,            \
                                     int64_t pads_len, const int64_t *dilations, int64_t dilations_len,           \
                                     int64_t group, int64_t auto_pad) {                                           \
        la_conv_acc(ctx, "hipep_conv_" #S "_in3_acc" #L, T, xr, x, wr, w, br, b, yr, y, kernel_shape,              \
                    kernel_len, strides, strides_len, pads, pads_len, dilations, dilations_len, group, auto_pad,  \
                    0, 0.0, 0.0, NHWC, hipep_add_##S, hipep_add_##S##_clamp, NULL);                               \
    }                                                                                                             \
    void hipep_conv_##S##_in2_acc_clamp##L(void *ctx, int64_t xr, void *x, int64_t wr, void *w, int64_t yr,       \
                                           void *y, const int64_t *kernel_shape, int64_t kernel_len,              \
                                           const int64_t *strides, int64_t strides_len, const int64_t *pads,      \
                                           int64_t pads_len, const int64_t *dilations, int64_t dilations_len,     \
                                           int64_t group, int64_t auto_pad, double clamp_min, double clamp_max,   \
                                           LA_BOUND_PARAMS) {                                                     \
        la_conv_acc(ctx, "hipep_conv_" #S "_in2_acc_clamp" #L, T, xr, x, wr, w, 0, NULL, yr, y, kernel_shape,      \
                    kernel_len, strides, strides_len, pads, pads_len, dilations, dilations_len, group, auto_pad,  \
                    1, clamp_min, clamp_max, NHWC, hipep_add_##S, hipep_add_##S##_clamp, LA_BOUNDS);              \
    }                                                                                                             \
    void hipep_conv_##S##_in3_acc_clamp##L(void *ctx, int64_t xr, void *x, int64_t wr, void *w, int64_t br,       \
                                           void *b, int64_t yr, void *y, const int64_t *kernel_shape,             \
                                           int64_t kernel_len, const int64_t *strides, int64_t strides_len,       \
                                           const int64_t *pads, int64_t pads_len, const int64_t *dilations,       \
                                           int64_t dilations_len, int64_t group, int64_t auto_pad,                \
                                           double clamp_min, double clamp_max, LA_BOUND_PARAMS) {                 \
        la_conv_acc(ctx, "hipep_conv_" #S "_in3_acc_clamp" #L, T, xr, x, wr, w, br, b, yr, y, kernel_shape,        \
                    kernel_len, strides, strides_len, pads, pads_len, dilations, dilations_len, group, auto_pad,  \
                    1, clamp_min, clamp_max, NHWC, hipep_add_##S, hipep_add_##S##_clamp, LA_BOUNDS);              \
    }
LA_CONV_ACC(f32, LA_F32, , 0)
LA_CONV_ACC(f32, LA_F32, _nhwc, 1)
LA_CONV_ACC(f64, LA_F64, , 0)
LA_CONV_ACC(f64, LA_F64, _nhwc, 1)
LA_CONV_ACC(f16, LA_F16, , 0)
LA_CONV_ACC(f16, LA_F16, _nhwc, 1)
LA_CONV_ACC(bf16, LA_BF16, , 0)
LA_CONV_ACC(bf16, LA_BF16, _nhwc, 1)

/* ------------------------------------------------------------------ einsum */

#define LA_EIN_LABELS (52 + HIPEP_MAX_RANK) /* a-z, A-Z, then the '...' dimensions */
#define LA_EIN_MAXIN 16

typedef struct {
    int nin, t;
    const hipep_view_t *in;
    const hipep_view_t *y;
    int64_t nout, nred;
    int64_t osz[HIPEP_MAX_RANK], rsz[LA_EIN_LABELS], ystr[HIPEP_MAX_RANK];
    int64_t ostr[LA_EIN_MAXIN][HIPEP_MAX_RANK], rstr[LA_EIN_MAXIN][LA_EIN_LABELS];
} la_ein_t;

static inline int la_ein_label(char c) {
    if (c >= 'a' && c <= 'z') return c - 'a';
    if (c >= 'A' && c <= 'Z') return 26 + (c - 'A');
    return -1;
}

static void la_ein_body(void *arg, int64_t begin, int64_t end) {
    const la_ein_t *e = (const la_ein_t *)arg;
    int64_t oidx[HIPEP_MAX_RANK], ridx[LA_EIN_LABELS];
    int64_t ooff[LA_EIN_MAXIN], roff[LA_EIN_MAXIN];
    int64_t yoff = 0, rtotal = 1;
    for (int64_t r = 0; r < e->nred; r++) rtotal *= e->rsz[r];
    for (int i = 0; i < e->nin; i++) ooff[i] = 0;
    int64_t rem = begin;
    for (int64_t d = e->nout - 1; d >= 0; d--) {
        oidx[d] = rem % e->osz[d];
        rem /= e->osz[d];
        yoff += oidx[d] * e->ystr[d];
        for (int i = 0; i < e->nin; i++) ooff[i] += oidx[d] * e->ostr[i][d];
    }
    int isint = la_kind_of(e->t) == LA_KI64;
    for (int64_t o = begin; o < end; o++) {
        double accd = 0.0;
        uint64_t acci = 0;
        for (int64_t r = 0; r < e->nred; r++) ridx[r] = 0;
        for (int i = 0; i < e->nin; i++) roff[i] = 0;
        for (int64_t r = 0; r < rtotal; r++) {
            if (isint) {
                uint64_t p = 1;
                for (int i = 0; i < e->nin; i++) p *= (uint64_t)la_geti(e->t, e->in[i].data, ooff[i] + roff[i]);
                acci += p;
            } else {
                double p = 1.0;
                for (int i = 0; i < e->nin; i++) p *= hipep_load_d(e->t, e->in[i].data, ooff[i] + roff[i]);
                accd += p;
            }
            for (int64_t q = e->nred - 1; q >= 0; q--) {
                for (int i = 0; i < e->nin; i++) roff[i] += e->rstr[i][q];
                if (++ridx[q] < e->rsz[q]) break;
                for (int i = 0; i < e->nin; i++) roff[i] -= e->rstr[i][q] * e->rsz[q];
                ridx[q] = 0;
            }
        }
        if (isint) la_puti(e->t, e->y->data, yoff, (int64_t)acci);
        else la_putd(e->t, e->y->data, yoff, accd);
        for (int64_t d = e->nout - 1; d >= 0; d--) {
            yoff += e->ystr[d];
            for (int i = 0; i < e->nin; i++) ooff[i] += e->ostr[i][d];
            if (++oidx[d] < e->osz[d]) break;
            yoff -= e->ystr[d] * e->osz[d];
            for (int i = 0; i < e->nin; i++) ooff[i] -= e->ostr[i][d] * e->osz[d];
            oidx[d] = 0;
        }
    }
}

/*
 * Two operands without repeated labels and without labels summed inside one operand: a batched
 * matrix product. Labels split into batch (A, B, result), M (A, result), N (B, result) and K (A, B);
 * the operands are gathered as [batch, M, K] and [batch, K, N] and each batch goes through BLAS.
 * Returns 0 when the equation does not have that form (the general loop does it then).
 */
static int la_ein_gemm(void *ctx, const char *sym, int t, const hipep_view_t *in, const hipep_view_t *y,
                       int dl[][HIPEP_MAX_RANK], const int64_t *ranks, const int *out, int nout, const int64_t *size) {
    int kind = t == LA_F64 ? LA_F64 : LA_F32;
    if (la_kind_of(t) == LA_KI64) return 0;
    int where[LA_EIN_LABELS]; /* bit 0: A, bit 1: B, bit 2: result */
    int64_t sa[LA_EIN_LABELS], sb[LA_EIN_LABELS], sy[LA_EIN_LABELS];
    for (int l = 0; l < LA_EIN_LABELS; l++) { where[l] = 0; sa[l] = sb[l] = sy[l] = 0; }
    for (int op = 0; op < 2; op++)
        for (int64_t q = 0; q < ranks[op]; q++) {
            int l = dl[op][q];
            if (where[l] & (1 << op)) return 0; /* a diagonal */
            where[l] |= 1 << op;
            int64_t st = in[op].sizes[q] != 1 ? in[op].strides[q] : 0;
            if (op == 0) sa[l] = st; else sb[l] = st;
        }
    for (int q = 0; q < nout; q++) {
        where[out[q]] |= 4;
        sy[out[q]] = y->sizes[q] != 1 ? y->strides[q] : 0;
    }
    int bl[HIPEP_MAX_RANK], ml[HIPEP_MAX_RANK], nl[HIPEP_MAX_RANK], kl[HIPEP_MAX_RANK], nb = 0, nm = 0, nn = 0, nk = 0;
    int64_t NB = 1, M = 1, N = 1, K = 1;
    for (int l = 0; l < LA_EIN_LABELS; l++) {
        int w = where[l];
        if (!w) continue;
        if (w == 7) { bl[nb++] = l; NB *= size[l]; }
        else if (w == 5) { ml[nm++] = l; M *= size[l]; }
        else if (w == 6) { nl[nn++] = l; N *= size[l]; }
        else if (w == 3) { kl[nk++] = l; K *= size[l]; }
        else return 0; /* summed inside one operand */
    }
    if (nb + nm + nk > HIPEP_MAX_RANK || nb + nk + nn > HIPEP_MAX_RANK || nb + nm + nn > HIPEP_MAX_RANK) return 0;
    if (NB * M * N == 0) return 0;
    int64_t vsz[3][HIPEP_MAX_RANK], vst[3][HIPEP_MAX_RANK];
    hipep_view_t va = in[0], vb = in[1], vy = *y;
    int r = 0;
    for (int i = 0; i < nb; i++, r++) { vsz[0][r] = size[bl[i]]; vst[0][r] = sa[bl[i]]; }
    for (int i = 0; i < nm; i++, r++) { vsz[0][r] = size[ml[i]]; vst[0][r] = sa[ml[i]]; }
    for (int i = 0; i < nk; i++, r++) { vsz[0][r] = size[kl[i]]; vst[0][r] = sa[kl[i]]; }
    va.rank = r; va.sizes = vsz[0]; va.strides = vst[0]; va.numel = NB * M * K;
    r = 0;
    for (int i = 0; i < nb; i++, r++) { vsz[1][r] = size[bl[i]]; vst[1][r] = sb[bl[i]]; }
    for (int i = 0; i < nk; i++, r++) { vsz[1][r] = size[kl[i]]; vst[1][r] = sb[kl[i]]; }
    for (int i = 0; i < nn; i++, r++) { vsz[1][r] = size[nl[i]]; vst[1][r] = sb[nl[i]]; }
    vb.rank = r; vb.sizes = vsz[1]; vb.strides = vst[1]; vb.numel = NB * K * N;
    r = 0;
    for (int i = 0; i < nb; i++, r++) { vsz[2][r] = size[bl[i]]; vst[2][r] = sy[bl[i]]; }
    for (int i = 0; i < nm; i++, r++) { vsz[2][r] = size[ml[i]]; vst[2][r] = sy[ml[i]]; }
    for (int i = 0; i < nn; i++, r++) { vsz[2][r] = size[nl[i]]; vst[2][r] = sy[nl[i]]; }
    vy.rank = r; vy.sizes = vsz[2]; vy.strides = vst[2]; vy.numel = NB * M * N;
    int oa = 0, ob = 0;
    char *A = la_dense(ctx, sym, &va, t, kind, &oa), *B = la_dense(ctx, sym, &vb, t, kind, &ob);
    char *Y = (char *)la_out_buffer(ctx, sym, &vy, t, kind);
    if (A && B && Y) {
        const int64_t bsz[1] = {NB}, sa[1] = {M * K}, sb[1] = {K * N};
        la_gemm_batches(ctx, sym, kind, 1, bsz, sa, sb, M, N, K, A, K, 1, B, N, 1, Y);
    }
    la_dense_free(A, oa);
    la_dense_free(B, ob);
    la_out_finish(Y, kind, &vy, t);
    return 1;
}

static void la_einsum(void *ctx, const char *sym, int t, int nin, const int64_t *ranks, void *const *descs,
                      int64_t yr, void *yd, const char *eq, int64_t eqlen) {
    if (hipep_has_error(ctx)) return;
    int64_t es = la_esize(t);
    hipep_view_t in[LA_EIN_MAXIN];
    hipep_view_t y = hipep_view(yr, yd, es);
    char buf[1024];
    int64_t n = 0;
    if (!eq || eqlen < 0) eqlen = 0;
    for (int64_t i = 0; i < eqlen; i++) {
        if (eq[i] == ' ') continue;
        if (n >= (int64_t)sizeof buf - 1) {
            hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: equation longer than %d characters", sym, (int)sizeof buf);
            return;
        }
        buf[n++] = eq[i];
    }
    buf[n] = 0;
    const char *arrow = strstr(buf, "->");
    int64_t lhs_len = arrow ? arrow - buf : n;
    /* per input: the label of each dimension */
    int dl[LA_EIN_MAXIN][HIPEP_MAX_RANK];
    int64_t ell_rank = 0, size[LA_EIN_LABELS], count[LA_EIN_LABELS];
    int ell_n[LA_EIN_MAXIN];
    for (int l = 0; l < LA_EIN_LABELS; l++) { size[l] = -1; count[l] = 0; }
    int term = 0;
    int64_t p = 0;
    for (term = 0; term < nin; term++) {
        in[term] = hipep_view(ranks[term], descs[term], es);
        if (ranks[term] > HIPEP_MAX_RANK) goto bad;
        int nl = 0, at = -1;
        while (p < lhs_len && buf[p] != ',') {
            if (buf[p] == '.') {
                if (at >= 0 || p + 2 >= lhs_len || buf[p + 1] != '.' || buf[p + 2] != '.') goto bad;
                at = nl;
                p += 3;
                continue;
            }
            int l = la_ein_label(buf[p]);
            if (l < 0 || nl >= HIPEP_MAX_RANK) goto bad;
            dl[term][nl++] = l;
            p++;
        }
        if (term < nin - 1) {
            if (p >= lhs_len) goto bad;
            p++; /* ',' */
        } else if (p != lhs_len) {
            goto bad;
        }
        int64_t ne = ranks[term] - nl;
        if (at < 0 ? ne != 0 : ne < 0) goto bad;
        ell_n[term] = (int)ne;
        if (ne > ell_rank) ell_rank = ne;
        /* labels of the term, ellipsis dims filled later (right-aligned ids) */
        int full[HIPEP_MAX_RANK], k = 0;
        for (int q = 0; q < nl; q++) {
            if (q == at)
                for (int64_t e = 0; e < ne; e++) full[k++] = -1 - (int)e;
            full[k++] = dl[term][q];
        }
        if (at == nl)
            for (int64_t e = 0; e < ne; e++) full[k++] = -1 - (int)e;
        for (int q = 0; q < k; q++) dl[term][q] = full[q];
    }
    /* resolve ellipsis ids and sizes */
    for (term = 0; term < nin; term++) {
        for (int64_t q = 0; q < ranks[term]; q++) {
            int l = dl[term][q];
            if (l < 0) {
                l = 52 + (int)(ell_rank - ell_n[term]) + (-1 - l);
                dl[term][q] = l;
            }
            int64_t s = in[term].sizes[q];
            if (l >= 52) {
                if (s != 1) {
                    if (size[l] > 1 && size[l] != s) goto badsize;
                    size[l] = s;
                } else if (size[l] < 0) {
                    size[l] = 1;
                }
            } else {
                if (size[l] >= 0 && size[l] != s) goto badsize;
                size[l] = s;
                count[l]++;
            }
        }
    }
    for (int64_t e = 0; e < ell_rank; e++)
        if (size[52 + e] < 0) size[52 + e] = 1;
    /* the output labels */
    int out[HIPEP_MAX_RANK + 52], nout = 0, used[LA_EIN_LABELS];
    for (int l = 0; l < LA_EIN_LABELS; l++) used[l] = 0;
    if (arrow) {
        const char *r = arrow + 2;
        int seen_ell = 0;
        while (*r) {
            if (*r == '.') {
                if (seen_ell || r[1] != '.' || r[2] != '.') goto bad;
                seen_ell = 1;
                for (int64_t e = 0; e < ell_rank; e++) out[nout++] = 52 + (int)e;
                r += 3;
                continue;
            }
            int l = la_ein_label(*r);
            if (l < 0 || size[l] < 0 || used[l] || nout >= HIPEP_MAX_RANK) goto bad;
            used[l] = 1;
            out[nout++] = l;
            r++;
        }
    } else {
        for (int64_t e = 0; e < ell_rank; e++) out[nout++] = 52 + (int)e;
        for (int rk = 0; rk < 52; rk++) {
            int l = rk < 26 ? 26 + rk : rk - 26; /* ASCII order: A-Z then a-z */
            if (count[l] == 1) out[nout++] = l;
        }
    }
    for (int q = 0; q < nout; q++) used[out[q]] = 1;
    if (nout != yr || nout > HIPEP_MAX_RANK) goto badout;
    la_ein_t e;
    memset(&e, 0, sizeof e);
    e.nin = nin; e.t = t; e.in = in; e.y = &y; e.nout = nout;
    for (int q = 0; q < nout; q++) {
        if (y.sizes[q] != size[out[q]]) goto badout;
        e.osz[q] = size[out[q]];
        e.ystr[q] = y.strides[q];
    }
    int red[LA_EIN_LABELS], nred = 0;
    for (int l = 0; l < 52 + ell_rank; l++)
        if (!used[l] && size[l] >= 0) red[nred++] = l;
    e.nred = nred;
    for (int q = 0; q < nred; q++) e.rsz[q] = size[red[q]];
    for (int i = 0; i < nin; i++) {
        int64_t lstr[LA_EIN_LABELS];
        for (int l = 0; l < LA_EIN_LABELS; l++) lstr[l] = 0;
        for (int64_t q = 0; q < ranks[i]; q++)
            if (in[i].sizes[q] != 1) lstr[dl[i][q]] += in[i].strides[q];
        for (int q = 0; q < nout; q++) e.ostr[i][q] = lstr[out[q]];
        for (int q = 0; q < nred; q++) e.rstr[i][q] = lstr[red[q]];
    }
    if (nin == 2 && la_ein_gemm(ctx, sym, t, in, &y, dl, ranks, out, nout, size)) return;
    int64_t rtotal = 1;
    for (int q = 0; q < nred; q++) rtotal *= e.rsz[q];
    hipep_parallel_for(ctx, y.numel, la_grain(rtotal * nin), la_ein_body, &e);
    return;
bad:
    hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: equation \"%s\" does not fit the %d operands", sym, buf, nin);
    return;
badsize:
    hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: equation \"%s\": a label has two different sizes", sym, buf);
    return;
badout:
    hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: equation \"%s\": the result (rank %lld) does not match", sym, buf,
                 (long long)yr);
}

#define LA_EIN_SIG1 int64_t r0, void *d0
#define LA_EIN_SIG2 LA_EIN_SIG1, int64_t r1, void *d1
#define LA_EIN_SIG3 LA_EIN_SIG2, int64_t r2, void *d2
#define LA_EIN_SIG4 LA_EIN_SIG3, int64_t r3, void *d3
#define LA_EIN_SIG5 LA_EIN_SIG4, int64_t r4, void *d4
#define LA_EIN_SIG6 LA_EIN_SIG5, int64_t r5, void *d5
#define LA_EIN_R1 r0
#define LA_EIN_R2 LA_EIN_R1, r1
#define LA_EIN_R3 LA_EIN_R2, r2
#define LA_EIN_R4 LA_EIN_R3, r3
#define LA_EIN_R5 LA_EIN_R4, r4
#define LA_EIN_R6 LA_EIN_R5, r5
#define LA_EIN_D1 d0
#define LA_EIN_D2 LA_EIN_D1, d1
#define LA_EIN_D3 LA_EIN_D2, d2
#define LA_EIN_D4 LA_EIN_D3, d3
#define LA_EIN_D5 LA_EIN_D4, d4
#define LA_EIN_D6 LA_EIN_D5, d5
#define LA_EINSUM_N(S, T, N)                                                                                       \
    void hipep_einsum_##S##_in##N(void *ctx, LA_EIN_SIG##N, int64_t yr, void *y, const char *eq, int64_t eqlen) { \
        const int64_t ranks[N] = {LA_EIN_R##N};                                                                   \
        void *const descs[N] = {LA_EIN_D##N};                                                                     \
        la_einsum(ctx, "hipep_einsum_" #S "_in" #N, T, N, ranks, descs, yr, y, eq, eqlen);                        \
    }
#define LA_EINSUM(S, T)                                                                                            \
    LA_EINSUM_N(S, T, 1) LA_EINSUM_N(S, T, 2) LA_EINSUM_N(S, T, 3) LA_EINSUM_N(S, T, 4) LA_EINSUM_N(S, T, 5)        \
    LA_EINSUM_N(S, T, 6)
LA_EINSUM(f32, LA_F32)
LA_EINSUM(f64, LA_F64)
LA_EINSUM(f16, LA_F16)
LA_EINSUM(bf16, LA_BF16)
LA_EINSUM(i8, LA_I8)
LA_EINSUM(i16, LA_I16)
LA_EINSUM(i32, LA_I32)
LA_EINSUM(i64, LA_I64)
LA_EINSUM(ui8, LA_U8)
LA_EINSUM(ui16, LA_U16)
LA_EINSUM(ui32, LA_U32)
LA_EINSUM(ui64, LA_U64)

/* ------------------------------------------------------------------ attention */

/* A 3-D [B, S, heads * D] or 4-D [B, heads, S, D] operand as a 4-D [B, heads, S, D] view. */
static int la_view4(void *ctx, const char *sym, const char *what, const hipep_view_t *v, int64_t heads, int64_t *sz,
                    int64_t *st, hipep_view_t *out) {
    if (v->rank == 4) {
        *out = *v;
        return 1;
    }
    if (v->rank != 3 || heads <= 0 || v->sizes[2] % heads != 0) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: %s must be 4-D, or 3-D with a head count dividing its last "
                     "dimension (rank %lld, heads %lld)", sym, what, (long long)v->rank, (long long)heads);
        return 0;
    }
    int64_t d = v->sizes[2] / heads;
    sz[0] = v->sizes[0]; sz[1] = heads; sz[2] = v->sizes[1]; sz[3] = d;
    st[0] = v->strides[0]; st[1] = d * v->strides[2]; st[2] = v->strides[1]; st[3] = v->strides[2];
    *out = *v;
    out->rank = 4;
    out->sizes = sz;
    out->strides = st;
    return 1;
}

typedef struct {
    void *ctx;
    const char *sym;
    const void *q, *k, *v; /* dense [B, qH, S, D], [B, kvH, D, L] (K transposed), [B, kvH, L, Dv] */
    void *y, *qk;          /* dense [B, qH, S, Dv], [B, qH, S, L] or NULL */
    const char *mask;
    int mask_type;
    int64_t ms[4];
    int64_t B, qH, kvH, S, L, D, Dv, mode, causal;
    double scale, softcap;
    void *scores; /* BLAS path: [S, L] scores of the head block starting at global row r0 */
    int64_t r0;
    int64_t past;     /* past sequence length: the causal offset */
    int64_t mask_len; /* keys the mask covers (L when it broadcasts) */
} la_att_t;

static inline float la_exp_float(float x) { return expf(x); }
static inline double la_exp_double(double x) { return exp(x); }
static inline float la_tanh_float(float x) { return tanhf(x); }
static inline double la_tanh_double(double x) { return tanh(x); }

/* Adds the causal bias (query i sees keys j <= i + past, as the ONNX reference aligns it with a
 * cache) and attn_mask (bool: false -> -inf; float: added; keys past a shorter mask: -inf) to row. */
#define LA_ATT_BIAS(T)                                                                                         \
    static inline void la_att_bias_##T(const la_att_t *a, T *row, int64_t i, int64_t moff) {                  \
        int64_t L = a->L;                                                                                      \
        if (a->causal)                                                                                         \
            for (int64_t j = i + 1 + a->past; j < L; j++) row[j] += -(T)INFINITY;                              \
        if (!a->mask) return;                                                                                  \
        int64_t ml = a->mask_len < L ? a->mask_len : L;                                                        \
        if (a->mask_type == LA_BOOL) {                                                                         \
            for (int64_t j = 0; j < ml; j++)                                                                   \
                if (!a->mask[moff + j * a->ms[3]]) row[j] += -(T)INFINITY;                                     \
        } else {                                                                                               \
            for (int64_t j = 0; j < ml; j++) row[j] += (T)hipep_load_d(a->mask_type, a->mask, moff + j * a->ms[3]); \
        }                                                                                                      \
        for (int64_t j = ml; j < L; j++) row[j] += -(T)INFINITY;                                               \
    }
LA_ATT_BIAS(float)
LA_ATT_BIAS(double)

/* One query row per item: scores against K (stored transposed, [D, L] per head, so that the
 * inner loops run over keys and vectorise), mask / causal bias, softcap, softmax, then P x V. */
#define LA_ATT_ROWS(T)                                                                                         \
    static void la_att_rows_##T(void *arg, int64_t begin, int64_t end) {                                      \
        const la_att_t *a = (const la_att_t *)arg;                                                             \
        int64_t L = a->L, D = a->D, Dv = a->Dv, S = a->S;                                                      \
        T *own = a->scores ? NULL : (T *)malloc((size_t)(L > 0 ? L : 1) * sizeof(T));                          \
        if (!a->scores && !own) {                                                                              \
            hipep_errorf(a->ctx, HIPEP_ERR_OUT_OF_MEMORY, "%s: no memory for the scores", a->sym);              \
            return;                                                                                            \
        }                                                                                                      \
        const T scale = (T)a->scale, cap = (T)a->softcap;                                                      \
        T *qk = (T *)a->qk;                                                                                    \
        for (int64_t rl = begin; rl < end; rl++) {                                                             \
            int64_t r = a->r0 + rl; /* the global row (b, h, i) */                                             \
            int64_t i = r % S, h = (r / S) % a->qH, b = r / (S * a->qH);                                       \
            T *sc = a->scores ? (T *)a->scores + rl * L : own; /* precomputed scale * QK^T rows (BLAS) */      \
            int64_t kh = h / (a->qH / a->kvH); /* grouped-query: consecutive q heads share one kv head */      \
            const T *q = (const T *)a->q + r * D;                                                              \
            const T *kt = (const T *)a->k + (b * a->kvH + kh) * D * L;                                         \
            const T *vb = (const T *)a->v + (b * a->kvH + kh) * L * Dv;                                        \
            T *qkr = qk ? qk + r * L : NULL;                                                                   \
            int64_t moff = b * a->ms[0] + h * a->ms[1] + i * a->ms[2];                                         \
            if (!a->scores) {                                                                                  \
                for (int64_t j = 0; j < L; j++) sc[j] = 0;                                                     \
                for (int64_t d = 0; d < D; d++) {                                                              \
                    const T qd = q[d], *kr = kt + d * L;                                                       \
                    for (int64_t j = 0; j < L; j++) sc[j] += qd * kr[j];                                       \
                }                                                                                              \
                for (int64_t j = 0; j < L; j++) sc[j] *= scale;                                                \
            }                                                                                                  \
            if (qkr && a->mode == 0)                                                                           \
                for (int64_t j = 0; j < L; j++) qkr[j] = sc[j];                                                \
            if (qkr && a->mode == 1) {                                                                         \
                for (int64_t j = 0; j < L; j++) qkr[j] = sc[j];                                                \
                la_att_bias_##T(a, qkr, i, moff);                                                              \
            }                                                                                                  \
            if (cap > 0) /* softcap before the mask, so that masked scores stay -inf */                        \
                for (int64_t j = 0; j < L; j++) sc[j] = cap * la_tanh_##T(sc[j] / cap);                        \
            la_att_bias_##T(a, sc, i, moff);                                                                   \
            if (qkr && a->mode == 2)                                                                           \
                for (int64_t j = 0; j < L; j++) qkr[j] = sc[j];                                                \
            T mx = -(T)INFINITY;                                                                               \
            for (int64_t j = 0; j < L; j++)                                                                    \
                if (sc[j] > mx) mx = sc[j];                                                                    \
            T sum = 0;                                                                                         \
            for (int64_t j = 0; j < L; j++) {                                                                  \
                sc[j] = la_exp_##T(sc[j] - mx);                                                                \
                sum += sc[j];                                                                                  \
            }                                                                                                  \
            const T inv = (T)1 / sum;                                                                          \
            for (int64_t j = 0; j < L; j++) sc[j] *= inv;                                                      \
            if (qkr && a->mode == 3)                                                                           \
                for (int64_t j = 0; j < L; j++) qkr[j] = sc[j];                                                \
            if (a->scores) continue; /* P x V by BLAS afterwards */                                            \
            T *y = (T *)a->y + r * Dv;                                                                         \
            for (int64_t d = 0; d < Dv; d++) y[d] = 0;                                                         \
            for (int64_t j = 0; j < L; j++) {                                                                  \
                const T p = sc[j], *vr = vb + j * Dv;                                                          \
                for (int64_t d = 0; d < Dv; d++) y[d] += p * vr[d];                                            \
            }                                                                                                  \
        }                                                                                                      \
        free(own);                                                                                             \
    }
LA_ATT_ROWS(float)
LA_ATT_ROWS(double)

/* cache [B, H, P, D] and new [B, H, Sn, D] (dense) -> dense [B, H, P + Sn, D] */
static void la_concat_seq(char *dst, const char *past, const char *cur, int64_t BH, int64_t P, int64_t Sn, int64_t D,
                          int64_t ks) {
    for (int64_t x = 0; x < BH; x++) {
        if (P > 0) memcpy(dst + x * (P + Sn) * D * ks, past + x * P * D * ks, (size_t)(P * D * ks));
        if (Sn > 0) memcpy(dst + (x * (P + Sn) + P) * D * ks, cur + x * Sn * D * ks, (size_t)(Sn * D * ks));
    }
}

static void la_attention(void *ctx, const char *sym, int t, int64_t qr, void *qd, int64_t kr, void *kd, int64_t vr,
                         void *vd, int64_t mr, void *md, int64_t pkr, void *pkd, int64_t pvr, void *pvd, int64_t yr,
                         void *yd, int64_t ykr, void *ykd, int64_t yvr, void *yvd, int64_t qkr, void *qkd,
                         int64_t is_causal, double scale, double softcap, int64_t mode, int64_t q_num_heads,
                         int64_t kv_num_heads, int mask_t) {
    if (hipep_has_error(ctx)) return;
    int64_t es = la_esize(t);
    hipep_view_t q0 = hipep_view(qr, qd, es), k0 = hipep_view(kr, kd, es), v0 = hipep_view(vr, vd, es);
    hipep_view_t y0 = hipep_view(yr, yd, es);
    hipep_view_t q, k, v, y;
    int64_t sq[4], tq[4], sk[4], tk[4], sv[4], tv[4], sy[4], ty[4];
    if (!la_view4(ctx, sym, "Q", &q0, q_num_heads, sq, tq, &q) || !la_view4(ctx, sym, "K", &k0, kv_num_heads, sk, tk, &k) ||
        !la_view4(ctx, sym, "V", &v0, kv_num_heads, sv, tv, &v))
        return;
    int64_t B = q.sizes[0], qH = q.sizes[1], S = q.sizes[2], D = q.sizes[3];
    int64_t kvH = k.sizes[1], Skv = k.sizes[2], Dv = v.sizes[3], P = 0;
    if (!la_view4(ctx, sym, "Y", &y0, qH, sy, ty, &y)) return;
    hipep_view_t pk, pv;
    if (pkd) {
        pk = hipep_view(pkr, pkd, es);
        pv = hipep_view(pvr, pvd, es);
        if (pkr != 4 || pvr != 4 || pk.sizes[0] != B || pk.sizes[1] != kvH || pk.sizes[3] != D ||
            pv.sizes[0] != B || pv.sizes[1] != kvH || pv.sizes[2] != pk.sizes[2] || pv.sizes[3] != Dv) {
            hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: past_key / past_value do not match K and V", sym);
            return;
        }
        P = pk.sizes[2];
    }
    int64_t L = P + Skv;
    if (k.sizes[0] != B || v.sizes[0] != B || k.sizes[3] != D || v.sizes[1] != kvH || v.sizes[2] != Skv ||
        kvH <= 0 || qH % kvH != 0 || y.sizes[0] != B || y.sizes[1] != qH || y.sizes[2] != S || y.sizes[3] != Dv) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED,
                     "%s: shapes do not match (Q [%lld, %lld, %lld, %lld], K heads %lld seq %lld size %lld, V size %lld)",
                     sym, (long long)B, (long long)qH, (long long)S, (long long)D, (long long)kvH, (long long)Skv,
                     (long long)k.sizes[3], (long long)Dv);
        return;
    }
    la_att_t job;
    memset(&job, 0, sizeof job);
    if (md) { /* broadcast strides of the mask against [B, qH, S, L] */
        hipep_view_t m = hipep_view(mr, md, la_esize(mask_t));
        const int64_t full[4] = {B, qH, S, L};
        if (mr > 4) goto badmask;
        job.mask_len = L;
        for (int64_t d = 0; d < 4; d++) {
            int64_t md_ = d - (4 - mr);
            if (md_ < 0) continue;
            if (d == 3 && m.sizes[md_] != 1 && m.sizes[md_] < L) job.mask_len = m.sizes[md_]; /* padded with -inf */
            else if (m.sizes[md_] != 1 && m.sizes[md_] != full[d]) goto badmask;
            job.ms[d] = m.sizes[md_] == 1 ? 0 : m.strides[md_];
        }
        job.mask = m.data;
        job.mask_type = mask_t;
    }
    {
        int kind = t == LA_F64 ? LA_F64 : LA_F32;
        int64_t ks = la_ksize(kind);
        void *Q = la_alloc(ctx, sym, q.numel * ks), *K = la_alloc(ctx, sym, k.numel * ks);
        void *V = la_alloc(ctx, sym, v.numel * ks), *Y = la_alloc(ctx, sym, B * qH * S * Dv * ks);
        void *KT = NULL, *VT = NULL, *PK = NULL, *PV = NULL, *QK = NULL, *KX = NULL;
        if (!Q || !K || !V || !Y) goto free_all;
        la_gather_into(&q, t, kind, Q);
        la_gather_into(&k, t, kind, K);
        la_gather_into(&v, t, kind, V);
        KT = K; VT = V;
        if (pkd) {
            PK = la_alloc(ctx, sym, pk.numel * ks);
            PV = la_alloc(ctx, sym, pv.numel * ks);
            KT = la_alloc(ctx, sym, B * kvH * L * D * ks);
            VT = la_alloc(ctx, sym, B * kvH * L * Dv * ks);
            if (!PK || !PV || !KT || !VT) goto free_all;
            la_gather_into(&pk, t, kind, PK);
            la_gather_into(&pv, t, kind, PV);
            la_concat_seq((char *)KT, (char *)PK, (char *)K, B * kvH, P, Skv, D, ks);
            la_concat_seq((char *)VT, (char *)PV, (char *)V, B * kvH, P, Skv, Dv, ks);
        }
        /* K as [B, kvH, D, L] for the score loops */
        KX = la_alloc(ctx, sym, B * kvH * L * D * ks);
        if (!KX) goto free_all;
        for (int64_t x = 0; x < B * kvH; x++)
            for (int64_t j = 0; j < L; j++)
                for (int64_t d = 0; d < D; d++) {
                    if (kind == LA_F64) ((double *)KX)[(x * D + d) * L + j] = ((const double *)KT)[(x * L + j) * D + d];
                    else ((float *)KX)[(x * D + d) * L + j] = ((const float *)KT)[(x * L + j) * D + d];
                }
        if (qkd) {
            QK = la_alloc(ctx, sym, B * qH * S * L * ks);
            if (!QK) goto free_all;
        }
        job.ctx = ctx; job.sym = sym;
        job.q = Q; job.k = KX; job.v = VT; job.y = Y; job.qk = QK;
        job.B = B; job.qH = qH; job.kvH = kvH; job.S = S; job.L = L; job.D = D; job.Dv = Dv;
        job.mode = mode; job.causal = is_causal; job.past = P;
        job.scale = scale != scale ? 1.0 / sqrt((double)D) : scale;
        job.softcap = softcap;
        void (*rows)(void *, int64_t, int64_t) = kind == LA_F64 ? la_att_rows_double : la_att_rows_float;
        if (S * L * (D + Dv) >= 65536) { /* big heads: QK^T and P x V through BLAS, one head at a time */
            job.scores = la_alloc(ctx, sym, S * L * ks);
            if (!job.scores) goto free_all;
            for (int64_t bh = 0; bh < B * qH && !hipep_has_error(ctx); bh++) {
                int64_t b = bh / qH, h = bh % qH, kv = b * kvH + h / (qH / kvH);
                if (!la_gemm_core(ctx, sym, kind, S, L, D, job.scale, (char *)Q + bh * S * D * ks, D, 1,
                                  (char *)KX + kv * D * L * ks, L, 1, 0.0, job.scores, L))
                    break;
                job.r0 = bh * S;
                hipep_parallel_for(ctx, S, la_grain(8 * L), rows, &job);
                if (!la_gemm_core(ctx, sym, kind, S, Dv, L, 1.0, job.scores, L, 1, (char *)VT + kv * L * Dv * ks, Dv,
                                  1, 0.0, (char *)Y + bh * S * Dv * ks, Dv))
                    break;
            }
            free(job.scores);
        } else {
            hipep_parallel_for(ctx, B * qH * S, la_grain(2 * L * (D + Dv)), rows, &job);
        }
        la_scatter(Y, kind, &y, t);
        if (ykd) {
            hipep_view_t ok = hipep_view(ykr, ykd, es), ov = hipep_view(yvr, yvd, es);
            if (ok.numel != B * kvH * L * D || ov.numel != B * kvH * L * Dv) {
                hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: present_key / present_value have the wrong size", sym);
                goto free_all;
            }
            la_scatter(KT, kind, &ok, t);
            la_scatter(VT, kind, &ov, t);
        }
        if (qkd) {
            hipep_view_t oq = hipep_view(qkr, qkd, es);
            if (oq.numel != B * qH * S * L) {
                hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: qk_matmul_output has the wrong size", sym);
                goto free_all;
            }
            la_scatter(QK, kind, &oq, t);
        }
    free_all:
        if (KT != K) free(KT);
        if (VT != V) free(VT);
        free(Q); free(K); free(V); free(Y); free(PK); free(PV); free(QK); free(KX);
    }
    return;
badmask:
    hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: attn_mask (rank %lld) does not broadcast to [%lld, %lld, %lld, %lld]",
                 sym, (long long)mr, (long long)B, (long long)qH, (long long)S, (long long)L);
}

#define LA_ATT_IN3 int64_t qr, void *q, int64_t kr, void *k, int64_t vr, void *v
#define LA_ATT_IN4 LA_ATT_IN3, int64_t mr, void *m
#define LA_ATT_IN5 LA_ATT_IN3, int64_t pkr, void *pk, int64_t pvr, void *pv
#define LA_ATT_IN6 LA_ATT_IN4, int64_t pkr, void *pk, int64_t pvr, void *pv
#define LA_ATT_A3 qr, q, kr, k, vr, v, 0, NULL, 0, NULL, 0, NULL
#define LA_ATT_A4 qr, q, kr, k, vr, v, mr, m, 0, NULL, 0, NULL
#define LA_ATT_A5 qr, q, kr, k, vr, v, 0, NULL, pkr, pk, pvr, pv
#define LA_ATT_A6 qr, q, kr, k, vr, v, mr, m, pkr, pk, pvr, pv
#define LA_ATT_OUT1 int64_t yr, void *y
#define LA_ATT_OUT3 LA_ATT_OUT1, int64_t ykr, void *yk, int64_t yvr, void *yv
#define LA_ATT_OUT4 LA_ATT_OUT3, int64_t qkr, void *qk
#define LA_ATT_O1 yr, y, 0, NULL, 0, NULL, 0, NULL
#define LA_ATT_O3 yr, y, ykr, yk, yvr, yv, 0, NULL
#define LA_ATT_O4 yr, y, ykr, yk, yvr, yv, qkr, qk
#define LA_ATTENTION_IO(S, T, I, O)                                                                                \
    void hipep_attention_##S##_in##I##_out##O(void *ctx, LA_ATT_IN##I, LA_ATT_OUT##O, int64_t is_causal,          \
                                              double scale, double softcap, int64_t qk_matmul_output_mode,       \
                                              int64_t q_num_heads, int64_t kv_num_heads) {                       \
        la_attention(ctx, "hipep_attention_" #S "_in" #I "_out" #O, T, LA_ATT_A##I, LA_ATT_O##O, is_causal,       \
                     scale, softcap, qk_matmul_output_mode, q_num_heads, kv_num_heads, T);                       \
    }
#define LA_ATTENTION(S, T)                                                                                         \
    LA_ATTENTION_IO(S, T, 3, 1) LA_ATTENTION_IO(S, T, 3, 3) LA_ATTENTION_IO(S, T, 3, 4)                           \
    LA_ATTENTION_IO(S, T, 4, 1) LA_ATTENTION_IO(S, T, 4, 3) LA_ATTENTION_IO(S, T, 4, 4)                           \
    LA_ATTENTION_IO(S, T, 5, 1) LA_ATTENTION_IO(S, T, 5, 3) LA_ATTENTION_IO(S, T, 5, 4)                           \
    LA_ATTENTION_IO(S, T, 6, 1) LA_ATTENTION_IO(S, T, 6, 3) LA_ATTENTION_IO(S, T, 6, 4)
LA_ATTENTION(f32, LA_F32)
LA_ATTENTION(f64, LA_F64)
LA_ATTENTION(f16, LA_F16)
LA_ATTENTION(bf16, LA_BF16)

/* ------------------------------------------------------------------ rotary embedding */

typedef struct {
    int t;
    hipep_view_t x, y, c, s, p; /* x and y as 4-D [B, H, S, D] views */
    int has_pos, interleaved;
    int64_t H, S, D, rot;
    void *ctx;
    const char *sym;
} la_rot_t;

static void la_rot_body(void *arg, int64_t begin, int64_t end) {
    const la_rot_t *a = (const la_rot_t *)arg;
    int64_t half = a->rot / 2;
    const hipep_view_t *x = &a->x, *y = &a->y, *c = &a->c, *s = &a->s;
    for (int64_t r = begin; r < end; r++) { /* r = (b * H + h) * S + i */
        int64_t i = r % a->S, h = (r / a->S) % a->H, b = r / (a->S * a->H);
        int64_t xo = b * x->strides[0] + h * x->strides[1] + i * x->strides[2], xs = x->strides[3];
        int64_t yo = b * y->strides[0] + h * y->strides[1] + i * y->strides[2], ys = y->strides[3];
        int64_t co, so, cs = c->strides[c->rank - 1], ss = s->strides[s->rank - 1];
        if (a->has_pos) {
            int64_t pos = la_geti(LA_I64, a->p.data, b * a->p.strides[0] + i * a->p.strides[1]);
            if (pos < 0 || pos >= c->sizes[0] || pos >= s->sizes[0]) {
                hipep_errorf(a->ctx, HIPEP_ERR_INDEX_OUT_OF_RANGE, "%s: position id %lld outside [0, %lld)", a->sym,
                             (long long)pos, (long long)c->sizes[0]);
                return;
            }
            co = pos * c->strides[0];
            so = pos * s->strides[0];
        } else {
            co = b * c->strides[0] + i * c->strides[1];
            so = b * s->strides[0] + i * s->strides[1];
        }
        for (int64_t j = 0; j < half; j++) {
            double cv = hipep_load_d(a->t, c->data, co + j * cs), sv = hipep_load_d(a->t, s->data, so + j * ss);
            int64_t i1 = a->interleaved ? 2 * j : j, i2 = a->interleaved ? 2 * j + 1 : j + half;
            double x1 = hipep_load_d(a->t, x->data, xo + i1 * xs), x2 = hipep_load_d(a->t, x->data, xo + i2 * xs);
            la_putd(a->t, y->data, yo + i1 * ys, cv * x1 - sv * x2);
            la_putd(a->t, y->data, yo + i2 * ys, sv * x1 + cv * x2);
        }
        for (int64_t d = a->rot; d < a->D; d++) la_putd(a->t, y->data, yo + d * ys, hipep_load_d(a->t, x->data, xo + d * xs));
    }
}

static void la_rotary(void *ctx, const char *sym, int t, int64_t xr, void *xd, int64_t cr, void *cd, int64_t sr,
                      void *sd, int64_t pr, void *pd, int64_t yr, void *yd, int64_t interleaved,
                      int64_t rotary_embedding_dim, int64_t num_heads) {
    if (hipep_has_error(ctx)) return;
    int64_t es = la_esize(t);
    hipep_view_t x0 = hipep_view(xr, xd, es), y0 = hipep_view(yr, yd, es);
    la_rot_t a;
    memset(&a, 0, sizeof a);
    int64_t sx[4], tx[4], sy[4], ty[4];
    if (xr == 3 && num_heads <= 0) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: a 3-D X needs num_heads", sym);
        return;
    }
    if (!la_view4(ctx, sym, "X", &x0, num_heads, sx, tx, &a.x)) return;
    int same = yr == xr;
    for (int64_t d = 0; same && d < xr; d++) same = y0.sizes[d] == x0.sizes[d];
    if (!same) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: Y must have X's shape", sym);
        return;
    }
    if (!la_view4(ctx, sym, "Y", &y0, a.x.sizes[1], sy, ty, &a.y)) return;
    int64_t B = a.x.sizes[0];
    a.H = a.x.sizes[1]; a.S = a.x.sizes[2]; a.D = a.x.sizes[3];
    a.rot = rotary_embedding_dim > 0 ? rotary_embedding_dim : a.D;
    a.t = t; a.ctx = ctx; a.sym = sym; a.interleaved = interleaved != 0;
    a.c = hipep_view(cr, cd, es);
    a.s = hipep_view(sr, sd, es);
    a.has_pos = pd != NULL;
    if (a.rot % 2 != 0 || a.rot > a.D) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: rotary dimension %lld (head size %lld) must be even and fit",
                     sym, (long long)a.rot, (long long)a.D);
        return;
    }
    int64_t crank = a.has_pos ? 2 : 3;
    if (cr != crank || sr != crank || a.c.sizes[crank - 1] < a.rot / 2 || a.s.sizes[crank - 1] < a.rot / 2 ||
        (!a.has_pos && (a.c.sizes[0] != B || a.c.sizes[1] != a.S || a.s.sizes[0] != B || a.s.sizes[1] != a.S))) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: cos_cache / sin_cache (rank %lld) do not fit X", sym,
                     (long long)cr);
        return;
    }
    if (a.has_pos) {
        a.p = hipep_view(pr, pd, 8);
        if (pr != 2 || a.p.sizes[0] != B || a.p.sizes[1] != a.S) {
            hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: position_ids must be [%lld, %lld]", sym, (long long)B,
                         (long long)a.S);
            return;
        }
    }
    hipep_parallel_for(ctx, B * a.H * a.S, la_grain(a.D * 4), la_rot_body, &a);
}

#define LA_ROTARY(S, T)                                                                                            \
    void hipep_rotary_embedding_##S##_in3(void *ctx, int64_t xr, void *x, int64_t cr, void *c, int64_t sr,       \
                                          void *s, int64_t yr, void *y, int64_t interleaved,                    \
                                          int64_t rotary_embedding_dim, int64_t num_heads) {                    \
        la_rotary(ctx, "hipep_rotary_embedding_" #S "_in3", T, xr, x, cr, c, sr, s, 0, NULL, yr, y, interleaved,  \
                  rotary_embedding_dim, num_heads);                                                              \
    }                                                                                                             \
    void hipep_rotary_embedding_##S##_in4(void *ctx, int64_t xr, void *x, int64_t cr, void *c, int64_t sr,       \
                                          void *s, int64_t pr, void *p, int64_t yr, void *y, int64_t interleaved, \
                                          int64_t rotary_embedding_dim, int64_t num_heads) {                    \
        la_rotary(ctx, "hipep_rotary_embedding_" #S "_in4", T, xr, x, cr, c, sr, s, pr, p, yr, y, interleaved,    \
                  rotary_embedding_dim, num_heads);                                                              \
    }
LA_ROTARY(f32, LA_F32)
LA_ROTARY(f64, LA_F64)
LA_ROTARY(f16, LA_F16)
LA_ROTARY(bf16, LA_BF16)
