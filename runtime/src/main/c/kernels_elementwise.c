/*
 * Elementwise kernels: binary ops with numpy broadcasting, comparisons, logic, unary math,
 * activations, cast, where and clip (docs/kernel-abi.md; ONNX semantics up to opset 23).
 *
 * Symbols defined (t = f32 f64 f16 bf16 i8 i16 i32 i64 ui8 ui16 ui32 ui64; F = f32 f64 f16 bf16;
 * A = t and i1):
 *   hipep_{add,sub,mul,div,min,max,mod,pow}_<t>        A, B -> C (broadcast), same element type
 *   hipep_{add,sub,mul,div}_<F>_clamp                  the same with a fused min(max(c, lo), hi)
 *                                                      (f64 lo, hi after the operands)
 *   hipep_pow_<b>_exp_<e>                              mixed-type Pow, b in {F, i32, i64}, e in
 *                                                      {f32 f64 f16 bf16 i32 i64} (not emitted by
 *                                                      the compiler yet: see the note below)
 *   hipep_{and,or,xor}_i1
 *   hipep_equal_<t>_to_i1, hipep_equal_i1
 *   hipep_{less,less_or_equal,greater,greater_or_equal}_<t>_to_i1
 *   hipep_{neg,abs,sign}_<t>
 *   hipep_{exp,log,sqrt,reciprocal,sigmoid,tanh,erf,sin,cos,ceil,floor,round,softplus}_<F>
 *   hipep_not_i1, hipep_gelu_<F>, hipep_leaky_relu_<F>, hipep_hard_sigmoid_<F>
 *   hipep_cast_<a>_to_<b> for every pair of A, and hipep_cast_<a> (the symbol of a cast to the
 *                                                      same type: an identity copy)
 *   hipep_where_i1_to_<t>, hipep_where_i1                condition, X, Y -> Z (3-way broadcast)
 *   hipep_clip_<t>                                      min/max: f64 for F, i64 for integers
 *
 * Semantics chosen where ONNX leaves room:
 *   - Integer add/sub/mul/neg/abs wrap (two's complement), never C undefined behaviour.
 *   - Integer div truncates toward zero (C, like ORT); INT_MIN / -1 wraps to INT_MIN. Integer
 *     div or mod by zero writes 0 there and reports HIPEP_ERR_INVALID_ARGUMENT.
 *   - mod: fmod = 1 -> C fmod / % (sign of the dividend); fmod = 0 -> sign of the divisor
 *     (Python / numpy); also done for floats although ONNX requires fmod = 1 there.
 *   - Integer pow: exact by repeated squaring (wrapping); a negative exponent gives
 *     trunc(1 / x^-e) (1 for x = 1, +-1 for x = -1, else 0, also 0 for x = 0).
 *   - min/max propagate NaN (numpy minimum/maximum); clip and hard_sigmoid keep NaN.
 *   - cast float -> integer truncates toward zero and SATURATES out-of-range values to the
 *     target's range; NaN -> 0. Anything -> i1 is (x != 0) (NaN -> 1). f32 -> f16/bf16 round to
 *     nearest even; f64 -> f16/bf16 round once (round-to-odd to f32 first, no double rounding).
 *     Integer -> integer wraps like numpy.
 *   - round is half to even (rint in the default rounding mode); sign(NaN) = NaN.
 *   - exp, tanh, erf, sigmoid and gelu on f32/f16/bf16 use the branch-free float versions below
 *     (exp 1.0, tanh 1.3, erf 1.7, sigmoid 2.3, gelu 7 ulp at most where the result is a normal
 *     float; relative error < 7e-7), with IEEE special values: NaN in, NaN out; exp overflow to
 *     inf and subnormal results rounded, not flushed; tanh(-0) = -0; gelu(-inf) = NaN as ONNX's
 *     formula (-inf * 0). f64 uses libm. softplus uses log1p/exp (libm, not vectorised).
 *   - The dense inner loops are left to the JIT's vectoriser (the bitcode is built with
 *     -fno-vectorize, see runtime/pom.xml), which picks the host's width: 16 floats on AVX-512.
 *   - Shapes: an input dimension must equal the destination's or be 1 (inputs of lower rank are
 *     right-aligned); otherwise HIPEP_ERR_INVALID_ARGUMENT. Rank > 16: HIPEP_ERR_UNSUPPORTED.
 *
 * Mixed-type Pow (ONNX Pow-12+: float base, integer exponent, e.g. test_pow_types_float32_int64):
 * hipep_pow_<t> can only read an exponent of the base's own type, since a descriptor carries no
 * element type. The compiler must either cast the exponent to the base type first or call
 * hipep_pow_<t>_exp_<t2> (defined here) for a differing exponent type.
 *
 * Implementation: one iteration engine (ew_setup) aligns every operand's strides to the
 * destination's shape (0 on broadcast dimensions), drops size-1 dimensions and merges dimensions
 * that are contiguous for all operands, then hipep_parallel_for splits the destination's linear
 * index range; each chunk walks rows of the innermost dimension with an incremental multi-index,
 * and the per-op inner loops have fast paths for dense (stride 1) and broadcast-scalar (stride 0)
 * operands that the compiler can vectorise.
 */
#include "hipep_runtime.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#define EW_MAXR 16
#define EW_MAXOPS 4
#define EW_GRAIN_CHEAP 32768
#define EW_GRAIN_MATH 8192

#define EW_CAT_(a, b) a##b
#define EW_CAT(a, b) EW_CAT_(a, b)
/* math helpers are forced inline: a call left in a loop stops its vectorisation */
#define EW_INL static inline __attribute__((always_inline))

/* the general strided loops: vectorising them rarely pays (strided loads) and only costs code size */
#ifdef __clang__
#define EW_SCALAR_LOOP _Pragma("clang loop vectorize(disable) interleave(disable)")
#else
#define EW_SCALAR_LOOP
#endif

/*
 * The dense loop of the float math ops (exp, tanh, erf, sigmoid, gelu): vectorised here, 16 floats
 * wide (one zmm on AVX-512, two ymm on AVX2: plain IR vectors, as RD_VEC_LOOP), four vectors per
 * iteration. Each element is one long dependent chain (gelu: a division, two polynomials, the
 * exponent's reduction and scaling, ~130 cycles), which the JIT's vectoriser left at one vector
 * per iteration (its cost model interleaves small loops only): the core then waited on the chain
 * (op-gelu at BERT's FFN shape 0.31 ms, 1.75x ORT's; 0.23 ms with four chains; AVX2 code of the
 * same loop, eight ymm chains, was still 28% faster than the vectoriser's own choice in a C check).
 * Per element the arithmetic is the same, so are the bits. Other types: the JIT decides (f64 calls
 * libm).
 */
#ifdef __clang__
#define EW_MATH_LOOP_f32 _Pragma("clang loop vectorize_width(16) interleave_count(4)")
#else
#define EW_MATH_LOOP_f32
#endif
#define EW_MATH_LOOP_f64
#define EW_MATH_LOOP_f16
#define EW_MATH_LOOP_bf16


/* ------------------------------------------------------------------ iteration engine */

typedef struct {
    int nops;                          /* inputs, then the destination last */
    int ndim;                          /* after coalescing, >= 1 */
    char *ptr[EW_MAXOPS];
    int64_t size[EW_MAXR];
    int64_t stride[EW_MAXOPS][EW_MAXR]; /* in elements, 0 on broadcast dimensions */
    int64_t total;
    double f0, f1;                     /* op attributes */
    int64_t i0, i1;
    int err;                           /* set by a body: integer division by zero */
} ew_job_t;

typedef struct {
    int64_t idx[EW_MAXR];
    int64_t off[EW_MAXOPS];
} ew_pos_t;

/*
 * Fills the job for `nin` inputs and one destination. Returns 0 when there is nothing to run
 * (error already set, an error reported here, or an empty destination).
 */
