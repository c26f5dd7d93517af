/* Data movement: transpose, reshape, expand, concat, split, slice, pad, tile, (un)squeeze, flatten, shape, size, fill, range, trilu (resize is in kernels_index.c). */
/*
 * Kernels defined here (docs/kernel-abi.md; <t> = f32 f64 f16 bf16 i1 i8 i16 i32 i64 ui8 ui16 ui32 ui64
 * unless said otherwise; 1229 symbols in all, every variant stamped out by the macros at the end):
 *   hipep_transpose_<t>                         perm absent = reversed dimensions
 *   hipep_reshape_<t>[_p_shape]                 the destination has the final sizes; the shape (0 copies,
 *                                               -1 infers, allowzero) and the element counts are checked
 *   hipep_expand_<t>[_p_shape]                  broadcast copy into the destination
 *   hipep_concat_<t>_in<N>                      N = 1..16
 *   hipep_split_<t>_out<M>[_p_split]            M = 1..16; the destinations' sizes are authoritative
 *                                               (a given split must agree with them)
 *   hipep_slice_<t>[_p_starts][_p_ends][_p_axes][_p_steps]   all 16 combinations; ONNX clamping (negative
 *                                               steps, INT64_MIN/MAX ends); the result must fit the destination
 *   hipep_pad_<t>[_p_pads][_p_axes][_p_value]   all 8 combinations; modes constant/reflect/edge/wrap;
 *                                               negative pads crop first, then the rest pads (ONNX reference)
 *   hipep_tile_<t>[_p_repeats]
 *   hipep_squeeze_<t>[_p_axes], hipep_unsqueeze_<t>[_p_axes], hipep_flatten_<t>   copies into the destination
 *   hipep_shape_<t>_to_i64 (hipep_shape_i64), hipep_size_<t>_to_i64 (hipep_size_i64)
 *   hipep_fill_<t>[_p_shape]                    the destination's sizes are authoritative
 *   hipep_range_<t>                             t = f32 f64 i16 i32 i64; the destination's size is authoritative
 *   hipep_trilu_<t>[_p_k]
 * Data movement is implemented once per element size (1, 2, 4, 8 bytes) on one strided N-d copy core:
 * size-1 dimensions dropped and mergeable ones coalesced, memcpy of contiguous runs (an inline loop
 * for short rows), broadcast (stride 0) fills, 16x16 tiles with 4x4 register blocks when the source's
 * unit-stride dimension is not the destination's (transposes), 2 to 4 channels interleaved per
 * position (NCHW -> NHWC of an image), rows split over hipep_parallel_for in chunks of >= 32K elements.
 *
 * Not supported (each reports the error named, nothing is written):
 *   - parameter operands are read as i64 (f32 for resize's scales): the ABI does not carry their element
 *     type, so an i32 operand (slice's starts/ends/axes/steps may be i32 in ONNX) is misread.
 *   - more than 64 values in a parameter, ranks above HIPEP_MAX_RANK: HIPEP_ERR_UNSUPPORTED.
 *   - shapes that do not follow from the inputs and parameters (destination sizes, element counts, split
 *     sizes, pads), a step of 0, repeated axes: HIPEP_ERR_INVALID_ARGUMENT; axes or perm entries out of
 *     range: HIPEP_ERR_INDEX_OUT_OF_RANGE (with the values).
 *   - reflect/edge/wrap padding of an empty (or fully cropped) dimension: HIPEP_ERR_INVALID_ARGUMENT.
 */
#include "hipep_runtime.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ================================================================== strided N-d copy core */

#define DM_MAXD (2 * HIPEP_MAX_RANK + 2) /* tile doubles the dimensions */
#define DM_GRAIN 32768                   /* elements per parallel chunk, at least */
#define DM_TILE 16                       /* transpose tile edge */
#define DM_MAXP 64                       /* values read from a parameter operand, at most */

typedef struct {
    int n;
    int64_t size[DM_MAXD];
    int64_t ss[DM_MAXD]; /* source strides, elements (0: broadcast, negative: reversed) */
    int64_t ds[DM_MAXD]; /* destination strides, elements */
    const char *src;
    char *dst;
    int64_t es;
    int kdim;       /* blocked transpose: the source's unit-stride dimension; -1 for row mode */
    int64_t ktiles; /* blocked transpose: tiles along kdim */
} dm_plan_t;

static inline int64_t dm_grain(int64_t per_item) {
    return per_item >= DM_GRAIN ? 1 : DM_GRAIN / (per_item < 1 ? 1 : per_item);
}

#define DM_RUN_T(N, T)                                                                                       \
    static void dm_run_##N(char *dp, const char *sp, int64_t m, int64_t ds, int64_t ss) {                  \
        T *restrict d = (T *)dp;                                                                             \
        const T *restrict s = (const T *)sp;                                                                 \
        if (ss == 0) {                                                                                       \
            T v = s[0];                                                                                      \
            if (ds == 1) {                                                                                   \
                for (int64_t i = 0; i < m; i++) d[i] = v;                                                    \
            } else {                                                                                         \
                for (int64_t i = 0; i < m; i++) d[i * ds] = v;                                               \
            }                                                                                                \
        } else if (ds == 1) {                                                                                \
            for (int64_t i = 0; i < m; i++) d[i] = s[i * ss];                                                \
        } else {                                                                                             \
            for (int64_t i = 0; i < m; i++) d[i * ds] = s[i * ss];                                           \
        }                                                                                                    \
    }                                                                                                        \
    /* d[i * dk + j] = s[i + j * sl]: 4x4 blocks through registers, then the edges */                       \
    static void dm_tile_##N(char *dp, const char *sp, int64_t ni, int64_t nj, int64_t dk, int64_t sl) {   \
        T *restrict d = (T *)dp;                                                                             \
        const T *restrict s = (const T *)sp;                                                                 \
        int64_t i = 0;                                                                                       \
        for (; i + 4 <= ni; i += 4) {                                                                        \
            int64_t j = 0;                                                                                   \
            for (; j + 4 <= nj; j += 4) {                                                                    \
                const T *s0 = s + i + j * sl, *s1 = s0 + sl, *s2 = s1 + sl, *s3 = s2 + sl;                   \
                T a0 = s0[0], a1 = s0[1], a2 = s0[2], a3 = s0[3];                                            \
                T b0 = s1[0], b1 = s1[1], b2 = s1[2], b3 = s1[3];                                            \
                T c0 = s2[0], c1 = s2[1], c2 = s2[2], c3 = s2[3];                                            \
                T e0 = s3[0], e1 = s3[1], e2 = s3[2], e3 = s3[3];                                            \
                T *d0 = d + i * dk + j, *d1 = d0 + dk, *d2 = d1 + dk, *d3 = d2 + dk;                         \
                d0[0] = a0; d0[1] = b0; d0[2] = c0; d0[3] = e0;                                              \
                d1[0] = a1; d1[1] = b1; d1[2] = c1; d1[3] = e1;                                              \
                d2[0] = a2; d2[1] = b2; d2[2] = c2; d2[3] = e2;                                              \
                d3[0] = a3; d3[1] = b3; d3[2] = c3; d3[3] = e3;                                              \
            }                                                                                                \
            for (; j < nj; j++)                                                                              \
                for (int64_t q = i; q < i + 4; q++) d[q * dk + j] = s[q + j * sl];                           \
        }                                                                                                    \
        for (; i < ni; i++)                                                                                  \
            for (int64_t j = 0; j < nj; j++) d[i * dk + j] = s[i + j * sl];                                  \
    }                                                                                                        \
    static void dm_gather_##N(char *dp, int64_t ds, const char *sp, const int64_t *offs, int64_t m) {     \
        T *restrict d = (T *)dp;                                                                             \
        const T *restrict s = (const T *)sp;                                                                 \
        for (int64_t i = 0; i < m; i++) d[i * ds] = s[offs[i]];                                              \
    }                                                                                                        \
    static void dm_zero_##N(char *dp, int64_t m, int64_t ds) {                                             \
        T *restrict d = (T *)dp;                                                                             \
        for (int64_t i = 0; i < m; i++) d[i * ds] = 0;                                                       \
    }
DM_RUN_T(1, uint8_t)
DM_RUN_T(2, uint16_t)
DM_RUN_T(4, uint32_t)
DM_RUN_T(8, uint64_t)

/** Copies m elements, source stride ss (0: one value broadcast), destination stride ds. */
static inline void dm_run(char *d, const char *s, int64_t m, int64_t ds, int64_t ss, int64_t es) {
    if (m <= 0) return;
    if (ds == 1 && ss == 1) {
        memcpy(d, s, (size_t)(m * es));
        return;
    }
    switch (es) {
    case 1: dm_run_1(d, s, m, ds, ss); break;
    case 2: dm_run_2(d, s, m, ds, ss); break;
    case 4: dm_run_4(d, s, m, ds, ss); break;
    default: dm_run_8(d, s, m, ds, ss); break;
    }
}

/** d[i * ds] = s[offs[i]] for i < m (offsets in elements). */
static inline void dm_gather(char *d, int64_t ds, const char *s, const int64_t *offs, int64_t m, int64_t es) {
    switch (es) {
    case 1: dm_gather_1(d, ds, s, offs, m); break;
    case 2: dm_gather_2(d, ds, s, offs, m); break;
    case 4: dm_gather_4(d, ds, s, offs, m); break;
    default: dm_gather_8(d, ds, s, offs, m); break;
    }
}

/** Zeroes m elements (all-zero bytes is zero for every element type). */
static inline void dm_zero(char *d, int64_t m, int64_t ds, int64_t es) {
    if (m <= 0) return;
    if (ds == 1) {
        memset(d, 0, (size_t)(m * es));
        return;
    }
    switch (es) {
    case 1: dm_zero_1(d, m, ds); break;
    case 2: dm_zero_2(d, m, ds); break;
    case 4: dm_zero_4(d, m, ds); break;
    default: dm_zero_8(d, m, ds); break;
    }
}

