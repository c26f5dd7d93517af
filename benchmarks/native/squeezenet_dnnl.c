/*
 * SqueezeNet 1.1 (light-squeezenet's layers) through oneDNN's primitives alone: channels-last
 * convolutions with ReLU post-ops, oneDNN's max pooling and concat, every tensor a buffer of its own,
 * one stream; each primitive timed on its own (execute + wait), medians printed per primitive and
 * for the whole run. It tells what the library does with the model's ops chained in the model's
 * order, without anything of ours between them (docs/BENCHMARKS.md, twenty-sixth round: 4.59-4.95
 * ms at one thread, 2.42-2.61 ms at two with the cores apart, where our session took 3.35-3.42 and
 * 3.07-3.16 ms). Switches (environment), each bringing the program a step closer to our session:
 *   USERSP=1     one user scratchpad shared by every primitive, as the runtime gives them;
 *   ARENA=N      the tensors (not the input) in N rotating 4 MB slots of one buffer, so that each op
 *                writes bytes that tensors of other shapes held before, as the memory plan does;
 *   SLICES=1     each fire module's 1x1 expand as a matmul writing the concat's first channels in
 *                place and its 3x3 expand into a buffer whose rows are then copied into the rest,
 *                as the runtime does for convolutions into channel slices (no concat primitive);
 *   OURPOOL=1    the max pools as a plain OpenMP loop over output pixels (a simpler loop than the
 *                runtime's vectorised one: slower, but split between the threads the same way);
 *   TRANSPOSE=1  the input copied from NCHW to NHWC by an OpenMP loop before the first convolution.
 * With the cores apart every combination still ran 1.7-1.9x faster at two threads than at one
 * (docs/BENCHMARKS.md, twenty-sixth round).
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
    void (*fn)(void *);
    void *arg;
} op_t;
op_t ops[MAXP];
int nops;
int USERSP;
dnnl_memory_t SP;
size_t spmax;
/* Primitive attributes: a user scratchpad when USERSP, else the library's defaults. */
static dnnl_primitive_attr_t base_attr(void) {
    dnnl_primitive_attr_t a;
    CK(dnnl_primitive_attr_create(&a));
    if (USERSP)
        CK(dnnl_primitive_attr_set_scratchpad_mode(a, dnnl_scratchpad_mode_user));
    return a;
}
/* The next op, named (the program stops past MAXP of them). */
static op_t *new_op(const char *name) {
    if (nops == MAXP) {
        fprintf(stderr, "more than %d ops\n", MAXP);
        exit(1);
    }
    op_t *o = &ops[nops++];
    snprintf(o->name, sizeof o->name, "%s", name);
    return o;
}
/* Registers pd's primitive with its n arguments (and, when USERSP, the shared scratchpad's place). */
static void add_prim(const_dnnl_primitive_desc_t pd, int n, const dnnl_exec_arg_t *args, const char *name) {
    op_t *o = new_op(name);
    CK(dnnl_primitive_create(&o->p, pd));
    memcpy(o->a, args, n * sizeof *args);
    o->n = n;
    size_t bytes = dnnl_memory_desc_get_size(dnnl_primitive_desc_query_md(pd, dnnl_query_scratchpad_md, 0));
    if (USERSP && bytes) {
        spmax = bytes > spmax ? bytes : spmax;
        o->a[o->n++] = (dnnl_exec_arg_t){DNNL_ARG_SCRATCHPAD, NULL};
    }
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
static char *ARENA;
static int arena_next, SLOTS = 4;
#define SLOT (4L << 20)
static ten_t ten(int C, int H, int W) {
    ten_t t = {0, C, H, W};
    if (ARENA && arena_next >= 0) {
        CK(dnnl_memory_create(&t.m, nhwc(C, H, W), eng, ARENA + (arena_next++ % SLOTS) * SLOT));
    } else
        CK(dnnl_memory_create(&t.m, nhwc(C, H, W), eng, DNNL_MEMORY_ALLOCATE));
    float *p;
    dnnl_memory_get_data_handle(t.m, (void **)&p);
    for (long i = 0; i < (long)C * H * W; i++)
        p[i] = (i % 11) * 0.01f;
    return t;
}
/* Attributes with a ReLU post-op (and a user scratchpad when USERSP). */
static dnnl_primitive_attr_t relu_attr(void) {
    dnnl_primitive_attr_t attr = base_attr();
    dnnl_post_ops_t po;
    CK(dnnl_post_ops_create(&po));
    CK(dnnl_post_ops_append_eltwise(po, dnnl_eltwise_relu, 0, 0));
    CK(dnnl_primitive_attr_set_post_ops(attr, po));
    return attr;
}
/* Registers the op of pd (a convolution or matmul): weights in its layout and nbias biases, made and
 * filled here, source src and destination dst; the scratchpad when USERSP. */
static void add_weighted(const_dnnl_primitive_desc_t pd, const_dnnl_memory_desc_t bd, int nbias, dnnl_memory_t src,
                         dnnl_memory_t dst, const char *name) {
    const_dnnl_memory_desc_t wq = dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 0);
    dnnl_memory_t wm, bm;
    CK(dnnl_memory_create(&wm, wq, eng, DNNL_MEMORY_ALLOCATE));
    CK(dnnl_memory_create(&bm, bd, eng, DNNL_MEMORY_ALLOCATE));
    float *p;
    dnnl_memory_get_data_handle(wm, (void **)&p);
    size_t n = dnnl_memory_desc_get_size(wq) / 4;
    for (size_t i = 0; i < n; i++)
        p[i] = ((i % 7) - 3) * 0.01f;
    dnnl_memory_get_data_handle(bm, (void **)&p);
    for (int i = 0; i < nbias; i++)
        p[i] = 0.01f;
    dnnl_exec_arg_t args[] = {{DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, wm}, {DNNL_ARG_BIAS, bm}, {DNNL_ARG_DST, dst}};
    add_prim(pd, 4, args, name);
}
static ten_t conv(ten_t x, int M, int k, int s, int pad, const char *name) {
    int OH = (x.H + 2 * pad - k) / s + 1, OW = (x.W + 2 * pad - k) / s + 1;
    ten_t y = ten(M, OH, OW);
    dnnl_memory_desc_t wd, bd;
    dnnl_dims_t dw = {M, x.C, k, k}, db = {M};
    CK(dnnl_memory_desc_create_with_tag(&wd, 4, dw, dnnl_f32, dnnl_format_tag_any));
    CK(dnnl_memory_desc_create_with_tag(&bd, 1, db, dnnl_f32, dnnl_x));
    dnnl_dims_t sd = {s, s}, dl = {0, 0}, pl = {pad, pad};
    dnnl_primitive_attr_t attr = relu_attr();
    dnnl_primitive_desc_t pd;
    CK(dnnl_convolution_forward_primitive_desc_create(&pd, eng, dnnl_forward_inference, dnnl_convolution_direct,
                                                      nhwc(x.C, x.H, x.W), wd, bd, nhwc(M, OH, OW), sd, dl, pl, pl,
                                                      attr));
    add_weighted(pd, bd, M, x.m, y.m, name);
    return y;
}
static ten_t pool(ten_t x, const char *name) {
    int OH = (x.H - 3) / 2 + 1, OW = (x.W - 3) / 2 + 1;
    ten_t y = ten(x.C, OH, OW);
    dnnl_dims_t k = {3, 3}, s = {2, 2}, d = {0, 0}, p = {0, 0};
    dnnl_primitive_desc_t pd;
    CK(dnnl_pooling_forward_primitive_desc_create(&pd, eng, dnnl_forward_inference, dnnl_pooling_max,
                                                  nhwc(x.C, x.H, x.W), nhwc(x.C, OH, OW), s, k, d, p, p, base_attr()));
    dnnl_exec_arg_t args[] = {{DNNL_ARG_SRC, x.m}, {DNNL_ARG_DST, y.m}};
    add_prim(pd, 2, args, name);
    return y;
}
static ten_t cat(ten_t a, ten_t b, const char *name) {
    ten_t y = ten(a.C + b.C, a.H, a.W);
    const_dnnl_memory_desc_t srcs[2];
    dnnl_memory_desc_t sa = nhwc(a.C, a.H, a.W), sb = nhwc(b.C, b.H, b.W);
    srcs[0] = sa;
    srcs[1] = sb;
    dnnl_primitive_desc_t pd;
    CK(dnnl_concat_primitive_desc_create(&pd, eng, nhwc(y.C, y.H, y.W), 2, 1, srcs, base_attr()));
    dnnl_exec_arg_t args[] = {{DNNL_ARG_MULTIPLE_SRC, a.m}, {DNNL_ARG_MULTIPLE_SRC + 1, b.m}, {DNNL_ARG_DST, y.m}};
    add_prim(pd, 3, args, name);
    return y;
}