static int ew_setup(void *ctx, ew_job_t *j, const char *sym, int nin, const int64_t *ranks, void *const *descs,
                    const int64_t *esz) {
    if (hipep_has_error(ctx)) return 0;
    memset(j, 0, sizeof(*j));
    int nops = nin + 1;
    j->nops = nops;
    int64_t rout = ranks[nin];
    if (rout < 0 || rout > EW_MAXR) {
        hipep_errorf(ctx, HIPEP_ERR_UNSUPPORTED, "%s: destination rank %lld (at most %d)", sym, (long long)rout,
                     EW_MAXR);
        return 0;
    }
    hipep_view_t out = hipep_view(rout, descs[nin], esz[nin]);
    int64_t full_stride[EW_MAXOPS][EW_MAXR];
    for (int k = 0; k < nops; k++) {
        hipep_view_t v = k == nin ? out : hipep_view(ranks[k], descs[k], esz[k]);
        while (v.rank > rout && v.sizes[0] == 1) { /* extra leading size-1 dimensions broadcast away */
            v.sizes++;
            v.strides++;
            v.rank--;
        }
        if (v.rank < 0 || v.rank > rout) {
            hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: input #%d has rank %lld, the destination %lld", sym, k,
                         (long long)v.rank, (long long)rout);
            return 0;
        }
        j->ptr[k] = v.data;
        int64_t lead = rout - v.rank;
        for (int64_t d = 0; d < rout; d++) {
            int64_t s = 0;
            if (d >= lead) {
                int64_t n = v.sizes[d - lead];
                if (n == out.sizes[d]) {
                    s = n == 1 ? 0 : v.strides[d - lead];
                } else if (n != 1) {
                    hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT,
                                 "%s: input #%d dimension %lld has size %lld, which does not broadcast to the "
                                 "destination's %lld",
                                 sym, k, (long long)(d - lead), (long long)n, (long long)out.sizes[d]);
                    return 0;
                }
            }
            full_stride[k][d] = s;
        }
    }
    j->total = out.numel;
    if (out.numel <= 0) return 0;
    /* drop size-1 dimensions; merge an outer dimension with the next inner one when every operand
     * is contiguous across them */
    int nd = 0;
    for (int64_t d = 0; d < rout; d++) {
        int64_t n = out.sizes[d];
        if (n == 1) continue;
        if (nd > 0) {
            int merge = 1;
            for (int k = 0; k < nops; k++)
                if (j->stride[k][nd - 1] != full_stride[k][d] * n) { merge = 0; break; }
            if (merge) {
                j->size[nd - 1] *= n;
                for (int k = 0; k < nops; k++) j->stride[k][nd - 1] = full_stride[k][d];
                continue;
            }
        }
        j->size[nd] = n;
        for (int k = 0; k < nops; k++) j->stride[k][nd] = full_stride[k][d];
        nd++;
    }
    if (nd == 0) {
        nd = 1;
        j->size[0] = 1;
        for (int k = 0; k < nops; k++) j->stride[k][0] = 0;
    }
    j->ndim = nd;
    return 1;
}

static __attribute__((noinline)) void ew_pos_init(const ew_job_t *j, ew_pos_t *p, int64_t linear) {
    for (int k = 0; k < j->nops; k++) p->off[k] = 0;
    for (int d = j->ndim - 1; d >= 0; d--) {
        int64_t n = j->size[d];
        int64_t i = linear % n;
        linear /= n;
        p->idx[d] = i;
        for (int k = 0; k < j->nops; k++) p->off[k] += i * j->stride[k][d];
    }
}

/* Moves the position n elements along the innermost dimension (never past its end), carrying. */
static __attribute__((noinline)) void ew_pos_advance(const ew_job_t *j, ew_pos_t *p, int64_t n) {
    int last = j->ndim - 1;
    p->idx[last] += n;
    for (int k = 0; k < j->nops; k++) p->off[k] += n * j->stride[k][last];
    if (p->idx[last] < j->size[last]) return;
    for (int k = 0; k < j->nops; k++) p->off[k] -= j->size[last] * j->stride[k][last];
    p->idx[last] = 0;
    for (int d = last - 1; d >= 0; d--) {
        p->idx[d]++;
        for (int k = 0; k < j->nops; k++) p->off[k] += j->stride[k][d];
        if (p->idx[d] < j->size[d]) return;
        for (int k = 0; k < j->nops; k++) p->off[k] -= j->size[d] * j->stride[k][d];
        p->idx[d] = 0;
    }
}

static void ew_run(void *ctx, ew_job_t *j, const char *sym, void (*body)(void *, int64_t, int64_t), int64_t grain) {
    hipep_parallel_for(ctx, j->total, grain, body, j);
    if (__atomic_load_n(&j->err, __ATOMIC_RELAXED))
        hipep_errorf(ctx, HIPEP_ERR_INVALID_ARGUMENT, "%s: integer division by zero", sym);
}

/* Whether operand k is one element broadcast over the whole iteration space. */
static inline int ew_is_broadcast_scalar(const ew_job_t *j, int k) {
    for (int d = 0; d < j->ndim; d++)
        if (j->stride[k][d] != 0) return 0;
    return 1;
}

/*
 * The row loop every body shares: `ROW` runs with n (row length), the innermost strides
 * s0.. of the operands and the row pointers set up by the caller's macro.
 */
#define EW_BODY_BEGIN                                                                                              \
    ew_job_t *j = (ew_job_t *)arg;                                                                                 \
    ew_pos_t p;                                                                                                    \
    ew_pos_init(j, &p, begin);                                                                                     \
    const int last = j->ndim - 1;                                                                                  \
    const int64_t rowlen = j->size[last];                                                                          \
    int bad = 0;                                                                                                   \
    __attribute__((unused)) const double p0 = j->f0, p1 = j->f1;                                                   \
    __attribute__((unused)) const int64_t q0 = j->i0, q1 = j->i1;                                                  \
    int64_t rem = end - begin;                                                                                     \
    while (rem > 0) {                                                                                              \
        int64_t n = rowlen - p.idx[last];                                                                          \
        if (n > rem) n = rem;

#define EW_BODY_END                                                                                                \
        rem -= n;                                                                                                  \
        if (n == rowlen && last > 0 && p.idx[last - 1] + 1 < j->size[last - 1]) {                                  \
            /* a full row, the next one in the same outer block: the common step, inline */                       \
            p.idx[last - 1]++;                                                                                     \
            EW_SCALAR_LOOP                                                                                         \
            for (int k = 0; k < j->nops; k++) p.off[k] += j->stride[k][last - 1];                                  \
        } else {                                                                                                   \
            ew_pos_advance(j, &p, n);                                                                              \
        }                                                                                                          \
    }                                                                                                              \
    if (bad) __atomic_store_n(&j->err, 1, __ATOMIC_RELAXED);

/* ------------------------------------------------------------------ element types */

/*
 * f16 <-> f32 without branches or loops (so that loops over f16 data vectorise), bit-identical to
 * the header's hipep_f16_to_f32 / hipep_f32_to_f16 (checked exhaustively): widening rebiases by a
 * multiplication with 2^112 (exact for normals and subnormals); narrowing rounds to nearest even
 * by integer arithmetic for normals and by the FPU (adding 0.5) for subnormals.
 */
EW_INL float ew_h2f(uint16_t h) {
    uint32_t em = (uint32_t)(h & 0x7fffu) << 13;
    union { uint32_t u; float f; } v = { em };
    v.f *= 0x1p112f;
    uint32_t bits = em >= (0x7c00u << 13) ? (em | 0x7f800000u) : v.u;
    union { uint32_t u; float f; } r = { bits | ((uint32_t)(h & 0x8000u) << 16) };
    return r.f;
}

EW_INL uint16_t ew_f2h(float f) {
    union { float f; uint32_t u; } c = { f };
    uint32_t sign = c.u & 0x80000000u;
    uint32_t x = c.u ^ sign;
    uint32_t special = x > 0x7f800000u ? 0x7e00u : 0x7c00u;
    union { uint32_t u; float f; } d = { x };
    d.f += 0.5f;
    uint32_t sub = d.u - 0x3f000000u;
    uint32_t nrm = (x - 0x38000000u + 0xfffu + ((x >> 13) & 1u)) >> 13;
    uint32_t o = x >= 0x47800000u ? special : x < 0x38800000u ? sub : nrm;
    return (uint16_t)(o | (sign >> 16));
}

/* storage type, load to the compute type, store from it */
#define EW_T_f32 float
#define EW_T_f64 double
#define EW_T_f16 uint16_t
#define EW_T_bf16 uint16_t
#define EW_T_i8 int8_t
#define EW_T_i16 int16_t
#define EW_T_i32 int32_t
#define EW_T_i64 int64_t
#define EW_T_ui8 uint8_t
#define EW_T_ui16 uint16_t
#define EW_T_ui32 uint32_t
#define EW_T_ui64 uint64_t
#define EW_T_i1 uint8_t

#define EW_LD_f32(v) (v)
#define EW_LD_f64(v) (v)
#define EW_LD_f16(v) ew_h2f(v)
#define EW_LD_bf16(v) hipep_bf16_to_f32(v)
#define EW_ST_f32(v) ((float)(v))
#define EW_ST_f64(v) ((double)(v))
#define EW_ST_f16(v) ew_f2h((float)(v))
#define EW_ST_bf16(v) hipep_f32_to_bf16((float)(v))
#define EW_LD_i8(v) (v)
#define EW_LD_i16(v) (v)
#define EW_LD_i32(v) (v)
#define EW_LD_i64(v) (v)
#define EW_LD_ui8(v) (v)
#define EW_LD_ui16(v) (v)
#define EW_LD_ui32(v) (v)
#define EW_LD_ui64(v) (v)
#define EW_LD_i1(v) ((v) != 0)
#define EW_ST_i8(v) ((int8_t)(v))
#define EW_ST_i16(v) ((int16_t)(v))
#define EW_ST_i32(v) ((int32_t)(v))
#define EW_ST_i64(v) ((int64_t)(v))
#define EW_ST_ui8(v) ((uint8_t)(v))
#define EW_ST_ui16(v) ((uint16_t)(v))
#define EW_ST_ui32(v) ((uint32_t)(v))
#define EW_ST_ui64(v) ((uint64_t)(v))
#define EW_ST_i1(v) ((uint8_t)((v) != 0))