/** Drops size-1 dimensions and merges the dimensions both sides walk as one; returns the element count. */
static int64_t dm_simplify(dm_plan_t *p) {
    int m = 0;
    int64_t total = 1;
    for (int i = 0; i < p->n; i++) {
        total *= p->size[i];
        if (p->size[i] == 0) {
            p->n = 0;
            return 0;
        }
        if (p->size[i] == 1) continue;
        if (m > 0 && p->ss[m - 1] == p->ss[i] * p->size[i] && p->ds[m - 1] == p->ds[i] * p->size[i]) {
            p->size[m - 1] *= p->size[i];
            p->ss[m - 1] = p->ss[i];
            p->ds[m - 1] = p->ds[i];
        } else {
            p->size[m] = p->size[i];
            p->ss[m] = p->ss[i];
            p->ds[m] = p->ds[i];
            m++;
        }
    }
    p->n = m;
    return total;
}

static void dm_body_flat(void *arg, int64_t b, int64_t e) {
    const dm_plan_t *p = (const dm_plan_t *)arg;
    dm_run(p->dst + b * p->ds[0] * p->es, p->src + b * p->ss[0] * p->es, e - b, p->ds[0], p->ss[0], p->es);
}

/*
 * Rows of a 2-d plan that are contiguous on both sides and short (at most DM_SHORT_ROW bytes of
 * 4-byte words: a channels-last channel concat copies one C-vector per position): an inline loop,
 * vectorised by the JIT at the host's width. Through dm_run each row was a call to dm_run and one
 * to memcpy, whose size dispatch cost about what the copy did. no_builtin keeps the optimiser from
 * turning the loop back into a memcpy call.
 */
#define DM_SHORT_ROW 1024
static __attribute__((no_builtin("memcpy", "memmove"))) void dm_body_rows_short(void *arg, int64_t b, int64_t e) {
    const dm_plan_t *p = (const dm_plan_t *)arg;
    const int64_t words = p->size[1] * p->es / 4, dr = p->ds[0] * p->es, sr = p->ss[0] * p->es;
    for (int64_t row = b; row < e; row++) {
        uint32_t *restrict d = (uint32_t *)(p->dst + row * dr);
        const uint32_t *restrict s = (const uint32_t *)(p->src + row * sr);
        for (int64_t w = 0; w < words; w++) d[w] = s[w];
    }
}

/*
 * NCHW -> NHWC of 4-byte elements with 2 to 4 channels (an image input): the 2-d plan [P positions
 * (source stride 1, destination stride C), C channels (destination stride 1)]. Sixteen positions
 * at a time: one vector from each channel's plane, shuffled into C vectors of interleaved
 * positions (dm_weave_2 / _3 / _4: two shuffles of two sources per output vector, vpermt2d in the
 * AVX-512 build) and stored whole; the last positions of a chunk one by one. Written as a loop of
 * scalar copies, the prebuilt object stored one element at a time. light-squeezenet's 3 x 224 x 224
 * input: 17.5 us at one thread either way (the copy waits on memory there), 39-41 -> 33-34 us at
 * two (docs/BENCHMARKS.md, thirty-ninth round).
 */
typedef uint32_t dm_v16 __attribute__((vector_size(64)));
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

static inline dm_v16 dm_vld(const uint32_t *s) {
    dm_v16 v;
    memcpy(&v, s, sizeof v);
    return v;
}

static inline void dm_vst(uint32_t *d, dm_v16 v) {
    memcpy(d, &v, sizeof v);
}

/* out[2i + c] = channel c's position i (channels a, b) */
static inline void dm_weave_2(const dm_v16 *ch, uint32_t *d) {
    dm_vst(d, __builtin_shufflevector(ch[0], ch[1], 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23));
    dm_vst(d + 16, __builtin_shufflevector(ch[0], ch[1], 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31));
}

/* out[3i + c]: channels 0 and 1 into place first (-1: a lane the second shuffle fills), then 2 */
static inline void dm_weave_3(const dm_v16 *ch, uint32_t *d) {
    dm_v16 t0 = __builtin_shufflevector(ch[0], ch[1], 0, 16, -1, 1, 17, -1, 2, 18, -1, 3, 19, -1, 4, 20, -1, 5);
    dm_v16 t1 = __builtin_shufflevector(ch[0], ch[1], 21, -1, 6, 22, -1, 7, 23, -1, 8, 24, -1, 9, 25, -1, 10, 26);
    dm_v16 t2 = __builtin_shufflevector(ch[0], ch[1], -1, 11, 27, -1, 12, 28, -1, 13, 29, -1, 14, 30, -1, 15, 31, -1);
    dm_vst(d, __builtin_shufflevector(t0, ch[2], 0, 1, 16, 3, 4, 17, 6, 7, 18, 9, 10, 19, 12, 13, 20, 15));
    dm_vst(d + 16, __builtin_shufflevector(t1, ch[2], 0, 21, 2, 3, 22, 5, 6, 23, 8, 9, 24, 11, 12, 25, 14, 15));
    dm_vst(d + 32, __builtin_shufflevector(t2, ch[2], 26, 1, 2, 27, 4, 5, 28, 7, 8, 29, 10, 11, 30, 13, 14, 31));
}

/* out[4i + c]: channels 0 and 1, channels 2 and 3, then the two merged */
static inline void dm_weave_4(const dm_v16 *ch, uint32_t *d) {
#define DM_W4(Q)                                                                                                       \
    do {                                                                                                               \
        dm_v16 lo = __builtin_shufflevector(ch[0], ch[1], 4 * Q, 16 + 4 * Q, -1, -1, 4 * Q + 1, 17 + 4 * Q, -1, -1,    \
                                            4 * Q + 2, 18 + 4 * Q, -1, -1, 4 * Q + 3, 19 + 4 * Q, -1, -1);             \
        dm_v16 hi = __builtin_shufflevector(ch[2], ch[3], -1, -1, 4 * Q, 16 + 4 * Q, -1, -1, 4 * Q + 1, 17 + 4 * Q,    \
                                            -1, -1, 4 * Q + 2, 18 + 4 * Q, -1, -1, 4 * Q + 3, 19 + 4 * Q);             \
        dm_vst(d + 16 * Q, __builtin_shufflevector(lo, hi, 0, 1, 18, 19, 4, 5, 22, 23, 8, 9, 26, 27, 12, 13, 30, 31)); \
    } while (0)
    DM_W4(0);
    DM_W4(1);
    DM_W4(2);
    DM_W4(3);
#undef DM_W4
}

#define DM_INTERLEAVE(C)                                                                                               \
    static void dm_body_interleave##C(void *arg, int64_t b, int64_t e) {                                               \
        const dm_plan_t *p = (const dm_plan_t *)arg;                                                                   \
        const int64_t cs = p->ss[1];                                                                                   \
        uint32_t *restrict d = (uint32_t *)p->dst;                                                                     \
        const uint32_t *restrict s = (const uint32_t *)p->src;                                                         \
        int64_t j = b;                                                                                                 \
        for (; j + 16 <= e; j += 16) {                                                                                 \
            dm_v16 ch[C];                                                                                              \
            for (int c = 0; c < C; c++) ch[c] = dm_vld(s + c * cs + j);                                                \
            dm_weave_##C(ch, d + j * C);                                                                               \
        }                                                                                                              \
        for (; j < e; j++)                                                                                             \
            for (int64_t c = 0; c < C; c++) d[j * C + c] = s[c * cs + j];                                              \
    }
DM_INTERLEAVE(2)
DM_INTERLEAVE(3)
DM_INTERLEAVE(4)
#pragma GCC diagnostic pop

static void dm_body_rows(void *arg, int64_t b, int64_t e) {
    const dm_plan_t *p = (const dm_plan_t *)arg;
    int L = p->n - 1;
    int64_t es = p->es, m = p->size[L], dsl = p->ds[L], ssl = p->ss[L];
    int64_t idx[DM_MAXD];
    int64_t so = 0, dof = 0, r = b;
    for (int d = L - 1; d >= 0; d--) {
        idx[d] = r % p->size[d];
        r /= p->size[d];
        so += idx[d] * p->ss[d];
        dof += idx[d] * p->ds[d];
    }
    for (int64_t row = b; row < e; row++) {
        dm_run(p->dst + dof * es, p->src + so * es, m, dsl, ssl, es);
        for (int d = L - 1; d >= 0; d--) {
            so += p->ss[d];
            dof += p->ds[d];
            if (++idx[d] < p->size[d]) break;
            so -= p->ss[d] * p->size[d];
            dof -= p->ds[d] * p->size[d];
            idx[d] = 0;
        }
    }
}

static void dm_body_blocked(void *arg, int64_t b, int64_t e) {
    const dm_plan_t *p = (const dm_plan_t *)arg;
    int L = p->n - 1, k = p->kdim;
    int64_t es = p->es, nk = p->size[k], nl = p->size[L], dk = p->ds[k], sl = p->ss[L];
    for (int64_t item = b; item < e; item++) {
        int64_t t = item % p->ktiles, r = item / p->ktiles;
        int64_t so = 0, dof = 0;
        for (int d = L - 1; d >= 0; d--) {
            if (d == k) continue;
            int64_t i = r % p->size[d];
            r /= p->size[d];
            so += i * p->ss[d];
            dof += i * p->ds[d];
        }
        int64_t i0 = t * DM_TILE, ni = nk - i0 < DM_TILE ? nk - i0 : DM_TILE;
        for (int64_t j0 = 0; j0 < nl; j0 += DM_TILE) {
            int64_t nj = nl - j0 < DM_TILE ? nl - j0 : DM_TILE;
            char *d = p->dst + (dof + i0 * dk + j0) * es;
            const char *s = p->src + (so + i0 + j0 * sl) * es;
            switch (es) {
            case 1: dm_tile_1(d, s, ni, nj, dk, sl); break;
            case 2: dm_tile_2(d, s, ni, nj, dk, sl); break;
            case 4: dm_tile_4(d, s, ni, nj, dk, sl); break;
            default: dm_tile_8(d, s, ni, nj, dk, sl); break;
            }
        }
    }
}

