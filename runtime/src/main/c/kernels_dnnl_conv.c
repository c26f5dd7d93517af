/*
 * Float 2-D convolutions through oneDNN (kernels_dnnl.c has the cache, threads and weights
 * handling). No symbols of its own: la_conv (kernels_linalg.c, behind the unchanged
 * hipep_conv_f32_in2 / _in3 / _in2_clamp / _in3_clamp symbols) calls wg_or_dn_conv
 * (kernels_dnnl_winograd.c, which takes the channels-last 3x3 stride-1 ones with constant
 * weights, 16 or more input and 32 or more output channels by Winograd where that is the faster
 * way) and that calls dn_conv_try; la_conv computes the convolution itself when it returns 0.
 *
 * Channels-last (the _nhwc symbols, la_conv's nhwc flag; the compiler's hip-conv-channels-last
 * emits them for f32 2-D group-1 undilated convolutions): X [N, H, W, C] and Y [N, OH, OW, M] are
 * used in place when dense (io->xl / io->yl; the layout of each is in the entry key), and so is a Y
 * that is a channel slice of a wider tensor (hip-concat-in-place: its pixels io->ldy floats apart;
 * see dn_conv_try), the weights
 * in the layout oneDNN prefers — EVERY such convolution, 1x1 and single input channel included, but
 * those of up to four input channels and 27 or more taps that la_conv computes directly before it
 * comes here (la_convfc_body, AVX-512 builds): on NHWC a 1x1 is a plain GEMM over the pixels and no
 * reorder runs around oneDNN's kernel. Measured
 * (C timing, best of runs, 1 thread, NCHW kernel / NHWC kernel on ResNet-50's shapes): 1x1 1.11-1.42x,
 * 3x3 1.03-1.13x, 7x7 stem 1.24x. A strided (non-dense) X is first copied densely in NCHW order
 * (then oneDNN reads NCHW and writes NHWC). Whatever oneDNN does not take goes through la_conv on
 * NCHW scratch buffers (X transposed in, Y transposed out by la_conv_close).
 * NCHW (the plain symbols) — what goes to oneDNN (X and Y stay NCHW, the weights in the layout it
 * prefers, format "any"): f32, 2-D, group 1, no dilation, kernels other than 1x1, more than one
 * input channel — the 3x3 and 5x5 convolutions of ResNet, SqueezeNet, super-resolution-10 and
 * mnist-8's second, 7x7 stems. Measured (hip-bench A/B with HIPEP_NO_DNNL=1) 1.4-3x faster than
 * im2col + OpenBLAS on those shapes.
 * What stays with la_conv in NCHW, and why (measured the same way):
 *  - 1x1, strided or not: la_conv reads X in place (stride 1) or a subsampled copy of it as the
 *    GEMM's B through OpenBLAS; oneDNN's NCHW 1x1 path transposes X to NHWC and Y back around its
 *    kernel: no faster at stride 1, and on ResNet-50's three strided 1x1 (downsampling) shapes
 *    1.35x slower at 512 -> 1024 / 28x28 (2.0 against 1.5 ms), equal at 256 -> 512 / 56x56,
 *    faster only at 1024 -> 2048 / 14x14 at one thread (1.7 against 2.0 ms): together slower.
 *  - one input channel (mnist-8's first, super-resolution-10's first, both 5x5): no faster at
 *    224x224, and at 28x28 oneDNN's fixed cost per call makes it slower (13 us against 8 us).
 *  - groups (incl. depthwise) and dilation: la_conv has a direct depthwise loop; grouped and
 *    dilated convolutions are rare in the models we time and not measured through oneDNN.
 *  - f64, f16/bf16 (converted to f32 by la_conv), 1-D and 3-D: not measured; 1-D/3-D would need
 *    other memory descriptors.
 *  - HIPEP_NO_DNNL=1, or any shape oneDNN refuses (its entry is marked failed, see kernels_dnnl.c).
 * Weights: when W is one of the session's constants (an initializer, or folded at compile time)
 * they are reordered once into the primitive's layout when its entry is created (at the first run
 * of any of the session's states: they share the entries); otherwise (W a graph input or
 * computed) a reorder runs before every call, so a changed W is always seen.
 * The fused clamp of the _clamp kernels (Conv + Relu / Relu6 / Clip): on x64 oneDNN computes its
 * relu and clip post-ops with maxps/minps, which turn a NaN into the lower bound, while the
 * runtime's clamp (like the unfused Relu/Clip kernels) propagates NaN; on finite values the two
 * agree bit for bit (maxps returns its second operand, the bound, for -0 against +0, as hipep_max
 * gives +0). So the clamp is oneDNN's clip post-op only when no output can be NaN or infinite: W
 * constant (its entry keeps the largest sum of |W| over an output channel, wabs), X and B finite
 * and max|X| * wabs + max|B| far below FLT_MAX (dn_absmax scans X and B on each run) -- and only
 * when X is smaller than Y, since that scan reads X where the separate clamp pass reads and writes
 * Y (SqueezeNet's expand and final 1x1 convolutions and 3x3 stem, ResNet's 7x7 stem: 92% of
 * SqueezeNet's clamped outputs). Otherwise, and when the scan finds a NaN, an infinity or a large
 * value, the clamp stays a separate pass over Y (la_conv_clamp at la_conv's `done:`).
 * Accumulating (the _acc kernels, la_conv_acc: Y = Y + conv(X, W) + B, then the clamp): a sum
 * post-op (scale 1, before the clip) when Y is the caller's dense buffer in either layout; it adds
 * Y's old value to the biased result as the separate Add kernel would, so the values are that
 * kernel's. The clip then needs Y's old values finite too: dn_absmax scans them with X (whatever
 * the sizes: the scan reads X and Y where the clamp pass would read and write Y). Without a
 * constant W, or with a NaN, an infinity or a large value seen, the entry has the sum alone and the
 * clamp stays a separate pass. Channel slices and temporaries (dn_conv_try returns 0) go through
 * la_conv_acc's temporary and the Add kernel.
 * Bound slots (the _clamp kernels' la_bounds_t, set by hip-conv-bound-slots): a max|X| or max|Y's
 * old values| that the convolution which wrote them left for this run (io->xmax, io->ymax) replaces
 * the scan, and a bound of X lets the clip be oneDNN's whatever the sizes; when the slots' bounds
 * (looser than the values: each convolution's bound grows by its wabs) prove nothing, the scans
 * decide where they would have run without them. After oneDNN clipped, *io->bound gets the bound
 * that proved it, for this call's own slot.
 * Threads: the state's thread count (1 below LA_BLAS_MIN_MACS multiply-adds, and inside one of our
 * parallel bodies, which no model path does today); the count is part of the entry's key.
 */

