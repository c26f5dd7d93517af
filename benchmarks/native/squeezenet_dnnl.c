/*
 * SqueezeNet 1.1 (light-squeezenet's layers) through oneDNN's primitives alone: channels-last
 * convolutions with ReLU post-ops, oneDNN's max pooling and concat, every tensor a buffer of its own,
 * one stream; each primitive timed on its own (execute + wait), medians printed per primitive and
 * for the whole run. It tells what the library does with the model's ops chained in the model's
 * order, without anything of ours between them (docs/BENCHMARKS.md, twenty-sixth round: 4.91-4.95
 * ms at one thread, 2.49-2.61 ms at two with the cores apart, where our session took 3.35-3.42 and
 * 3.07-3.16 ms). USERSP=1 gives every primitive one shared user scratchpad, as the runtime does.
 *
 * Build against the libdnnl of the dnnl preset (its headers are unpacked under
 * runtime/target/dnnl-headers by the runtime's build; the library sits in JavaCPP's cache):
 *   D=$(dirname "$(find ~/.javacpp/cache -name libdnnl.so.3 | head -1)")
 *   gcc -O2 -fopenmp -I runtime/target/dnnl-headers/org/bytedeco/dnnl/linux-x86_64/include \
 *       benchmarks/native/squeezenet_dnnl.c -o /tmp/squeezenet_dnnl -L"$D" -ldnnl -Wl,-rpath,"$D"
 *   GOMP_SPINCOUNT=20000 /tmp/squeezenet_dnnl 2 1000     # threads, runs
 */
#include <omp.h>
#include <oneapi/dnnl/dnnl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#define CK(x)                                                                                                          \
    do {                                                                                                               \
        dnnl_status_t s_ = (x);                                                                                        \
        if (s_) {                                                                                                      \
            printf("err %d at %d\n", s_, __LINE__);                                                                    \
            exit(1);                                                                                                   \
        }                                                                                                              \
    } while (0)