/** Runs the copy the plan describes (it is simplified in place). */
static void dm_exec(void *ctx, dm_plan_t *p) {
    int64_t total = dm_simplify(p);
    if (total == 0) return;
    if (p->n == 0) {
        memcpy(p->dst, p->src, (size_t)p->es);
        return;
    }
    int L = p->n - 1;
    p->kdim = -1;
    if (p->n >= 2 && p->ds[L] == 1 && p->ss[L] != 1 && p->ss[L] != 0 && p->size[L] >= 4) {
        for (int k = 0; k < L; k++) {
            if (p->ss[k] == 1 && p->size[k] >= 4) {
                p->kdim = k;
                break;
            }
        }
    }
    if (p->kdim >= 0) {
        int64_t nk = p->size[p->kdim];
        p->ktiles = (nk + DM_TILE - 1) / DM_TILE;
        int64_t items = total / (nk * p->size[L]) * p->ktiles;
        hipep_parallel_for(ctx, items, dm_grain(DM_TILE * p->size[L]), dm_body_blocked, p);
    } else if (p->n == 1) {
        hipep_parallel_for(ctx, p->size[0], DM_GRAIN, dm_body_flat, p);
    } else if (p->n == 2 && p->es == 4 && p->size[1] >= 2 && p->size[1] <= 4 && p->ds[1] == 1 && p->ss[0] == 1 &&
               p->ds[0] == p->size[1]) {
        static void (*const interleave[])(void *, int64_t, int64_t) = {dm_body_interleave2, dm_body_interleave3,
                                                                         dm_body_interleave4};
        hipep_parallel_for(ctx, p->size[0], DM_GRAIN / p->size[1], interleave[p->size[1] - 2], p);
    } else {
        /* a short innermost dimension the interleave above does not take (NCHW -> NHWC with C = 3 of
         * other element sizes): make a long unit-stride one the inner loop */
        int best = L;
        for (int k = 0; k < L; k++) {
            if ((p->ss[k] == 1 || p->ds[k] == 1) && p->size[k] >= 4 * p->size[best]) best = k;
        }
        if (best != L) {
            int64_t sz = p->size[best], s = p->ss[best], d = p->ds[best];
            for (int k = best; k < L; k++) {
                p->size[k] = p->size[k + 1];
                p->ss[k] = p->ss[k + 1];
                p->ds[k] = p->ds[k + 1];
            }
            p->size[L] = sz;
            p->ss[L] = s;
            p->ds[L] = d;
        }
        int short_rows = p->n == 2 && p->ds[1] == 1 && p->ss[1] == 1 && p->es % 4 == 0 &&
                         p->size[1] * p->es <= DM_SHORT_ROW;
        hipep_parallel_for(ctx, total / p->size[L], dm_grain(p->size[L]), short_rows ? dm_body_rows_short : dm_body_rows,
                           p);
    }
}

static inline void dm_plan_init(dm_plan_t *p, int n, const char *src, char *dst, int64_t es) {
    p->n = n;
    p->src = src;
    p->dst = dst;
    p->es = es;
    p->kdim = -1;
    p->ktiles = 0;
}

/** Dense row-major strides of `sizes`. */
static inline void dm_dense_strides(int64_t rank, const int64_t *sizes, int64_t *out) {
    int64_t s = 1;
    for (int64_t i = rank - 1; i >= 0; i--) {
        out[i] = s;
        s *= sizes[i];
    }
}

/** Copies x into y element by element in row-major order (equal element counts; shapes may differ). */
static void dm_copy_linear(void *ctx, const char *sym, const hipep_view_t *x, const hipep_view_t *y) {
    if (x->numel == 0) return;
    int xc = hipep_is_contiguous(x), yc = hipep_is_contiguous(y);
    if (xc && yc && x->data == y->data) return; /* in place */
    dm_plan_t p;
    if (yc) {
        dm_plan_init(&p, (int)x->rank, x->data, y->data, x->elem_size);
        dm_dense_strides(x->rank, x->sizes, p.ds);
        for (int64_t i = 0; i < x->rank; i++) {
            p.size[i] = x->sizes[i];
            p.ss[i] = x->strides[i];
        }
        dm_exec(ctx, &p);
    } else if (xc) {
        dm_plan_init(&p, (int)y->rank, x->data, y->data, x->elem_size);
        dm_dense_strides(y->rank, y->sizes, p.ss);
        for (int64_t i = 0; i < y->rank; i++) {
            p.size[i] = y->sizes[i];
            p.ds[i] = y->strides[i];
        }
        dm_exec(ctx, &p);
    } else {
        char *tmp = (char *)malloc((size_t)(x->numel * x->elem_size));
        if (!tmp) {
            hipep_errorf(ctx, HIPEP_ERR_OUT_OF_MEMORY, "%s: no memory for a %lld-element staging copy", sym,
                         (long long)x->numel);
            return;
        }
        hipep_view_t t = *x;
        int64_t st[HIPEP_MAX_RANK];
        dm_dense_strides(x->rank, x->sizes, st);
        t.data = tmp;
        t.strides = st;
        dm_copy_linear(ctx, sym, x, &t);
        dm_copy_linear(ctx, sym, &t, y);
        free(tmp);
    }
}

/* ================================================================== small helpers */

static inline int dm_rank_ok(void *ctx, const char *sym, int64_t rank) {
    if (rank < 0 || rank > HIPEP_MAX_RANK) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: rank %lld is above the supported %d", sym, (long long)rank,
                     HIPEP_MAX_RANK);
        return 0;
    }
    return 1;
}

/** Normalises an axis against rank; reports and returns -1 when out of range. */
static inline int64_t dm_axis(void *ctx, const char *sym, int64_t axis, int64_t rank) {
    int64_t a = axis < 0 ? axis + rank : axis;
    if (a < 0 || a >= rank) {
        hipep_errorf(ctx, HIPEP_ERR_INDEX_OUT_OF_RANGE, "%s: axis %lld is out of range for rank %lld", sym,
                     (long long)axis, (long long)rank);
        return -1;
    }
    return a;
}

/**
 * Reads the i64 values of a parameter operand (rank 0 or 1, any stride) into out[DM_MAXP];
 * returns the count, or -1 after reporting an error.
 */
static int64_t dm_param(void *ctx, const char *sym, const char *name, int64_t rank, void *desc, int64_t *out) {
    if (rank > 1) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: the '%s' operand must be 1-D, got rank %lld", sym, name,
                     (long long)rank);
        return -1;
    }
    hipep_view_t v = hipep_view(rank, desc, 8);
    if (v.numel > DM_MAXP) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: the '%s' operand has %lld values (at most %d supported)", sym,
                     name, (long long)v.numel, DM_MAXP);
        return -1;
    }
    int64_t st = rank == 1 ? v.strides[0] : 0;
    const int64_t *d = (const int64_t *)v.data;
    for (int64_t i = 0; i < v.numel; i++) out[i] = d[i * st];
    return v.numel;
}

/** A parameter from its attribute (ptr, len; absent: NULL, -1) or, when desc != NULL, its operand; len -1 when absent. */
static int dm_param_or_attr(void *ctx, const char *sym, const char *name, int64_t rank, void *desc,
                            const int64_t *attr, int64_t attr_len, int64_t *out, int64_t *len) {
    if (desc) {
        *len = dm_param(ctx, sym, name, rank, desc, out);
        return *len >= 0;
    }
    if (!attr || attr_len < 0) {
        *len = -1;
        return 1;
    }
    if (attr_len > DM_MAXP) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: '%s' has %lld values (at most %d supported)", sym, name,
                     (long long)attr_len, DM_MAXP);
        return 0;
    }
    memcpy(out, attr, (size_t)attr_len * sizeof(int64_t));
    *len = attr_len;
    return 1;
}

static inline int dm_same_count(void *ctx, const char *sym, const hipep_view_t *x, const hipep_view_t *y) {
    if (x->numel != y->numel) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT,
                     "%s: the destination has %lld elements but the input has %lld", sym, (long long)y->numel,
                     (long long)x->numel);
        return 0;
    }
    return 1;
}

/* ================================================================== transpose */

static void dm_transpose(void *ctx, const char *sym, int64_t es, int64_t xr, void *xd, int64_t yr, void *yd,
                         const int64_t *perm, int64_t plen) {
    if (!dm_rank_ok(ctx, sym, xr)) return;
    hipep_view_t x = hipep_view(xr, xd, es), y = hipep_view(yr, yd, es);
    if (xr != yr || (perm && plen >= 0 && plen != xr)) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: ranks differ (input %lld, destination %lld, perm %lld)",
                     sym, (long long)xr, (long long)yr, (long long)plen);
        return;
    }
    int64_t pm[HIPEP_MAX_RANK];
    int seen[HIPEP_MAX_RANK] = {0};
    for (int64_t i = 0; i < xr; i++) {
        int64_t a = (perm && plen >= 0) ? perm[i] : xr - 1 - i;
        if (a < 0) a += xr;
        if (a < 0 || a >= xr || seen[a]) {
            hipep_errorf(ctx, HIPEP_ERR_INDEX_OUT_OF_RANGE, "%s: perm is not a permutation (entry %lld = %lld)",
                         sym, (long long)i, (long long)(perm ? perm[i] : a));
            return;
        }
        seen[a] = 1;
        pm[i] = a;
    }
    dm_plan_t p;
    dm_plan_init(&p, (int)xr, x.data, y.data, es);
    for (int64_t i = 0; i < xr; i++) {
        if (y.sizes[i] != x.sizes[pm[i]]) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT,
                         "%s: destination dimension %lld is %lld, expected %lld (input dimension %lld)", sym,
                         (long long)i, (long long)y.sizes[i], (long long)x.sizes[pm[i]], (long long)pm[i]);
            return;
        }
        p.size[i] = y.sizes[i];
        p.ss[i] = x.strides[pm[i]];
        p.ds[i] = y.strides[i];
    }
    dm_exec(ctx, &p);
}

/* ================================================================== reshape, flatten, squeeze, unsqueeze */