/* float compute type and libm suffix: f32, f16, bf16 compute in float; f64 in double */
#define EW_C_f32 float
#define EW_C_f16 float
#define EW_C_bf16 float
#define EW_C_f64 double
#define EW_S_f32 f
#define EW_S_f16 f
#define EW_S_bf16 f
#define EW_S_f64 d

/* type lists: X(t) */
#define EW_FLOATS(X) X(f32) X(f64) X(f16) X(bf16)
#define EW_SINTS(X) X(i8) X(i16) X(i32) X(i64)
#define EW_UINTS(X) X(ui8) X(ui16) X(ui32) X(ui64)
#define EW_INTS(X) EW_SINTS(X) EW_UINTS(X)
#define EW_NUMERIC(X) EW_FLOATS(X) EW_INTS(X)
#define EW_ALL(X) EW_NUMERIC(X) X(i1)

/* ------------------------------------------------------------------ scalar helpers */

/*
 * exp, tanh, erf(c) for float in plain arithmetic and selects, so that loops over them vectorise
 * (libm's expf / tanhf are scalar calls); no -ffast-math: NaN, +-inf, overflow and subnormal
 * results are handled by the clamps and selects. Errors against the correctly rounded result,
 * measured over every 61st float (a C sweep against libm in double): exp 1.0 ulp, tanh 1.3, erf
 * 1.3, sigmoid 2.0, gelu (both forms) a few ulp where the result is normal.
 *
 * exp: Cody-Waite reduction x = n ln2 + r (ln2 in two parts; n ln2_hi is exact), a degree-6
 * polynomial fitted for relative error on |r| <= ln2/2 (2e-9), 2^n applied in two halves so that
 * subnormal results round once. ew_expf_hl takes the argument as an unevaluated sum hi + lo
 * (|lo| < 2) and keeps lo's bits through the reduction: erfc's exp(-a^2 + q) needs a^2 to more
 * than float precision once a^2 is large (e^-78 with a^2 rounded is 5e-6 off, 250 ulp).
 */
EW_INL float ew_exp_finish(float hi, float lo, float nf) {
    float r = (hi - nf * 0.693359375f) + (lo - nf * -2.12194440e-4f);
    float p = 0.001382942059581017f;
    p = p * r + 0.008374771520128346f;
    p = p * r + 0.04166835803302356f;
    p = p * r + 0.16666420832118906f;
    p = p * r + 0.49999991493036766f;
    p = p * r + 1.0000000361258996f;
    p = p * r + 1.0000000005920207f;
    int32_t n = (int32_t)nf;
    int32_t n1 = n / 2, n2 = n - n1;
    union { uint32_t u; float f; } s1 = { (uint32_t)(n1 + 127) << 23 }, s2 = { (uint32_t)(n2 + 127) << 23 };
    return p * s1.f * s2.f;
}

/* the clamps of exp's argument: exp(89) overflows to inf, exp(-104) rounds to 0 */
#define EW_EXPF_HI 89.0f
#define EW_EXPF_LO -104.0f

/* exp(xc) for xc in [EW_EXPF_LO, EW_EXPF_HI] (not NaN): the reduction and the polynomial */
EW_INL float ew_expf_clamped(float xc) {
    float nf = (xc * 1.44269504088896341f + 12582912.0f) - 12582912.0f; /* round to nearest */
    return ew_exp_finish(xc, 0.0f, nf);
}

EW_INL float ew_expf(float x) {
    float xc = x != x ? 0.0f : x;
    xc = xc > EW_EXPF_HI ? EW_EXPF_HI : xc;
    xc = xc < EW_EXPF_LO ? EW_EXPF_LO : xc;
    float res = ew_expf_clamped(xc);
    return x != x ? x : res;
}

/* exp(hi + lo) for finite hi, lo with |lo| < 2 (a NaN in either gives NaN) */
EW_INL float ew_expf_hl(float hi, float lo) {
    float x = hi + lo;
    float hc = hi > EW_EXPF_HI ? EW_EXPF_HI : hi;
    hc = hc < EW_EXPF_LO ? EW_EXPF_LO : hc;
    float lc = hc == hi ? lo : 0.0f; /* clamped: lo no longer matters */
    float xc = hc + lc;
    xc = xc != xc ? 0.0f : xc;
    float nf = (xc * 1.44269504088896341f + 12582912.0f) - 12582912.0f;
    float res = ew_exp_finish(hc, lc, nf);
    return x != x ? x : res;
}

EW_INL float ew_tanhf(float x) {
    float ax = fabsf(x);
    float z = x * x;
    float p = -0.005718962564432892f;
    p = p * z + 0.020653124519136087f;
    p = p * z + -0.05374465790197407f;
    p = p * z + 0.13331512665017584f;
    p = p * z + -0.33333285219564557f;
    float small = ax + ax * z * p;
    float e = ew_expf(2.0f * ax);
    float big = 1.0f - 2.0f / (e + 1.0f);
    return copysignf(ax < 0.625f ? small : big, x); /* odd: tanh(-0) = -0 */
}

/*
 * erfc for a >= 0 (NaN passes): Numerical Recipes' erfcc form t exp(-a^2 + q(t)), t = 1 / (1 +
 * a/2) (Chebyshev fit, relative error < 1.2e-7 everywhere), with -a^2 split exactly by an fma
 * for ew_expf_hl; a is clamped to 11 (erfc(11) = 1.4e-54 rounds to 0 like everything above, and
 * the clamp keeps inf out of the split). erf below 0.9 is an odd polynomial fitted for relative
 * error (3e-10) evaluated as x + x (c0 - 1 + ...) so that its leading term is exact; above 0.9 it
 * is 1 - erfc.
 */
EW_INL float ew_erfcf_pos2(float a, float a_lo) { /* erfc(a + a_lo), |a_lo| <= ulp(a) */
    a_lo = a > 11.0f ? 0.0f : a_lo;
    a = a > 11.0f ? 11.0f : a;
    float t = 1.0f / (1.0f + 0.5f * a);
    float q = 0.17087277f;
    q = q * t + -0.82215223f;
    q = q * t + 1.48851587f;
    q = q * t + -1.13520398f;
    q = q * t + 0.27886807f;
    q = q * t + -0.18628806f;
    q = q * t + 0.09678418f;
    q = q * t + 0.37409196f;
    q = q * t + 1.00002368f;
    q = q * t + -1.26551223f;
    float aa = a * a;
    float aa_err = fmaf(a, a, -aa); /* a^2 = aa + aa_err exactly */
    return t * ew_expf_hl(-aa, q - aa_err - 2.0f * a * a_lo);
}

EW_INL float ew_erfcf_pos(float a) { return ew_erfcf_pos2(a, 0.0f); }

/*
 * Gelu's erfc(-x / sqrt(2)) for x < 0 with the argument in two parts (its rounding alone would
 * cost 100+ ulp once x^2 / 2 is large: exp amplifies an absolute error of the exponent).
 */
EW_INL float ew_gelu_erfcf(float x) {
    float a = x * -0.70710678118654752f;
    float a_lo = fmaf(x, -0.70710678118654752f, -a) + x * -1.2101617e-08f; /* 1/sqrt(2) - its float */
    float c = ew_erfcf_pos2(fabsf(a), a < 0 ? -a_lo : a_lo);
    return a < 0 ? 2.0f - c : c;
}

EW_INL float ew_erfcf(float x) {
    float c = ew_erfcf_pos(fabsf(x));
    return x < 0 ? 2.0f - c : c;
}

EW_INL float ew_erff(float x) {
    float ax = fabsf(x);
    float z = x * x;
    float p = 8.55284912666468e-05f;
    p = p * z + -0.0008185883714061856f;
    p = p * z + 0.005204866301362521f;
    p = p * z + -0.02686097704122846f;
    p = p * z + 0.1128372534955738f;
    p = p * z + -0.37612635895518126f;
    p = p * z + 0.1283791669535475f; /* 2/sqrt(pi) - 1 */
    float small = x + x * p;
    float big = copysignf(1.0f - ew_erfcf_pos(ax), x);
    return ax < 0.9f ? small : big;
}

/*
 * Gelu's tanh form x (1 + tanh(u)) / 2 = x sigmoid(w), w = 2u = sqrt(8/pi) (x + 0.044715 x^3);
 * no cancellation or overflow for x << 0. For float, w is computed in double and handed to exp in
 * two parts: exp(-|w|) amplifies w's rounding by |w| (140 ulp at x = -9.5 with w in float).
 */
