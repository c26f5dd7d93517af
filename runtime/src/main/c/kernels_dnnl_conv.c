/*
 * Float 2-D convolutions through oneDNN (kernels_dnnl.c has the cache, threads and weights
 * handling). No symbols of its own: la_conv (kernels_linalg.c, behind the unchanged
 * hipep_conv_f32_in2 / _in3 / _in2_clamp / _in3_clamp symbols) calls dn_conv_try (after
 * wg_conv_try, kernels_dnnl_winograd.c, which takes the channels-last 3x3 stride-1 ones with
 * constant weights, 16 or more input and 32 or more output channels), and computes the
 * convolution itself when it returns 0.
 *
 * Channels-last (the _nhwc symbols, la_conv's nhwc flag; the compiler's hip-conv-channels-last
 * emits them for f32 2-D group-1 undilated convolutions): X [N, H, W, C] and Y [N, OH, OW, M] are
 * used in place when dense (io->xl / io->yl; the layout of each is in the entry key), the weights
 * in the layout oneDNN prefers — EVERY such convolution, 1x1 and single input channel included: on
 * NHWC a 1x1 is a plain GEMM over the pixels and no reorder runs around oneDNN's kernel. Measured
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
 * Weights: when W is one of the state's constants (an initializer, or folded at compile time)
 * they are reordered once into the primitive's layout when its entry is created (at the first run
 * of the state); otherwise (W a graph input or computed) a reorder runs before every call, so a
 * changed W is always seen.
 * The fused clamp of the _clamp kernels (Conv + Relu / Relu6 / Clip) stays a separate pass over Y
 * (la_conv_clamp at la_conv's `done:`), not a oneDNN eltwise post-op: on x64 oneDNN computes
 * relu and clip_v2 with maxps/minps, which turn a NaN into the lower bound, while the runtime's
 * clamp (like the unfused Relu/Clip kernels) propagates NaN.
 * Threads: the state's thread count (1 below LA_BLAS_MIN_MACS multiply-adds, and inside one of our
 * parallel bodies, which no model path does today); the count is part of the entry's key.
 */

typedef struct {
    const int64_t *k; /* the call's key, see dn_conv_try */
    const void *W;
    int has_bias;
} dn_conv_arg_t;

/* The memory layout of X or Y: channels-last (the _nhwc kernels' operands, used in place) or NCHW. */
static dnnl_format_tag_t dn_conv_tag(int64_t nhwc) { return nhwc ? dnnl_nhwc : dnnl_nchw; }

static int dn_conv_create(dn_cache_t *c, dn_entry_t *e, void *argp) {
    const dn_conv_arg_t *a = (const dn_conv_arg_t *)argp;
    const int64_t *k = a->k; /* kind N C H W M KH KW SH SW PT PL PB PR OH OW threads bias xnhwc ynhwc */
    int64_t xs[4] = {k[1], k[2], k[3], k[4]}, ws[4] = {k[5], k[2], k[6], k[7]}, ys[4] = {k[1], k[5], k[14], k[15]};
    int64_t bs[1] = {k[5]};
    dnnl_memory_desc_t xmd = dn_md(4, xs, dn_conv_tag(k[18])), wany = dn_md(4, ws, dnnl_format_tag_any),
                       ymd = dn_md(4, ys, dn_conv_tag(k[19])), bmd = a->has_bias ? dn_md(1, bs, dnnl_x) : NULL;
    dnnl_dims_t st = {k[8], k[9]}, dl = {0, 0}, pl = {k[10], k[11]}, pr = {k[12], k[13]};
    dnnl_primitive_desc_t pd = NULL;
    int ok = xmd && wany && ymd && (!a->has_bias || bmd) &&
             dnnl_convolution_forward_primitive_desc_create(&pd, c->engine, dnnl_forward_inference,
                                                            dnnl_convolution_direct, xmd, wany, bmd, ymd, st, dl, pl,
                                                            pr, NULL) == dnnl_success &&
             dnnl_primitive_create(&e->prim, pd) == dnnl_success &&
             dn_weights_prepare(c, e, dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 0),
                                dn_md(4, ws, dnnl_oihw), a->W);
    if (pd) dnnl_primitive_desc_destroy(pd);
    if (wany) dnnl_memory_desc_destroy(wany);
    e->xmd = xmd; /* the run's layouts: the entry owns them */
    e->ymd = ymd;
    e->bmd = bmd;
    return ok;
}

/*
 * Y = conv(X, W) + B through oneDNN when it applies; returns 0 (nothing written) when the caller
 * must compute it, 1 when Y is written or an error was reported. io->W is the weights operand's own
 * data or a dense copy of it (then never treated as constant).
 */
static int dn_conv_try(void *ctx, const la_conv_io_t *io, int64_t group) {
    const la_geom_t *g = &io->g;
    if (io->kind != LA_F32 || g->nsp != 2 || group != 1 || g->d[0] != 1 || g->d[1] != 1) return 0;
    /* NCHW only (channels-last ones all go to oneDNN, whose NHWC kernels need no transposes) */
    int cl = io->xl || io->yl;
    if (!cl && g->k[0] == 1 && g->k[1] == 1) return 0; /* 1x1, strided or not: OpenBLAS as fast or faster */
    if (!cl && io->C == 1) return 0;                    /* mnist-8's and super-resolution-10's first */
    dn_cache_t *c = dn_cache_of(ctx);
    if (c == NULL) return 0;
    const void *W = io->W;
    const void *wkey = W == io->w.data && dn_is_constant(c, W) ? W : NULL;
    /* below LA_BLAS_MIN_MACS multiply-adds (mnist-8's convolutions) a second thread costs more than it
     * saves, in either layout (a channels-last threshold of 2^23 measured worse on the shared team:
     * docs/BENCHMARKS.md, fifth round) */
    int64_t macs = io->N * io->M * io->C * g->ksz * g->osz;
    int64_t threads = dn_begin(ctx, macs < LA_BLAS_MIN_MACS);
    int64_t k[DN_KEY_LEN] = {DN_KIND_CONV, io->N, io->C, g->in[0], g->in[1], io->M, g->k[0], g->k[1], g->s[0],
                             g->s[1], g->pb[0], g->pb[1],
                             (g->out[0] - 1) * g->s[0] + g->k[0] - g->in[0] - g->pb[0],
                             (g->out[1] - 1) * g->s[1] + g->k[1] - g->in[1] - g->pb[1], g->out[0], g->out[1],
                             threads, io->B != NULL, io->xl, io->yl};
    dn_conv_arg_t arg = {k, W, io->B != NULL};
    dn_entry_t *e = dn_get(c, k, wkey, dn_conv_create, &arg);
    if (e == NULL) return 0;
    if (!dn_run(c, DN_KIND_CONV, e, W, io->X, io->Y, io->B))
        hipep_errorf(ctx, HIPEP_ERR_INTERNAL, "hipep_conv_f32: oneDNN convolution failed to run");
    return 1;
}