static void dm_reshape(void *ctx, const char *sym, int64_t es, int64_t xr, void *xd, int64_t sr, void *sd,
                       int64_t yr, void *yd, const int64_t *shape, int64_t slen, int64_t allowzero) {
    if (!dm_rank_ok(ctx, sym, xr) || !dm_rank_ok(ctx, sym, yr)) return;
    hipep_view_t x = hipep_view(xr, xd, es), y = hipep_view(yr, yd, es);
    int64_t s[DM_MAXP], n;
    if (!dm_param_or_attr(ctx, sym, "shape", sr, sd, shape, slen, s, &n)) return;
    if (n >= 0) {
        if (n != yr) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: the shape has %lld values for a rank-%lld destination",
                         sym, (long long)n, (long long)yr);
            return;
        }
        for (int64_t i = 0; i < n; i++) {
            int64_t want = s[i];
            if (want == 0 && !allowzero) {
                if (i >= xr) {
                    hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT,
                                 "%s: shape[%lld] = 0 copies a dimension the rank-%lld input does not have", sym,
                                 (long long)i, (long long)xr);
                    return;
                }
                want = x.sizes[i];
            }
            if (want != -1 && want != y.sizes[i]) {
                hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT,
                             "%s: the shape asks for %lld in dimension %lld but the destination has %lld", sym,
                             (long long)want, (long long)i, (long long)y.sizes[i]);
                return;
            }
        }
    }
    if (!dm_same_count(ctx, sym, &x, &y)) return;
    dm_copy_linear(ctx, sym, &x, &y);
}

static void dm_flatten(void *ctx, const char *sym, int64_t es, int64_t xr, void *xd, int64_t yr, void *yd,
                       int64_t axis) {
    if (!dm_rank_ok(ctx, sym, xr) || !dm_rank_ok(ctx, sym, yr)) return;
    hipep_view_t x = hipep_view(xr, xd, es), y = hipep_view(yr, yd, es);
    int64_t a = axis < 0 ? axis + xr : axis;
    if (a < 0 || a > xr) {
        hipep_errorf(ctx, HIPEP_ERR_INDEX_OUT_OF_RANGE, "%s: axis %lld is out of range for rank %lld", sym,
                     (long long)axis, (long long)xr);
        return;
    }
    int64_t outer = 1;
    for (int64_t i = 0; i < a; i++) outer *= x.sizes[i];
    if (yr != 2 || y.sizes[0] != outer) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT,
                     "%s: the destination must be 2-D with %lld rows (rank %lld, first dimension %lld)", sym,
                     (long long)outer, (long long)yr, (long long)(yr > 0 ? y.sizes[0] : -1));
        return;
    }
    if (!dm_same_count(ctx, sym, &x, &y)) return;
    dm_copy_linear(ctx, sym, &x, &y);
}

/* squeeze (unsq = 0) and unsqueeze (unsq = 1): checks the axes against the shapes, then copies. */
static void dm_squeeze(void *ctx, const char *sym, int64_t es, int unsq, int64_t xr, void *xd, int64_t ar,
                       void *ad, int64_t yr, void *yd, const int64_t *axes, int64_t alen) {
    if (!dm_rank_ok(ctx, sym, xr) || !dm_rank_ok(ctx, sym, yr)) return;
    hipep_view_t x = hipep_view(xr, xd, es), y = hipep_view(yr, yd, es);
    int64_t ax[DM_MAXP], n;
    if (!dm_param_or_attr(ctx, sym, "axes", ar, ad, axes, alen, ax, &n)) return;
    if (n >= 0) {
        int64_t big = unsq ? yr : xr, small = unsq ? xr : yr;
        const hipep_view_t *bv = unsq ? &y : &x;
        if (big - n != small) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: %lld axes do not take rank %lld to rank %lld", sym,
                         (long long)n, (long long)xr, (long long)yr);
            return;
        }
        int seen[HIPEP_MAX_RANK] = {0};
        for (int64_t i = 0; i < n; i++) {
            int64_t a = dm_axis(ctx, sym, ax[i], big);
            if (a < 0) return;
            if (seen[a] || bv->sizes[a] != 1) {
                hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: axis %lld is repeated or its dimension is %lld, not 1",
                             sym, (long long)ax[i], (long long)bv->sizes[a]);
                return;
            }
            seen[a] = 1;
        }
    }
    if (!dm_same_count(ctx, sym, &x, &y)) return;
    dm_copy_linear(ctx, sym, &x, &y);
}

/* ================================================================== expand, tile */

static void dm_expand(void *ctx, const char *sym, int64_t es, int64_t xr, void *xd, int64_t sr, void *sd,
                      int64_t yr, void *yd, const int64_t *shape, int64_t slen) {
    if (!dm_rank_ok(ctx, sym, xr) || !dm_rank_ok(ctx, sym, yr)) return;
    hipep_view_t x = hipep_view(xr, xd, es), y = hipep_view(yr, yd, es);
    int64_t s[DM_MAXP], n;
    if (!dm_param_or_attr(ctx, sym, "shape", sr, sd, shape, slen, s, &n)) return;
    if (xr > yr || n > yr) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT,
                     "%s: the rank-%lld destination is smaller than the input (rank %lld) or the shape (%lld values)",
                     sym, (long long)yr, (long long)xr, (long long)n);
        return;
    }
    for (int64_t i = 0; i < n; i++) { /* the shape broadcasts into the destination */
        int64_t yi = y.sizes[yr - n + i];
        if (s[i] != 1 && s[i] != yi) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT,
                         "%s: shape[%lld] = %lld does not broadcast to the destination's %lld", sym, (long long)i,
                         (long long)s[i], (long long)yi);
            return;
        }
    }
    dm_plan_t p;
    dm_plan_init(&p, (int)yr, x.data, y.data, es);
    int64_t off = yr - xr;
    for (int64_t i = 0; i < yr; i++) {
        p.size[i] = y.sizes[i];
        p.ds[i] = y.strides[i];
        p.ss[i] = 0;
        if (i >= off) {
            int64_t xs = x.sizes[i - off];
            if (xs != 1 && xs != y.sizes[i]) {
                hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT,
                             "%s: input dimension %lld (%lld) does not broadcast to the destination's %lld", sym,
                             (long long)(i - off), (long long)xs, (long long)y.sizes[i]);
                return;
            }
            if (xs != 1) p.ss[i] = x.strides[i - off];
        }
    }
    dm_exec(ctx, &p);
}

static void dm_tile(void *ctx, const char *sym, int64_t es, int64_t xr, void *xd, int64_t rr, void *rd,
                    int64_t yr, void *yd, const int64_t *repeats, int64_t rlen) {
    if (!dm_rank_ok(ctx, sym, xr)) return;
    hipep_view_t x = hipep_view(xr, xd, es), y = hipep_view(yr, yd, es);
    int64_t rep[DM_MAXP], n;
    if (!dm_param_or_attr(ctx, sym, "repeats", rr, rd, repeats, rlen, rep, &n)) return;
    if (yr != xr || (n >= 0 && n != xr)) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: ranks differ (input %lld, destination %lld, repeats %lld)",
                     sym, (long long)xr, (long long)yr, (long long)n);
        return;
    }
    dm_plan_t p;
    dm_plan_init(&p, (int)(2 * xr), x.data, y.data, es);
    for (int64_t i = 0; i < xr; i++) {
        int64_t xs = x.sizes[i], r;
        if (n >= 0) {
            r = rep[i];
            if (r < 0 || xs * r != y.sizes[i]) {
                hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT,
                             "%s: dimension %lld: %lld x repeats %lld is not the destination's %lld", sym,
                             (long long)i, (long long)xs, (long long)r, (long long)y.sizes[i]);
                return;
            }
        } else {
            if (xs == 0 ? y.sizes[i] != 0 : y.sizes[i] % xs != 0) {
                hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT,
                             "%s: destination dimension %lld (%lld) is not a multiple of the input's %lld", sym,
                             (long long)i, (long long)y.sizes[i], (long long)xs);
                return;
            }
            r = xs == 0 ? 0 : y.sizes[i] / xs;
        }
        p.size[2 * i] = r;
        p.ss[2 * i] = 0;
        p.ds[2 * i] = xs * y.strides[i];
        p.size[2 * i + 1] = xs;
        p.ss[2 * i + 1] = x.strides[i];
        p.ds[2 * i + 1] = y.strides[i];
    }
    dm_exec(ctx, &p);
}

/* ================================================================== concat, split */

/*
 * Concat (gather 1: the parts are inputs copied into `whole`) and split (gather 0: the parts are
 * destinations copied out of `whole`): checks that the parts fit `whole` along axis a (and the
 * sizes s[0..n) when n >= 0), then copies each part at its offset.
 */
static void dm_parts(void *ctx, const char *sym, int64_t es, const hipep_view_t *whole, int64_t a, int nparts,
                     const int64_t *ranks, void *const *descs, int gather, const int64_t *s, int64_t n) {
    const char *part = gather ? "input" : "destination", *other = gather ? "destination" : "input";
    int64_t wr = whole->rank, total = 0;
    for (int i = 0; i < nparts; i++) {
        hipep_view_t v = hipep_view(ranks[i], descs[i], es);
        if (ranks[i] != wr) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: %s %d has rank %lld, the %s %lld", sym, part, i,
                         (long long)ranks[i], other, (long long)wr);
            return;
        }
        for (int64_t d = 0; d < wr; d++) {
            if (d != a && v.sizes[d] != whole->sizes[d]) {
                hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: %s %d has %lld in dimension %lld, the %s %lld", sym,
                             part, i, (long long)v.sizes[d], (long long)d, other, (long long)whole->sizes[d]);
                return;
            }
        }
        if (n >= 0 && s[i] != v.sizes[a]) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: split[%d] = %lld but destination %d has %lld", sym, i,
                         (long long)s[i], i, (long long)v.sizes[a]);
            return;
        }
        total += v.sizes[a];
    }
    if (total != whole->sizes[a]) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: the %ss add up to %lld along axis %lld, the %s has %lld", sym,
                     part, (long long)total, (long long)a, other, (long long)whole->sizes[a]);
        return;
    }
    int64_t off = 0;
    for (int i = 0; i < nparts; i++) {
        hipep_view_t v = hipep_view(ranks[i], descs[i], es);
        char *at = whole->data + off * whole->strides[a] * es;
        dm_plan_t p;
        dm_plan_init(&p, (int)wr, gather ? v.data : at, gather ? at : v.data, es);
        for (int64_t d = 0; d < wr; d++) {
            p.size[d] = v.sizes[d];
            p.ss[d] = gather ? v.strides[d] : whole->strides[d];
            p.ds[d] = gather ? whole->strides[d] : v.strides[d];
        }
        dm_exec(ctx, &p);
        off += v.sizes[a];
    }
}

