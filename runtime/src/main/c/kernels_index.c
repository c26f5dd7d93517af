/*
 * Indexing kernels: gather, gather_elements, gather_nd, scatter_elements, scatter_nd, one_hot,
 * non_zero, topk, cumsum, resize (ONNX semantics; docs/kernel-abi.md for the argument order).
 *
 * Symbols (<t> over the types listed; 13 "all" types = f32 f64 f16 bf16 i1 i8 i16 i32 i64 ui8
 * ui16 ui32 ui64, 12 "numeric" types = the same without i1):
 *   hipep_gather_<t>, hipep_gather_elements_<t>, hipep_gather_nd_<t>          (all)
 *   hipep_scatter_elements_<t>, hipep_scatter_nd_<t>                           (all; reduction
 *       none/add/mul/min/max; on i1 add = or, mul = and, min = and, max = or)
 *   hipep_one_hot_<ti>[_to_<tv>]   (indices: numeric; values/output: all)
 *   hipep_non_zero_<t>                                                          (all)
 *   hipep_topk_<t>, hipep_topk_<t>_p_k                                          (numeric)
 *   hipep_cumsum_<t>, hipep_cumsum_<t>_p_axis                                   (numeric)
 *   hipep_resize_<t>, hipep_resize_<t>_p_scales, hipep_resize_<t>_p_sizes      (numeric)
 *
 * Index element types. The symbols carry only the first input's element type, and the memref
 * descriptor carries no element type, so a kernel cannot tell i32 from i64 indices:
 *  - index tensors (gather*, scatter*: "indices") are read as i64. The hip verifier accepts i32
 *    indices too (HipIndexOps.requireIndices); such a model would read garbage: the compiler
 *    must cast i32 indices to i64 (or encode the index type in the symbol). The cores take the
 *    index element size as a parameter, so an i32 variant is a macro line.
 *  - the scalar parameter operands (cumsum's axis, topk's K; HipParameters.Kind.INDEX: i32 or i64,
 *    e.g. ONNX's CumSum tests have an i32 axis) are read as the int32 in their first 4 bytes when
 *    the descriptor offset is 0: on little-endian x86-64 that is the value for both i32 and i64
 *    whenever it fits in 32 bits (every valid axis and K). With a non-zero offset they are read as i64.
 *
 * Semantics notes / not supported:
 *  - out-of-range indices: HIPEP_ERR_INDEX_OUT_OF_RANGE naming the value (before anything is written).
 *  - one_hot: float indices are truncated toward zero (as ONNX Runtime casts them); indices outside
 *    [-depth, depth-1] (and NaN) give an all-off row, as the ONNX spec says.
 *  - topk: ties keep the lower index first; NaN counts as larger than +inf; the result is always
 *    sorted (also with sorted = 0, which ONNX leaves unspecified).
 *  - non_zero: the destination's column count must equal the count of non-zeros, else
 *    HIPEP_ERR_INVALID_ARGUMENT naming both; -0.0 is zero, NaN is non-zero.
 *  - cumsum: integers wrap (two's complement); f16/bf16 accumulate in f32.
 *  - resize: nearest/linear/cubic with every coordinate_transformation_mode but tf_crop_and_resize
 *    (HIPEP_ERR_UNSUPPORTED; the converter does not produce it, nor exclude_outside, antialias or
 *    axes), as ONNX's reference computes it (separable taps, edge clamping, in double); integer
 *    data truncates toward zero and saturates. The destination's shape is the output size.
 *  - strided (non-dense) inputs and destinations are supported through dense temporaries; ranks
 *    above 32 report HIPEP_ERR_UNSUPPORTED.
 */
#include "hipep_runtime.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define IX_MAX_RANK 32
#define IX_ID(x) (x)
#define IX_BOOLV(x) ((uint8_t)((x) != 0))
#define IX_NAN(x) ((x) != (x))
#define IX_NONAN(x) 0
#define IX_GRAIN 16384

/* ------------------------------------------------------------------ type lists */

/* X(t, element size) over every element type */
#define IX_ALL_SIZES(X) \
    X(f32, 4) X(f64, 8) X(f16, 2) X(bf16, 2) X(i1, 1) X(i8, 1) X(i16, 2) X(i32, 4) X(i64, 8) \
    X(ui8, 1) X(ui16, 2) X(ui32, 4) X(ui64, 8)

/*
 * X(t, T storage, CT compute/compare type, TOC: T -> CT, FROMC: CT -> T, NANP: is-NaN on CT,
 *   ACC: sum type (integers wrap in uint64_t))
 */
#define IX_NUMERIC_TYPES(X) \
    X(f32, float, float, IX_ID, IX_ID, IX_NAN, float) \
    X(f64, double, double, IX_ID, IX_ID, IX_NAN, double) \
    X(f16, uint16_t, float, hipep_f16_to_f32, hipep_f32_to_f16, IX_NAN, float) \
    X(bf16, uint16_t, float, hipep_bf16_to_f32, hipep_f32_to_bf16, IX_NAN, float) \
    X(i8, int8_t, int8_t, IX_ID, IX_ID, IX_NONAN, uint64_t) \
    X(i16, int16_t, int16_t, IX_ID, IX_ID, IX_NONAN, uint64_t) \
    X(i32, int32_t, int32_t, IX_ID, IX_ID, IX_NONAN, uint64_t) \
    X(i64, int64_t, int64_t, IX_ID, IX_ID, IX_NONAN, uint64_t) \
    X(ui8, uint8_t, uint8_t, IX_ID, IX_ID, IX_NONAN, uint64_t) \
    X(ui16, uint16_t, uint16_t, IX_ID, IX_ID, IX_NONAN, uint64_t) \
    X(ui32, uint32_t, uint32_t, IX_ID, IX_ID, IX_NONAN, uint64_t) \
    X(ui64, uint64_t, uint64_t, IX_ID, IX_ID, IX_NONAN, uint64_t)

#define IX_ALL_TYPES(X) \
    IX_NUMERIC_TYPES(X) \
    X(i1, uint8_t, uint8_t, IX_ID, IX_BOOLV, IX_NONAN, uint64_t)

/* ------------------------------------------------------------------ helpers */

static inline int64_t ix_load_index(const char *p, int64_t isz) {
    return isz == 8 ? *(const int64_t *)p : (int64_t)*(const int32_t *)p;
}

static inline void ix_copy_elem(char *dst, const char *src, int64_t es) {
    switch (es) {
    case 1: *(uint8_t *)dst = *(const uint8_t *)src; break;
    case 2: *(uint16_t *)dst = *(const uint16_t *)src; break;
    case 4: *(uint32_t *)dst = *(const uint32_t *)src; break;
    case 8: *(uint64_t *)dst = *(const uint64_t *)src; break;
    default: memcpy(dst, src, (size_t)es); break;
    }
}

static inline void ix_copy_elems(char *dst, const char *src, int64_t n, int64_t es) {
    if (n == 1) ix_copy_elem(dst, src, es);
    else memcpy(dst, src, (size_t)(n * es));
}

static inline int64_t ix_prod(const int64_t *sizes, int64_t from, int64_t to) {
    int64_t p = 1;
    for (int64_t i = from; i < to; i++) p *= sizes[i];
    return p;
}

static inline void ix_dense_strides(const int64_t *sizes, int64_t rank, int64_t *strides) {
    int64_t s = 1;
    for (int64_t i = rank - 1; i >= 0; i--) {
        strides[i] = s;
        s *= sizes[i];
    }
}

/* Copies a strided array to another strided array of the same sizes (strides in elements). */
static void ix_strided_copy(char *dst, const int64_t *dst_strides, const char *src, const int64_t *src_strides,
                            const int64_t *sizes, int64_t rank, int64_t es) {
    int64_t numel = ix_prod(sizes, 0, rank);
    if (numel == 0) return;
    if (rank == 0) {
        ix_copy_elem(dst, src, es);
        return;
    }
    int64_t last = rank - 1, n = sizes[last];
    int64_t ds = dst_strides[last] * es, ss = src_strides[last] * es;
    int64_t outer = numel / n;
    int64_t cnt[IX_MAX_RANK] = {0};
    int64_t doff = 0, soff = 0;
    for (int64_t o = 0; o < outer; o++) {
        char *d = dst + doff;
        const char *s = src + soff;
        if (ds == es && ss == es) {
            memcpy(d, s, (size_t)(n * es));
        } else {
            for (int64_t i = 0; i < n; i++) ix_copy_elem(d + i * ds, s + i * ss, es);
        }
        for (int64_t k = last - 1; k >= 0; k--) {
            cnt[k]++;
            doff += dst_strides[k] * es;
            soff += src_strides[k] * es;
            if (cnt[k] < sizes[k]) break;
            doff -= sizes[k] * dst_strides[k] * es;
            soff -= sizes[k] * src_strides[k] * es;
            cnt[k] = 0;
        }
    }
}

static int ix_check_rank(void *ctx, const char *sym, const hipep_view_t *v) {
    if (v->rank > IX_MAX_RANK || v->rank < 0) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: rank %lld above %d", sym, (long long)v->rank, IX_MAX_RANK);
        return 0;
    }
    return 1;
}

/* Where to write a destination densely: itself when dense, else a temporary (ix_dense_out_end copies it back). */
static int ix_dense_out(void *ctx, const char *sym, const hipep_view_t *v, char **data, void **owned) {
    *owned = NULL;
    if (!ix_check_rank(ctx, sym, v)) return 0;
    if (hipep_is_contiguous(v)) {
        *data = v->data;
        return 1;
    }
    void *buf = malloc((size_t)(v->numel > 0 ? v->numel * v->elem_size : 1));
    if (buf == NULL) {
        hipep_errorf(ctx, HIPEP_ERR_OUT_OF_MEMORY, "%s: cannot allocate %lld bytes", sym,
                     (long long)(v->numel * v->elem_size));
        return 0;
    }
    *data = (char *)buf;
    *owned = buf;
    return 1;
}

/* A dense row-major copy of an input (or the input itself when dense); *owned is what to free. */
static int ix_dense_in(void *ctx, const char *sym, const hipep_view_t *v, const char **data, void **owned) {
    char *buf;
    if (!ix_dense_out(ctx, sym, v, &buf, owned)) return 0;
    if (*owned) {
        int64_t strides[IX_MAX_RANK];
        ix_dense_strides(v->sizes, v->rank, strides);
        ix_strided_copy(buf, strides, v->data, v->strides, v->sizes, v->rank, v->elem_size);
    }
    *data = buf;
    return 1;
}

static void ix_dense_out_end(const hipep_view_t *v, void *owned, int ok) {
    if (owned == NULL) return;
    if (ok) {
        int64_t strides[IX_MAX_RANK];
        ix_dense_strides(v->sizes, v->rank, strides);
        ix_strided_copy(v->data, v->strides, (const char *)owned, strides, v->sizes, v->rank, v->elem_size);
    }
    free(owned);
}

static int ix_normalize_axis(void *ctx, const char *sym, int64_t axis, int64_t rank, int64_t *out) {
    if (axis < -rank || axis >= rank) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: axis %lld out of range for rank %lld", sym, (long long)axis,
                     (long long)rank);
        return 0;
    }
    *out = axis < 0 ? axis + rank : axis;
    return 1;
}