/* Registers an op of ours: fn(arg), an OpenMP loop. */
static void add_loop(void (*fn)(void *), void *arg, const char *name) {
    op_t *o = new_op(name);
    o->fn = fn;
    o->arg = arg;
}
static float *dataof(ten_t t) {
    void *p;
    dnnl_memory_get_data_handle(t.m, &p);
    return (float *)p;
}
typedef struct {
    float *x, *y;
    int C, H, W, OH, OW;
} pj_t;
static void ourpool(void *a) {
    pj_t *j = a;
    int P = j->OH * j->OW;
#pragma omp parallel for schedule(static)
    for (int p = 0; p < P; p++) {
        int oh = p / j->OW, ow = p % j->OW;
        float *q = j->y + (long)p * j->C;
        for (int c = 0; c < j->C; c++)
            q[c] = -1e30f;
        for (int dh = 0; dh < 3; dh++)
            for (int dw = 0; dw < 3; dw++) {
                const float *src = j->x + ((long)(oh * 2 + dh) * j->W + ow * 2 + dw) * j->C;
                for (int c = 0; c < j->C; c++)
                    q[c] = src[c] > q[c] ? src[c] : q[c];
            }
    }
}
static ten_t pool2(ten_t x, const char *name) {
    int OH = (x.H - 3) / 2 + 1, OW = (x.W - 3) / 2 + 1;
    ten_t y = ten(x.C, OH, OW);
    pj_t *j = malloc(sizeof *j);
    *j = (pj_t){dataof(x), dataof(y), x.C, x.H, x.W, OH, OW};
    char n[48];
    snprintf(n, 48, "%s (OpenMP loop)", name);
    add_loop(ourpool, j, n);
    return y;
}
typedef struct {
    float *src, *dst;
    int C, HW;
} tj_t;
static void transpose(void *a) {
    tj_t *j = a;
#pragma omp parallel for schedule(static)
    for (int p = 0; p < j->HW; p++)
        for (int c = 0; c < j->C; c++)
            j->dst[(long)p * j->C + c] = j->src[(long)c * j->HW + p];
}
typedef struct {
    float *src, *dst;
    int rows, n, ld;
} rj_t;
static void rowcopy(void *a) {
    rj_t *j = a;
#pragma omp parallel for schedule(static)
    for (int r = 0; r < j->rows; r++)
        memcpy(j->dst + (long)r * j->ld, j->src + (long)r * j->n, j->n * 4);
}
/* expand1 as a matmul writing the concat's first channels; expand3 into a dense buffer, then its rows into the rest */
static ten_t fire_slices(ten_t x, int s, int e, int i) {
    char n[48];
    snprintf(n, 48, "fire%d squeeze %d->%d", i, x.C, s);
    ten_t q = conv(x, s, 1, 1, 0, n);
    ten_t y = ten(2 * e, q.H, q.W);
    int P = q.H * q.W;
    dnnl_memory_desc_t ad, wd, bd, yd;
    dnnl_dims_t da = {P, s}, dw = {s, e}, db = {1, e}, dy = {P, e}, sy = {2 * e, 1};
    CK(dnnl_memory_desc_create_with_tag(&ad, 2, da, dnnl_f32, dnnl_ab));
    CK(dnnl_memory_desc_create_with_tag(&wd, 2, dw, dnnl_f32, dnnl_format_tag_any));
    CK(dnnl_memory_desc_create_with_tag(&bd, 2, db, dnnl_f32, dnnl_ab));
    CK(dnnl_memory_desc_create_with_strides(&yd, 2, dy, dnnl_f32, sy));
    dnnl_primitive_attr_t attr = relu_attr();
    dnnl_primitive_desc_t pd;
    CK(dnnl_matmul_primitive_desc_create(&pd, eng, ad, wd, bd, yd, attr));
    dnnl_memory_t am, ym;
    CK(dnnl_memory_create(&am, ad, eng, dataof(q)));
    CK(dnnl_memory_create(&ym, yd, eng, dataof(y)));
    snprintf(n, 48, "fire%d expand1 (matmul into slice)", i);
    add_weighted(pd, bd, e, am, ym, n);
    snprintf(n, 48, "fire%d expand3 %d->%d", i, s, e);
    int save = arena_next;
    arena_next = -1; /* a scratch of its own */
    ten_t b = conv(q, e, 3, 1, 1, n);
    arena_next = save;
    rj_t *j = malloc(sizeof *j);
    *j = (rj_t){dataof(b), dataof(y) + e, P, e, 2 * e};
    snprintf(n, 48, "fire%d expand3 rows into slice", i);
    add_loop(rowcopy, j, n);
    return y;
}