static double now() {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}
dnnl_engine_t eng;
dnnl_stream_t st;
#define MAXP 64
typedef struct {
    dnnl_primitive_t p;
    int n;
    dnnl_exec_arg_t a[8];
    char name[48];
    double us;
} op_t;
op_t ops[MAXP];
int nops;
int USERSP;
dnnl_memory_t SP;
size_t spmax;
static void setsp(dnnl_primitive_attr_t a) {
    if (USERSP)
        CK(dnnl_primitive_attr_set_scratchpad_mode(a, dnnl_scratchpad_mode_user));
}
static void addsp(op_t *o, const_dnnl_primitive_desc_t pd) {
    if (!USERSP)
        return;
    size_t n = dnnl_memory_desc_get_size(dnnl_primitive_desc_query_md(pd, dnnl_query_scratchpad_md, 0));
    if (n > spmax)
        spmax = n;
    if (n)
        o->a[o->n++] = (dnnl_exec_arg_t){DNNL_ARG_SCRATCHPAD, NULL};
}
static dnnl_memory_desc_t nhwc(int C, int H, int W) {
    dnnl_memory_desc_t d;
    dnnl_dims_t dd = {1, C, H, W};
    CK(dnnl_memory_desc_create_with_tag(&d, 4, dd, dnnl_f32, dnnl_nhwc));
    return d;
}
typedef struct {
    dnnl_memory_t m;
    int C, H, W;
} ten_t;
static ten_t ten(int C, int H, int W) {
    ten_t t = {0, C, H, W};
    CK(dnnl_memory_create(&t.m, nhwc(C, H, W), eng, DNNL_MEMORY_ALLOCATE));
    float *p;
    dnnl_memory_get_data_handle(t.m, (void **)&p);
    for (long i = 0; i < (long)C * H * W; i++)
        p[i] = (i % 11) * 0.01f;
    return t;
}
static ten_t conv(ten_t x, int M, int k, int s, int pad, const char *name) {
    int OH = (x.H + 2 * pad - k) / s + 1, OW = (x.W + 2 * pad - k) / s + 1;
    ten_t y = ten(M, OH, OW);
    dnnl_memory_desc_t wd, bd;
    dnnl_dims_t dw = {M, x.C, k, k}, db = {M};
    CK(dnnl_memory_desc_create_with_tag(&wd, 4, dw, dnnl_f32, dnnl_format_tag_any));
    CK(dnnl_memory_desc_create_with_tag(&bd, 1, db, dnnl_f32, dnnl_x));
    dnnl_dims_t sd = {s, s}, dl = {0, 0}, pl = {pad, pad};
    dnnl_primitive_attr_t attr;
    CK(dnnl_primitive_attr_create(&attr));
    dnnl_post_ops_t po;
    CK(dnnl_post_ops_create(&po));
    CK(dnnl_post_ops_append_eltwise(po, dnnl_eltwise_relu, 0, 0));
    CK(dnnl_primitive_attr_set_post_ops(attr, po));
    setsp(attr);
    dnnl_primitive_desc_t pd;
    CK(dnnl_convolution_forward_primitive_desc_create(&pd, eng, dnnl_forward_inference, dnnl_convolution_direct,
                                                      nhwc(x.C, x.H, x.W), wd, bd, nhwc(M, OH, OW), sd, dl, pl, pl,
                                                      attr));
    dnnl_memory_t wm, bm;
    CK(dnnl_memory_create(&wm, dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 0), eng, DNNL_MEMORY_ALLOCATE));
    CK(dnnl_memory_create(&bm, bd, eng, DNNL_MEMORY_ALLOCATE));
    float *p;
    dnnl_memory_get_data_handle(wm, (void **)&p);
    size_t n = dnnl_memory_desc_get_size(dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 0)) / 4;
    for (size_t i = 0; i < n; i++)
        p[i] = ((i % 7) - 3) * 0.01f;
    dnnl_memory_get_data_handle(bm, (void **)&p);
    for (int i = 0; i < M; i++)
        p[i] = 0.01f;
    op_t *o = &ops[nops++];
    CK(dnnl_primitive_create(&o->p, pd));
    o->n = 4;
    snprintf(o->name, 48, "%s", name);
    o->a[0] = (dnnl_exec_arg_t){DNNL_ARG_SRC, x.m};
    o->a[1] = (dnnl_exec_arg_t){DNNL_ARG_WEIGHTS, wm};
    o->a[2] = (dnnl_exec_arg_t){DNNL_ARG_BIAS, bm};
    o->a[3] = (dnnl_exec_arg_t){DNNL_ARG_DST, y.m};
    addsp(o, pd);
    return y;
}
static ten_t pool(ten_t x, const char *name) {
    int OH = (x.H - 3) / 2 + 1, OW = (x.W - 3) / 2 + 1;
    ten_t y = ten(x.C, OH, OW);
    dnnl_dims_t k = {3, 3}, s = {2, 2}, d = {0, 0}, p = {0, 0};
    dnnl_primitive_desc_t pd;
    dnnl_primitive_attr_t at;
    CK(dnnl_primitive_attr_create(&at));
    setsp(at);
    CK(dnnl_pooling_forward_primitive_desc_create(&pd, eng, dnnl_forward_inference, dnnl_pooling_max,
                                                  nhwc(x.C, x.H, x.W), nhwc(x.C, OH, OW), s, k, d, p, p, at));
    op_t *o = &ops[nops++];
    CK(dnnl_primitive_create(&o->p, pd));
    o->n = 2;
    snprintf(o->name, 48, "%s", name);
    o->a[0] = (dnnl_exec_arg_t){DNNL_ARG_SRC, x.m};
    o->a[1] = (dnnl_exec_arg_t){DNNL_ARG_DST, y.m};
    addsp(o, pd);
    return y;
}
static ten_t cat(ten_t a, ten_t b, const char *name) {
    ten_t y = ten(a.C + b.C, a.H, a.W);
    const_dnnl_memory_desc_t srcs[2];
    dnnl_memory_desc_t sa = nhwc(a.C, a.H, a.W), sb = nhwc(b.C, b.H, b.W);
    srcs[0] = sa;
    srcs[1] = sb;
    dnnl_primitive_desc_t pd;
    dnnl_primitive_attr_t at;
    CK(dnnl_primitive_attr_create(&at));
    setsp(at);
    CK(dnnl_concat_primitive_desc_create(&pd, eng, nhwc(y.C, y.H, y.W), 2, 1, srcs, at));
    op_t *o = &ops[nops++];
    CK(dnnl_primitive_create(&o->p, pd));
    o->n = 3;
    snprintf(o->name, 48, "%s", name);
    o->a[0] = (dnnl_exec_arg_t){DNNL_ARG_MULTIPLE_SRC, a.m};
    o->a[1] = (dnnl_exec_arg_t){DNNL_ARG_MULTIPLE_SRC + 1, b.m};
    o->a[2] = (dnnl_exec_arg_t){DNNL_ARG_DST, y.m};
    addsp(o, pd);
    return y;
}
static ten_t fire(ten_t x, int s, int e, int i) {
    char n[48];
    snprintf(n, 48, "fire%d squeeze %d->%d", i, x.C, s);
    ten_t q = conv(x, s, 1, 1, 0, n);
    snprintf(n, 48, "fire%d expand1 %d->%d", i, s, e);
    ten_t a = conv(q, e, 1, 1, 0, n);
    snprintf(n, 48, "fire%d expand3 %d->%d", i, s, e);
    ten_t b = conv(q, e, 3, 1, 1, n);
    snprintf(n, 48, "fire%d concat", i);
    return cat(a, b, n);
}
static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s threads [runs]\n", argv[0]);
        return 2;
    }
    int th = atoi(argv[1]);
    USERSP = getenv("USERSP") != NULL;
    int iters = argc > 2 ? atoi(argv[2]) : 1000;
    omp_set_num_threads(th);
    CK(dnnl_engine_create(&eng, dnnl_cpu, 0));
    CK(dnnl_stream_create(&st, eng, 0));
    ten_t x = ten(3, 224, 224);
    x = conv(x, 64, 3, 2, 0, "conv1 3->64 s2");
    x = pool(x, "pool1");
    x = fire(x, 16, 64, 2);
    x = fire(x, 16, 64, 3);
    x = pool(x, "pool2");
    x = fire(x, 32, 128, 4);
    x = fire(x, 32, 128, 5);
    x = pool(x, "pool3");
    x = fire(x, 48, 192, 6);
    x = fire(x, 48, 192, 7);
    x = fire(x, 64, 256, 8);
    x = fire(x, 64, 256, 9);
    x = conv(x, 1000, 1, 1, 0, "conv10 512->1000");
    if (USERSP) {
        dnnl_memory_desc_t d;
        dnnl_dims_t dd = {(long)spmax};
        CK(dnnl_memory_desc_create_with_tag(&d, 1, dd, dnnl_u8, dnnl_a));
        CK(dnnl_memory_create(&SP, d, eng, DNNL_MEMORY_ALLOCATE));
        for (int i = 0; i < nops; i++)
            for (int j = 0; j < ops[i].n; j++)
                if (ops[i].a[j].arg == DNNL_ARG_SCRATCHPAD)
                    ops[i].a[j].memory = SP;
        printf("shared scratchpad %zu bytes\n", spmax);
    }
    double *t = calloc(nops * iters, sizeof(double));
    double *tot = calloc(iters, sizeof(double));
    for (int it = 0; it < iters; it++) {
        double r0 = now();
        for (int i = 0; i < nops; i++) {
            double a = now();
            CK(dnnl_primitive_execute(ops[i].p, st, ops[i].n, ops[i].a));
            CK(dnnl_stream_wait(st));
            t[(long)it * nops + i] = now() - a;
        }
        tot[it] = now() - r0;
    }
    double *col = malloc(iters * sizeof(double));
    for (int i = 0; i < nops; i++) {
        for (int it = 0; it < iters; it++)
            col[it] = t[(long)it * nops + i];
        qsort(col, iters, sizeof(double), cmp);
        printf("%-28s %8.1f us\n", ops[i].name, col[iters / 2]);
    }
    qsort(tot, iters, sizeof(double), cmp);
    printf("run median %.3f ms (threads %d)\n", tot[iters / 2] / 1e3, th);
}