/* Checks that a destination has the expected shape (never write outside it). */
static int ix_check_shape(void *ctx, const char *sym, const char *what, const hipep_view_t *v, const int64_t *sizes,
                          int64_t rank) {
    int ok = v->rank == rank;
    for (int64_t i = 0; ok && i < rank; i++) ok = v->sizes[i] == sizes[i];
    if (!ok) {
        char got[160], want[160];
        int gp = 0, wp = 0;
        got[0] = want[0] = '\0';
        for (int64_t i = 0; i < v->rank && gp < 140; i++)
            gp += snprintf(got + gp, sizeof got - (size_t)gp, i ? "x%lld" : "%lld", (long long)v->sizes[i]);
        for (int64_t i = 0; i < rank && wp < 140; i++)
            wp += snprintf(want + wp, sizeof want - (size_t)wp, i ? "x%lld" : "%lld", (long long)sizes[i]);
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: %s has shape [%s], expected [%s]", sym, what, got, want);
    }
    return ok;
}

/* Checks every index of a dense i32/i64 array against [-bound, bound). */
static int ix_check_indices(void *ctx, const char *sym, const char *ind, int64_t n, int64_t isz, int64_t bound) {
    for (int64_t i = 0; i < n; i++) {
        int64_t v = ix_load_index(ind + i * isz, isz);
        if (v < -bound || v >= bound) {
            hipep_errorf(ctx, HIPEP_ERR_INDEX_OUT_OF_RANGE, "%s: index %lld out of range [%lld, %lld] (at %lld)", sym,
                         (long long)v, (long long)-bound, (long long)(bound - 1), (long long)i);
            return 0;
        }
    }
    return 1;
}

/* The value of a scalar parameter operand (i32 or i64, one element; see the header comment). */
static int ix_scalar_param(void *ctx, const char *sym, const char *what, int64_t rank, const void *desc,
                           int64_t *out) {
    const hipep_memref_t *m = (const hipep_memref_t *)desc;
    int64_t numel = 1;
    for (int64_t i = 0; i < rank; i++) numel *= m->dims[i];
    if (numel != 1) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: the '%s' operand has %lld elements, expected 1", sym, what,
                     (long long)numel);
        return 0;
    }
    if (m->offset == 0) {
        int32_t lo;
        memcpy(&lo, m->aligned, sizeof lo);
        *out = lo;
    } else {
        *out = ((const int64_t *)m->aligned)[m->offset];
    }
    return 1;
}

/* ------------------------------------------------------------------ gather */

typedef struct {
    const char *data;
    const char *ind;
    char *out;
    int64_t isz, es, n, a, inner;
} ix_gather_job_t;

static void ix_gather_body(void *p, int64_t begin, int64_t end) {
    const ix_gather_job_t *j = (const ix_gather_job_t *)p;
    int64_t n = j->n, a = j->a, inner = j->inner, es = j->es, isz = j->isz;
    int64_t o = begin / n, k = begin % n;
    int64_t row_bytes = inner * es;
    if (inner == 1 && (es == 1 || es == 2 || es == 4 || es == 8)) { /* one element per index: typed loop */
#define IX_GATHER1(U) \
    { \
        const U *restrict src = (const U *)j->data; \
        U *restrict dst = (U *)j->out; \
        for (int64_t r = begin; r < end; r++) { \
            int64_t idx = ix_load_index(j->ind + k * isz, isz); \
            if (idx < 0) idx += a; \
            dst[r] = src[o * a + idx]; \
            if (++k == n) { \
                k = 0; \
                o++; \
            } \
        } \
    }
        switch (es) {
        case 1: IX_GATHER1(uint8_t) break;
        case 2: IX_GATHER1(uint16_t) break;
        case 4: IX_GATHER1(uint32_t) break;
        default: IX_GATHER1(uint64_t) break;
        }
#undef IX_GATHER1
        return;
    }
    for (int64_t r = begin; r < end; r++) {
        int64_t idx = ix_load_index(j->ind + k * isz, isz);
        if (idx < 0) idx += a;
        ix_copy_elems(j->out + r * row_bytes, j->data + (o * a + idx) * row_bytes, inner, es);
        if (++k == n) {
            k = 0;
            o++;
        }
    }
}

static void ix_gather(void *ctx, const char *sym, int64_t es, int64_t isz, int64_t dr, void *dd, int64_t ir, void *id,
                      int64_t orank, void *od, int64_t axis) {
    if (hipep_has_error(ctx)) return;
    hipep_view_t d = hipep_view(dr, dd, es), ind = hipep_view(ir, id, isz), o = hipep_view(orank, od, es);
    int64_t ax;
    if (!ix_normalize_axis(ctx, sym, axis, dr, &ax)) return;
    if (!ix_check_rank(ctx, sym, &d) || !ix_check_rank(ctx, sym, &ind) || !ix_check_rank(ctx, sym, &o)) return;
    int64_t expect[2 * IX_MAX_RANK];
    int64_t er = 0;
    for (int64_t i = 0; i < ax; i++) expect[er++] = d.sizes[i];
    for (int64_t i = 0; i < ir; i++) expect[er++] = ind.sizes[i];
    for (int64_t i = ax + 1; i < dr; i++) expect[er++] = d.sizes[i];
    if (!ix_check_shape(ctx, sym, "the output", &o, expect, er)) return;
    if (o.numel == 0) return;
    const char *data, *indices;
    char *out;
    void *own_d = NULL, *own_i = NULL, *own_o = NULL;
    int ok = 0;
    if (ix_dense_in(ctx, sym, &d, &data, &own_d) && ix_dense_in(ctx, sym, &ind, &indices, &own_i) &&
        ix_dense_out(ctx, sym, &o, &out, &own_o)) {
        int64_t a = d.sizes[ax];
        if (ix_check_indices(ctx, sym, indices, ind.numel, isz, a)) {
            ix_gather_job_t j = { data, indices, out, isz, es, ind.numel, a, ix_prod(d.sizes, ax + 1, dr) };
            int64_t rows = ix_prod(d.sizes, 0, ax) * ind.numel;
            int64_t grain = IX_GRAIN / (j.inner > 0 ? j.inner : 1);
            hipep_parallel_for(ctx, rows, grain < 1 ? 1 : grain, ix_gather_body, &j);
            ok = 1;
        }
    }
    ix_dense_out_end(&o, own_o, ok);
    free(own_i);
    free(own_d);
}

/* ------------------------------------------------------------------ gather_elements */

typedef struct {
    const char *data;
    const char *ind;
    char *out;
    int64_t isz, es, rank, axis;
    const int64_t *isizes;
    int64_t dstrides[IX_MAX_RANK];
    int64_t a;
} ix_gather_el_job_t;

static void ix_gather_el_body(void *p, int64_t begin, int64_t end) {
    const ix_gather_el_job_t *j = (const ix_gather_el_job_t *)p;
    int64_t cnt[IX_MAX_RANK];
    int64_t rank = j->rank, axis = j->axis, es = j->es, isz = j->isz, a = j->a;
    int64_t rem = begin, base = 0;
    for (int64_t k = rank - 1; k >= 0; k--) {
        cnt[k] = rem % j->isizes[k];
        rem /= j->isizes[k];
        if (k != axis) base += cnt[k] * j->dstrides[k];
    }
    int64_t as = j->dstrides[axis];
    int64_t last = rank - 1, nlast = j->isizes[last], dlast = last == axis ? 0 : j->dstrides[last];
    int64_t i = begin;
    while (i < end) {
        /* a run along the last dimension: no counter work per element */
        int64_t run = nlast - cnt[last];
        if (run > end - i) run = end - i;
        switch (es) {
        case 1: case 2: case 4: case 8:
#define IX_GATHER_EL_RUN(U) \
    { \
        const U *restrict src = (const U *)j->data; \
        U *restrict dst = (U *)j->out; \
        for (int64_t e = 0; e < run; e++) { \
            int64_t idx = ix_load_index(j->ind + (i + e) * isz, isz); \
            if (idx < 0) idx += a; \
            dst[i + e] = src[base + e * dlast + idx * as]; \
        } \
    }
            if (es == 1) IX_GATHER_EL_RUN(uint8_t)
            else if (es == 2) IX_GATHER_EL_RUN(uint16_t)
            else if (es == 4) IX_GATHER_EL_RUN(uint32_t)
            else IX_GATHER_EL_RUN(uint64_t)
#undef IX_GATHER_EL_RUN
            break;
        default:
            for (int64_t e = 0; e < run; e++) {
                int64_t idx = ix_load_index(j->ind + (i + e) * isz, isz);
                if (idx < 0) idx += a;
                ix_copy_elem(j->out + (i + e) * es, j->data + (base + e * dlast + idx * as) * es, es);
            }
            break;
        }
        i += run;
        /* advance the counters by run (the last dimension wraps) */
        cnt[last] += run;
        base += run * dlast;
        if (cnt[last] < nlast) continue;
        base -= nlast * dlast;
        cnt[last] = 0;
        for (int64_t k = last - 1; k >= 0; k--) {
            cnt[k]++;
            if (k != axis) base += j->dstrides[k];
            if (cnt[k] < j->isizes[k]) break;
            if (k != axis) base -= j->isizes[k] * j->dstrides[k];
            cnt[k] = 0;
        }
    }
}

static void ix_gather_elements(void *ctx, const char *sym, int64_t es, int64_t isz, int64_t dr, void *dd, int64_t ir,
                               void *id, int64_t orank, void *od, int64_t axis) {
    if (hipep_has_error(ctx)) return;
    hipep_view_t d = hipep_view(dr, dd, es), ind = hipep_view(ir, id, isz), o = hipep_view(orank, od, es);
    int64_t ax;
    if (!ix_normalize_axis(ctx, sym, axis, dr, &ax)) return;
    if (ir != dr) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: indices rank %lld differs from data rank %lld", sym,
                     (long long)ir, (long long)dr);
        return;
    }
    if (!ix_check_rank(ctx, sym, &d)) return;
    for (int64_t k = 0; k < dr; k++) {
        if (k != ax && ind.sizes[k] > d.sizes[k]) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: indices dimension %lld is %lld, above the data's %lld",
                         sym, (long long)k, (long long)ind.sizes[k], (long long)d.sizes[k]);
            return;
        }
    }
    if (!ix_check_shape(ctx, sym, "the output", &o, ind.sizes, ir)) return;
    if (o.numel == 0) return;
    const char *data, *indices;
    char *out;
    void *own_d = NULL, *own_i = NULL, *own_o = NULL;
    int ok = 0;
    if (ix_dense_in(ctx, sym, &d, &data, &own_d) && ix_dense_in(ctx, sym, &ind, &indices, &own_i) &&
        ix_dense_out(ctx, sym, &o, &out, &own_o)) {
        if (ix_check_indices(ctx, sym, indices, ind.numel, isz, d.sizes[ax])) {
            ix_gather_el_job_t j;
            j.data = data;
            j.ind = indices;
            j.out = out;
            j.isz = isz;
            j.es = es;
            j.rank = dr;
            j.axis = ax;
            j.isizes = ind.sizes;
            j.a = d.sizes[ax];
            ix_dense_strides(d.sizes, dr, j.dstrides);
            hipep_parallel_for(ctx, ind.numel, IX_GRAIN / 4, ix_gather_el_body, &j);
            ok = 1;
        }
    }
    ix_dense_out_end(&o, own_o, ok);
    free(own_i);
    free(own_d);
}