typedef struct {
    const int64_t *k; /* the call's key, see dn_conv_try */
    const void *W;
    int has_bias;
    double lo, hi; /* the fused clamp (k[20] set): oneDNN's clip post-op */
} dn_conv_arg_t;

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
/* |x| of 16 floats (the sign bit cleared) */
static inline __attribute__((always_inline)) rd_v16f dn_vabs(const float *x) {
    rd_v16i b, abs = {0};
    abs += 0x7fffffff;
    rd_v16f v = rd_vld16(x);
    memcpy(&b, &v, sizeof b);
    b &= abs;
    rd_v16f a;
    memcpy(&a, &b, sizeof a);
    return a;
}

/*
 * The largest |x| of n floats (0 for none), +inf when one is NaN or infinite. Four independent
 * maxima: one chain of compare-and-blend ran at a third of the speed (3.2% of a SqueezeNet run).
 */
static float dn_absmax_one(const float *x, int64_t n) {
    rd_v16f m0 = {0}, m1 = {0}, m2 = {0}, m3 = {0};
    int64_t i = 0;
    for (; i + 64 <= n; i += 64) { /* NaN propagates */
        m0 = rd_vgt_rd_v16f(m0, dn_vabs(x + i));
        m1 = rd_vgt_rd_v16f(m1, dn_vabs(x + i + 16));
        m2 = rd_vgt_rd_v16f(m2, dn_vabs(x + i + 32));
        m3 = rd_vgt_rd_v16f(m3, dn_vabs(x + i + 48));
    }
    for (; i + 16 <= n; i += 16) m0 = rd_vgt_rd_v16f(m0, dn_vabs(x + i));
    float r = rd_vmax16(rd_vgt_rd_v16f(rd_vgt_rd_v16f(m0, m1), rd_vgt_rd_v16f(m2, m3)));
    for (; i < n; i++) r = RD_GT(r, fabsf(x[i]), isnan);
    return r != r ? INFINITY : r;
}
#pragma GCC diagnostic pop

/* dn_absmax's parts: part[i] is the largest |x| of floats [i * chunk, (i + 1) * chunk) */
typedef struct {
    const float *x;
    int64_t n, chunk;
    float *part;
} dn_absmax_job_t;