EW_INL float ew_gelu_tanhf(float x) {
    double xd = x;
    double wd = 1.5957691216057308 * (xd + 0.044715 * xd * xd * xd);
    float w = (float)wd;
    float w_lo = (float)(wd - (double)w); /* NaN for infinite w: w decides there */
    w_lo = w != w || fabsf(w) > 1e30f ? 0.0f : w_lo;
    float e = ew_expf_hl(-fabsf(w), w < 0 ? w_lo : -w_lo);
    return x * ((w >= 0 ? 1.0f : e) / (1.0f + e));
}

static inline double ew_gelu_tanhd(double x) {
    double w = 1.5957691216057308 * (x + 0.044715 * x * x * x);
    double e = exp(-fabs(w));
    return x * ((w >= 0 ? 1.0 : e) / (1.0 + e));
}

/* per compute suffix: f = float (vectorisable versions), d = double (libm) */
#define ew_exp_f ew_expf
#define ew_exp_d exp
#define ew_tanh_f ew_tanhf
#define ew_tanh_d tanh
#define ew_erf_f ew_erff
#define ew_erf_d erf

#define EW_MF(fn) fn##f
#define EW_MD(fn) fn

#define EW_FLOAT_HELPERS(CT, S, M, EXP, ERFC, GTANH)                                                                     \
    EW_INL CT ew_min_##S(CT x, CT y) { return (x < y || x != x) ? x : y; }                               \
    EW_INL CT ew_max_##S(CT x, CT y) { return (x > y || x != x) ? x : y; }                               \
    EW_INL CT ew_sign_##S(CT x) { return x > 0 ? (CT)1 : x < 0 ? (CT)-1 : x == 0 ? (CT)0 : x; }         \
    EW_INL CT ew_sigmoid_##S(CT x) {                                                                        \
        CT e = EXP(-M(fabs)(x));                                                                                   \
        return (x >= 0 ? (CT)1 : e) / ((CT)1 + e); /* one rounding less than e * (1 / (1 + e)) */                \
    }                                                                                                              \
    EW_INL CT ew_softplus_##S(CT x) { return (x > 0 ? x : (CT)0) + M(log1p)(M(exp)(-M(fabs)(x))); }     \
    /* 1 + erf(z) = erfc(-z) and (1 + tanh(u)) / 2 = sigmoid(2u): no cancellation, no overflow for x << 0 */   \
    EW_INL CT ew_gelu_##S(CT x, int64_t tanh_approx) {                                                     \
        if (tanh_approx)                                                                                           \
            return GTANH(x);                                                                                       \
        return (CT)0.5 * x * ERFC(x);                                                                              \
    }                                                                                                              \
    EW_INL CT ew_hard_sigmoid_##S(CT x, CT a, CT b) {                                                       \
        CT v = a * x + b;                                                                                          \
        v = v < 0 ? (CT)0 : v;                                                                                     \
        return v > 1 ? (CT)1 : v;                                                                                  \
    }                                                                                                              \
    EW_INL CT ew_mod_##S(CT x, CT y, int64_t c_fmod) {                                                      \
        CT r = M(fmod)(x, y);                                                                                      \
        if (!c_fmod && r != 0 && ((r < 0) != (y < 0))) r += y;                                                     \
        return r;                                                                                                  \
    }

EW_FLOAT_HELPERS(float, f, EW_MF, ew_expf, ew_gelu_erfcf, ew_gelu_tanhf)
static inline double ew_gelu_erfc(double x) { return erfc(x * -0.7071067811865476); }
EW_FLOAT_HELPERS(double, d, EW_MD, exp, ew_gelu_erfc, ew_gelu_tanhd)

/* integer wrap-around arithmetic (no signed-overflow UB) */
#define EW_WADD(x, y) ((uint64_t)(x) + (uint64_t)(y))
#define EW_WSUB(x, y) ((uint64_t)(x) - (uint64_t)(y))
#define EW_WMUL(x, y) ((uint64_t)(x) * (uint64_t)(y))

static inline int64_t ew_sdiv(int64_t x, int64_t y, int *bad) {
    if (y == 0) { *bad = 1; return 0; }
    if (y == -1) return (int64_t)(0 - (uint64_t)x);
    return x / y;
}
static inline uint64_t ew_udiv(uint64_t x, uint64_t y, int *bad) {
    if (y == 0) { *bad = 1; return 0; }
    return x / y;
}
static inline int64_t ew_smod(int64_t x, int64_t y, int64_t c_fmod, int *bad) {
    if (y == 0) { *bad = 1; return 0; }
    if (y == -1) return 0;
    int64_t r = x % y;
    if (!c_fmod && r != 0 && ((r < 0) != (y < 0))) r += y;
    return r;
}
static inline uint64_t ew_umod(uint64_t x, uint64_t y, int *bad) {
    if (y == 0) { *bad = 1; return 0; }
    return x % y;
}
static inline uint64_t ew_upow(uint64_t x, uint64_t e) {
    uint64_t r = 1;
    while (e) {
        if (e & 1) r *= x;
        x *= x;
        e >>= 1;
    }
    return r;
}
static inline int64_t ew_spow(int64_t x, int64_t e) {
    if (e < 0) return x == 1 ? 1 : x == -1 ? ((e & 1) ? -1 : 1) : 0;
    return (int64_t)ew_upow((uint64_t)x, (uint64_t)e);
}

/* float -> integer: truncate toward zero, saturate, NaN -> 0 */
#define EW_SAT(t, T, LO, HI, TMIN, TMAX)                                                                           \
    static inline T ew_sat_##t(double x) { return x != x ? (T)0 : x >= HI ? TMAX : x <= LO ? TMIN : (T)x; }
EW_SAT(i8, int8_t, -128.0, 128.0, INT8_MIN, INT8_MAX)
EW_SAT(i16, int16_t, -32768.0, 32768.0, INT16_MIN, INT16_MAX)
EW_SAT(i32, int32_t, -2147483648.0, 2147483648.0, INT32_MIN, INT32_MAX)
EW_SAT(i64, int64_t, -9223372036854775808.0, 9223372036854775808.0, INT64_MIN, INT64_MAX)
EW_SAT(ui8, uint8_t, 0.0, 256.0, 0, UINT8_MAX)
EW_SAT(ui16, uint16_t, 0.0, 65536.0, 0, UINT16_MAX)
EW_SAT(ui32, uint32_t, 0.0, 4294967296.0, 0, UINT32_MAX)
EW_SAT(ui64, uint64_t, 0.0, 18446744073709551616.0, 0, UINT64_MAX)

/* f64 -> f32 rounding to odd, so that a second rounding to f16/bf16 is correctly rounded */
static inline float ew_f64_to_f32_odd(double d) {
    float f = (float)d;
    if (d == d && (double)f != d) {
        union { float f; uint32_t u; } c = { f };
        if (fabs((double)f) > fabs(d)) c.u -= 1;
        c.u |= 1u;
        f = c.f;
    }
    return f;
}
static inline uint16_t ew_f64_to_f16(double d) { return ew_f2h(ew_f64_to_f32_odd(d)); }
static inline uint16_t ew_f64_to_bf16(double d) { return hipep_f32_to_bf16(ew_f64_to_f32_odd(d)); }

/* clamp: max(x, lo) first, then min(., hi), so that lo > hi gives hi (ONNX); NaN stays NaN */
#define EW_CLIP_HELPER(S, CT)                                                                                      \
    static inline CT ew_clip_##S(CT x, CT lo, CT hi) {                                                             \
        CT v = x < lo ? lo : x;                                                                                    \
        return v > hi ? hi : v;                                                                                    \
    }
EW_CLIP_HELPER(f, float)
EW_CLIP_HELPER(d, double)
#define EW_CLIP_INT_HELPER(t) EW_CLIP_HELPER(t, EW_T_##t)
EW_INTS(EW_CLIP_INT_HELPER)

#define EW_EXPAND(...) __VA_ARGS__


/* ------------------------------------------------------------------ binary kernels */

/*
 * EW_BINARY_BODY(SYM, TA, TB, TC, EXPR): the chunk body of hipep_<SYM>; EXPR computes the stored
 * C value from the stored values x (TA) and y (TB); it may use p0/p1/q0/q1 (attributes) and set
 * `bad`. Inner loops: both dense, B scalar, A scalar, general strides.
 */