/* ------------------------------------------------------------------ gather_nd / scatter_nd geometry */

typedef struct {
    int64_t batch;       /* product of the batch dimensions */
    int64_t tuples;      /* index tuples per batch */
    int64_t last;        /* indices' last dimension */
    int64_t slice;       /* elements per gathered slice */
    int64_t batch_data;  /* data elements per batch */
    int64_t strides[IX_MAX_RANK]; /* dense data strides of the indexed dimensions */
    const int64_t *bounds;        /* sizes of the indexed dimensions */
} ix_nd_t;

static int ix_nd_geometry(void *ctx, const char *sym, const hipep_view_t *d, const hipep_view_t *ind, int64_t b,
                          ix_nd_t *g) {
    int64_t r = d->rank, q = ind->rank;
    if (r < 1 || q < 1) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: data rank %lld and indices rank %lld must be >= 1", sym,
                     (long long)r, (long long)q);
        return 0;
    }
    if (b < 0 || b >= (r < q ? r : q)) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: batch_dims %lld out of range for ranks %lld and %lld", sym,
                     (long long)b, (long long)r, (long long)q);
        return 0;
    }
    for (int64_t i = 0; i < b; i++) {
        if (d->sizes[i] != ind->sizes[i]) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: batch dimension %lld differs (data %lld, indices %lld)",
                         sym, (long long)i, (long long)d->sizes[i], (long long)ind->sizes[i]);
            return 0;
        }
    }
    int64_t last = ind->sizes[q - 1];
    if (last < 1 || b + last > r) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: the indices' last dimension %lld must be in [1, %lld]", sym,
                     (long long)last, (long long)(r - b));
        return 0;
    }
    g->batch = ix_prod(d->sizes, 0, b);
    g->tuples = ix_prod(ind->sizes, b, q - 1);
    g->last = last;
    g->slice = ix_prod(d->sizes, b + last, r);
    g->batch_data = ix_prod(d->sizes, b, r);
    for (int64_t k = 0; k < last; k++) g->strides[k] = ix_prod(d->sizes, b + k + 1, r);
    g->bounds = d->sizes + b;
    return 1;
}

/* Element offset (in the batch) of tuple t; -1 - k when component k is out of range (value in *bad). */
static inline int64_t ix_nd_offset(const ix_nd_t *g, const char *t, int64_t isz, int64_t *bad) {
    int64_t off = 0;
    for (int64_t k = 0; k < g->last; k++) {
        int64_t v = ix_load_index(t + k * isz, isz);
        int64_t bound = g->bounds[k];
        if (v < -bound || v >= bound) {
            *bad = v;
            return -1 - k;
        }
        if (v < 0) v += bound;
        off += v * g->strides[k];
    }
    return off;
}

static int ix_nd_check(void *ctx, const char *sym, const ix_nd_t *g, const char *ind, int64_t isz) {
    int64_t n = g->batch * g->tuples;
    for (int64_t t = 0; t < n; t++) {
        int64_t bad = 0;
        int64_t off = ix_nd_offset(g, ind + t * g->last * isz, isz, &bad);
        if (off < 0) {
            int64_t k = -1 - off;
            hipep_errorf(ctx, HIPEP_ERR_INDEX_OUT_OF_RANGE,
                         "%s: index %lld out of range [%lld, %lld] (tuple %lld, component %lld)", sym, (long long)bad,
                         (long long)-g->bounds[k], (long long)(g->bounds[k] - 1), (long long)t, (long long)k);
            return 0;
        }
    }
    return 1;
}

typedef struct {
    const ix_nd_t *g;
    const char *data;
    const char *ind;
    char *out;
    int64_t isz, es;
} ix_gather_nd_job_t;

static void ix_gather_nd_body(void *p, int64_t begin, int64_t end) {
    const ix_gather_nd_job_t *j = (const ix_gather_nd_job_t *)p;
    const ix_nd_t *g = j->g;
    int64_t es = j->es, isz = j->isz;
    for (int64_t t = begin; t < end; t++) {
        int64_t bad;
        int64_t off = ix_nd_offset(g, j->ind + t * g->last * isz, isz, &bad);
        int64_t bi = t / g->tuples;
        ix_copy_elems(j->out + t * g->slice * es, j->data + (bi * g->batch_data + off) * es, g->slice, es);
    }
}

static void ix_gather_nd(void *ctx, const char *sym, int64_t es, int64_t isz, int64_t dr, void *dd, int64_t ir,
                         void *id, int64_t orank, void *od, int64_t batch_dims) {
    if (hipep_has_error(ctx)) return;
    hipep_view_t d = hipep_view(dr, dd, es), ind = hipep_view(ir, id, isz), o = hipep_view(orank, od, es);
    if (!ix_check_rank(ctx, sym, &d) || !ix_check_rank(ctx, sym, &ind)) return;
    ix_nd_t g;
    if (!ix_nd_geometry(ctx, sym, &d, &ind, batch_dims, &g)) return;
    int64_t expect[2 * IX_MAX_RANK];
    int64_t er = 0;
    for (int64_t i = 0; i < ir - 1; i++) expect[er++] = ind.sizes[i];
    for (int64_t i = batch_dims + g.last; i < dr; i++) expect[er++] = d.sizes[i];
    if (!ix_check_shape(ctx, sym, "the output", &o, expect, er)) return;
    if (o.numel == 0) return;
    const char *data, *indices;
    char *out;
    void *own_d = NULL, *own_i = NULL, *own_o = NULL;
    int ok = 0;
    if (ix_dense_in(ctx, sym, &d, &data, &own_d) && ix_dense_in(ctx, sym, &ind, &indices, &own_i) &&
        ix_dense_out(ctx, sym, &o, &out, &own_o) && ix_nd_check(ctx, sym, &g, indices, isz)) {
        ix_gather_nd_job_t j = { &g, data, indices, out, isz, es };
        int64_t grain = IX_GRAIN / (g.slice > 0 ? g.slice : 1);
        hipep_parallel_for(ctx, g.batch * g.tuples, grain < 1 ? 1 : grain, ix_gather_nd_body, &j);
        ok = 1;
    }
    ix_dense_out_end(&o, own_o, ok);
    free(own_i);
    free(own_d);
}

/* ------------------------------------------------------------------ scatter (typed: reductions) */

enum { IX_RED_NONE = 0, IX_RED_ADD = 1, IX_RED_MUL = 2, IX_RED_MIN = 3, IX_RED_MAX = 4 };

/*
 * The scatter destination as a dense working array holding a copy of data: the destination itself
 * when dense (data copied in unless it is the same buffer), else a temporary copied back at the end.
 */
static int ix_scatter_begin(void *ctx, const char *sym, const hipep_view_t *d, const hipep_view_t *o, char **work,
                            void **owned) {
    if (!ix_check_shape(ctx, sym, "the output", o, d->sizes, d->rank)) return 0;
    if (!ix_dense_out(ctx, sym, o, work, owned)) return 0;
    if (!ix_check_rank(ctx, sym, d)) return 0;
    int64_t strides[IX_MAX_RANK];
    ix_dense_strides(d->sizes, d->rank, strides);
    if (*work == d->data && hipep_is_contiguous(d)) return 1; /* in place */
    if (hipep_is_contiguous(d)) {
        memmove(*work, d->data, (size_t)(d->numel * d->elem_size));
    } else {
        ix_strided_copy(*work, strides, d->data, d->strides, d->sizes, d->rank, d->elem_size);
    }
    return 1;
}