static void dn_absmax_body(void *arg, int64_t b, int64_t e) {
    const dn_absmax_job_t *j = (const dn_absmax_job_t *)arg;
    for (int64_t i = b; i < e; i++) {
        int64_t at = i * j->chunk;
        j->part[i] = dn_absmax_one(j->x + at, j->n - at < j->chunk ? j->n - at : j->chunk);
    }
}

/* a scan this long (floats) or longer is split between the threads */
#define DN_ABSMAX_SPLIT (64 * 1024)
#define DN_ABSMAX_PARTS 64

/*
 * dn_absmax_one, split between the team's threads when the call runs on `threads` threads (the
 * convolution's or matmul's count) and the scan is long. Before, at two threads the scan before a
 * fused clip ran on one core while the other waited: in light-resnet50 (~49 scans a run, 166K
 * floats each on average) the scans took 2.2 ms of a 50 ms run on one core and take 1.4 ms split
 * (timers around the calls, 100 runs, the two ways alternated twice); light-squeezenet's ~20 scans
 * a run (20K floats on average, most under DN_ABSMAX_SPLIT) took ~0.09 ms a run either way.
 */
static float dn_absmax(void *ctx, const float *x, int64_t n, int64_t threads) {
    if (threads <= 1 || n < DN_ABSMAX_SPLIT) return dn_absmax_one(x, n);
    int64_t parts = threads * 4 < DN_ABSMAX_PARTS ? threads * 4 : DN_ABSMAX_PARTS;
    float part[DN_ABSMAX_PARTS];
    dn_absmax_job_t j = {x, n, ((n + parts - 1) / parts + 63) / 64 * 64, part}; /* whole 64-float steps */
    parts = (n + j.chunk - 1) / j.chunk;
    hipep_parallel_for(ctx, parts, 1, dn_absmax_body, &j);
    float r = 0;
    for (int64_t i = 0; i < parts; i++) r = part[i] > r ? part[i] : r; /* NaN came back as +inf */
    return r;
}

/* The memory layout of X or Y: channels-last (the _nhwc kernels' operands, used in place) or NCHW. */
static dnnl_format_tag_t dn_conv_tag(int64_t nhwc) { return nhwc ? dnnl_nhwc : dnnl_nchw; }

static int dn_conv_create(dn_cache_t *c, dn_entry_t *e, void *argp) {
    const dn_conv_arg_t *a = (const dn_conv_arg_t *)argp;
    const int64_t *k = a->k; /* kind N C H W M KH KW SH SW PT PL PB PR OH OW threads bias xnhwc ynhwc clamp lo hi acc */
    int64_t xs[4] = {k[1], k[2], k[3], k[4]}, ws[4] = {k[5], k[2], k[6], k[7]}, ys[4] = {k[1], k[5], k[14], k[15]};
    int64_t bs[1] = {k[5]};
    dnnl_memory_desc_t xmd = dn_md(4, xs, dn_conv_tag(k[18])), wany = dn_md(4, ws, dnnl_format_tag_any),
                       ymd = dn_md(4, ys, dn_conv_tag(k[19])), bmd = a->has_bias ? dn_md(1, bs, dnnl_x) : NULL;
    dnnl_dims_t st = {k[8], k[9]}, dl = {0, 0}, pl = {k[10], k[11]}, pr = {k[12], k[13]};
    dnnl_primitive_desc_t pd = NULL;
    dnnl_primitive_attr_t attr = NULL;
    dnnl_post_ops_t ops = NULL;
    int ok = xmd && wany && ymd && (!a->has_bias || bmd) && (attr = dn_attr()) != NULL;
    if (ok && (k[20] || k[23])) { /* Y + the convolution (acc), then the clamp */
        ok = dnnl_post_ops_create(&ops) == dnnl_success &&
             (!k[23] || dnnl_post_ops_append_sum(ops, 1.0f, 0, dnnl_data_type_undef) == dnnl_success) &&
             (!k[20] ||
              dnnl_post_ops_append_eltwise(ops, dnnl_eltwise_clip, (float)a->lo, (float)a->hi) == dnnl_success) &&
             dnnl_primitive_attr_set_post_ops(attr, ops) == dnnl_success;
        /* the bound dn_conv_try checks: the largest sum of |W| over an output channel */
        int64_t per = k[2] * k[6] * k[7];
        if (ok && k[20]) dn_wabs(e, (const float *)a->W, k[5], per, per, 1);
    }
    ok = ok &&
         dnnl_convolution_forward_primitive_desc_create(&pd, c->engine, dnnl_forward_inference,
                                                        dnnl_convolution_direct, xmd, wany, bmd, ymd, st, dl, pl, pr,
                                                        attr) == dnnl_success &&
             dn_prim(e, pd) &&
             dn_weights_prepare(c, e, dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 0),
                                dn_md(4, ws, dnnl_oihw), a->W);
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
 * The first DN_CONV_SHAPE values of a convolution entry's key (the shape and the thread count;
 * dn_conv_create lists them all), the rest 0.
 */