static void dm_concat(void *ctx, const char *sym, int64_t es, int nin, const int64_t *ranks, void *const *descs,
                      int64_t yr, void *yd, int64_t axis) {
    if (!dm_rank_ok(ctx, sym, yr)) return;
    hipep_view_t y = hipep_view(yr, yd, es);
    int64_t a = dm_axis(ctx, sym, axis, yr);
    if (a < 0) return;
    dm_parts(ctx, sym, es, &y, a, nin, ranks, descs, 1, NULL, -1);
}

static void dm_split(void *ctx, const char *sym, int64_t es, int64_t xr, void *xd, int64_t sr, void *sd, int nout,
                     const int64_t *ranks, void *const *descs, int64_t axis, const int64_t *split, int64_t slen) {
    if (!dm_rank_ok(ctx, sym, xr)) return;
    hipep_view_t x = hipep_view(xr, xd, es);
    int64_t a = dm_axis(ctx, sym, axis, xr);
    if (a < 0) return;
    int64_t s[DM_MAXP], n;
    if (!dm_param_or_attr(ctx, sym, "split", sr, sd, split, slen, s, &n)) return;
    if (n >= 0 && n != nout) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: 'split' has %lld sizes for %d destinations", sym,
                     (long long)n, nout);
        return;
    }
    dm_parts(ctx, sym, es, &x, a, nout, ranks, descs, 0, s, n);
}

/* ================================================================== slice */

/* operand (rank, desc) per parameter: starts, ends, axes, steps; desc NULL when it is the attribute */
static void dm_slice(void *ctx, const char *sym, int64_t es, int64_t xr, void *xd, const int64_t *pr,
                     void *const *pd, int64_t yr, void *yd, const int64_t *starts, int64_t starts_len,
                     const int64_t *ends, int64_t ends_len, const int64_t *axes, int64_t axes_len,
                     const int64_t *steps, int64_t steps_len) {
    if (!dm_rank_ok(ctx, sym, xr)) return;
    hipep_view_t x = hipep_view(xr, xd, es), y = hipep_view(yr, yd, es);
    static const char *names[4] = {"starts", "ends", "axes", "steps"};
    const int64_t *attrs[4] = {starts, ends, axes, steps};
    int64_t alens[4] = {starts_len, ends_len, axes_len, steps_len};
    int64_t v[4][DM_MAXP], n[4];
    for (int i = 0; i < 4; i++) {
        if (!dm_param_or_attr(ctx, sym, names[i], pr[i], pd[i], attrs[i], alens[i], v[i], &n[i])) return;
    }
    if (n[0] < 0 || n[1] != n[0] || (n[2] >= 0 && n[2] != n[0]) || (n[3] >= 0 && n[3] != n[0]) || n[0] > xr) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT,
                     "%s: starts, ends, axes and steps must have one length <= rank %lld (got %lld, %lld, %lld, %lld)",
                     sym, (long long)xr, (long long)n[0], (long long)n[1], (long long)n[2], (long long)n[3]);
        return;
    }
    if (yr != xr) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: the destination has rank %lld, the input %lld", sym,
                     (long long)yr, (long long)xr);
        return;
    }
    int64_t start[HIPEP_MAX_RANK], step[HIPEP_MAX_RANK], count[HIPEP_MAX_RANK];
    int seen[HIPEP_MAX_RANK] = {0};
    for (int64_t d = 0; d < xr; d++) {
        start[d] = 0;
        step[d] = 1;
        count[d] = x.sizes[d];
    }
    for (int64_t i = 0; i < n[0]; i++) {
        int64_t a = dm_axis(ctx, sym, n[2] >= 0 ? v[2][i] : i, xr);
        if (a < 0) return;
        if (seen[a]) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: axis %lld is repeated", sym, (long long)v[2][i]);
            return;
        }
        seen[a] = 1;
        int64_t st = n[3] >= 0 ? v[3][i] : 1, dim = x.sizes[a], s = v[0][i], e = v[1][i];
        if (st == 0) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: step 0 on axis %lld", sym, (long long)a);
            return;
        }
        if (s < 0) s += dim;
        if (e < 0) e += dim;
        int64_t c;
        if (dim == 0) {
            s = 0;
            c = 0;
        } else if (st > 0) {
            s = s < 0 ? 0 : s > dim ? dim : s;
            e = e < 0 ? 0 : e > dim ? dim : e;
            c = e > s ? (e - s - 1) / st + 1 : 0;
        } else {
            s = s < 0 ? 0 : s > dim - 1 ? dim - 1 : s;
            e = e < -1 ? -1 : e > dim - 1 ? dim - 1 : e;
            c = s > e ? (s - e - 1) / (-st) + 1 : 0;
        }
        start[a] = s;
        step[a] = st;
        count[a] = c;
    }
    dm_plan_t p;
    const char *src = x.data;
    for (int64_t d = 0; d < xr; d++) {
        if (count[d] != y.sizes[d]) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT,
                         "%s: the slice has %lld elements in dimension %lld, the destination %lld", sym,
                         (long long)count[d], (long long)d, (long long)y.sizes[d]);
            return;
        }
        if (count[d] > 0) src += start[d] * x.strides[d] * es;
    }
    dm_plan_init(&p, (int)xr, src, y.data, es);
    for (int64_t d = 0; d < xr; d++) {
        p.size[d] = count[d];
        p.ss[d] = x.strides[d] * step[d];
        p.ds[d] = y.strides[d];
    }
    dm_exec(ctx, &p);
}

/* ================================================================== pad */

typedef struct {
    const hipep_view_t *x, *y;
    const int64_t *const *map; /* per dimension: the source element offset of each destination index */
    int64_t lo, hi;            /* last dimension: [lo, hi) maps to consecutive source elements */
} dm_pad_gather_t;

static void dm_body_pad(void *arg, int64_t b, int64_t e) {
    const dm_pad_gather_t *g = (const dm_pad_gather_t *)arg;
    const hipep_view_t *x = g->x, *y = g->y;
    int64_t L = y->rank - 1, es = y->elem_size, m = y->sizes[L], dsl = y->strides[L];
    const int64_t *ml = g->map[L];
    int64_t idx[HIPEP_MAX_RANK];
    int64_t r = b;
    for (int64_t d = L - 1; d >= 0; d--) {
        idx[d] = r % y->sizes[d];
        r /= y->sizes[d];
    }
    for (int64_t row = b; row < e; row++) {
        int64_t so = 0, dof = 0;
        for (int64_t d = 0; d < L; d++) {
            so += g->map[d][idx[d]];
            dof += idx[d] * y->strides[d];
        }
        char *dp = y->data + dof * es;
        const char *sp = x->data + so * es;
        dm_gather(dp, dsl, sp, ml, g->lo, es);
        if (g->hi > g->lo)
            dm_run(dp + g->lo * dsl * es, sp + ml[g->lo] * es, g->hi - g->lo, dsl, x->strides[L], es);
        dm_gather(dp + g->hi * dsl * es, dsl, sp, ml + g->hi, m - g->hi, es);
        for (int64_t d = L - 1; d >= 0; d--) {
            if (++idx[d] < y->sizes[d]) break;
            idx[d] = 0;
        }
    }
}

static void dm_pad(void *ctx, const char *sym, int64_t es, int64_t xr, void *xd, int64_t pr, void *pdesc,
                   int64_t ar, void *adesc, int64_t yr, void *yd, const int64_t *pads, int64_t plen,
                   const int64_t *axes, int64_t alen, int64_t mode, const void *value) {
    if (!dm_rank_ok(ctx, sym, xr)) return;
    hipep_view_t x = hipep_view(xr, xd, es), y = hipep_view(yr, yd, es);
    int64_t pv[DM_MAXP], av[DM_MAXP], np, na;
    if (!dm_param_or_attr(ctx, sym, "pads", pr, pdesc, pads, plen, pv, &np)) return;
    if (!dm_param_or_attr(ctx, sym, "axes", ar, adesc, axes, alen, av, &na)) return;
    if (mode < 0 || mode > 3) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: mode %lld (expected 0..3: constant, reflect, edge, wrap)", sym,
                     (long long)mode);
        return;
    }
    if (yr != xr) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: the destination has rank %lld, the input %lld", sym,
                     (long long)yr, (long long)xr);
        return;
    }
    int64_t bgn[HIPEP_MAX_RANK] = {0}, end[HIPEP_MAX_RANK] = {0};
    if (na < 0) {
        if (np != 2 * xr) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: 'pads' has %lld values, expected %lld", sym,
                         (long long)np, (long long)(2 * xr));
            return;
        }
        for (int64_t d = 0; d < xr; d++) {
            bgn[d] = pv[d];
            end[d] = pv[xr + d];
        }
    } else {
        if (np != 2 * na) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: 'pads' has %lld values for %lld axes", sym,
                         (long long)np, (long long)na);
            return;
        }
        int seen[HIPEP_MAX_RANK] = {0};
        for (int64_t i = 0; i < na; i++) {
            int64_t a = dm_axis(ctx, sym, av[i], xr);
            if (a < 0) return;
            if (seen[a]) {
                hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: axis %lld is repeated", sym, (long long)av[i]);
                return;
            }
            seen[a] = 1;
            bgn[a] = pv[i];
            end[a] = pv[na + i];
        }
    }
    /* negative pads crop first; then [pb, pb + xc) of the destination is the cropped input */
    int64_t lo[HIPEP_MAX_RANK], xc[HIPEP_MAX_RANK], pb[HIPEP_MAX_RANK];
    int any_pad = 0;
    for (int64_t d = 0; d < xr; d++) {
        if (y.sizes[d] != x.sizes[d] + bgn[d] + end[d]) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT,
                         "%s: dimension %lld: %lld + pads %lld, %lld is not the destination's %lld", sym, (long long)d,
                         (long long)x.sizes[d], (long long)bgn[d], (long long)end[d], (long long)y.sizes[d]);
            return;
        }
        lo[d] = bgn[d] < 0 ? -bgn[d] : 0;
        xc[d] = x.sizes[d] - lo[d] - (end[d] < 0 ? -end[d] : 0);
        pb[d] = bgn[d] > 0 ? bgn[d] : 0;
        if (xc[d] < 0) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: pads %lld, %lld crop more than dimension %lld (%lld)",
                         sym, (long long)bgn[d], (long long)end[d], (long long)d, (long long)x.sizes[d]);
            return;
        }
        if (bgn[d] > 0 || end[d] > 0) any_pad = 1;
    }
    if (y.numel == 0) return;
    if (mode == 0 || !any_pad) {
        dm_plan_t p;
        if (any_pad) { /* the value everywhere, then the input over it */
            dm_plan_init(&p, (int)yr, (const char *)value, y.data, es);
            for (int64_t d = 0; d < yr; d++) {
                p.size[d] = y.sizes[d];
                p.ss[d] = 0;
                p.ds[d] = y.strides[d];
            }
            dm_exec(ctx, &p);
        }
        const char *src = x.data;
        char *dst = y.data;
        for (int64_t d = 0; d < xr; d++) {
            src += lo[d] * x.strides[d] * es;
            dst += pb[d] * y.strides[d] * es;
        }
        dm_plan_init(&p, (int)xr, src, dst, es);
        for (int64_t d = 0; d < xr; d++) {
            p.size[d] = xc[d];
            p.ss[d] = x.strides[d];
            p.ds[d] = y.strides[d];
        }
        dm_exec(ctx, &p);
        return;
    }
    if (xr == 0) {
        memcpy(y.data, x.data, (size_t)es);
        return;
    }
    int64_t tot = 0;
    for (int64_t d = 0; d < xr; d++) {
        if (xc[d] == 0) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: cannot pad dimension %lld of size 0 in mode %s", sym,
                         (long long)d, mode == 1 ? "reflect" : mode == 2 ? "edge" : "wrap");
            return;
        }
        tot += y.sizes[d];
    }
    int64_t *buf = (int64_t *)malloc((size_t)tot * sizeof(int64_t));
    if (!buf) {
        hipep_errorf(ctx, HIPEP_ERR_OUT_OF_MEMORY, "%s: no memory for the index maps", sym);
        return;
    }
    const int64_t *maps[HIPEP_MAX_RANK];
    int64_t *w = buf;
    for (int64_t d = 0; d < xr; d++) {
        int64_t n = xc[d];
        for (int64_t o = 0; o < y.sizes[d]; o++) {
            int64_t i = o - pb[d], j;
            if (i >= 0 && i < n) {
                j = i;
            } else if (mode == 2) {
                j = i < 0 ? 0 : n - 1;
            } else if (mode == 3) {
                j = ((i % n) + n) % n;
            } else if (n == 1) {
                j = 0;
            } else {
                int64_t per = 2 * (n - 1);
                j = ((i % per) + per) % per;
                if (j >= n) j = per - j;
            }
            w[o] = (lo[d] + j) * x.strides[d];
        }
        maps[d] = w;
        w += y.sizes[d];
    }
    dm_pad_gather_t g;
    int64_t L = xr - 1;
    g.x = &x;
    g.y = &y;
    g.map = maps;
    g.lo = pb[L] < y.sizes[L] ? pb[L] : y.sizes[L];
    g.hi = pb[L] + xc[L] < y.sizes[L] ? pb[L] + xc[L] : y.sizes[L];
    hipep_parallel_for(ctx, y.numel / y.sizes[L], dm_grain(y.sizes[L]), dm_body_pad, &g);
    free(buf);
}

