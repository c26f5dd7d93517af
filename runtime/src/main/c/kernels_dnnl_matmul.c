/*
 * Float MatMul / Gemm with constant weights through oneDNN's matmul primitive (kernels_dnnl.c has
 * the cache, threads and weights handling). la_matmul and la_gemm (kernels_linalg.c, behind the
 * hipep_matmul_f32_in2 / _in3 and hipep_gemm_f32_in2 / _in3 symbols) call dn_matmul_try first.
 * Products of at most 128 rows go to the runtime's own loop before oneDNN (pw_matmul_run in
 * kernels_dnnl_winograd.c, which says when).
 *
 * Why: a model's weight products (BERT's projections and FFN, 128 x 768 x 768 / x 3072, MLPs' dense
 * layers) multiply activations by a matrix that never changes. OpenBLAS packs B into its panel
 * layout on every call; oneDNN packs it once (weights format "any", reordered into the primitive's
 * blocked layout when the entry is created, dn_weights_prepare) and its brgemm kernel then ran at
 * 195-232 GFLOP/s at one thread on BERT's shapes against OpenBLAS's 166-183 (the oneDNN
 * evaluation in docs/BENCHMARKS.md).
 *
 * What goes here: f32 only; B (weights, K x N) 2-D and one of the session's constants
 * (dn_is_constant on its data), dense either way round (row-major [K, N], or [N, K] read
 * transposed: Gemm's transB, or a transposed constant view); A a matrix with unit stride along
 * one dimension (Gemm's transA, MatMul's batch folded into M by la_matmul when A's rows line up);
 * Y dense [M, N] (or with rows further apart: the stride-1 1x1 convolutions whose Y is a channel
 * slice, kernels_dnnl_conv.c, which may also have their clamp fused as oneDNN's clip post-op under
 * the convolutions' finiteness rule). MatMul's fused bias row (hipep_matmul_f32_in3) and Gemm's C
 * when alpha == 1, beta == 1 and C is a row vector ([N] or [1, N], dense) are oneDNN's bias; otherwise la_gemm
 * writes beta * C into Y first and the primitive adds onto it (a sum post-op), alpha being an
 * eltwise "linear" post-op before that sum. Products whose B is not constant (attention's
 * activation x activation products) go to dn_bmm_try when they are batched (below), else with
 * f64, f16/bf16 and integer types stay on la_gemm_core (OpenBLAS / own loops).
 * Products below LA_BLAS_MIN_MACS multiply-adds stay on OpenBLAS too: one oneDNN call costs 3-5 us
 * more than a cblas_sgemm call (memory objects, execute, stream wait; 1 x 100 x 32: 4.6 against
 * 0.15 us, 32 x 128 x 128: 17 against 7 us; 128 x 128 x 128: 37 against 45 us, in a C benchmark at
 * one thread), which made keras-mlp-tract's two tiny products 1.5x slower. Thread count: the
 * state's threads (the key holds it). Anything oneDNN refuses marks the entry failed and la_*
 * computes the product itself.
 *
 * Costs: the packed copy of each constant B is kept for the session's life (the weights' memory
 * once more, once per session: its states share it), and the first run creates the primitives
 * and packs (bert-layer under load ~10: first run 300-600 ms against 100-230 ms with
 * HIPEP_NO_DNNL=1).
 */

typedef struct {
    const int64_t *k; /* the call's key, see dn_matmul_run */
    const void *W;
    double alpha, lo, hi;
} dn_mm_arg_t;

/* key: kind M N K ars acs transB threads bias sum alpha-bits ldy epilogue (DN_EPI_*) lo-bits hi-bits */
static dnnl_memory_desc_t dn_mm_src_md(const int64_t *k) {
    dnnl_dims_t dims = {k[1], k[3]}, strides = {k[4], k[5]};
    dnnl_memory_desc_t md = NULL;
    if (dnnl_memory_desc_create_with_strides(&md, 2, dims, dnnl_f32, strides) != dnnl_success) return NULL;
    return md;
}