#define EW_BINARY_BODY(SYM, TA, TB, TC, EXPR)                                                                      \
    static void ew_body_##SYM(void *arg, int64_t begin, int64_t end) {                                            \
        EW_BODY_BEGIN                                                                                              \
        const TA *restrict a = (const TA *)j->ptr[0] + p.off[0];                                                   \
        const TB *restrict b = (const TB *)j->ptr[1] + p.off[1];                                                   \
        TC *restrict c = (TC *)j->ptr[2] + p.off[2];                                                               \
        const int64_t sa = j->stride[0][last], sb = j->stride[1][last], sc = j->stride[2][last];                  \
        if (sc == 1 && sa == 1 && sb == 1) {                                                                       \
            for (int64_t i = 0; i < n; i++) { const TA x = a[i]; const TB y = b[i]; c[i] = (EXPR); }              \
        } else if (sc == 1 && sa == 1 && sb == 0) {                                                                \
            const TB y = b[0];                                                                                     \
            for (int64_t i = 0; i < n; i++) { const TA x = a[i]; c[i] = (EXPR); }                                 \
        } else if (sc == 1 && sa == 0 && sb == 1) {                                                                \
            const TA x = a[0];                                                                                     \
            for (int64_t i = 0; i < n; i++) { const TB y = b[i]; c[i] = (EXPR); }                                 \
        } else {                                                                                                   \
            EW_SCALAR_LOOP                                                                                         \
            for (int64_t i = 0; i < n; i++) {                                                                      \
                const TA x = a[i * sa];                                                                            \
                const TB y = b[i * sb];                                                                            \
                c[i * sc] = (EXPR);                                                                                \
            }                                                                                                      \
        }                                                                                                          \
        EW_BODY_END                                                                                                \
    }