#define IX_SCATTER_DEF(t, T, CT, TOC, FROMC, NANP, ACC) \
    static inline T ix_reduce_##t(T a, T b, int64_t red) { \
        CT x = TOC(a), y = TOC(b); \
        switch (red) { \
        case IX_RED_ADD: return FROMC((CT)((ACC)x + (ACC)y)); \
        case IX_RED_MUL: return FROMC((CT)((ACC)x * (ACC)y)); \
        case IX_RED_MIN: return NANP(x) ? a : NANP(y) ? b : (y < x ? b : a); \
        case IX_RED_MAX: return NANP(x) ? a : NANP(y) ? b : (y > x ? b : a); \
        default: return b; \
        } \
    } \
    static inline void ix_apply_##t(T *restrict w, const T *restrict u, int64_t n, int64_t red) { \
        if (red == IX_RED_NONE) { \
            for (int64_t i = 0; i < n; i++) w[i] = u[i]; \
        } else { \
            for (int64_t i = 0; i < n; i++) w[i] = ix_reduce_##t(w[i], u[i], red); \
        } \
    } \
    static void ix_scatter_elements_##t(void *ctx, int64_t isz, int64_t dr, void *dd, int64_t ir, void *id, \
                                        int64_t ur, void *ud, int64_t orank, void *od, int64_t axis, int64_t red) { \
        const char *sym = "hipep_scatter_elements_" #t; \
        if (hipep_has_error(ctx)) return; \
        hipep_view_t d = hipep_view(dr, dd, sizeof(T)), ind = hipep_view(ir, id, isz); \
        hipep_view_t u = hipep_view(ur, ud, sizeof(T)), o = hipep_view(orank, od, sizeof(T)); \
        int64_t ax; \
        if (!ix_normalize_axis(ctx, sym, axis, dr, &ax)) return; \
        if (red < 0 || red > IX_RED_MAX) { \
            hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: reduction %lld", sym, (long long)red); \
            return; \
        } \
        if (ir != dr || !ix_check_shape(ctx, sym, "the updates", &u, ind.sizes, ir)) { \
            if (ir != dr) \
                hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: indices rank %lld differs from data rank %lld", \
                             sym, (long long)ir, (long long)dr); \
            return; \
        } \
        for (int64_t k = 0; k < dr; k++) { \
            if (k != ax && ind.sizes[k] > d.sizes[k]) { \
                hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, \
                             "%s: indices dimension %lld is %lld, above the data's %lld", sym, (long long)k, \
                             (long long)ind.sizes[k], (long long)d.sizes[k]); \
                return; \
            } \
        } \
        const char *indices, *updates; \
        char *work; \
        void *own_i = NULL, *own_u = NULL, *own_w = NULL; \
        int ok = 0; \
        if (ix_dense_in(ctx, sym, &ind, &indices, &own_i) && ix_dense_in(ctx, sym, &u, &updates, &own_u) && \
            ix_check_indices(ctx, sym, indices, ind.numel, isz, d.sizes[ax]) && \
            ix_scatter_begin(ctx, sym, &d, &o, &work, &own_w)) { \
            T *w = (T *)work; \
            const T *up = (const T *)updates; \
            int64_t dst[IX_MAX_RANK], cnt[IX_MAX_RANK] = {0}; \
            ix_dense_strides(d.sizes, dr, dst); \
            int64_t a = d.sizes[ax], as = dst[ax], base = 0; \
            for (int64_t i = 0; i < ind.numel; i++) { \
                int64_t idx = ix_load_index(indices + i * isz, isz); \
                if (idx < 0) idx += a; \
                T *p = w + base + idx * as; \
                *p = red == IX_RED_NONE ? up[i] : ix_reduce_##t(*p, up[i], red); \
                for (int64_t k = dr - 1; k >= 0; k--) { \
                    cnt[k]++; \
                    if (k != ax) base += dst[k]; \
                    if (cnt[k] < ind.sizes[k]) break; \
                    if (k != ax) base -= ind.sizes[k] * dst[k]; \
                    cnt[k] = 0; \
                } \
            } \
            ok = 1; \
        } \
        ix_dense_out_end(&o, own_w, ok); \
        free(own_u); \
        free(own_i); \
    } \
    static void ix_scatter_nd_##t(void *ctx, int64_t isz, int64_t dr, void *dd, int64_t ir, void *id, int64_t ur, \
                                  void *ud, int64_t orank, void *od, int64_t red) { \
        const char *sym = "hipep_scatter_nd_" #t; \
        if (hipep_has_error(ctx)) return; \
        hipep_view_t d = hipep_view(dr, dd, sizeof(T)), ind = hipep_view(ir, id, isz); \
        hipep_view_t u = hipep_view(ur, ud, sizeof(T)), o = hipep_view(orank, od, sizeof(T)); \
        if (red < 0 || red > IX_RED_MAX) { \
            hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: reduction %lld", sym, (long long)red); \
            return; \
        } \
        if (!ix_check_rank(ctx, sym, &d) || !ix_check_rank(ctx, sym, &ind)) return; \
        ix_nd_t g; \
        if (!ix_nd_geometry(ctx, sym, &d, &ind, 0, &g)) return; \
        int64_t expect[2 * IX_MAX_RANK], er = 0; \
        for (int64_t i = 0; i < ir - 1; i++) expect[er++] = ind.sizes[i]; \
        for (int64_t i = g.last; i < dr; i++) expect[er++] = d.sizes[i]; \
        if (!ix_check_shape(ctx, sym, "the updates", &u, expect, er)) return; \
        const char *indices, *updates; \
        char *work; \
        void *own_i = NULL, *own_u = NULL, *own_w = NULL; \
        int ok = 0; \
        if (ix_dense_in(ctx, sym, &ind, &indices, &own_i) && ix_dense_in(ctx, sym, &u, &updates, &own_u) && \
            ix_nd_check(ctx, sym, &g, indices, isz) && ix_scatter_begin(ctx, sym, &d, &o, &work, &own_w)) { \
            T *w = (T *)work; \
            const T *up = (const T *)updates; \
            for (int64_t t = 0; t < g.tuples; t++) { \
                int64_t bad; \
                int64_t off = ix_nd_offset(&g, indices + t * g.last * isz, isz, &bad); \
                ix_apply_##t(w + off, up + t * g.slice, g.slice, red); \
            } \
            ok = 1; \
        } \
        ix_dense_out_end(&o, own_w, ok); \
        free(own_u); \
        free(own_i); \
    }
IX_ALL_TYPES(IX_SCATTER_DEF)

/* ------------------------------------------------------------------ one_hot */

typedef struct {
    const int64_t *idx; /* normalized to [0, depth) or -1 */
    char *out;
    int64_t inner, depth, es;
    const char *on;
} ix_one_hot_job_t;

static void ix_one_hot_body(void *p, int64_t begin, int64_t end) {
    const ix_one_hot_job_t *j = (const ix_one_hot_job_t *)p;
    int64_t o = begin / j->inner, in = begin % j->inner;
    for (int64_t i = begin; i < end; i++) {
        int64_t v = j->idx[i];
        if (v >= 0) ix_copy_elem(j->out + ((o * j->depth + v) * j->inner + in) * j->es, j->on, j->es);
        if (++in == j->inner) {
            in = 0;
            o++;
        }
    }
}

static void ix_fill_elems(char *dst, const char *value, int64_t n, int64_t es) {
    switch (es) {
    case 1: memset(dst, *(const uint8_t *)value, (size_t)n); break;
    case 2: { uint16_t v = *(const uint16_t *)value; uint16_t *d = (uint16_t *)dst; for (int64_t i = 0; i < n; i++) d[i] = v; } break;
    case 4: { uint32_t v = *(const uint32_t *)value; uint32_t *d = (uint32_t *)dst; for (int64_t i = 0; i < n; i++) d[i] = v; } break;
    case 8: { uint64_t v = *(const uint64_t *)value; uint64_t *d = (uint64_t *)dst; for (int64_t i = 0; i < n; i++) d[i] = v; } break;
    default: for (int64_t i = 0; i < n; i++) memcpy(dst + i * es, value, (size_t)es); break;
    }
}

/* idx: the indices already converted to int64 (INT64_MIN for "no class"). */
static void ix_one_hot(void *ctx, const char *sym, const hipep_view_t *ind, int64_t *idx, int64_t vr, void *vd,
                       int64_t orank, void *od, int64_t es, int64_t depth, int64_t axis) {
    hipep_view_t vals = hipep_view(vr, vd, es), o = hipep_view(orank, od, es);
    int64_t q = ind->rank, ax;
    if (depth < 1) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: depth %lld must be >= 1", sym, (long long)depth);
        return;
    }
    if (!ix_normalize_axis(ctx, sym, axis, q + 1, &ax)) return;
    if (vals.numel != 2) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: values must have 2 elements (off, on), got %lld", sym,
                     (long long)vals.numel);
        return;
    }
    int64_t expect[IX_MAX_RANK + 1], er = 0;
    for (int64_t i = 0; i < ax; i++) expect[er++] = ind->sizes[i];
    expect[er++] = depth;
    for (int64_t i = ax; i < q; i++) expect[er++] = ind->sizes[i];
    if (!ix_check_shape(ctx, sym, "the output", &o, expect, er)) return;
    if (o.numel == 0) return;
    const char *off = vals.data;
    const char *on = vals.data + (vals.rank > 0 ? vals.strides[vals.rank - 1] : 0) * es;
    if (vals.rank > 1) on = vals.data + hipep_offset_of(&vals, 1) * es;
    for (int64_t i = 0; i < ind->numel; i++) {
        int64_t v = idx[i];
        idx[i] = (v >= -depth && v < depth) ? (v < 0 ? v + depth : v) : -1;
    }
    char *out;
    void *own_o = NULL;
    if (!ix_dense_out(ctx, sym, &o, &out, &own_o)) return;
    ix_fill_elems(out, off, o.numel, es);
    ix_one_hot_job_t j = { idx, out, ix_prod(ind->sizes, ax, q), depth, es, on };
    if (j.inner > 0) hipep_parallel_for(ctx, ind->numel, IX_GRAIN, ix_one_hot_body, &j);
    ix_dense_out_end(&o, own_o, 1);
}

/* X(ti, T, CT, TOC, ...): converts indices of type ti to int64 and runs ix_one_hot */
#define IX_ONE_HOT_INDEX_DEF(t, T, CT, TOC, FROMC, NANP, ACC) \
    static void ix_one_hot_##t(void *ctx, const char *sym, int64_t ir, void *id, int64_t vr, void *vd, int64_t orank, \
                               void *od, int64_t es, int64_t depth, int64_t axis) { \
        if (hipep_has_error(ctx)) return; \
        hipep_view_t ind = hipep_view(ir, id, sizeof(T)); \
        const char *indices; \
        void *own_i = NULL; \
        if (!ix_dense_in(ctx, sym, &ind, &indices, &own_i)) return; \
        int64_t *idx = (int64_t *)malloc((size_t)(ind.numel > 0 ? ind.numel : 1) * sizeof(int64_t)); \
        if (idx == NULL) { \
            hipep_errorf(ctx, HIPEP_ERR_OUT_OF_MEMORY, "%s: cannot allocate %lld indices", sym, (long long)ind.numel); \
        } else { \
            const T *src = (const T *)indices; \
            for (int64_t i = 0; i < ind.numel; i++) { \
                CT c = TOC(src[i]); \
                /* truncation toward zero; NaN and values beyond +-2^62 mean "no class" */ \
                idx[i] = (NANP(c) || !((double)c > -4.6e18 && (double)c < 4.6e18)) ? INT64_MIN : (int64_t)c; \
            } \
            ix_one_hot(ctx, sym, &ind, idx, vr, vd, orank, od, es, depth, axis); \
            free(idx); \
        } \
        free(own_i); \
    }
IX_NUMERIC_TYPES(IX_ONE_HOT_INDEX_DEF)

/* ------------------------------------------------------------------ non_zero */

static inline int ix_nonzero_at(const char *p, int64_t es, uint64_t mask) {
    switch (es) {
    case 1: return (*(const uint8_t *)p & mask) != 0;
    case 2: return (*(const uint16_t *)p & mask) != 0;
    case 4: return (*(const uint32_t *)p & mask) != 0;
    default: return (*(const uint64_t *)p & mask) != 0;
    }
}

/* mask: the bits that make an element non-zero (all but the sign bit for floats: -0.0 is zero). */
static void ix_non_zero(void *ctx, const char *sym, int64_t es, uint64_t mask, int64_t xr, void *xd, int64_t yr,
                        void *yd) {
    if (hipep_has_error(ctx)) return;
    hipep_view_t x = hipep_view(xr, xd, es), y = hipep_view(yr, yd, 8);
    const char *data;
    void *own = NULL;
    if (!ix_dense_in(ctx, sym, &x, &data, &own)) return;
    int64_t count = 0;
    for (int64_t i = 0; i < x.numel; i++) count += ix_nonzero_at(data + i * es, es, mask);
    if (yr != 2 || y.sizes[0] != xr || y.sizes[1] != count) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT,
                     "%s: the destination has shape [%lld, %lld] but the input (rank %lld) has %lld non-zero entries",
                     sym, (long long)(yr > 0 ? y.sizes[0] : -1), (long long)(yr > 1 ? y.sizes[1] : -1), (long long)xr,
                     (long long)count);
        free(own);
        return;
    }
    int64_t *out = (int64_t *)y.data;
    int64_t s0 = y.strides[0], s1 = y.strides[1];
    int64_t cnt[IX_MAX_RANK] = {0};
    int64_t j = 0;
    for (int64_t i = 0; i < x.numel; i++) {
        if (ix_nonzero_at(data + i * es, es, mask)) {
            for (int64_t k = 0; k < xr; k++) out[k * s0 + j * s1] = cnt[k];
            j++;
        }
        for (int64_t k = xr - 1; k >= 0; k--) {
            if (++cnt[k] < x.sizes[k]) break;
            cnt[k] = 0;
        }
    }
    free(own);
}

/* ------------------------------------------------------------------ topk */