/* ================================================================== trilu */

typedef struct {
    const hipep_view_t *x, *y;
    int64_t upper, k;
} dm_trilu_t;

static void dm_body_trilu(void *arg, int64_t b, int64_t e) {
    const dm_trilu_t *t = (const dm_trilu_t *)arg;
    const hipep_view_t *x = t->x, *y = t->y;
    int64_t r = y->rank, es = y->elem_size, nrow = y->sizes[r - 2], m = y->sizes[r - 1];
    int64_t xsl = x->strides[r - 1], ysl = y->strides[r - 1];
    for (int64_t row = b; row < e; row++) {
        int64_t i = row % nrow, q = row / nrow, so = i * x->strides[r - 2], dof = i * y->strides[r - 2];
        for (int64_t d = r - 3; d >= 0; d--) {
            int64_t c = q % y->sizes[d];
            q /= y->sizes[d];
            so += c * x->strides[d];
            dof += c * y->strides[d];
        }
        /* keep [j0, j1) of the row: upper keeps j >= i + k, lower j <= i + k */
        int64_t lim = i + t->k, j0, j1;
        if (t->upper) {
            j0 = lim < 0 ? 0 : lim > m ? m : lim;
            j1 = m;
        } else {
            j0 = 0;
            j1 = lim + 1 < 0 ? 0 : lim + 1 > m ? m : lim + 1;
        }
        char *dp = y->data + dof * es;
        const char *sp = x->data + so * es;
        dm_zero(dp, j0, ysl, es);
        if (j1 > j0 && !(dp == sp && xsl == ysl)) dm_run(dp + j0 * ysl * es, sp + j0 * xsl * es, j1 - j0, ysl, xsl, es);
        dm_zero(dp + j1 * ysl * es, m - j1, ysl, es);
    }
}

static void dm_trilu(void *ctx, const char *sym, int64_t es, int64_t xr, void *xd, int64_t kr, void *kd,
                     int64_t yr, void *yd, int64_t upper, int64_t k) {
    if (!dm_rank_ok(ctx, sym, xr)) return;
    hipep_view_t x = hipep_view(xr, xd, es), y = hipep_view(yr, yd, es);
    if (kd) {
        int64_t kv[DM_MAXP];
        int64_t n = dm_param(ctx, sym, "k", kr, kd, kv);
        if (n < 0) return;
        if (n != 1) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: the 'k' operand has %lld values, expected 1", sym,
                         (long long)n);
            return;
        }
        k = kv[0];
    }
    if (xr < 2 || yr != xr) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: needs rank >= 2 and equal ranks (input %lld, destination %lld)",
                     sym, (long long)xr, (long long)yr);
        return;
    }
    for (int64_t d = 0; d < xr; d++) {
        if (x.sizes[d] != y.sizes[d]) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: dimension %lld differs (input %lld, destination %lld)",
                         sym, (long long)d, (long long)x.sizes[d], (long long)y.sizes[d]);
            return;
        }
    }
    if (y.numel == 0) return;
    int64_t bound = x.sizes[xr - 1] + x.sizes[xr - 2] + 1; /* keeps i + k from overflowing */
    dm_trilu_t t = {&x, &y, upper, k > bound ? bound : k < -bound ? -bound : k};
    hipep_parallel_for(ctx, y.numel / y.sizes[xr - 1], dm_grain(y.sizes[xr - 1]), dm_body_trilu, &t);
}

/* ================================================================== shape, size */

static void dm_shape(void *ctx, const char *sym, int64_t xr, void *xd, int64_t yr, void *yd, int64_t start,
                     int64_t end) {
    hipep_view_t x = hipep_view(xr, xd, 1), y = hipep_view(yr, yd, 8);
    int64_t s = start < 0 ? start + xr : start, e = end < 0 ? end + xr : end;
    s = s < 0 ? 0 : s > xr ? xr : s;
    e = e < 0 ? 0 : e > xr ? xr : e;
    int64_t n = e > s ? e - s : 0;
    if (y.numel != n || yr != 1) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: the destination has %lld elements (rank %lld), expected %lld",
                     sym, (long long)y.numel, (long long)yr, (long long)n);
        return;
    }
    int64_t *o = (int64_t *)y.data;
    for (int64_t i = 0; i < n; i++) o[i * y.strides[0]] = x.sizes[s + i];
}

static void dm_size(void *ctx, const char *sym, int64_t xr, void *xd, int64_t yr, void *yd) {
    hipep_view_t x = hipep_view(xr, xd, 1), y = hipep_view(yr, yd, 8);
    if (y.numel != 1) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: the destination has %lld elements, expected 1", sym,
                     (long long)y.numel);
        return;
    }
    *(int64_t *)y.data = x.numel;
}

/* ================================================================== fill */

static void dm_fill(void *ctx, int64_t yr, void *yd, int64_t es, const void *value) {
    hipep_view_t y = hipep_view(yr, yd, es);
    dm_plan_t p;
    dm_plan_init(&p, (int)yr, (const char *)value, y.data, es);
    for (int64_t d = 0; d < yr; d++) {
        p.size[d] = y.sizes[d];
        p.ss[d] = 0;
        p.ds[d] = y.strides[d];
    }
    dm_exec(ctx, &p);
}

/* ================================================================== element scalars */

/* dm_put_<t>: stores an attribute scalar (double for float types, int64_t otherwise) as a <t> element. */
#define DM_PUT(t, CT, ST, CONV)                                                                              \
    static inline void dm_put_##t(void *p, ST v) {                                                           \
        CT c = (CONV);                                                                                       \
        memcpy(p, &c, sizeof c);                                                                             \
    }
DM_PUT(f32, float, double, (float)v)
DM_PUT(f64, double, double, v)
DM_PUT(f16, uint16_t, double, hipep_f32_to_f16((float)v))
DM_PUT(bf16, uint16_t, double, hipep_f32_to_bf16((float)v))
DM_PUT(i1, uint8_t, int64_t, (uint8_t)(v != 0))
DM_PUT(i8, int8_t, int64_t, (int8_t)v)
DM_PUT(i16, int16_t, int64_t, (int16_t)v)
DM_PUT(i32, int32_t, int64_t, (int32_t)v)
DM_PUT(i64, int64_t, int64_t, v)
DM_PUT(ui8, uint8_t, int64_t, (uint8_t)v)
DM_PUT(ui16, uint16_t, int64_t, (uint16_t)v)
DM_PUT(ui32, uint32_t, int64_t, (uint32_t)v)
DM_PUT(ui64, uint64_t, int64_t, (uint64_t)v)

/* dm_ld_<t> / dm_st_<t>: float element access for the interpolating kernels. */
static inline double dm_ld_f32(const char *p) { return *(const float *)p; }
static inline double dm_ld_f64(const char *p) { return *(const double *)p; }
static inline double dm_ld_f16(const char *p) { return hipep_f16_to_f32(*(const uint16_t *)p); }
static inline double dm_ld_bf16(const char *p) { return hipep_bf16_to_f32(*(const uint16_t *)p); }
static inline void dm_st_f32(char *p, double v) { *(float *)p = (float)v; }
static inline void dm_st_f64(char *p, double v) { *(double *)p = v; }
static inline void dm_st_f16(char *p, double v) { *(uint16_t *)p = hipep_f32_to_f16((float)v); }
static inline void dm_st_bf16(char *p, double v) { *(uint16_t *)p = hipep_f32_to_bf16((float)v); }