/* the kernel: PARAMS = (, extra parameters), SETUP = statements storing them into job */
#define EW_BINARY_FN(SYM, TA, TB, TC, GRAIN, PARAMS, SETUP)                                                        \
    void hipep_##SYM(void *ctx, int64_t ra, void *da, int64_t rb, void *db, int64_t rc, void *dc EW_EXPAND PARAMS) { \
        ew_job_t job;                                                                                              \
        const int64_t ranks[3] = {ra, rb, rc};                                                                     \
        void *const descs[3] = {da, db, dc};                                                                       \
        const int64_t esz[3] = {sizeof(TA), sizeof(TB), sizeof(TC)};                                               \
        if (!ew_setup(ctx, &job, "hipep_" #SYM, 2, ranks, descs, esz)) return;                                     \
        SETUP;                                                                                                     \
        ew_run(ctx, &job, "hipep_" #SYM, ew_body_##SYM, GRAIN);                                                    \
    }

#define EW_BINARY(SYM, TA, TB, TC, EXPR, GRAIN)                                                                    \
    EW_BINARY_BODY(SYM, TA, TB, TC, EXPR)                                                                          \
    EW_BINARY_FN(SYM, TA, TB, TC, GRAIN, (), (void)0)

/* mod carries the fmod flag (q0 in the body) */
#define EW_MOD(t, EXPR)                                                                                            \
    EW_BINARY_BODY(mod_##t, EW_T_##t, EW_T_##t, EW_T_##t, EXPR)                                                    \
    EW_BINARY_FN(mod_##t, EW_T_##t, EW_T_##t, EW_T_##t, EW_GRAIN_CHEAP, (, int64_t fmod_), job.i0 = fmod_ != 0)

/* float functions by compute suffix: EW_FN(t, exp) -> expf or exp */
#define EW_FN_f(fn) fn##f
#define EW_FN_d(fn) fn
#define EW_FN(t, fn) EW_CAT(EW_FN_, EW_S_##t)(fn)
#define EW_HELP(name, t) EW_CAT(name, EW_S_##t)

/* same-type float op on loaded values */
#define EW_FBIN(op, t, EXPR, GRAIN)                                                                                \
    EW_BINARY(op##_##t, EW_T_##t, EW_T_##t, EW_T_##t,                                                              \
              EW_ST_##t(EW_EXPR_FL(t, EXPR)), GRAIN)
#define EW_EXPR_FL(t, EXPR) ({ const EW_C_##t X = EW_LD_##t(x), Y = EW_LD_##t(y); (EXPR); })

/*
 * Float pow: a scalar exponent of 2, 3, 1 or 0.5 (x^2 in variance decompositions, x^3 in GELU's
 * tanh form, sqrt) takes a loop without the libm call; 0.5 keeps pow's pow(-0) = +0 and
 * pow(-inf) = +inf.
 */
#define EW_FUNX(t, EXPR) ((void)y, EW_ST_##t(({ const EW_C_##t X = EW_LD_##t(x); (EXPR); })))
#define EW_FPOW(t)                                                                                                 \
    EW_BINARY_BODY(pow_##t, EW_T_##t, EW_T_##t, EW_T_##t, EW_ST_##t(EW_EXPR_FL(t, EW_FN(t, pow)(X, Y))))           \
    EW_BINARY_BODY(pow_sq_##t, EW_T_##t, EW_T_##t, EW_T_##t, EW_FUNX(t, X * X))                                    \
    EW_BINARY_BODY(pow_cube_##t, EW_T_##t, EW_T_##t, EW_T_##t, EW_FUNX(t, X * X * X))                              \
    EW_BINARY_BODY(pow_one_##t, EW_T_##t, EW_T_##t, EW_T_##t, ((void)y, x))                                        \
    EW_BINARY_BODY(pow_sqrt_##t, EW_T_##t, EW_T_##t, EW_T_##t,                                                     \
                   EW_FUNX(t, X == -(EW_C_##t)INFINITY ? (EW_C_##t)INFINITY : EW_FN(t, sqrt)(X) + (EW_C_##t)0))    \
    void hipep_pow_##t(void *ctx, int64_t ra, void *da, int64_t rb, void *db, int64_t rc, void *dc) {             \
        ew_job_t job;                                                                                              \
        const int64_t ranks[3] = {ra, rb, rc};                                                                     \
        void *const descs[3] = {da, db, dc};                                                                       \
        const int64_t esz[3] = {sizeof(EW_T_##t), sizeof(EW_T_##t), sizeof(EW_T_##t)};                             \
        if (!ew_setup(ctx, &job, "hipep_pow_" #t, 2, ranks, descs, esz)) return;                                   \
        void (*body)(void *, int64_t, int64_t) = ew_body_pow_##t;                                                  \
        if (ew_is_broadcast_scalar(&job, 1)) {                                                                     \
            EW_C_##t e = EW_LD_##t(*(const EW_T_##t *)job.ptr[1]);                                                 \
            body = e == 2 ? ew_body_pow_sq_##t                                                                     \
                   : e == 3 ? ew_body_pow_cube_##t                                                                 \
                   : e == 1 ? ew_body_pow_one_##t                                                                  \
                   : e == (EW_C_##t)0.5 ? ew_body_pow_sqrt_##t                                                     \
                   : body;                                                                                         \
        }                                                                                                          \
        ew_run(ctx, &job, "hipep_pow_" #t, body, EW_GRAIN_MATH);                                                   \
    }

/*
 * The _clamp kernels of add/sub/mul/div (a Relu, Relu6 or Clip fused by the compiler): the result,
 * before it is stored, becomes min(max(v, lo), hi) with hipep_max's and hipep_min's comparisons
 * (NaN propagates, max(-0, +0) = +0); storing rounds monotonically, so a narrow type gets the bits
 * of the separate kernels.
 */
#define EW_FBIN_CLAMP(op, t, EXPR)                                                                                 \
    EW_BINARY_BODY(op##_##t##_clamp, EW_T_##t, EW_T_##t, EW_T_##t,                                                 \
                   EW_ST_##t(EW_HELP(ew_min_, t)(EW_HELP(ew_max_, t)(EW_EXPR_FL(t, EXPR), (EW_C_##t)p0),         \
                                                 (EW_C_##t)p1)))                                                   \
    EW_BINARY_FN(op##_##t##_clamp, EW_T_##t, EW_T_##t, EW_T_##t, EW_GRAIN_CHEAP, (, double lo, double hi),         \
                 (job.f0 = lo, job.f1 = hi))

#define EW_FLOAT_BINARIES(t)                                                                                       \
    EW_FBIN(add, t, X + Y, EW_GRAIN_CHEAP)                                                                         \
    EW_FBIN(sub, t, X - Y, EW_GRAIN_CHEAP)                                                                         \
    EW_FBIN(mul, t, X * Y, EW_GRAIN_CHEAP)                                                                         \
    EW_FBIN(div, t, X / Y, EW_GRAIN_CHEAP)                                                                         \
    EW_FBIN_CLAMP(add, t, X + Y)                                                                                   \
    EW_FBIN_CLAMP(sub, t, X - Y)                                                                                   \
    EW_FBIN_CLAMP(mul, t, X * Y)                                                                                   \
    EW_FBIN_CLAMP(div, t, X / Y)                                                                                   \
    EW_FBIN(min, t, EW_HELP(ew_min_, t)(X, Y), EW_GRAIN_CHEAP)                                                     \
    EW_FBIN(max, t, EW_HELP(ew_max_, t)(X, Y), EW_GRAIN_CHEAP)                                                     \
    EW_FPOW(t)                                                                                                     \
    EW_MOD(t, EW_ST_##t(EW_HELP(ew_mod_, t)(EW_LD_##t(x), EW_LD_##t(y), q0)))                                      \
    EW_BINARY(equal_##t##_to_i1, EW_T_##t, EW_T_##t, uint8_t, (uint8_t)(EW_LD_##t(x) == EW_LD_##t(y)),           \
              EW_GRAIN_CHEAP)                                                                                      \
    EW_BINARY(less_##t##_to_i1, EW_T_##t, EW_T_##t, uint8_t, (uint8_t)(EW_LD_##t(x) < EW_LD_##t(y)),             \
              EW_GRAIN_CHEAP)                                                                                      \
    EW_BINARY(less_or_equal_##t##_to_i1, EW_T_##t, EW_T_##t, uint8_t, (uint8_t)(EW_LD_##t(x) <= EW_LD_##t(y)),   \
              EW_GRAIN_CHEAP)                                                                                      \
    EW_BINARY(greater_##t##_to_i1, EW_T_##t, EW_T_##t, uint8_t, (uint8_t)(EW_LD_##t(x) > EW_LD_##t(y)),          \
              EW_GRAIN_CHEAP)                                                                                      \
    EW_BINARY(greater_or_equal_##t##_to_i1, EW_T_##t, EW_T_##t, uint8_t,                                         \
              (uint8_t)(EW_LD_##t(x) >= EW_LD_##t(y)), EW_GRAIN_CHEAP)
EW_FLOATS(EW_FLOAT_BINARIES)

/* integers: W = the helpers' argument type (int64_t for signed, uint64_t for unsigned) */
#define EW_INT_BINARIES_(t, W, DIV, MODX, POW)                                                                     \
    EW_BINARY(add_##t, EW_T_##t, EW_T_##t, EW_T_##t, (EW_T_##t)EW_WADD(x, y), EW_GRAIN_CHEAP)                     \
    EW_BINARY(sub_##t, EW_T_##t, EW_T_##t, EW_T_##t, (EW_T_##t)EW_WSUB(x, y), EW_GRAIN_CHEAP)                     \
    EW_BINARY(mul_##t, EW_T_##t, EW_T_##t, EW_T_##t, (EW_T_##t)EW_WMUL(x, y), EW_GRAIN_CHEAP)                     \
    EW_BINARY(div_##t, EW_T_##t, EW_T_##t, EW_T_##t, (EW_T_##t)DIV((W)x, (W)y, &bad), EW_GRAIN_CHEAP)             \
    EW_BINARY(min_##t, EW_T_##t, EW_T_##t, EW_T_##t, (x < y ? x : y), EW_GRAIN_CHEAP)                             \
    EW_BINARY(max_##t, EW_T_##t, EW_T_##t, EW_T_##t, (x > y ? x : y), EW_GRAIN_CHEAP)                             \
    EW_BINARY(pow_##t, EW_T_##t, EW_T_##t, EW_T_##t, (EW_T_##t)POW((W)x, (W)y), EW_GRAIN_MATH)                    \
    EW_MOD(t, (EW_T_##t)MODX)                                                                                      \
    EW_BINARY(equal_##t##_to_i1, EW_T_##t, EW_T_##t, uint8_t, (uint8_t)(x == y), EW_GRAIN_CHEAP)                  \
    EW_BINARY(less_##t##_to_i1, EW_T_##t, EW_T_##t, uint8_t, (uint8_t)(x < y), EW_GRAIN_CHEAP)                    \
    EW_BINARY(less_or_equal_##t##_to_i1, EW_T_##t, EW_T_##t, uint8_t, (uint8_t)(x <= y), EW_GRAIN_CHEAP)          \
    EW_BINARY(greater_##t##_to_i1, EW_T_##t, EW_T_##t, uint8_t, (uint8_t)(x > y), EW_GRAIN_CHEAP)                 \
    EW_BINARY(greater_or_equal_##t##_to_i1, EW_T_##t, EW_T_##t, uint8_t, (uint8_t)(x >= y), EW_GRAIN_CHEAP)
#define EW_SINT_BINARIES(t) EW_INT_BINARIES_(t, int64_t, ew_sdiv, ew_smod((int64_t)x, (int64_t)y, q0, &bad), ew_spow)
#define EW_UINT_BINARIES(t) EW_INT_BINARIES_(t, uint64_t, ew_udiv, ew_umod((uint64_t)x, (uint64_t)y, &bad), ew_upow)
EW_SINTS(EW_SINT_BINARIES)
EW_UINTS(EW_UINT_BINARIES)

/* bool */
EW_BINARY(and_i1, uint8_t, uint8_t, uint8_t, (uint8_t)((x != 0) & (y != 0)), EW_GRAIN_CHEAP)
EW_BINARY(or_i1, uint8_t, uint8_t, uint8_t, (uint8_t)((x != 0) | (y != 0)), EW_GRAIN_CHEAP)
EW_BINARY(xor_i1, uint8_t, uint8_t, uint8_t, (uint8_t)((x != 0) ^ (y != 0)), EW_GRAIN_CHEAP)
EW_BINARY(equal_i1, uint8_t, uint8_t, uint8_t, (uint8_t)((x != 0) == (y != 0)), EW_GRAIN_CHEAP)

/*
 * Mixed-type Pow: hipep_pow_<b>_exp_<e> (base b, exponent e; the result has the base's type).
 * A float base computes pow in double; an integer base with an integer exponent is exact
 * (ew_spow), with a float exponent pow in double truncated and saturated to the base type.
 */
#define EW_K_f32 F
#define EW_K_f64 F
#define EW_K_f16 F
#define EW_K_bf16 F
#define EW_K_i32 I
#define EW_K_i64 I
#define EW_POWX_F_F(b, e) EW_ST_##b(pow((double)EW_LD_##b(x), (double)EW_LD_##e(y)))
#define EW_POWX_F_I(b, e) EW_ST_##b(pow((double)EW_LD_##b(x), (double)EW_LD_##e(y)))
#define EW_POWX_I_F(b, e) ew_sat_##b(pow((double)x, (double)EW_LD_##e(y)))
#define EW_POWX_I_I(b, e) (EW_T_##b) ew_spow((int64_t)x, (int64_t)y)
#define EW_POWX__(kb, ke, b, e) EW_POWX_##kb##_##ke(b, e)
#define EW_POWX_(kb, ke, b, e) EW_POWX__(kb, ke, b, e)
#define EW_POWX(b, e)                                                                                              \
    EW_BINARY(pow_##b##_exp_##e, EW_T_##b, EW_T_##e, EW_T_##b, EW_POWX_(EW_K_##b, EW_K_##e, b, e), EW_GRAIN_MATH)
#define EW_POW_EXPONENTS(b) EW_POWX(b, f32) EW_POWX(b, f64) EW_POWX(b, f16) EW_POWX(b, bf16) EW_POWX(b, i32) EW_POWX(b, i64)
EW_POW_EXPONENTS(f32)
EW_POW_EXPONENTS(f64)
EW_POW_EXPONENTS(f16)
EW_POW_EXPONENTS(bf16)
EW_POW_EXPONENTS(i32)
EW_POW_EXPONENTS(i64)

/* ------------------------------------------------------------------ unary kernels */

/* EW_UNARY_BODY(SYM, TX, TY, EXPR): EXPR computes the stored Y value from the stored value x */
/* DENSE: a loop pragma for the dense (unit-stride) loop, or nothing */
#define EW_UNARY_BODY(SYM, TX, TY, EXPR) EW_UNARY_BODY_P(SYM, TX, TY, EXPR, )
#define EW_UNARY_BODY_P(SYM, TX, TY, EXPR, DENSE)                                                                  \
    static void ew_body_##SYM(void *arg, int64_t begin, int64_t end) {                                            \
        EW_BODY_BEGIN                                                                                              \
        const TX *restrict a = (const TX *)j->ptr[0] + p.off[0];                                                   \
        TY *restrict c = (TY *)j->ptr[1] + p.off[1];                                                               \
        const int64_t sa = j->stride[0][last], sc = j->stride[1][last];                                            \
        if (sc == 1 && sa == 1) {                                                                                  \
            DENSE for (int64_t i = 0; i < n; i++) { const TX x = a[i]; c[i] = (EXPR); }                           \
        } else {                                                                                                   \
            EW_SCALAR_LOOP                                                                                         \
            for (int64_t i = 0; i < n; i++) { const TX x = a[i * sa]; c[i * sc] = (EXPR); }                       \
        }                                                                                                          \
        EW_BODY_END                                                                                                \
    }

#define EW_UNARY_FN(SYM, TX, TY, GRAIN, PARAMS, SETUP)                                                             \
    void hipep_##SYM(void *ctx, int64_t rx, void *dx, int64_t ry, void *dy EW_EXPAND PARAMS) {                    \
        ew_job_t job;                                                                                              \
        const int64_t ranks[2] = {rx, ry};                                                                         \
        void *const descs[2] = {dx, dy};                                                                           \
        const int64_t esz[2] = {sizeof(TX), sizeof(TY)};                                                           \
        if (!ew_setup(ctx, &job, "hipep_" #SYM, 1, ranks, descs, esz)) return;                                     \
        SETUP;                                                                                                     \
        ew_run(ctx, &job, "hipep_" #SYM, ew_body_##SYM, GRAIN);                                                    \
    }

#define EW_UNARY(SYM, TX, TY, EXPR, GRAIN)                                                                         \
    EW_UNARY_BODY(SYM, TX, TY, EXPR)                                                                               \
    EW_UNARY_FN(SYM, TX, TY, GRAIN, (), (void)0)

/* same-type float op on the loaded value X */
#define EW_FUN(op, t, EXPR, GRAIN)                                                                                 \
    EW_UNARY(op##_##t, EW_T_##t, EW_T_##t, EW_ST_##t(({ const EW_C_##t X = EW_LD_##t(x); (EXPR); })), GRAIN)

/* a float math op: EW_FUN with the dense loop of EW_MATH_LOOP_<t> */
#define EW_MATH_FUN(op, t, EXPR)                                                                                   \
    EW_UNARY_BODY_P(op##_##t, EW_T_##t, EW_T_##t, EW_ST_##t(({ const EW_C_##t X = EW_LD_##t(x); (EXPR); })),      \
                    EW_MATH_LOOP_##t)                                                                              \
    EW_UNARY_FN(op##_##t, EW_T_##t, EW_T_##t, EW_GRAIN_MATH, (), (void)0)

#define EW_FLOAT_UNARIES(t)                                                                                        \
    EW_FUN(neg, t, -X, EW_GRAIN_CHEAP)                                                                             \
    EW_FUN(abs, t, EW_FN(t, fabs)(X), EW_GRAIN_CHEAP)                                                              \
    EW_FUN(sign, t, EW_HELP(ew_sign_, t)(X), EW_GRAIN_CHEAP)                                                       \
    EW_MATH_FUN(exp, t, EW_HELP(ew_exp_, t)(X))                                                                    \
    EW_FUN(log, t, EW_FN(t, log)(X), EW_GRAIN_MATH)                                                                \
    EW_FUN(sqrt, t, EW_FN(t, sqrt)(X), EW_GRAIN_CHEAP)                                                             \
    EW_FUN(reciprocal, t, (EW_C_##t)1 / X, EW_GRAIN_CHEAP)                                                         \
    EW_MATH_FUN(sigmoid, t, EW_HELP(ew_sigmoid_, t)(X))                                                            \
    EW_MATH_FUN(tanh, t, EW_HELP(ew_tanh_, t)(X))                                                                  \
    EW_MATH_FUN(erf, t, EW_HELP(ew_erf_, t)(X))                                                                    \
    EW_FUN(sin, t, EW_FN(t, sin)(X), EW_GRAIN_MATH)                                                                \
    EW_FUN(cos, t, EW_FN(t, cos)(X), EW_GRAIN_MATH)                                                                \
    EW_FUN(ceil, t, EW_FN(t, ceil)(X), EW_GRAIN_CHEAP)                                                             \
    EW_FUN(floor, t, EW_FN(t, floor)(X), EW_GRAIN_CHEAP)                                                           \
    EW_FUN(round, t, EW_FN(t, rint)(X), EW_GRAIN_CHEAP)                                                            \
    EW_FUN(softplus, t, EW_HELP(ew_softplus_, t)(X), EW_GRAIN_MATH)                                                \
    EW_UNARY_BODY_P(gelu_erf_##t, EW_T_##t, EW_T_##t, EW_ST_##t(EW_HELP(ew_gelu_, t)(EW_LD_##t(x), 0)),            \
                    EW_MATH_LOOP_##t)                                                                              \
    EW_UNARY_BODY_P(gelu_tanh_##t, EW_T_##t, EW_T_##t, EW_ST_##t(EW_HELP(ew_gelu_, t)(EW_LD_##t(x), 1)),           \
                    EW_MATH_LOOP_##t)                                                                              \
    void hipep_gelu_##t(void *ctx, int64_t rx, void *dx, int64_t ry, void *dy, int64_t approximate) {             \
        ew_job_t job;                                                                                              \
        const int64_t ranks[2] = {rx, ry};                                                                         \
        void *const descs[2] = {dx, dy};                                                                           \
        const int64_t esz[2] = {sizeof(EW_T_##t), sizeof(EW_T_##t)};                                               \
        if (!ew_setup(ctx, &job, "hipep_gelu_" #t, 1, ranks, descs, esz)) return;                                  \
        ew_run(ctx, &job, "hipep_gelu_" #t, approximate ? ew_body_gelu_tanh_##t : ew_body_gelu_erf_##t,            \
               EW_GRAIN_MATH);                                                                                     \
    }                                                                                                              \
    EW_UNARY_BODY(leaky_relu_##t, EW_T_##t, EW_T_##t,                                                              \
                  EW_ST_##t(({ const EW_C_##t X = EW_LD_##t(x); X < 0 ? (EW_C_##t)p0 * X : X; })))                 \
    EW_UNARY_FN(leaky_relu_##t, EW_T_##t, EW_T_##t, EW_GRAIN_CHEAP, (, double alpha), job.f0 = alpha)             \
    EW_UNARY_BODY(hard_sigmoid_##t, EW_T_##t, EW_T_##t,                                                            \
                  EW_ST_##t(EW_HELP(ew_hard_sigmoid_, t)(EW_LD_##t(x), (EW_C_##t)p0, (EW_C_##t)p1)))               \
    EW_UNARY_FN(hard_sigmoid_##t, EW_T_##t, EW_T_##t, EW_GRAIN_CHEAP, (, double alpha, double beta),              \
                job.f0 = alpha; job.f1 = beta)                                                                     \
    EW_UNARY_BODY(clip_##t, EW_T_##t, EW_T_##t,                                                                    \
                  EW_ST_##t(EW_HELP(ew_clip_, t)(EW_LD_##t(x), (EW_C_##t)p0, (EW_C_##t)p1)))                       \
    EW_UNARY_FN(clip_##t, EW_T_##t, EW_T_##t, EW_GRAIN_CHEAP, (, double min_, double max_),                       \
                job.f0 = min_; job.f1 = max_)
EW_FLOATS(EW_FLOAT_UNARIES)

/* integer clip bounds: the i64 attribute clamped to the type (unsigned: its bits), kept as bits in i0/i1 */
#define EW_INT_UNARIES_(t, NEG, ABS, SIGN, LO, HI)                                                                 \
    EW_UNARY(neg_##t, EW_T_##t, EW_T_##t, NEG, EW_GRAIN_CHEAP)                                                     \
    EW_UNARY(abs_##t, EW_T_##t, EW_T_##t, ABS, EW_GRAIN_CHEAP)                                                     \
    EW_UNARY(sign_##t, EW_T_##t, EW_T_##t, SIGN, EW_GRAIN_CHEAP)                                                   \
    EW_UNARY_BODY(clip_##t, EW_T_##t, EW_T_##t, ew_clip_##t(x, (EW_T_##t)q0, (EW_T_##t)q1))                        \
    EW_UNARY_FN(clip_##t, EW_T_##t, EW_T_##t, EW_GRAIN_CHEAP, (, int64_t min_, int64_t max_),                     \
                job.i0 = (int64_t)(LO); job.i1 = (int64_t)(HI))
#define EW_SINT_UNARIES(t, TMIN, TMAX)                                                                             \
    EW_INT_UNARIES_(t, (EW_T_##t)(0 - (uint64_t)x), (EW_T_##t)(x < 0 ? 0 - (uint64_t)x : (uint64_t)x),          \
                    (EW_T_##t)((x > 0) - (x < 0)), min_ < TMIN ? TMIN : min_ > TMAX ? TMAX : min_,               \
                    max_ < TMIN ? TMIN : max_ > TMAX ? TMAX : max_)
#define EW_UINT_UNARIES(t, TMAX)                                                                                   \
    EW_INT_UNARIES_(t, (EW_T_##t)(0 - (uint64_t)x), x, (EW_T_##t)(x > 0),                                         \
                    min_ == INT64_MIN ? 0 : (uint64_t)min_ > TMAX ? TMAX : (uint64_t)min_,                        \
                    max_ == INT64_MAX ? TMAX : (uint64_t)max_ > TMAX ? TMAX : (uint64_t)max_)
EW_SINT_UNARIES(i8, INT8_MIN, INT8_MAX)
EW_SINT_UNARIES(i16, INT16_MIN, INT16_MAX)
EW_SINT_UNARIES(i32, INT32_MIN, INT32_MAX)
EW_SINT_UNARIES(i64, INT64_MIN, INT64_MAX)
EW_UINT_UNARIES(ui8, UINT8_MAX)
EW_UINT_UNARIES(ui16, UINT16_MAX)
EW_UINT_UNARIES(ui32, UINT32_MAX)
EW_UINT_UNARIES(ui64, UINT64_MAX)

EW_UNARY(not_i1, uint8_t, uint8_t, (uint8_t)(x == 0), EW_GRAIN_CHEAP)

/* ------------------------------------------------------------------ cast */

/* category of each type: F f32, D f64, H f16/bf16, I integers, B i1 */
#define EW_G_f32 F
#define EW_G_f64 D
#define EW_G_f16 H
#define EW_G_bf16 H
#define EW_G_i8 I
#define EW_G_i16 I
#define EW_G_i32 I
#define EW_G_i64 I
#define EW_G_ui8 I
#define EW_G_ui16 I
#define EW_G_ui32 I
#define EW_G_ui64 I
#define EW_G_i1 B

/* EW_CV_<src cat>_<dst cat>(s, d): the stored d value from the stored s value x */
#define EW_CV_PLAIN(s, d) EW_ST_##d(EW_LD_##s(x))
#define EW_CV_TOBOOL(s, d) (uint8_t)(EW_LD_##s(x) != 0)
#define EW_CV_FROMBOOL(s, d) EW_ST_##d(x != 0)
#define EW_CV_SAT(s, d) ew_sat_##d((double)EW_LD_##s(x))
#define EW_CV_F_F EW_CV_PLAIN
#define EW_CV_F_D EW_CV_PLAIN
#define EW_CV_F_H EW_CV_PLAIN
#define EW_CV_F_I EW_CV_SAT
#define EW_CV_F_B EW_CV_TOBOOL
#define EW_CV_D_F EW_CV_PLAIN
#define EW_CV_D_D EW_CV_PLAIN
#define EW_CV_D_H(s, d) ew_f64_to_##d(x)
#define EW_CV_D_I EW_CV_SAT
#define EW_CV_D_B EW_CV_TOBOOL
#define EW_CV_H_F EW_CV_PLAIN
#define EW_CV_H_D EW_CV_PLAIN
#define EW_CV_H_H EW_CV_PLAIN
#define EW_CV_H_I EW_CV_SAT
#define EW_CV_H_B EW_CV_TOBOOL
#define EW_CV_I_F EW_CV_PLAIN
#define EW_CV_I_D EW_CV_PLAIN
#define EW_CV_I_H EW_CV_PLAIN
#define EW_CV_I_I EW_CV_PLAIN
#define EW_CV_I_B EW_CV_TOBOOL
#define EW_CV_B_F EW_CV_FROMBOOL
#define EW_CV_B_D EW_CV_FROMBOOL
#define EW_CV_B_H EW_CV_FROMBOOL
#define EW_CV_B_I EW_CV_FROMBOOL
#define EW_CV_B_B EW_CV_FROMBOOL
#define EW_CV__(gs, gd, s, d) EW_CV_##gs##_##gd(s, d)
#define EW_CV_(gs, gd, s, d) EW_CV__(gs, gd, s, d)
#define EW_CONVERT(s, d) EW_CV_(EW_G_##s, EW_G_##d, s, d)

#define EW_CAST_TO(s, d) EW_UNARY(cast_##s##_to_##d, EW_T_##s, EW_T_##d, EW_CONVERT(s, d), EW_GRAIN_CHEAP)
/* every target (s -> s too, which the compiler names hipep_cast_<s>, an identity copy, defined as well) */
#define EW_CAST_FROM(s)                                                                                            \
    EW_CAST_TO(s, f32) EW_CAST_TO(s, f64) EW_CAST_TO(s, f16) EW_CAST_TO(s, bf16) EW_CAST_TO(s, i8)                \
    EW_CAST_TO(s, i16) EW_CAST_TO(s, i32) EW_CAST_TO(s, i64) EW_CAST_TO(s, ui8) EW_CAST_TO(s, ui16)               \
    EW_CAST_TO(s, ui32) EW_CAST_TO(s, ui64) EW_CAST_TO(s, i1) EW_UNARY(cast_##s, EW_T_##s, EW_T_##s, x, EW_GRAIN_CHEAP)
EW_ALL(EW_CAST_FROM)

/* ------------------------------------------------------------------ where */

/* the dense row (z and the condition unit-stride) with X read at xa[XI], Y at ya[YI] (0: broadcast, hoisted) */
#define EW_WHERE_DENSE(W, XI, YI)                                                                                  \
    for (int64_t i = 0; i < n; i++) {                                                                              \
        const uint##W##_t xv = xa[XI], yv = ya[YI];                                                                \
        z[i] = cd[i] ? xv : yv;                                                                                    \
    }

/* by element size: the condition is i1 (bytes), X and Y are copied as bits */
#define EW_WHERE_BODY(W)                                                                                           \
    static void ew_body_where_u##W(void *arg, int64_t begin, int64_t end) {                                       \
        EW_BODY_BEGIN                                                                                              \
        const uint8_t *restrict cd = (const uint8_t *)j->ptr[0] + p.off[0];                                        \
        const uint##W##_t *restrict xa = (const uint##W##_t *)j->ptr[1] + p.off[1];                                \
        const uint##W##_t *restrict ya = (const uint##W##_t *)j->ptr[2] + p.off[2];                                \
        uint##W##_t *restrict z = (uint##W##_t *)j->ptr[3] + p.off[3];                                             \
        const int64_t s0 = j->stride[0][last], s1 = j->stride[1][last], s2 = j->stride[2][last];                  \
        const int64_t sz = j->stride[3][last];                                                                     \
        if (sz == 1 && s0 == 1 && s1 == 1 && s2 == 1) {                                                            \
            EW_WHERE_DENSE(W, i, i)                                                                                \
        } else if (sz == 1 && s0 == 1 && s1 == 1 && s2 == 0) {                                                    \
            EW_WHERE_DENSE(W, i, 0)                                                                                \
        } else if (sz == 1 && s0 == 1 && s1 == 0 && s2 == 1) {                                                    \
            EW_WHERE_DENSE(W, 0, i)                                                                                \
        } else if (sz == 1 && s0 == 1 && s1 == 0 && s2 == 0) {                                                    \
            EW_WHERE_DENSE(W, 0, 0)                                                                                \
        } else if (sz == 1 && s0 == 0) {                                                                           \
            const uint##W##_t *restrict src = cd[0] ? xa : ya;                                                     \
            const int64_t ss = cd[0] ? s1 : s2;                                                                    \
            if (ss == 1)                                                                                           \
                for (int64_t i = 0; i < n; i++) z[i] = src[i];                                                     \
            else                                                                                                   \
                for (int64_t i = 0; i < n; i++) z[i] = src[i * ss];                                                \
        } else {                                                                                                   \
            EW_SCALAR_LOOP                                                                                         \
            for (int64_t i = 0; i < n; i++) {                                                                      \
                const uint##W##_t xv = xa[i * s1], yv = ya[i * s2];                                                \
                z[i * sz] = cd[i * s0] ? xv : yv;                                                                  \
            }                                                                                                      \
        }                                                                                                          \
        (void)bad;                                                                                                 \
        EW_BODY_END                                                                                                \
    }
EW_WHERE_BODY(8)
EW_WHERE_BODY(16)
EW_WHERE_BODY(32)
EW_WHERE_BODY(64)

static void ew_where(void *ctx, const char *sym, int64_t rc, void *dc, int64_t rx, void *dx, int64_t ry, void *dy,
                     int64_t rz, void *dz, int64_t esize) {
    ew_job_t job;
    const int64_t ranks[4] = {rc, rx, ry, rz};
    void *const descs[4] = {dc, dx, dy, dz};
    const int64_t esz[4] = {1, esize, esize, esize};
    if (!ew_setup(ctx, &job, sym, 3, ranks, descs, esz)) return;
    void (*body)(void *, int64_t, int64_t) = esize == 1   ? ew_body_where_u8
                                             : esize == 2 ? ew_body_where_u16
                                             : esize == 4 ? ew_body_where_u32
                                                          : ew_body_where_u64;
    ew_run(ctx, &job, sym, body, EW_GRAIN_CHEAP);
}

#define EW_WHERE_TO(t)                                                                                             \
    void hipep_where_i1_to_##t(void *ctx, int64_t rc, void *dc, int64_t rx, void *dx, int64_t ry, void *dy,       \
                               int64_t rz, void *dz) {                                                             \
        ew_where(ctx, "hipep_where_i1_to_" #t, rc, dc, rx, dx, ry, dy, rz, dz, sizeof(EW_T_##t));                  \
    }
EW_NUMERIC(EW_WHERE_TO)

void hipep_where_i1(void *ctx, int64_t rc, void *dc, int64_t rx, void *dx, int64_t ry, void *dy, int64_t rz,
                    void *dz) {
    ew_where(ctx, "hipep_where_i1", rc, dc, rx, dx, ry, dy, rz, dz, 1);
}