#define IX_TOPK_DEF(t, T, CT, TOC, FROMC, NANP, ACC) \
    /* whether (a, ia) comes before (b, ib) */ \
    static inline int ix_topk_before_##t(CT a, int64_t ia, CT b, int64_t ib, int64_t largest) { \
        int na = NANP(a), nb = NANP(b); \
        if (na || nb) { \
            if (na && nb) return ia < ib; \
            return largest ? na : nb; /* NaN is the largest value */ \
        } \
        if (a == b) return ia < ib; \
        return largest ? a > b : a < b; \
    } \
    /* sifts `item` down from the top of the heap heap[0..n) (worst on top); returns its slot */ \
    static inline int64_t ix_topk_sift_##t(const CT *restrict key, int64_t *restrict heap, int64_t n, int64_t item, \
                                           int64_t largest) { \
        int64_t c = 0; \
        for (;;) { \
            int64_t l = 2 * c + 1, w = c, wi = item; \
            if (l < n && ix_topk_before_##t(key[wi], wi, key[heap[l]], heap[l], largest)) { \
                w = l; \
                wi = heap[l]; \
            } \
            if (l + 1 < n && ix_topk_before_##t(key[wi], wi, key[heap[l + 1]], heap[l + 1], largest)) { \
                w = l + 1; \
                wi = heap[l + 1]; \
            } \
            if (w == c) return c; \
            heap[c] = heap[w]; \
            c = w; \
        } \
    } \
    static void ix_topk_row_##t(const T *restrict x, int64_t stride, int64_t n, int64_t k, int64_t largest, \
                                T *restrict vals, int64_t *restrict inds, int64_t ostride, CT *restrict key, \
                                int64_t *restrict heap) { \
        for (int64_t i = 0; i < n; i++) key[i] = TOC(x[i * stride]); \
        /* heap of the k best so far, the worst on top */ \
        int64_t hs = 0; \
        for (int64_t i = 0; i < n; i++) { \
            if (hs < k) { \
                int64_t c = hs++; \
                while (c > 0) { \
                    int64_t par = (c - 1) / 2; \
                    if (!ix_topk_before_##t(key[heap[par]], heap[par], key[i], i, largest)) break; \
                    heap[c] = heap[par]; \
                    c = par; \
                } \
                heap[c] = i; \
            } else if (k > 0 && ix_topk_before_##t(key[i], i, key[heap[0]], heap[0], largest)) { \
                heap[ix_topk_sift_##t(key, heap, hs, i, largest)] = i; \
            } \
        } \
        /* pop the worst to the back */ \
        for (int64_t end = hs - 1; end >= 0; end--) { \
            int64_t top = heap[0]; \
            int64_t last = heap[end]; \
            int64_t c = ix_topk_sift_##t(key, heap, end, last, largest); \
            if (end > 0) heap[c] = last; \
            vals[end * ostride] = x[top * stride]; \
            inds[end * ostride] = top; \
        } \
    } \
    typedef struct { \
        void *ctx; \
        const T *x; \
        T *vals; \
        int64_t *inds; \
        int64_t n, k, inner, largest; \
    } ix_topk_job_##t##_t; \
    static void ix_topk_body_##t(void *p, int64_t begin, int64_t end) { \
        const ix_topk_job_##t##_t *j = (const ix_topk_job_##t##_t *)p; \
        CT *key = (CT *)malloc((size_t)(j->n > 0 ? j->n : 1) * sizeof(CT)); \
        int64_t *heap = (int64_t *)malloc((size_t)(j->k > 0 ? j->k : 1) * sizeof(int64_t)); \
        if (key == NULL || heap == NULL) { \
            hipep_errorf(j->ctx, HIPEP_ERR_OUT_OF_MEMORY, "hipep_topk_" #t ": cannot allocate a row of %lld", \
                         (long long)j->n); \
        } else { \
            int64_t o = begin / j->inner, in = begin % j->inner; \
            for (int64_t r = begin; r < end; r++) { \
                ix_topk_row_##t(j->x + o * j->n * j->inner + in, j->inner, j->n, j->k, j->largest, \
                                j->vals + o * j->k * j->inner + in, j->inds + o * j->k * j->inner + in, j->inner, key, \
                                heap); \
                if (++in == j->inner) { \
                    in = 0; \
                    o++; \
                } \
            } \
        } \
        free(heap); \
        free(key); \
    } \
    static void ix_topk_##t(void *ctx, const char *sym, int64_t xr, void *xd, int64_t vr, void *vd, int64_t ir, \
                            void *id, int64_t k, int64_t axis, int64_t largest) { \
        if (hipep_has_error(ctx)) return; \
        hipep_view_t x = hipep_view(xr, xd, sizeof(T)), v = hipep_view(vr, vd, sizeof(T)), \
                     iv = hipep_view(ir, id, sizeof(int64_t)); \
        int64_t ax; \
        if (xr == 0) { \
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: the input must have rank >= 1", sym); \
            return; \
        } \
        if (!ix_normalize_axis(ctx, sym, axis, xr, &ax) || !ix_check_rank(ctx, sym, &x)) return; \
        int64_t n = x.sizes[ax]; \
        if (k < 0 || k > n) { \
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: k %lld out of range [0, %lld] (axis %lld)", sym, \
                         (long long)k, (long long)n, (long long)ax); \
            return; \
        } \
        int64_t expect[IX_MAX_RANK]; \
        for (int64_t i = 0; i < xr; i++) expect[i] = i == ax ? k : x.sizes[i]; \
        if (!ix_check_shape(ctx, sym, "the values", &v, expect, xr) || \
            !ix_check_shape(ctx, sym, "the indices", &iv, expect, xr)) \
            return; \
        if (v.numel == 0) return; \
        const char *xdata; \
        char *vdata, *idata; \
        void *own_x = NULL, *own_v = NULL, *own_i = NULL; \
        int ok = 0; \
        if (ix_dense_in(ctx, sym, &x, &xdata, &own_x) && ix_dense_out(ctx, sym, &v, &vdata, &own_v) && \
            ix_dense_out(ctx, sym, &iv, &idata, &own_i)) { \
            ix_topk_job_##t##_t j = { ctx, (const T *)xdata, (T *)vdata, (int64_t *)idata, n, k, \
                                     ix_prod(x.sizes, ax + 1, xr), largest }; \
            int64_t rows = ix_prod(x.sizes, 0, ax) * j.inner; \
            int64_t grain = IX_GRAIN / (n > 0 ? n * 4 : 1); \
            hipep_parallel_for(ctx, rows, grain < 1 ? 1 : grain, ix_topk_body_##t, &j); \
            ok = !hipep_has_error(ctx); \
        } \
        ix_dense_out_end(&v, own_v, ok); \
        ix_dense_out_end(&iv, own_i, ok); \
        free(own_x); \
    }
IX_NUMERIC_TYPES(IX_TOPK_DEF)

/* ------------------------------------------------------------------ cumsum */

#define IX_CUMSUM_BLOCK 256