/* ================================================================== range */

static inline int dm_range_args(void *ctx, const char *sym, int64_t es, int64_t r0, void *d0, int64_t r1, void *d1,
                                int64_t r2, void *d2, const char **vals) {
    int64_t rs[3] = {r0, r1, r2};
    void *ds[3] = {d0, d1, d2};
    for (int i = 0; i < 3; i++) {
        hipep_view_t v = hipep_view(rs[i], ds[i], es);
        if (v.numel != 1) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: %s must be a scalar, got %lld elements", sym,
                         i == 0 ? "start" : i == 1 ? "limit" : "delta", (long long)v.numel);
            return 0;
        }
        vals[i] = v.data;
    }
    return 1;
}

#define DM_RANGE_F(t, CT)                                                                                     \
    void hipep_range_##t(void *ctx, int64_t r0, void *d0, int64_t r1, void *d1, int64_t r2, void *d2,         \
                         int64_t yr, void *yd) {                                                              \
        const char *v[3];                                                                                     \
        if (!dm_range_args(ctx, __func__, sizeof(CT), r0, d0, r1, d1, r2, d2, v)) return;                     \
        hipep_view_t y = hipep_view(yr, yd, sizeof(CT));                                                      \
        double start = *(const CT *)v[0], delta = *(const CT *)v[2];                                          \
        int64_t st = yr >= 1 ? y.strides[yr - 1] : 0;                                                         \
        CT *o = (CT *)y.data;                                                                                 \
        for (int64_t i = 0; i < y.numel; i++) o[i * st] = (CT)(start + (double)i * delta);                    \
    }
#define DM_RANGE_I(t, CT)                                                                                     \
    void hipep_range_##t(void *ctx, int64_t r0, void *d0, int64_t r1, void *d1, int64_t r2, void *d2,         \
                         int64_t yr, void *yd) {                                                              \
        const char *v[3];                                                                                     \
        if (!dm_range_args(ctx, __func__, sizeof(CT), r0, d0, r1, d1, r2, d2, v)) return;                     \
        hipep_view_t y = hipep_view(yr, yd, sizeof(CT));                                                      \
        uint64_t start = (uint64_t)(int64_t)*(const CT *)v[0], delta = (uint64_t)(int64_t)*(const CT *)v[2];  \
        int64_t st = yr >= 1 ? y.strides[yr - 1] : 0;                                                         \
        CT *o = (CT *)y.data;                                                                                 \
        for (int64_t i = 0; i < y.numel; i++) o[i * st] = (CT)(int64_t)(start + (uint64_t)i * delta);        \
    }
DM_RANGE_F(f32, float)
DM_RANGE_F(f64, double)
DM_RANGE_I(i16, int16_t)
DM_RANGE_I(i32, int32_t)
DM_RANGE_I(i64, int64_t)

/* ================================================================== the symbols */

/* X(t, element size, attribute scalar type, shape/size destination suffix) */
#define DM_TYPES(X)                                                                                            \
    X(f32, 4, double, _to_i64)                                                                                 \
    X(f64, 8, double, _to_i64)                                                                                 \
    X(f16, 2, double, _to_i64)                                                                                 \
    X(bf16, 2, double, _to_i64)                                                                                \
    X(i1, 1, int64_t, _to_i64)                                                                                 \
    X(i8, 1, int64_t, _to_i64)                                                                                 \
    X(i16, 2, int64_t, _to_i64)                                                                                \
    X(i32, 4, int64_t, _to_i64)                                                                                \
    X(i64, 8, int64_t, )                                                                                       \
    X(ui8, 1, int64_t, _to_i64)                                                                                \
    X(ui16, 2, int64_t, _to_i64)                                                                               \
    X(ui32, 4, int64_t, _to_i64)                                                                               \
    X(ui64, 8, int64_t, _to_i64)

#define DM_CAT_(a, b) a##b
#define DM_CAT(a, b) DM_CAT_(a, b)
#define DM_NAME5_(a, b, c, d, e) a##b##c##d##e
#define DM_NAME5(a, b, c, d, e) DM_NAME5_(a, b, c, d, e)
/* DM_OPT(p, ...): the arguments when p is 1, nothing when 0 */
#define DM_OPT(p, ...) DM_CAT(DM_OPT_, p)(__VA_ARGS__)
#define DM_OPT_0(...)
#define DM_OPT_1(...) __VA_ARGS__
/* DM_SUBSETSk(M, args...): M(args..., b1, ..., bk) for every combination of k bits */
#define DM_SUBSETS1(M, ...) M(__VA_ARGS__, 0) M(__VA_ARGS__, 1)
#define DM_SUBSETS2(M, ...) DM_SUBSETS1(M, __VA_ARGS__, 0) DM_SUBSETS1(M, __VA_ARGS__, 1)
#define DM_SUBSETS3(M, ...) DM_SUBSETS2(M, __VA_ARGS__, 0) DM_SUBSETS2(M, __VA_ARGS__, 1)
#define DM_SUBSETS4(M, ...) DM_SUBSETS3(M, __VA_ARGS__, 0) DM_SUBSETS3(M, __VA_ARGS__, 1)
/* DM_COUNTS(M, args...): M(args..., N) for N = 1..16 */
#define DM_COUNTS(M, ...)                                                                                      \
    M(__VA_ARGS__, 1) M(__VA_ARGS__, 2) M(__VA_ARGS__, 3) M(__VA_ARGS__, 4) M(__VA_ARGS__, 5)                  \
    M(__VA_ARGS__, 6) M(__VA_ARGS__, 7) M(__VA_ARGS__, 8) M(__VA_ARGS__, 9) M(__VA_ARGS__, 10)                 \
    M(__VA_ARGS__, 11) M(__VA_ARGS__, 12) M(__VA_ARGS__, 13) M(__VA_ARGS__, 14) M(__VA_ARGS__, 15)             \
    M(__VA_ARGS__, 16)
/* DM_MEMREFS_N: N memref operands `int64_t r<i>, void *d<i>`; DM_RANKS_N / DM_DESCS_N list them */
#define DM_MEMREFS_1 int64_t r1, void *d1
#define DM_MEMREFS_2 DM_MEMREFS_1, int64_t r2, void *d2
#define DM_MEMREFS_3 DM_MEMREFS_2, int64_t r3, void *d3
#define DM_MEMREFS_4 DM_MEMREFS_3, int64_t r4, void *d4
#define DM_MEMREFS_5 DM_MEMREFS_4, int64_t r5, void *d5
#define DM_MEMREFS_6 DM_MEMREFS_5, int64_t r6, void *d6
#define DM_MEMREFS_7 DM_MEMREFS_6, int64_t r7, void *d7
#define DM_MEMREFS_8 DM_MEMREFS_7, int64_t r8, void *d8
#define DM_MEMREFS_9 DM_MEMREFS_8, int64_t r9, void *d9
#define DM_MEMREFS_10 DM_MEMREFS_9, int64_t r10, void *d10
#define DM_MEMREFS_11 DM_MEMREFS_10, int64_t r11, void *d11
#define DM_MEMREFS_12 DM_MEMREFS_11, int64_t r12, void *d12
#define DM_MEMREFS_13 DM_MEMREFS_12, int64_t r13, void *d13
#define DM_MEMREFS_14 DM_MEMREFS_13, int64_t r14, void *d14
#define DM_MEMREFS_15 DM_MEMREFS_14, int64_t r15, void *d15
#define DM_MEMREFS_16 DM_MEMREFS_15, int64_t r16, void *d16
#define DM_RANKS_1 r1
#define DM_RANKS_2 DM_RANKS_1, r2
#define DM_RANKS_3 DM_RANKS_2, r3
#define DM_RANKS_4 DM_RANKS_3, r4
#define DM_RANKS_5 DM_RANKS_4, r5
#define DM_RANKS_6 DM_RANKS_5, r6
#define DM_RANKS_7 DM_RANKS_6, r7
#define DM_RANKS_8 DM_RANKS_7, r8
#define DM_RANKS_9 DM_RANKS_8, r9
#define DM_RANKS_10 DM_RANKS_9, r10
#define DM_RANKS_11 DM_RANKS_10, r11
#define DM_RANKS_12 DM_RANKS_11, r12
#define DM_RANKS_13 DM_RANKS_12, r13
#define DM_RANKS_14 DM_RANKS_13, r14
#define DM_RANKS_15 DM_RANKS_14, r15
#define DM_RANKS_16 DM_RANKS_15, r16
#define DM_DESCS_1 d1
#define DM_DESCS_2 DM_DESCS_1, d2
#define DM_DESCS_3 DM_DESCS_2, d3
#define DM_DESCS_4 DM_DESCS_3, d4
#define DM_DESCS_5 DM_DESCS_4, d5
#define DM_DESCS_6 DM_DESCS_5, d6
#define DM_DESCS_7 DM_DESCS_6, d7
#define DM_DESCS_8 DM_DESCS_7, d8
#define DM_DESCS_9 DM_DESCS_8, d9
#define DM_DESCS_10 DM_DESCS_9, d10
#define DM_DESCS_11 DM_DESCS_10, d11
#define DM_DESCS_12 DM_DESCS_11, d12
#define DM_DESCS_13 DM_DESCS_12, d13
#define DM_DESCS_14 DM_DESCS_13, d14
#define DM_DESCS_15 DM_DESCS_14, d15
#define DM_DESCS_16 DM_DESCS_15, d16

/* transpose, flatten, shape, size: one symbol per type */
#define DM_SIMPLE(t, es, ST, TO)                                                                               \
    void hipep_transpose_##t(void *ctx, int64_t xr, void *x, int64_t yr, void *y, const int64_t *perm,        \
                             int64_t perm_len) {                                                               \
        dm_transpose(ctx, __func__, es, xr, x, yr, y, perm, perm_len);                                         \
    }                                                                                                          \
    void hipep_flatten_##t(void *ctx, int64_t xr, void *x, int64_t yr, void *y, int64_t axis) {               \
        dm_flatten(ctx, __func__, es, xr, x, yr, y, axis);                                                     \
    }                                                                                                          \
    void hipep_shape_##t##TO(void *ctx, int64_t xr, void *x, int64_t yr, void *y, int64_t start, int64_t end) {\
        dm_shape(ctx, __func__, xr, x, yr, y, start, end);                                                     \
    }                                                                                                          \
    void hipep_size_##t##TO(void *ctx, int64_t xr, void *x, int64_t yr, void *y) {                             \
        dm_size(ctx, __func__, xr, x, yr, y);                                                                  \
    }