/*
 * Where oneDNN has no brgemm matmul for f32 (CPUs without AVX-512: it falls back to its jit sgemm,
 * "gemm:jit", which packs B on every call), the product of a dense A [M, K] into a dense Y [M, N]
 * as a 1x1 convolution over a 1 x K x M x 1 channels-last image, whose brgemm kernel has B packed
 * once (on Zen 3 in a C benchmark against libdnnl, one thread: 128x768x3072 27 -> 64 GFLOP/s,
 * 128x3072x768 54 -> 65, 128x768x768 67 -> 66). Replaces *pd and the layouts (same attributes:
 * post-ops, user scratchpad) when oneDNN gives the convolution a kernel that is neither gemm-based
 * nor its reference one, and returns 1; else changes nothing and returns 0.
 */
static int dn_mm_conv(dn_cache_t *c, const int64_t *k, const_dnnl_primitive_attr_t attr, dnnl_primitive_desc_t *pd,
                      dnnl_memory_desc_t *xmd, dnnl_memory_desc_t *ymd, dnnl_memory_desc_t *bmd) {
    if (k[5] != 1 || k[4] != k[3] || k[11] != k[2]) return 0;
    int64_t xs[4] = {1, k[3], k[1], 1}, ws[4] = {k[2], k[3], 1, 1}, ys[4] = {1, k[2], k[1], 1}, bs[1] = {k[2]};
    dnnl_memory_desc_t w = dn_md(4, ws, dnnl_format_tag_any),
                       lay[3] = {dn_md(4, xs, dnnl_nhwc), dn_md(4, ys, dnnl_nhwc), *bmd ? dn_md(1, bs, dnnl_x) : NULL};
    int conv = dn_conv1x1_instead(c, attr, pd, w, 3, (dnnl_memory_desc_t *const[]){xmd, ymd, bmd}, lay);
    if (w) dnnl_memory_desc_destroy(w);
    return conv;
}

static int dn_mm_create(dn_cache_t *c, dn_entry_t *e, void *argp) {
    const dn_mm_arg_t *a = (const dn_mm_arg_t *)argp;
    const int64_t *k = a->k;
    int64_t ws[2] = {k[3], k[2]}, bs[2] = {1, k[2]};
    dnnl_dims_t ys = {k[1], k[2]}, yst = {k[11], 1};
    dnnl_memory_desc_t xmd = dn_mm_src_md(k), wany = dn_md(2, ws, dnnl_format_tag_any), ymd = NULL,
                       bmd = k[8] ? dn_md(2, bs, dnnl_ab) : NULL;
    if (dnnl_memory_desc_create_with_strides(&ymd, 2, ys, dnnl_f32, yst) != dnnl_success) ymd = NULL;
    dnnl_primitive_attr_t attr = NULL;
    dnnl_post_ops_t ops = NULL;
    dnnl_primitive_desc_t pd = NULL;
    int ok = xmd && wany && ymd && (!k[8] || bmd) && (attr = dn_attr()) != NULL &&
             dnnl_post_ops_create(&ops) == dnnl_success;
    if (ok && a->alpha != 1.0) ok = dnnl_post_ops_append_eltwise(ops, dnnl_eltwise_linear, (float)a->alpha, 0.0f) == dnnl_success;
    if (ok && k[9]) ok = dnnl_post_ops_append_sum(ops, 1.0f, 0, dnnl_data_type_undef) == dnnl_success;
    if (ok && k[12] == DN_EPI_CLAMP)
        ok = dnnl_post_ops_append_eltwise(ops, dnnl_eltwise_clip, (float)a->lo, (float)a->hi) == dnnl_success;
    if (ok && (k[12] == DN_EPI_GELU || k[12] == DN_EPI_GELU_TANH))
        ok = dnnl_post_ops_append_eltwise(ops, k[12] == DN_EPI_GELU ? dnnl_eltwise_gelu_erf : dnnl_eltwise_gelu_tanh,
                                          0.0f, 0.0f) == dnnl_success;
    /* the bound dn_matmul_run checks: the largest sum of |B| over one column (B [K, N], or [N, K]) */
    if (ok && k[12]) dn_wabs(e, (const float *)a->W, k[2], k[3], k[6] ? k[3] : 1, k[6] ? 1 : k[2]);
    ok = ok && dnnl_primitive_attr_set_post_ops(attr, ops) == dnnl_success &&
         dnnl_matmul_primitive_desc_create(&pd, c->engine, xmd, wany, bmd, ymd, attr) == dnnl_success;
    /* as a 1x1 convolution the weights are [N, K, 1, 1]: B [K, N] is their ihwo layout, [N, K] oihw */
    int64_t cws[4] = {k[2], k[3], 1, 1};
    int conv = ok && dn_mm_conv(c, k, attr, &pd, &xmd, &ymd, &bmd);
    ok = ok && dn_prim(e, pd) &&
         dn_weights_prepare(c, e, dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 0),
                            conv ? dn_md(4, cws, k[6] ? dnnl_oihw : dnnl_ihwo) : dn_md(2, ws, k[6] ? dnnl_ba : dnnl_ab),
                            a->W);
    if (pd) dnnl_primitive_desc_destroy(pd);
    if (ops) dnnl_post_ops_destroy(ops);
    if (attr) dnnl_primitive_attr_destroy(attr);
    if (wany) dnnl_memory_desc_destroy(wany);
    e->xmd = xmd; /* the run's layouts: the entry owns them */
    e->ymd = ymd;
    e->bmd = bmd;
    return ok;
}