#define IX_CUMSUM_DEF(t, T, CT, TOC, FROMC, NANP, ACC) \
    typedef struct { \
        const T *x; \
        T *y; \
        int64_t n, inner, blocks, exclusive, reverse; \
    } ix_cumsum_job_##t##_t; \
    static void ix_cumsum_body_##t(void *p, int64_t begin, int64_t end) { \
        const ix_cumsum_job_##t##_t *j = (const ix_cumsum_job_##t##_t *)p; \
        ACC acc[IX_CUMSUM_BLOCK]; \
        int64_t n = j->n, inner = j->inner; \
        if (inner == 1) { /* rows along the axis: one running sum */ \
            int64_t step = j->reverse ? -1 : 1; \
            for (int64_t task = begin; task < end; task++) { \
                const T *xp = j->x + task * n + (j->reverse ? n - 1 : 0); \
                T *yp = j->y + task * n + (j->reverse ? n - 1 : 0); \
                ACC a = 0; \
                if (j->exclusive) { \
                    for (int64_t s = 0; s < n; s++, xp += step, yp += step) { \
                        ACC v = (ACC)TOC(*xp); \
                        *yp = FROMC((CT)a); \
                        a += v; \
                    } \
                } else { \
                    for (int64_t s = 0; s < n; s++, xp += step, yp += step) { \
                        a += (ACC)TOC(*xp); \
                        *yp = FROMC((CT)a); \
                    } \
                } \
            } \
            return; \
        } \
        for (int64_t task = begin; task < end; task++) { \
            int64_t o = task / j->blocks, b0 = (task % j->blocks) * IX_CUMSUM_BLOCK; \
            int64_t bn = inner - b0 < IX_CUMSUM_BLOCK ? inner - b0 : IX_CUMSUM_BLOCK; \
            const T *x = j->x + o * n * inner + b0; \
            T *y = j->y + o * n * inner + b0; \
            for (int64_t c = 0; c < bn; c++) acc[c] = 0; \
            for (int64_t s = 0; s < n; s++) { \
                int64_t i = j->reverse ? n - 1 - s : s; \
                const T *restrict xr = x + i * inner; \
                T *restrict yr = y + i * inner; \
                if (j->exclusive) { \
                    for (int64_t c = 0; c < bn; c++) { \
                        ACC v = (ACC)TOC(xr[c]); \
                        yr[c] = FROMC((CT)acc[c]); \
                        acc[c] += v; \
                    } \
                } else { \
                    for (int64_t c = 0; c < bn; c++) { \
                        acc[c] += (ACC)TOC(xr[c]); \
                        yr[c] = FROMC((CT)acc[c]); \
                    } \
                } \
            } \
        } \
    } \
    static void ix_cumsum_##t(void *ctx, const char *sym, int64_t xr, void *xd, int64_t yr, void *yd, int64_t axis, \
                              int64_t exclusive, int64_t reverse) { \
        if (hipep_has_error(ctx)) return; \
        hipep_view_t x = hipep_view(xr, xd, sizeof(T)), y = hipep_view(yr, yd, sizeof(T)); \
        int64_t ax; \
        int64_t rank = xr > 0 ? xr : 1; /* a scalar is one element along axis 0 or -1 */ \
        if (!ix_normalize_axis(ctx, sym, axis, rank, &ax)) return; \
        if (!ix_check_shape(ctx, sym, "the output", &y, x.sizes, xr)) return; \
        if (x.numel == 0) return; \
        const char *xdata; \
        char *ydata; \
        void *own_x = NULL, *own_y = NULL; \
        int ok = 0; \
        if (!ix_dense_out(ctx, sym, &y, &ydata, &own_y)) return; \
        if (ix_dense_in(ctx, sym, &x, &xdata, &own_x)) { \
            if (exclusive && xdata == ydata) { /* in place: keep the input */ \
                own_x = malloc((size_t)(x.numel * (int64_t)sizeof(T))); \
                if (own_x == NULL) { \
                    hipep_errorf(ctx, HIPEP_ERR_OUT_OF_MEMORY, "%s: cannot allocate %lld elements", sym, \
                                 (long long)x.numel); \
                } else { \
                    memcpy(own_x, xdata, (size_t)(x.numel * (int64_t)sizeof(T))); \
                    xdata = (const char *)own_x; \
                } \
            } \
            if (xdata != ydata || !exclusive) { \
                int64_t n = xr > 0 ? x.sizes[ax] : 1; \
                int64_t inner = xr > 0 ? ix_prod(x.sizes, ax + 1, xr) : 1; \
                int64_t outer = xr > 0 ? ix_prod(x.sizes, 0, ax) : 1; \
                int64_t blocks = (inner + IX_CUMSUM_BLOCK - 1) / IX_CUMSUM_BLOCK; \
                ix_cumsum_job_##t##_t j = { (const T *)xdata, (T *)ydata, n, inner, blocks, exclusive, reverse }; \
                int64_t per = n * (inner < IX_CUMSUM_BLOCK ? inner : IX_CUMSUM_BLOCK); \
                int64_t grain = IX_GRAIN / (per > 0 ? per : 1); \
                hipep_parallel_for(ctx, outer * blocks, grain < 1 ? 1 : grain, ix_cumsum_body_##t, &j); \
                ok = 1; \
            } \
        } \
        ix_dense_out_end(&y, own_y, ok); \
        free(own_x); \
    }
IX_NUMERIC_TYPES(IX_CUMSUM_DEF)

/* ------------------------------------------------------------------ resize */

enum { IX_MODE_NEAREST = 0, IX_MODE_LINEAR = 1, IX_MODE_CUBIC = 2 };
enum {
    IX_CTM_HALF_PIXEL = 0, IX_CTM_HALF_PIXEL_SYMMETRIC = 1, IX_CTM_PYTORCH_HALF_PIXEL = 2, IX_CTM_ALIGN_CORNERS = 3,
    IX_CTM_ASYMMETRIC = 4, IX_CTM_TF_CROP_AND_RESIZE = 5
};
enum { IX_NEAREST_ROUND_PREFER_FLOOR = 0, IX_NEAREST_ROUND_PREFER_CEIL = 1, IX_NEAREST_FLOOR = 2, IX_NEAREST_CEIL = 3 };

/* The taps of one dimension: for each output coordinate, n input indices (clamped) and weights. */
typedef struct {
    int64_t n;
    int64_t *idx;
    double *w;
} ix_taps_t;

static inline int64_t ix_clamp(int64_t v, int64_t hi) {
    return v < 0 ? 0 : v > hi ? hi : v;
}

/* ONNX's reference (onnx/reference/ops/op_resize.py): coordinate transform, then the n neighbours. */
static void ix_resize_taps(int64_t in, int64_t out, double scale, int64_t mode, int64_t ctm, int64_t nearest,
                           double a, ix_taps_t *t) {
    double out_w = scale * (double)in; /* the reference's float output width */
    for (int64_t x = 0; x < out; x++) {
        double xo;
        switch (ctm) {
        case IX_CTM_ALIGN_CORNERS: xo = out_w == 1.0 ? 0.0 : (double)x * (double)(in - 1) / (out_w - 1.0); break;
        case IX_CTM_ASYMMETRIC: xo = (double)x / scale; break;
        case IX_CTM_PYTORCH_HALF_PIXEL: xo = out_w == 1.0 ? -0.5 : ((double)x + 0.5) / scale - 0.5; break;
        case IX_CTM_HALF_PIXEL_SYMMETRIC: {
            double adjustment = (double)out / out_w;
            double center = (double)in / 2.0;
            xo = center * (1.0 - adjustment) + ((double)x + 0.5) / scale - 0.5;
            break;
        }
        default: xo = ((double)x + 0.5) / scale - 0.5; break;
        }
        double fl = floor(xo);
        int64_t base = (int64_t)fl;
        double r = xo - fl;
        int integral = r == 0.0;
        int64_t *idx = t->idx + x * t->n;
        double *w = t->w + x * t->n;
        if (mode == IX_MODE_NEAREST) {
            int up;
            if (integral) up = 0;
            else if (nearest == IX_NEAREST_ROUND_PREFER_CEIL) up = r >= 0.5;
            else if (nearest == IX_NEAREST_FLOOR) up = 0;
            else if (nearest == IX_NEAREST_CEIL) up = 1;
            else up = r > 0.5;
            idx[0] = ix_clamp(base + up, in - 1);
            w[0] = 1.0;
        } else if (mode == IX_MODE_LINEAR) {
            idx[0] = ix_clamp(base, in - 1);
            idx[1] = ix_clamp(base + 1, in - 1);
            w[0] = 1.0 - r;
            w[1] = r;
        } else {
            double c[4];
            if (integral) {
                c[0] = 0.0; c[1] = 1.0; c[2] = 0.0; c[3] = 0.0;
            } else {
                double r1 = r + 1.0, q = 1.0 - r, q1 = q + 1.0;
                c[0] = ((a * r1 - 5.0 * a) * r1 + 8.0 * a) * r1 - 4.0 * a;
                c[1] = ((a + 2.0) * r - (a + 3.0)) * r * r + 1.0;
                c[2] = ((a + 2.0) * q - (a + 3.0)) * q * q + 1.0;
                c[3] = ((a * q1 - 5.0 * a) * q1 + 8.0 * a) * q1 - 4.0 * a;
            }
            for (int k = 0; k < 4; k++) {
                idx[k] = ix_clamp(base - 1 + k, in - 1);
                w[k] = c[k];
            }
        }
    }
}

typedef struct {
    int64_t rank;
    const int64_t *osizes;
    int64_t xstrides[IX_MAX_RANK];
    ix_taps_t taps[IX_MAX_RANK];
    int64_t active[IX_MAX_RANK]; /* the dimensions with more than one tap */
    int64_t nactive;
    const char *x;
    char *y;
    void (*store)(char *y, int64_t i, double v);
    double (*load)(const char *x, int64_t i);
} ix_resize_job_t;

static void ix_resize_body(void *p, int64_t begin, int64_t end) {
    const ix_resize_job_t *j = (const ix_resize_job_t *)p;
    int64_t rank = j->rank, cnt[IX_MAX_RANK], tap[IX_MAX_RANK];
    int64_t rem = begin;
    for (int64_t k = rank - 1; k >= 0; k--) {
        cnt[k] = rem % j->osizes[k];
        rem /= j->osizes[k];
    }
    for (int64_t i = begin; i < end; i++) {
        /* the single-tap dimensions give a base offset */
        int64_t base = 0;
        for (int64_t k = 0; k < rank; k++) {
            const ix_taps_t *t = &j->taps[k];
            if (t->n == 1) base += t->idx[cnt[k]] * j->xstrides[k];
        }
        double acc = 0.0;
        if (j->nactive == 0) {
            acc = j->load(j->x, base);
        } else {
            for (int64_t q = 0; q < j->nactive; q++) tap[q] = 0;
            for (;;) {
                int64_t off = base;
                double w = 1.0;
                for (int64_t q = 0; q < j->nactive; q++) {
                    int64_t k = j->active[q];
                    const ix_taps_t *t = &j->taps[k];
                    off += t->idx[cnt[k] * t->n + tap[q]] * j->xstrides[k];
                    w *= t->w[cnt[k] * t->n + tap[q]];
                }
                acc += w * j->load(j->x, off);
                int64_t q = j->nactive - 1;
                while (q >= 0 && ++tap[q] == j->taps[j->active[q]].n) tap[q--] = 0;
                if (q < 0) break;
            }
        }
        j->store(j->y, i, acc);
        for (int64_t k = rank - 1; k >= 0; k--) {
            if (++cnt[k] < j->osizes[k]) break;
            cnt[k] = 0;
        }
    }
}

/* scales (f32) or sizes (i64): exactly one is non-NULL, with one value per dimension. */
static void ix_resize(void *ctx, const char *sym, int64_t es, double (*load)(const char *, int64_t),
                      void (*store)(char *, int64_t, double), int64_t xr, void *xd, int64_t yr, void *yd,
                      const float *scales, int64_t scales_len, const int64_t *sizes, int64_t sizes_len, int64_t mode,
                      int64_t ctm, int64_t nearest, double cubic_a) {
    if (hipep_has_error(ctx)) return;
    hipep_view_t x = hipep_view(xr, xd, es), y = hipep_view(yr, yd, es);
    if (!ix_check_rank(ctx, sym, &x)) return;
    if (mode < IX_MODE_NEAREST || mode > IX_MODE_CUBIC || ctm < 0 || ctm > IX_CTM_TF_CROP_AND_RESIZE || nearest < 0 ||
        nearest > IX_NEAREST_CEIL) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: mode %lld, coordinate_transformation_mode %lld, nearest_mode %lld",
                     sym, (long long)mode, (long long)ctm, (long long)nearest);
        return;
    }
    if (ctm == IX_CTM_TF_CROP_AND_RESIZE) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: coordinate_transformation_mode tf_crop_and_resize (roi)", sym);
        return;
    }
    if ((scales == NULL) == (sizes == NULL) || (scales != NULL && scales_len != xr) ||
        (sizes != NULL && sizes_len != xr)) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: needs one of scales (%lld values) or sizes (%lld values)"
                     " with one value per dimension (rank %lld)", sym, (long long)scales_len, (long long)sizes_len,
                     (long long)xr);
        return;
    }
    if (sizes != NULL && !ix_check_shape(ctx, sym, "the output", &y, sizes, sizes_len)) return;
    if (y.rank != xr) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: the output rank %lld differs from the input rank %lld", sym,
                     (long long)y.rank, (long long)xr);
        return;
    }
    if (y.numel == 0) return;
    if (x.numel == 0) {
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: an empty input cannot be resized to a non-empty output",
                     sym);
        return;
    }
    ix_resize_job_t j;
    memset(&j, 0, sizeof j);
    j.rank = xr;
    j.osizes = y.sizes;
    j.load = load;
    j.store = store;
    ix_dense_strides(x.sizes, xr, j.xstrides);
    int64_t ntaps = mode == IX_MODE_NEAREST ? 1 : mode == IX_MODE_LINEAR ? 2 : 4;
    int ok = 1;
    for (int64_t k = 0; k < xr && ok; k++) {
        double scale = scales != NULL ? (double)scales[k] : (double)y.sizes[k] / (double)x.sizes[k];
        if (!(scale > 0.0)) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: scale %g of dimension %lld must be > 0", sym, scale,
                         (long long)k);
            ok = 0;
            break;
        }
        ix_taps_t *t = &j.taps[k];
        t->n = ntaps;
        t->idx = (int64_t *)malloc((size_t)(y.sizes[k] * ntaps) * sizeof(int64_t));
        t->w = (double *)malloc((size_t)(y.sizes[k] * ntaps) * sizeof(double));
        if (t->idx == NULL || t->w == NULL) {
            hipep_errorf(ctx, HIPEP_ERR_OUT_OF_MEMORY, "%s: cannot allocate the taps", sym);
            ok = 0;
            break;
        }
        ix_resize_taps(x.sizes[k], y.sizes[k], scale, mode, ctm, nearest, cubic_a, t);
        /* a dimension where every output takes one input (weight 1, the others 0) needs one tap */
        int single = 1;
        for (int64_t o = 0; o < y.sizes[k] * ntaps && single; o++) {
            double w = t->w[o];
            if (w != 0.0 && w != 1.0) single = 0;
        }
        if (single && ntaps > 1) {
            for (int64_t o = 0; o < y.sizes[k]; o++) {
                int64_t pick = t->idx[o * ntaps];
                for (int64_t q = 0; q < ntaps; q++)
                    if (t->w[o * ntaps + q] == 1.0) pick = t->idx[o * ntaps + q];
                t->idx[o] = pick;
                t->w[o] = 1.0;
            }
            t->n = 1;
        }
        if (t->n > 1) j.active[j.nactive++] = k;
    }
    const char *xdata = NULL;
    char *ydata = NULL;
    void *own_x = NULL, *own_y = NULL;
    if (ok && ix_dense_in(ctx, sym, &x, &xdata, &own_x) && ix_dense_out(ctx, sym, &y, &ydata, &own_y)) {
        j.x = xdata;
        j.y = ydata;
        int64_t work = 1;
        for (int64_t q = 0; q < j.nactive; q++) work *= j.taps[j.active[q]].n;
        int64_t grain = IX_GRAIN / (work * 2);
        hipep_parallel_for(ctx, y.numel, grain < 1 ? 1 : grain, ix_resize_body, &j);
        ix_dense_out_end(&y, own_y, 1);
    } else if (own_y != NULL) {
        ix_dense_out_end(&y, own_y, 0);
    }
    free(own_x);
    for (int64_t k = 0; k < xr; k++) {
        free(j.taps[k].idx);
        free(j.taps[k].w);
    }
}