static int SLICES, OURPOOL;
static ten_t fire(ten_t x, int s, int e, int i) {
    if (SLICES)
        return fire_slices(x, s, e, i);
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
    if (getenv("ARENA")) {
        SLOTS = atoi(getenv("ARENA"));
        ARENA = aligned_alloc(4096, SLOTS * SLOT);
        memset(ARENA, 0, SLOTS * SLOT);
        arena_next = -1;
    }
    ten_t x = ten(3, 224, 224);
    arena_next = 0;
    if (getenv("TRANSPOSE")) {
        float *src = malloc(3L * 224 * 224 * 4);
        for (long k = 0; k < 3L * 224 * 224; k++)
            src[k] = (k % 11) * 0.01f;
        tj_t *j = malloc(sizeof *j);
        *j = (tj_t){src, dataof(x), 3, 224 * 224};
        add_loop(transpose, j, "input NCHW->NHWC");
    }
    SLICES = getenv("SLICES") != NULL;
    OURPOOL = getenv("OURPOOL") != NULL;
    x = conv(x, 64, 3, 2, 0, "conv1 3->64 s2");
    x = OURPOOL ? pool2(x, "pool1") : pool(x, "pool1");
    x = fire(x, 16, 64, 2);
    x = fire(x, 16, 64, 3);
    x = OURPOOL ? pool2(x, "pool2") : pool(x, "pool2");
    x = fire(x, 32, 128, 4);
    x = fire(x, 32, 128, 5);
    x = OURPOOL ? pool2(x, "pool3") : pool(x, "pool3");
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
            if (ops[i].fn)
                ops[i].fn(ops[i].arg);
            else
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