/*
 * Y[M, N] (rows ldy >= N floats apart) = alpha * A B (+ bias row, or + Y's current contents when
 * `accumulate`) through oneDNN when it applies; returns 0 (nothing written, no error) when the
 * caller must compute it, 1 when Y is written (or an error reported), 2 when the epilogue `epi`
 * was applied too: DN_EPI_CLAMP clamps Y to [lo, hi] (oneDNN's clip post-op), DN_EPI_GELU /
 * DN_EPI_GELU_TANH apply Gelu (oneDNN's gelu_erf / gelu_tanh post-op, on the biased product).
 * Either only when no output can be NaN or infinite, as for the convolutions: A dense and finite,
 * max|A| * the largest column sum of |B| + max|bias| far below FLT_MAX; otherwise the caller applies
 * it. A: element strides (ars, acs); B: element strides (brs, bcs); bias: NULL or N dense floats
 * (only with alpha == 1 and no accumulate). `sym` names the kernel in an error.
 *
 * oneDNN's Gelu is not the runtime's (hipep_gelu_f32: a few ulp): its erf is a polynomial with an
 * absolute error of about 1e-7 (its tanh form likewise), so where Gelu is tiny (x below about -3)
 * the relative error grows: on BERT's FFN shape (128 x 768 x 3072, products of +-2.5) against
 * gelu in double, at most 1.0e-6 absolute, within ONNX Runtime's own Gelu's distance from ours
 * (rtol 1e-3, atol 1e-5 both). It saves the pass over Y: the post-op cost 0.20 ms where the
 * separate Gelu took 0.57 ms at one thread (a C benchmark against libdnnl; docs/BENCHMARKS.md).
 */