/* Resize with its scales (f32, is_sizes 0) or sizes (i64, is_sizes 1) given as the operand (sr, sd). */
static void ix_resize_param(void *ctx, const char *sym, int64_t es, double (*load)(const char *, int64_t),
                            void (*store)(char *, int64_t, double), int64_t xr, void *xd, int64_t sr, void *sd,
                            int is_sizes, int64_t yr, void *yd, int64_t mode, int64_t ctm, int64_t nearest,
                            double cubic_a) {
    if (hipep_has_error(ctx)) return;
    hipep_view_t s = hipep_view(sr, sd, is_sizes ? sizeof(int64_t) : sizeof(float));
    const char *sdata;
    void *own = NULL;
    if (!ix_dense_in(ctx, sym, &s, &sdata, &own)) return;
    if (is_sizes)
        ix_resize(ctx, sym, es, load, store, xr, xd, yr, yd, NULL, -1, (const int64_t *)sdata, s.numel, mode, ctm,
                  nearest, cubic_a);
    else
        ix_resize(ctx, sym, es, load, store, xr, xd, yr, yd, (const float *)sdata, s.numel, NULL, -1, mode, ctm,
                  nearest, cubic_a);
    free(own);
}

/* element loads and stores through double: floats round to nearest, integers truncate toward zero and saturate */
#define IX_RESIZE_IO_FLOAT(t, T, TOF, FROMF) \
    static double ix_resize_load_##t(const char *x, int64_t i) { return (double)TOF(((const T *)x)[i]); } \
    static void ix_resize_store_##t(char *y, int64_t i, double v) { ((T *)y)[i] = FROMF(v); }
#define IX_F64_TO_F16(v) hipep_f32_to_f16((float)(v))
#define IX_F64_TO_BF16(v) hipep_f32_to_bf16((float)(v))
#define IX_F64_TO_F32(v) ((float)(v))
IX_RESIZE_IO_FLOAT(f32, float, IX_ID, IX_F64_TO_F32)
IX_RESIZE_IO_FLOAT(f64, double, IX_ID, IX_ID)
IX_RESIZE_IO_FLOAT(f16, uint16_t, hipep_f16_to_f32, IX_F64_TO_F16)
IX_RESIZE_IO_FLOAT(bf16, uint16_t, hipep_bf16_to_f32, IX_F64_TO_BF16)
#define IX_RESIZE_IO_INT(t, T, LO, HI) \
    static double ix_resize_load_##t(const char *x, int64_t i) { return (double)((const T *)x)[i]; } \
    static void ix_resize_store_##t(char *y, int64_t i, double v) { \
        ((T *)y)[i] = v != v ? (T)0 : v <= (double)(LO) ? (T)(LO) : v >= (double)(HI) ? (T)(HI) : (T)v; \
    }
HIPEP_FOR_NARROW_INT_TYPES(IX_RESIZE_IO_INT)
/* 64-bit integers: double holds them exactly only up to 2^53 (nearest still copies the nearest value) */
IX_RESIZE_IO_INT(i64, int64_t, -9223372036854775807.0 - 1.0, 9223372036854774784.0)
IX_RESIZE_IO_INT(ui64, uint64_t, 0, 18446744073709549568.0)

/* ------------------------------------------------------------------ the symbols */

/* Index tensors are i64 (see the header comment). */
#define IX_INDEX_SIZE 8

#define IX_DATA_SYMBOLS(t, es) \
    void hipep_gather_##t(void *ctx, int64_t dr, void *dd, int64_t ir, void *id, int64_t orank, void *od, \
                          int64_t axis) { \
        ix_gather(ctx, "hipep_gather_" #t, es, IX_INDEX_SIZE, dr, dd, ir, id, orank, od, axis); \
    } \
    void hipep_gather_elements_##t(void *ctx, int64_t dr, void *dd, int64_t ir, void *id, int64_t orank, void *od, \
                                   int64_t axis) { \
        ix_gather_elements(ctx, "hipep_gather_elements_" #t, es, IX_INDEX_SIZE, dr, dd, ir, id, orank, od, axis); \
    } \
    void hipep_gather_nd_##t(void *ctx, int64_t dr, void *dd, int64_t ir, void *id, int64_t orank, void *od, \
                             int64_t batch_dims) { \
        ix_gather_nd(ctx, "hipep_gather_nd_" #t, es, IX_INDEX_SIZE, dr, dd, ir, id, orank, od, batch_dims); \
    }
IX_ALL_SIZES(IX_DATA_SYMBOLS)

/* non_zero: all types; floats ignore the sign bit */
#define IX_NON_ZERO_SYMBOL(t, es, mask) \
    void hipep_non_zero_##t(void *ctx, int64_t xr, void *xd, int64_t yr, void *yd) { \
        ix_non_zero(ctx, "hipep_non_zero_" #t, es, mask, xr, xd, yr, yd); \
    }
IX_NON_ZERO_SYMBOL(f32, 4, 0x7fffffffull)
IX_NON_ZERO_SYMBOL(f64, 8, 0x7fffffffffffffffull)
IX_NON_ZERO_SYMBOL(f16, 2, 0x7fffull)
IX_NON_ZERO_SYMBOL(bf16, 2, 0x7fffull)
IX_NON_ZERO_SYMBOL(i1, 1, 0xffull)
IX_NON_ZERO_SYMBOL(i8, 1, 0xffull)
IX_NON_ZERO_SYMBOL(ui8, 1, 0xffull)
IX_NON_ZERO_SYMBOL(i16, 2, 0xffffull)
IX_NON_ZERO_SYMBOL(ui16, 2, 0xffffull)
IX_NON_ZERO_SYMBOL(i32, 4, 0xffffffffull)
IX_NON_ZERO_SYMBOL(ui32, 4, 0xffffffffull)
IX_NON_ZERO_SYMBOL(i64, 8, ~0ull)
IX_NON_ZERO_SYMBOL(ui64, 8, ~0ull)

#define IX_TYPED_SYMBOLS(t, T, CT, TOC, FROMC, NANP, ACC) \
    void hipep_scatter_elements_##t(void *ctx, int64_t dr, void *dd, int64_t ir, void *id, int64_t ur, void *ud, \
                                    int64_t orank, void *od, int64_t axis, int64_t reduction) { \
        ix_scatter_elements_##t(ctx, IX_INDEX_SIZE, dr, dd, ir, id, ur, ud, orank, od, axis, reduction); \
    } \
    void hipep_scatter_nd_##t(void *ctx, int64_t dr, void *dd, int64_t ir, void *id, int64_t ur, void *ud, \
                              int64_t orank, void *od, int64_t reduction) { \
        ix_scatter_nd_##t(ctx, IX_INDEX_SIZE, dr, dd, ir, id, ur, ud, orank, od, reduction); \
    }
IX_ALL_TYPES(IX_TYPED_SYMBOLS)

#define IX_NUMERIC_SYMBOLS(t, T, CT, TOC, FROMC, NANP, ACC) \
    void hipep_topk_##t(void *ctx, int64_t xr, void *xd, int64_t vr, void *vd, int64_t ir, void *id, int64_t k, \
                        int64_t axis, int64_t largest, int64_t sorted) { \
        (void)sorted; /* always sorted */ \
        ix_topk_##t(ctx, "hipep_topk_" #t, xr, xd, vr, vd, ir, id, k, axis, largest); \
    } \
    void hipep_topk_##t##_p_k(void *ctx, int64_t xr, void *xd, int64_t kr, void *kd, int64_t vr, void *vd, \
                              int64_t ir, void *id, int64_t k_attr, int64_t axis, int64_t largest, int64_t sorted) { \
        int64_t k; \
        (void)k_attr; \
        (void)sorted; \
        if (hipep_has_error(ctx)) return; \
        if (!ix_scalar_param(ctx, "hipep_topk_" #t "_p_k", "K", kr, kd, &k)) return; \
        ix_topk_##t(ctx, "hipep_topk_" #t "_p_k", xr, xd, vr, vd, ir, id, k, axis, largest); \
    } \
    void hipep_cumsum_##t(void *ctx, int64_t xr, void *xd, int64_t yr, void *yd, int64_t axis, int64_t exclusive, \
                          int64_t reverse) { \
        ix_cumsum_##t(ctx, "hipep_cumsum_" #t, xr, xd, yr, yd, axis, exclusive, reverse); \
    } \
    void hipep_cumsum_##t##_p_axis(void *ctx, int64_t xr, void *xd, int64_t ar, void *ad, int64_t yr, void *yd, \
                                   int64_t axis_attr, int64_t exclusive, int64_t reverse) { \
        int64_t axis; \
        (void)axis_attr; \
        if (hipep_has_error(ctx)) return; \
        if (!ix_scalar_param(ctx, "hipep_cumsum_" #t "_p_axis", "axis", ar, ad, &axis)) return; \
        ix_cumsum_##t(ctx, "hipep_cumsum_" #t "_p_axis", xr, xd, yr, yd, axis, exclusive, reverse); \
    }
IX_NUMERIC_TYPES(IX_NUMERIC_SYMBOLS)

#define IX_RESIZE_SYMBOLS(t, T, CT, TOC, FROMC, NANP, ACC) \
    void hipep_resize_##t(void *ctx, int64_t xr, void *xd, int64_t yr, void *yd, const float *scales, \
                          int64_t scales_len, const int64_t *sizes, int64_t sizes_len, int64_t mode, int64_t ctm, \
                          int64_t nearest_mode, double cubic_coeff_a) { \
        ix_resize(ctx, "hipep_resize_" #t, sizeof(T), ix_resize_load_##t, ix_resize_store_##t, xr, xd, yr, yd, \
                  scales, scales_len, sizes, sizes_len, mode, ctm, nearest_mode, cubic_coeff_a); \
    } \
    void hipep_resize_##t##_p_scales(void *ctx, int64_t xr, void *xd, int64_t sr, void *sd, int64_t yr, void *yd, \
                                     const float *scales, int64_t scales_len, const int64_t *sizes, \
                                     int64_t sizes_len, int64_t mode, int64_t ctm, int64_t nearest_mode, \
                                     double cubic_coeff_a) { \
        (void)scales; \
        (void)scales_len; \
        (void)sizes; \
        (void)sizes_len; \
        ix_resize_param(ctx, "hipep_resize_" #t "_p_scales", sizeof(T), ix_resize_load_##t, ix_resize_store_##t, \
                        xr, xd, sr, sd, 0, yr, yd, mode, ctm, nearest_mode, cubic_coeff_a); \
    } \
    void hipep_resize_##t##_p_sizes(void *ctx, int64_t xr, void *xd, int64_t sr, void *sd, int64_t yr, void *yd, \
                                    const float *scales, int64_t scales_len, const int64_t *sizes, int64_t sizes_len, \
                                    int64_t mode, int64_t ctm, int64_t nearest_mode, double cubic_coeff_a) { \
        (void)scales; \
        (void)scales_len; \
        (void)sizes; \
        (void)sizes_len; \
        ix_resize_param(ctx, "hipep_resize_" #t "_p_sizes", sizeof(T), ix_resize_load_##t, ix_resize_store_##t, \
                        xr, xd, sr, sd, 1, yr, yd, mode, ctm, nearest_mode, cubic_coeff_a); \
    }