#define DN_CONV_SHAPE 17
static void dn_conv_key(const la_conv_io_t *io, int64_t threads, int64_t k[DN_KEY_LEN]) {
    const la_geom_t *g = &io->g;
    int64_t shape[DN_CONV_SHAPE] = {DN_KIND_CONV, io->N, io->C, g->in[0], g->in[1], io->M, g->k[0], g->k[1], g->s[0],
                                    g->s[1], g->pb[0], g->pb[1],
                                    (g->out[0] - 1) * g->s[0] + g->k[0] - g->in[0] - g->pb[0],
                                    (g->out[1] - 1) * g->s[1] + g->k[1] - g->in[1] - g->pb[1], g->out[0], g->out[1],
                                    threads};
    memset(k, 0, DN_KEY_LEN * sizeof *k);
    memcpy(k, shape, sizeof shape);
}

/*
 * Y = conv(X, W) + B through oneDNN when it applies; returns 0 (nothing written) when the caller
 * must compute it, 1 when Y is written or an error was reported, 2 when Y is written and clamped to
 * [lo, hi] (`clamp`, see the header: only when no output can be NaN or infinite). io->W is the
 * weights operand's own data or a dense copy of it (then never treated as constant). With acc,
 * Y = Y + conv(X, W) + B (oneDNN's sum post-op, before the clip): only when Y is the caller's own
 * dense buffer (a channel slice or a temporary returns 0).
 */