DM_TYPES(DM_SIMPLE)

#define DM_NOT_0 1
#define DM_NOT_1 0
/* the parameter operand (rank, descriptor) of a _p_ variant: its declaration (P 1) and what the core
 * gets (the operand, or 0, NULL when P is 0: the attribute) */
#define DM_PARAM_DECL(P) DM_OPT(P, int64_t pr, void *pd, )
#define DM_PARAM_PASS(P) DM_OPT(P, pr, pd, ) DM_OPT(DM_CAT(DM_NOT_, P), 0, NULL, )

/* one optional parameter operand: reshape/expand (shape), tile (repeats), (un)squeeze (axes), trilu (k) */
#define DM_ONE_PARAM(t, es, ST, TO, P)                                                                         \
    void DM_CAT(hipep_reshape_##t, DM_OPT(P, _p_shape))(void *ctx, int64_t xr, void *x,                        \
                                                       DM_PARAM_DECL(P) int64_t yr, void *y,  \
                                                       const int64_t *shape, int64_t shape_len,                \
                                                       int64_t allowzero) {                                    \
        dm_reshape(ctx, __func__, es, xr, x, DM_PARAM_PASS(P) yr, y,   \
                   shape, shape_len, allowzero);                                                               \
    }                                                                                                          \
    void DM_CAT(hipep_expand_##t, DM_OPT(P, _p_shape))(void *ctx, int64_t xr, void *x,                         \
                                                      DM_PARAM_DECL(P) int64_t yr, void *y,   \
                                                      const int64_t *shape, int64_t shape_len) {               \
        dm_expand(ctx, __func__, es, xr, x, DM_PARAM_PASS(P) yr, y,    \
                  shape, shape_len);                                                                           \
    }                                                                                                          \
    void DM_CAT(hipep_tile_##t, DM_OPT(P, _p_repeats))(void *ctx, int64_t xr, void *x,                         \
                                                      DM_PARAM_DECL(P) int64_t yr, void *y,   \
                                                      const int64_t *repeats, int64_t repeats_len) {           \
        dm_tile(ctx, __func__, es, xr, x, DM_PARAM_PASS(P) yr, y,      \
                repeats, repeats_len);                                                                         \
    }                                                                                                          \
    void DM_CAT(hipep_squeeze_##t, DM_OPT(P, _p_axes))(void *ctx, int64_t xr, void *x,                         \
                                                      DM_PARAM_DECL(P) int64_t yr, void *y,   \
                                                      const int64_t *axes, int64_t axes_len) {                 \
        dm_squeeze(ctx, __func__, es, 0, xr, x, DM_PARAM_PASS(P) yr,   \
                   y, axes, axes_len);                                                                         \
    }                                                                                                          \
    void DM_CAT(hipep_unsqueeze_##t, DM_OPT(P, _p_axes))(void *ctx, int64_t xr, void *x,                       \
                                                        DM_PARAM_DECL(P) int64_t yr, void *y, \
                                                        const int64_t *axes, int64_t axes_len) {               \
        dm_squeeze(ctx, __func__, es, 1, xr, x, DM_PARAM_PASS(P) yr,   \
                   y, axes, axes_len);                                                                         \
    }                                                                                                          \
    void DM_CAT(hipep_trilu_##t, DM_OPT(P, _p_k))(void *ctx, int64_t xr, void *x,                              \
                                                 DM_PARAM_DECL(P) int64_t yr, void *y,        \
                                                 int64_t upper, int64_t k) {                                   \
        dm_trilu(ctx, __func__, es, xr, x, DM_PARAM_PASS(P) yr, y,     \
                 upper, k);                                                                                    \
    }                                                                                                          \
    void DM_CAT(hipep_fill_##t, DM_OPT(P, _p_shape))(DM_OPT(P, void *ctx, int64_t pr, void *pd, )              \
                                                    DM_OPT(DM_CAT(DM_NOT_, P), void *ctx, ) int64_t yr,        \
                                                    void *y, ST value, const int64_t *shape,                   \
                                                    int64_t shape_len) {                                       \
        (void)shape;                                                                                           \
        (void)shape_len;                                                                                       \
        DM_OPT(P, (void)pr; (void)pd;)                                                                         \
        uint64_t v = 0;                                                                                        \
        dm_put_##t(&v, value);                                                                                 \
        dm_fill(ctx, yr, y, es, &v);                                                                           \
    }
#define DM_ONE_PARAM_ALL(t, es, ST, TO) DM_SUBSETS1(DM_ONE_PARAM, t, es, ST, TO)
DM_TYPES(DM_ONE_PARAM_ALL)

/* concat: N = 1..16 inputs */
#define DM_CONCAT(t, es, ST, TO, N)                                                                            \
    void hipep_concat_##t##_in##N(void *ctx, DM_MEMREFS_##N, int64_t yr, void *y, int64_t axis) {             \
        int64_t ranks[N] = {DM_RANKS_##N};                                                                     \
        void *descs[N] = {DM_DESCS_##N};                                                                       \
        dm_concat(ctx, __func__, es, N, ranks, descs, yr, y, axis);                                            \
    }
#define DM_CONCAT_ALL(t, es, ST, TO) DM_COUNTS(DM_CONCAT, t, es, ST, TO)
DM_TYPES(DM_CONCAT_ALL)

/* split: M = 1..16 destinations, split sizes as attribute or operand */
#define DM_SPLIT(t, es, ST, TO, M, P)                                                                          \
    void DM_CAT(hipep_split_##t##_out##M, DM_OPT(P, _p_split))(void *ctx, int64_t xr, void *x,                 \
                                                              DM_PARAM_DECL(P) DM_MEMREFS_##M,                 \
                                                              int64_t axis, const int64_t *split,              \
                                                              int64_t split_len) {                             \
        int64_t ranks[M] = {DM_RANKS_##M};                                                                     \
        void *descs[M] = {DM_DESCS_##M};                                                                       \
        dm_split(ctx, __func__, es, xr, x, DM_PARAM_PASS(P) M, ranks, descs, axis, split, split_len);          \
    }
#define DM_SPLIT_N(t, es, ST, TO, M) DM_SUBSETS1(DM_SPLIT, t, es, ST, TO, M)
#define DM_SPLIT_ALL(t, es, ST, TO) DM_COUNTS(DM_SPLIT_N, t, es, ST, TO)
DM_TYPES(DM_SPLIT_ALL)

/* slice: starts, ends, axes, steps each an attribute or an operand (every combination) */
#define DM_SLICE(t, es, ST, TO, P1, P2, P3, P4)                                                                \
    void DM_NAME5(hipep_slice_##t, DM_OPT(P1, _p_starts), DM_OPT(P2, _p_ends), DM_OPT(P3, _p_axes),           \
                  DM_OPT(P4, _p_steps))(void *ctx, int64_t xr, void *x, DM_OPT(P1, int64_t r1, void *d1, )     \
                                        DM_OPT(P2, int64_t r2, void *d2, ) DM_OPT(P3, int64_t r3, void *d3, )  \
                                        DM_OPT(P4, int64_t r4, void *d4, ) int64_t yr, void *y,                \
                                        const int64_t *starts, int64_t starts_len, const int64_t *ends,        \
                                        int64_t ends_len, const int64_t *axes, int64_t axes_len,               \
                                        const int64_t *steps, int64_t steps_len) {                             \
        int64_t pr[4] = {0, 0, 0, 0};                                                                          \
        void *pd[4] = {NULL, NULL, NULL, NULL};                                                                \
        DM_OPT(P1, pr[0] = r1; pd[0] = d1;)                                                                    \
        DM_OPT(P2, pr[1] = r2; pd[1] = d2;)                                                                    \
        DM_OPT(P3, pr[2] = r3; pd[2] = d3;)                                                                    \
        DM_OPT(P4, pr[3] = r4; pd[3] = d4;)                                                                    \
        dm_slice(ctx, __func__, es, xr, x, pr, pd, yr, y, starts, starts_len, ends, ends_len, axes, axes_len,  \
                 steps, steps_len);                                                                            \
    }
#define DM_SLICE_ALL(t, es, ST, TO) DM_SUBSETS4(DM_SLICE, t, es, ST, TO)
DM_TYPES(DM_SLICE_ALL)

/* pad: pads, axes, value each an attribute or an operand (every combination) */
#define DM_PAD(t, es, ST, TO, P1, P2, P3)                                                                      \
    void DM_NAME5(hipep_pad_##t, DM_OPT(P1, _p_pads), DM_OPT(P2, _p_axes), DM_OPT(P3, _p_value), )(            \
        void *ctx, int64_t xr, void *x, DM_OPT(P1, int64_t r1, void *d1, ) DM_OPT(P2, int64_t r2, void *d2, )  \
        DM_OPT(P3, int64_t r3, void *d3, ) int64_t yr, void *y, const int64_t *pads, int64_t pads_len,         \
        const int64_t *axes, int64_t axes_len, int64_t mode, ST value) {                                       \
        uint64_t v = 0;                                                                                        \
        dm_put_##t(&v, value);                                                                                 \
        DM_OPT(P3, {                                                                                           \
            hipep_view_t vv = hipep_view(r3, d3, es);                                                          \
            if (vv.numel > 0) memcpy(&v, vv.data, es);                                                         \
        })                                                                                                     \
        dm_pad(ctx, __func__, es, xr, x, DM_OPT(P1, r1, d1, ) DM_OPT(DM_CAT(DM_NOT_, P1), 0, NULL, )           \
               DM_OPT(P2, r2, d2, ) DM_OPT(DM_CAT(DM_NOT_, P2), 0, NULL, ) yr, y, pads, pads_len, axes,        \
               axes_len, mode, &v);                                                                            \
    }
#define DM_PAD_ALL(t, es, ST, TO) DM_SUBSETS3(DM_PAD, t, es, ST, TO)
DM_TYPES(DM_PAD_ALL)