static int dn_matmul_run(void *ctx, const char *sym, int64_t M, int64_t N, int64_t K, double alpha, const float *A,
                         int64_t ars, int64_t acs, const float *B, int64_t brs, int64_t bcs, const float *bias,
                         int accumulate, float *Y, int64_t ldy, int epi, double lo, double hi) {
    /* below LA_BLAS_MIN_MACS one OpenBLAS call is faster: a oneDNN call costs 3-5 us more (memory
     * objects, execute, wait), which a 1 x 100 x 32 product (keras-mlp-tract) pays 30 times over */
    if (M <= 0 || N <= 0 || K <= 0 || M * N * K < LA_BLAS_MIN_MACS || (bias != NULL && (alpha != 1.0 || accumulate)))
        return 0;
    /* B dense as [K, N] (tag ab) or as [N, K] read transposed (tag ba) */
    int ab = (N <= 1 || bcs == 1) && (K <= 1 || brs == N), ba = (K <= 1 || brs == 1) && (N <= 1 || bcs == K);
    if (!ab && !ba) return 0;
    /* A with unit stride along one dimension (oneDNN takes any strides of a plain layout) */
    if (M <= 1) ars = K;
    if (K <= 1) acs = 1;
    if (!((acs == 1 && ars >= K) || (ars == 1 && acs >= M))) return 0;
    /* the own products first (kernels_dnnl_winograd.c; no fused epilogue: oneDNN's post-op) */
    if (!epi && alpha == 1.0 && acs == 1 && ars == K && ldy == N &&
        pw_matmul_run(ctx, M, N, K, A, B, ab, bias, accumulate, Y))
        return 1;
    dn_cache_t *c = dn_cache_of(ctx);
    if (c == NULL || !dn_is_constant(c, B)) return 0;
    int64_t threads = dn_begin(ctx, 0);
    int64_t abits;
    memcpy(&abits, &alpha, sizeof abits);
    int64_t k[DN_KEY_LEN] = {DN_KIND_MATMUL, M, N, K, ars, acs, !ab, threads, bias != NULL, accumulate != 0, abits,
                             ldy};
    dn_mm_arg_t arg = {k, B, alpha, lo, hi};
    dn_entry_t *e = NULL;
    if (epi && alpha == 1.0 && !accumulate && acs == 1 && ars == K) {
        k[12] = epi; /* the epilogue as oneDNN's post-op: an entry of its own */
        if (epi == DN_EPI_CLAMP) {
            memcpy(&k[13], &lo, sizeof lo);
            memcpy(&k[14], &hi, sizeof hi);
        }
        e = dn_get(ctx, c, k, B, dn_mm_create, &arg);
        double bound = (double)dn_absmax(ctx, A, M * K, threads) * (e ? e->wabs : INFINITY) +
                       (bias ? dn_absmax(ctx, bias, N, threads) : 0);
        if (!(bound < 1e37)) e = NULL; /* an output could be NaN or infinite: the caller's pass keeps it */
        k[12] = k[13] = k[14] = 0;
    }
    int fused = e != NULL;
    if (e == NULL) e = dn_get(ctx, c, k, B, dn_mm_create, &arg);
    if (e == NULL) return 0;
    if (!dn_run(ctx, c, DN_KIND_MATMUL, e, B, A, Y, bias))
        hipep_errorf(ctx, HIPEP_ERR_INTERNAL, "%s: oneDNN matmul failed to run", sym);
    if (fused && epi != DN_EPI_CLAMP) dn_count(ctx, DN_KIND_MATMUL_ACT);
    return fused ? 2 : 1;
}

/*
 * The batch dimensions (sizes bsz, element strides s; nb of them) as one: 1 with *stride when the
 * dimensions of size other than 1 step through memory evenly (each one's stride is the next one's
 * times that one's size) and none is broadcast (stride 0); else 0.
 */
static int dn_batch_stride(int nb, const int64_t *bsz, const int64_t *s, int64_t *stride) {
    int64_t inner = 0, span = 0; /* the innermost dimension's stride; the elements the dimensions so far cover */
    for (int d = nb - 1; d >= 0; d--) {
        if (bsz[d] == 1) continue;
        if (s[d] == 0 || (inner != 0 && s[d] != span)) return 0;
        if (inner == 0) inner = s[d];
        span = s[d] * bsz[d];
    }
    *stride = inner;
    return 1;
}

/* key: DN_KEY_BMM batches M N K a-batch-stride ars acs b-batch-stride brs bcs threads y-batch-stride yrs */
static int dn_bmm_create(dn_cache_t *c, dn_entry_t *e, void *argp) {
    const int64_t *k = (const int64_t *)argp;
    dnnl_dims_t xd = {k[1], k[2], k[4]}, xs = {k[5], k[6], k[7]}, wd = {k[1], k[4], k[3]}, ws = {k[8], k[9], k[10]},
                yd = {k[1], k[2], k[3]}, ys = {k[12], k[13], 1};
    dnnl_memory_desc_t xmd = NULL, wmd = NULL, ymd = NULL;
    dnnl_primitive_attr_t attr = NULL;
    dnnl_primitive_desc_t pd = NULL;
    int ok = dnnl_memory_desc_create_with_strides(&xmd, 3, xd, dnnl_f32, xs) == dnnl_success &&
             dnnl_memory_desc_create_with_strides(&wmd, 3, wd, dnnl_f32, ws) == dnnl_success &&
             dnnl_memory_desc_create_with_strides(&ymd, 3, yd, dnnl_f32, ys) == dnnl_success &&
             (attr = dn_attr()) != NULL &&
             dnnl_matmul_primitive_desc_create(&pd, c->engine, xmd, wmd, NULL, ymd, attr) == dnnl_success &&
             dn_impl_is(pd, "brg") && dn_prim(e, pd);
    if (pd) dnnl_primitive_desc_destroy(pd);
    if (attr) dnnl_primitive_attr_destroy(attr);
    e->xmd = xmd; /* the entry owns the layouts; wuser with no wmem: the weights are read in place */
    e->ymd = ymd;
    e->wuser = wmd;
    return ok;
}