static int dn_conv_try(void *ctx, const la_conv_io_t *io, int64_t group, int clamp, double lo, double hi, int acc) {
    const la_geom_t *g = &io->g;
    if (io->kind != LA_F32 || g->nsp != 2 || group != 1 || g->d[0] != 1 || g->d[1] != 1) return 0;
    /* NCHW only (channels-last ones all go to oneDNN, whose NHWC kernels need no transposes) */
    int cl = io->xl || io->yl;
    if (!cl && g->k[0] == 1 && g->k[1] == 1) return 0; /* 1x1, strided or not: OpenBLAS as fast or faster */
    if (!cl && io->C == 1) return 0;                    /* mnist-8's and super-resolution-10's first */
    dn_cache_t *c = dn_cache_of(ctx);
    if (c == NULL) return 0;
    if (acc && (io->Y != io->y.data || (io->yl && io->ldy != io->M))) return 0;
    const void *W = io->W;
    const void *wkey = W == io->w.data && dn_is_constant(c, W) ? W : NULL;
    /* Y a channel slice of a wider channels-last tensor (hip-concat-in-place): oneDNN's convolutions
     * write dense destinations only (given strides they fall back to a reference kernel), but a
     * stride-1 1x1 one is a product [N*H*W, C] x [C, M] whose rows oneDNN's matmul writes at any
     * distance; the others go through a dense scratch Y and a copy of its rows */
    int sliced = cl && io->yl && io->ldy != io->M;
    if (sliced && wkey != NULL && io->xl && g->k[0] == 1 && g->k[1] == 1 && g->s[0] == 1 && g->s[1] == 1 &&
        g->pb[0] == 0 && g->pb[1] == 0 && g->out[0] == g->in[0] && g->out[1] == g->in[1]) {
        int r = dn_matmul_run(ctx, "hipep_conv_f32", io->N * g->osz, io->M, io->C, 1.0, (const float *)io->X, io->C,
                              1, (const float *)W, 1, io->C, (const float *)io->B, 0, (float *)io->Y, io->ldy,
                              clamp ? DN_EPI_CLAMP : 0, lo, hi);
        if (r) return r;
    }
    /* below LA_BLAS_MIN_MACS multiply-adds (mnist-8's convolutions) a second thread costs more than it
     * saves, in either layout (a channels-last threshold of 2^23 measured worse on the shared team:
     * docs/BENCHMARKS.md, fifth round) */
    int64_t macs = io->N * io->M * io->C * g->ksz * g->osz;
    int64_t k[DN_KEY_LEN];
    int64_t threads = dn_begin(ctx, macs < LA_BLAS_MIN_MACS);
    dn_conv_key(io, threads, k);
    k[17] = io->B != NULL;
    k[18] = io->xl;
    k[19] = io->yl;
    k[23] = acc;
    dn_conv_arg_t arg = {k, W, io->B != NULL, lo, hi};
    dn_entry_t *e = NULL;
    int64_t ysz = io->N * io->M * g->osz;
    /* with acc the scan reads X and Y's old values where the clamp pass would read and write Y; bounds
     * from slots (io->xmax, io->ymax) cost no scan, but they are looser than the values: when they
     * prove nothing, the scans decide where they would have before */
    double bound = INFINITY;
    int known = 0; /* how many of the bound's operands came from slots */
    int64_t xsz = io->N * io->C * g->in[0] * g->in[1];
    int scan = acc || xsz < ysz;
    if (clamp && wkey != NULL && (scan || isfinite(io->xmax))) {
        k[20] = 1; /* the clamp as oneDNN's post-op: an entry of its own */
        memcpy(&k[21], &lo, sizeof lo);
        memcpy(&k[22], &hi, sizeof hi);
        e = dn_get(ctx, c, k, wkey, dn_conv_create, &arg);
        double bmax = io->B ? dn_absmax(ctx, (const float *)io->B, io->M, threads) : 0;
        double wabs = e ? e->wabs : INFINITY;
        known = isfinite(io->xmax) + (acc && isfinite(io->ymax));
        double xmax = isfinite(io->xmax) ? io->xmax : dn_absmax(ctx, (const float *)io->X, xsz, threads);
        double ymax = !acc ? 0 : isfinite(io->ymax) ? io->ymax : dn_absmax(ctx, (const float *)io->Y, ysz, threads);
        bound = xmax * wabs + bmax + ymax;
        if (!(bound < 1e37) && known && scan) { /* the slots' bounds scanned after all */
            if (isfinite(io->xmax)) xmax = dn_absmax(ctx, (const float *)io->X, xsz, threads);
            if (acc && isfinite(io->ymax)) ymax = dn_absmax(ctx, (const float *)io->Y, ysz, threads);
            bound = xmax * wabs + bmax + ymax;
            known = 0;
        }
        if (!(bound < 1e37)) e = NULL; /* an output could be NaN or infinite: the clamp pass keeps it */
        k[20] = k[21] = k[22] = 0;
    }
    int fused = e != NULL;
    if (e == NULL) e = dn_get(ctx, c, k, wkey, dn_conv_create, &arg);
    if (e == NULL) return 0;
    /* a channel slice: into a dense scratch NHWC Y, then its rows into the slice */
    int slot = -1;
    float *Y = sliced ? (float *)st_scratch_take(ctx, io->N * io->M * g->osz * (int64_t)sizeof(float), &slot)
                      : (float *)io->Y;
    if (Y == NULL) {
        hipep_errorf(ctx, HIPEP_ERR_OUT_OF_MEMORY, "hipep_conv_f32: cannot allocate a convolution result");
        return 1;
    }
    if (!dn_run(ctx, c, DN_KIND_CONV, e, W, io->X, Y, io->B))
        hipep_errorf(ctx, HIPEP_ERR_INTERNAL, "hipep_conv_f32: oneDNN convolution failed to run");
    else {
        if (fused) dn_count(ctx, DN_KIND_CONV_CLAMPED);
        if (fused && known) dn_count(ctx, DN_KIND_BOUND_KNOWN);
        if (acc) dn_count(ctx, DN_KIND_CONV_ACC);
        /* the clamp keeps Y's values within the bound, or sets them to a finite lo or hi; the bound is
         * of exact sums, the floats' rounding (relative, far below 1%) is what the factor covers */
        if (fused && io->bound != NULL)
            *io->bound = fmax(bound * 1.01, fmax(isfinite(lo) ? fabs(lo) : 0, isfinite(hi) ? fabs(hi) : 0));
    }
    if (sliced) { /* the scratch's pixel rows of M floats into the slice's, ldy apart (kernels_data.c) */
        dm_plan_t p;
        dm_plan_init(&p, 2, (const char *)Y, (char *)io->Y, (int64_t)sizeof(float));
        p.size[0] = io->N * g->osz;
        p.size[1] = io->M;
        p.ss[0] = io->M;
        p.ds[0] = io->ldy;
        p.ss[1] = p.ds[1] = 1;
        dm_exec(ctx, &p);
        st_scratch_give(ctx, Y, slot);
    }
    return fused ? 2 : 1;
}