IX_NUMERIC_TYPES(IX_RESIZE_SYMBOLS)

/* one_hot: hipep_one_hot_<ti> (values of the same type) and hipep_one_hot_<ti>_to_<tv> */
#define IX_ONE_HOT_SAME(ti, T, CT, TOC, FROMC, NANP, ACC) \
    void hipep_one_hot_##ti(void *ctx, int64_t ir, void *id, int64_t vr, void *vd, int64_t orank, void *od, \
                            int64_t depth, int64_t axis) { \
        ix_one_hot_##ti(ctx, "hipep_one_hot_" #ti, ir, id, vr, vd, orank, od, sizeof(T), depth, axis); \
    }
IX_NUMERIC_TYPES(IX_ONE_HOT_SAME)

#define IX_ONE_HOT_TO(ti, tv, es) \
    void hipep_one_hot_##ti##_to_##tv(void *ctx, int64_t ir, void *id, int64_t vr, void *vd, int64_t orank, \
                                      void *od, int64_t depth, int64_t axis) { \
        ix_one_hot_##ti(ctx, "hipep_one_hot_" #ti "_to_" #tv, ir, id, vr, vd, orank, od, es, depth, axis); \
    }
/* every (index type, value type) pair of different types */
IX_ONE_HOT_TO(f32, f64, 8) IX_ONE_HOT_TO(f32, f16, 2) IX_ONE_HOT_TO(f32, bf16, 2) IX_ONE_HOT_TO(f32, i1, 1)
IX_ONE_HOT_TO(f32, i8, 1) IX_ONE_HOT_TO(f32, i16, 2) IX_ONE_HOT_TO(f32, i32, 4) IX_ONE_HOT_TO(f32, i64, 8)
IX_ONE_HOT_TO(f32, ui8, 1) IX_ONE_HOT_TO(f32, ui16, 2) IX_ONE_HOT_TO(f32, ui32, 4) IX_ONE_HOT_TO(f32, ui64, 8)
IX_ONE_HOT_TO(f64, f32, 4) IX_ONE_HOT_TO(f64, f16, 2) IX_ONE_HOT_TO(f64, bf16, 2) IX_ONE_HOT_TO(f64, i1, 1)
IX_ONE_HOT_TO(f64, i8, 1) IX_ONE_HOT_TO(f64, i16, 2) IX_ONE_HOT_TO(f64, i32, 4) IX_ONE_HOT_TO(f64, i64, 8)
IX_ONE_HOT_TO(f64, ui8, 1) IX_ONE_HOT_TO(f64, ui16, 2) IX_ONE_HOT_TO(f64, ui32, 4) IX_ONE_HOT_TO(f64, ui64, 8)
IX_ONE_HOT_TO(f16, f32, 4) IX_ONE_HOT_TO(f16, f64, 8) IX_ONE_HOT_TO(f16, bf16, 2) IX_ONE_HOT_TO(f16, i1, 1)
IX_ONE_HOT_TO(f16, i8, 1) IX_ONE_HOT_TO(f16, i16, 2) IX_ONE_HOT_TO(f16, i32, 4) IX_ONE_HOT_TO(f16, i64, 8)
IX_ONE_HOT_TO(f16, ui8, 1) IX_ONE_HOT_TO(f16, ui16, 2) IX_ONE_HOT_TO(f16, ui32, 4) IX_ONE_HOT_TO(f16, ui64, 8)
IX_ONE_HOT_TO(bf16, f32, 4) IX_ONE_HOT_TO(bf16, f64, 8) IX_ONE_HOT_TO(bf16, f16, 2) IX_ONE_HOT_TO(bf16, i1, 1)
IX_ONE_HOT_TO(bf16, i8, 1) IX_ONE_HOT_TO(bf16, i16, 2) IX_ONE_HOT_TO(bf16, i32, 4) IX_ONE_HOT_TO(bf16, i64, 8)
IX_ONE_HOT_TO(bf16, ui8, 1) IX_ONE_HOT_TO(bf16, ui16, 2) IX_ONE_HOT_TO(bf16, ui32, 4) IX_ONE_HOT_TO(bf16, ui64, 8)
IX_ONE_HOT_TO(i8, f32, 4) IX_ONE_HOT_TO(i8, f64, 8) IX_ONE_HOT_TO(i8, f16, 2) IX_ONE_HOT_TO(i8, bf16, 2)
IX_ONE_HOT_TO(i8, i1, 1) IX_ONE_HOT_TO(i8, i16, 2) IX_ONE_HOT_TO(i8, i32, 4) IX_ONE_HOT_TO(i8, i64, 8)
IX_ONE_HOT_TO(i8, ui8, 1) IX_ONE_HOT_TO(i8, ui16, 2) IX_ONE_HOT_TO(i8, ui32, 4) IX_ONE_HOT_TO(i8, ui64, 8)
IX_ONE_HOT_TO(i16, f32, 4) IX_ONE_HOT_TO(i16, f64, 8) IX_ONE_HOT_TO(i16, f16, 2) IX_ONE_HOT_TO(i16, bf16, 2)
IX_ONE_HOT_TO(i16, i1, 1) IX_ONE_HOT_TO(i16, i8, 1) IX_ONE_HOT_TO(i16, i32, 4) IX_ONE_HOT_TO(i16, i64, 8)
IX_ONE_HOT_TO(i16, ui8, 1) IX_ONE_HOT_TO(i16, ui16, 2) IX_ONE_HOT_TO(i16, ui32, 4) IX_ONE_HOT_TO(i16, ui64, 8)
IX_ONE_HOT_TO(i32, f32, 4) IX_ONE_HOT_TO(i32, f64, 8) IX_ONE_HOT_TO(i32, f16, 2) IX_ONE_HOT_TO(i32, bf16, 2)
IX_ONE_HOT_TO(i32, i1, 1) IX_ONE_HOT_TO(i32, i8, 1) IX_ONE_HOT_TO(i32, i16, 2) IX_ONE_HOT_TO(i32, i64, 8)
IX_ONE_HOT_TO(i32, ui8, 1) IX_ONE_HOT_TO(i32, ui16, 2) IX_ONE_HOT_TO(i32, ui32, 4) IX_ONE_HOT_TO(i32, ui64, 8)
IX_ONE_HOT_TO(i64, f32, 4) IX_ONE_HOT_TO(i64, f64, 8) IX_ONE_HOT_TO(i64, f16, 2) IX_ONE_HOT_TO(i64, bf16, 2)
IX_ONE_HOT_TO(i64, i1, 1) IX_ONE_HOT_TO(i64, i8, 1) IX_ONE_HOT_TO(i64, i16, 2) IX_ONE_HOT_TO(i64, i32, 4)
IX_ONE_HOT_TO(i64, ui8, 1) IX_ONE_HOT_TO(i64, ui16, 2) IX_ONE_HOT_TO(i64, ui32, 4) IX_ONE_HOT_TO(i64, ui64, 8)
IX_ONE_HOT_TO(ui8, f32, 4) IX_ONE_HOT_TO(ui8, f64, 8) IX_ONE_HOT_TO(ui8, f16, 2) IX_ONE_HOT_TO(ui8, bf16, 2)
IX_ONE_HOT_TO(ui8, i1, 1) IX_ONE_HOT_TO(ui8, i8, 1) IX_ONE_HOT_TO(ui8, i16, 2) IX_ONE_HOT_TO(ui8, i32, 4)
IX_ONE_HOT_TO(ui8, i64, 8) IX_ONE_HOT_TO(ui8, ui16, 2) IX_ONE_HOT_TO(ui8, ui32, 4) IX_ONE_HOT_TO(ui8, ui64, 8)
IX_ONE_HOT_TO(ui16, f32, 4) IX_ONE_HOT_TO(ui16, f64, 8) IX_ONE_HOT_TO(ui16, f16, 2) IX_ONE_HOT_TO(ui16, bf16, 2)
IX_ONE_HOT_TO(ui16, i1, 1) IX_ONE_HOT_TO(ui16, i8, 1) IX_ONE_HOT_TO(ui16, i16, 2) IX_ONE_HOT_TO(ui16, i32, 4)
IX_ONE_HOT_TO(ui16, i64, 8) IX_ONE_HOT_TO(ui16, ui8, 1) IX_ONE_HOT_TO(ui16, ui32, 4) IX_ONE_HOT_TO(ui16, ui64, 8)
IX_ONE_HOT_TO(ui32, f32, 4) IX_ONE_HOT_TO(ui32, f64, 8) IX_ONE_HOT_TO(ui32, f16, 2) IX_ONE_HOT_TO(ui32, bf16, 2)
IX_ONE_HOT_TO(ui32, i1, 1) IX_ONE_HOT_TO(ui32, i8, 1) IX_ONE_HOT_TO(ui32, i16, 2) IX_ONE_HOT_TO(ui32, i32, 4)
IX_ONE_HOT_TO(ui32, i64, 8) IX_ONE_HOT_TO(ui32, ui8, 1) IX_ONE_HOT_TO(ui32, ui16, 2) IX_ONE_HOT_TO(ui32, ui64, 8)
IX_ONE_HOT_TO(ui64, f32, 4) IX_ONE_HOT_TO(ui64, f64, 8) IX_ONE_HOT_TO(ui64, f16, 2) IX_ONE_HOT_TO(ui64, bf16, 2)
IX_ONE_HOT_TO(ui64, i1, 1) IX_ONE_HOT_TO(ui64, i8, 1) IX_ONE_HOT_TO(ui64, i16, 2) IX_ONE_HOT_TO(ui64, i32, 4)
IX_ONE_HOT_TO(ui64, i64, 8) IX_ONE_HOT_TO(ui64, ui8, 1) IX_ONE_HOT_TO(ui64, ui16, 2) IX_ONE_HOT_TO(ui64, ui32, 4)