/*
 * Y[b] = A[b] B[b] for the nb batch dimensions bsz (A's, B's and Y's element strides sa, sb, sy per
 * batch dimension, none broadcast; A's rows ars apart with columns acs apart, B's brs and bcs; Y's
 * rows yrs apart, its columns adjacent; sy NULL: Y dense) as one oneDNN matmul over the batches, B
 * read in place: the products of two activations (attention's Q K^T and its probabilities times V),
 * which la_gemm_batches would give to OpenBLAS one batch at a time. A strided Y is the context of
 * attention written straight into the merged heads' [S, H, D] layout (hip-reshape-transpose-views).
 * Only with oneDNN's brgemm kernel (AVX-512; elsewhere its jit sgemm packs B on every call, as
 * OpenBLAS does), and from LA_BLAS_MIN_MACS multiply-adds in all. On BERT's attention (12 heads,
 * 128 x 128 x 64 and 128 x 64 x 128) in a C benchmark against libdnnl at one thread: 0.28-0.29 ms
 * against 0.42-0.46 for the OpenBLAS loop, the same bits (docs/BENCHMARKS.md). Returns 1 when Y is
 * written (or an error reported), 0 when the caller must compute it.
 */
static int dn_bmm_try(void *ctx, const char *sym, int nb, const int64_t *bsz, const int64_t *sa, const int64_t *sb,
                      const int64_t *sy, int64_t M, int64_t N, int64_t K, const float *A, int64_t ars, int64_t acs,
                      const float *B, int64_t brs, int64_t bcs, float *Y, int64_t yrs) {
    int64_t nbatch = 1, sab = 0, sbb = 0, syb = M * yrs;
    for (int d = 0; d < nb; d++) nbatch *= bsz[d];
    if (nbatch <= 1 || M <= 0 || N <= 0 || K <= 0 || nbatch * M * N * K < LA_BLAS_MIN_MACS ||
        !dn_batch_stride(nb, bsz, sa, &sab) || !dn_batch_stride(nb, bsz, sb, &sbb) ||
        (sy != NULL && !dn_batch_stride(nb, bsz, sy, &syb)))
        return 0;
    dn_cache_t *c = dn_cache_of(ctx);
    if (c == NULL) return 0;
    int64_t threads = dn_begin(ctx, 0);
    int64_t k[DN_KEY_LEN] = {DN_KEY_BMM, nbatch, M, N, K, sab, ars, acs, sbb, brs, bcs, threads, syb, yrs};
    dn_entry_t *e = dn_get(ctx, c, k, NULL, dn_bmm_create, k);
    if (e == NULL) return 0;
    if (!dn_run(ctx, c, DN_KIND_MATMUL, e, B, A, Y, NULL))
        hipep_errorf(ctx, HIPEP_ERR_INTERNAL, "%s: oneDNN batched matmul failed to run", sym);
    return 1;
}

/* dn_matmul_run into a dense Y, no epilogue */
static int dn_matmul_try(void *ctx, const char *sym, int64_t M, int64_t N, int64_t K, double alpha, const float *A,
                         int64_t ars, int64_t acs, const float *B, int64_t brs, int64_t bcs, const float *bias,
                         int accumulate, float *Y) {
    return dn_matmul_run(ctx, sym, M, N, K, alpha, A, ars, acs, B, brs, bcs, bias, accumulate, Y, N, 0, 0.0, 0.0);
}
