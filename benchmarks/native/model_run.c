/*
 * Runs a compiled model (a NATIVE artifact: hip-compiler model.onnx -o model.so --mode NATIVE) from C,
 * without the JVM: loads the .so, hands inference_init the constants of the sidecar, feeds one f32
 * input of the given shape (deterministic values) and times inference_compute, printing the median
 * and the 10th / 90th percentiles. It tells whether a time measured through the Session API is the
 * compiled code's or the JVM's around it (docs/BENCHMARKS.md, twenty-seventh round: light-squeezenet's
 * whole run at two threads took as long here as in hip-onnx-runner, its 13x13 layers less). The wire
 * structs come from the runtime's own header.
 *
 * Build and run (the model's .so needs libopenblas.so.0, which is the soname of the OpenBLAS preset's
 * libopenblas_nolapack.so.0: --preload loads it first; libdnnl is found through the .so's run path):
 *   gcc -O2 -I runtime/src/main/c/include benchmarks/native/model_run.c -o /tmp/model_run -ldl
 *   bin/hip-compiler ../shared/models/light-squeezenet/model.onnx -o /tmp/sq/model.so --mode NATIVE
 *   env -u OPENBLAS_CORETYPE /tmp/model_run \
 *       --preload "$(find ~/.javacpp/cache -name libopenblas_nolapack.so.0 | head -1)" \
 *       /tmp/sq/model.so 1,3,224,224 2 2000      # the .so, the input's shape, threads, timed runs
 * The constants are read from <model>.constants.bin at the offsets <model>.metadata.json lists.
 * With --profile (before the .so) the runtime's profiler times every kernel call of the timed runs
 * and the mean time per run of each call site follows (node, op and kernel, in call order): two
 * artifacts compiled by two builds of the runtime can be compared kernel by kernel, taking turns.
 */
#define _GNU_SOURCE
#include "hipep_runtime.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_CONSTANTS 100000
#define MAX_SITES 4096
#define WARMUP 100

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* the whole file, NUL-terminated, in memory aligned to 4096; exits with a message on failure */
static char *slurp(const char *path, long *size) {
    FILE *f = fopen(path, "rb");
    if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (*size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fprintf(stderr, "model_run: cannot read %s\n", path);
        exit(1);
    }
    char *data = aligned_alloc(4096, (*size + 4096) / 4096 * 4096);
    if (data == NULL || fread(data, 1, *size, f) != (size_t)*size) {
        fprintf(stderr, "model_run: cannot read %s\n", path);
        exit(1);
    }
    data[*size] = '\0';
    fclose(f);
    return data;
}

static void *symbol(void *so, const char *name) {
    void *p = dlsym(so, name);
    if (p == NULL) {
        fprintf(stderr, "model_run: the model defines no %s\n", name);
        exit(1);
    }
    return p;
}

int main(int argc, char **argv) {
    int a = 1, profile = 0;
    for (; a < argc && argv[a][0] == '-'; a++) {
        if (strcmp(argv[a], "--profile") == 0) {
            profile = 1;
        } else if (strcmp(argv[a], "--preload") == 0 && a + 1 < argc) {
            if (dlopen(argv[++a], RTLD_NOW | RTLD_GLOBAL) == NULL) {
                fprintf(stderr, "model_run: %s\n", dlerror());
                return 1;
            }
        } else {
            break;
        }
    }
    if (argc - a != 4) {
        fprintf(stderr, "usage: model_run [--preload lib.so]... [--profile] model.so d0,d1,... threads runs\n");
        return 2;
    }
    const char *model = argv[a];
    int threads = atoi(argv[a + 2]), runs = atoi(argv[a + 3]);
    if (threads < 1 || runs < 1) {
        fprintf(stderr, "model_run: threads and runs must be at least 1\n");
        return 2;
    }
    int64_t shape[HIPEP_MAX_RANK];
    size_t rank = 0;
    int64_t count = 1;
    for (char *p = argv[a + 1]; *p && rank < HIPEP_MAX_RANK; rank++) {
        shape[rank] = strtoll(p, &p, 10);
        count *= shape[rank];
        if (*p == ',') p++;
    }

    /* the sidecar's constants at the metadata's offsets ("offset": N, in the constants' order) */
    size_t base = strlen(model) - (strlen(model) > 3 && strcmp(model + strlen(model) - 3, ".so") == 0 ? 3 : 0);
    char path[4096];
    long size;
    snprintf(path, sizeof path, "%.*s.metadata.json", (int)base, model);
    char *json = slurp(path, &size);
    snprintf(path, sizeof path, "%.*s.constants.bin", (int)base, model);
    char *sidecar = slurp(path, &size);
    const void **constants = malloc(sizeof(void *) * MAX_CONSTANTS);
    int64_t n = 0;
    for (char *p = json; n < MAX_CONSTANTS && (p = strstr(p, "\"offset\":")) != NULL; p += 9) {
        constants[n++] = sidecar + atol(p + 9);
    }

    void *so = dlopen(model, RTLD_NOW | RTLD_LOCAL);
    if (so == NULL) {
        fprintf(stderr, "model_run: %s\n", dlerror());
        return 1;
    }
    int32_t (*init)(void **, void *) = symbol(so, "inference_init");
    int32_t (*compute)(void *, span_t *) = symbol(so, "inference_compute");
    const hipep_output_t *(*outputs)(void *, int64_t *) = symbol(so, "hipep_state_outputs");
    void (*release)(void *) = symbol(so, "hipep_free");
    const char *(*message)(void *) = symbol(so, "hipep_state_error_message");
    int64_t (*set_profiling)(void *, int64_t) = symbol(so, "hipep_state_set_profiling");
    const hipep_profile_event_t *(*events)(void *, int64_t *) = symbol(so, "hipep_state_profile");
    const char *site[MAX_SITES]; /* call sites in the order first called, and their total time */
    double site_ns[MAX_SITES];
    int sites = 0;

    hipep_host_t host = {n, constants, threads, NULL, 0};
    void *state = NULL;
    if (init(&state, &host) != 0) {
        fprintf(stderr, "model_run: inference_init failed\n");
        return 1;
    }
    float *x = aligned_alloc(64, (count * sizeof(float) + 63) / 64 * 64);
    for (int64_t i = 0; i < count; i++) x[i] = (float)((i * 2654435761u) % 1000) / 1000.0f;
    tensor_t input = {x, shape, rank, sizeof(float), TENSOR_MEMORY_CPU};
    span_t span = {&input, 1};
    double *times = malloc(sizeof(double) * runs);
    for (int i = 0; i < WARMUP + runs; i++) {
        if (profile && i == WARMUP) set_profiling(state, 1);
        double t0 = now();
        int32_t status = compute(state, &span);
        int64_t k = 0;
        const hipep_output_t *o = outputs(state, &k);
        for (int64_t j = 0; j < k; j++)
            if (o[j].runtime_owned) release(o[j].data);
        double t1 = now();
        if (status != 0) {
            const char *why = status == 0x1001   ? "wrong number of inputs"
                              : status == 0x1002 ? "the input has the wrong rank"
                              : status == 0x1003 ? "the input has the wrong static dimensions"
                                                 : message(state);
            fprintf(stderr, "model_run: inference_compute returned 0x%x: %s\n", status, why);
            return 1;
        }
        if (i >= WARMUP) times[i - WARMUP] = t1 - t0;
        int64_t counts[2] = {0, 0};
        const hipep_profile_event_t *e = profile ? events(state, counts) : NULL;
        for (int64_t j = 0; j < counts[0]; j++) {
            int s = 0;
            while (s < sites && site[s] != e[j].name) s++;
            if (s == sites && sites < MAX_SITES) site[sites] = e[j].name, site_ns[sites++] = 0;
            if (s < sites) site_ns[s] += (double)e[j].duration_ns;
        }
    }
    qsort(times, runs, sizeof(double), by_value);
    printf("%d thread(s): median %.3f ms, p10 %.3f, p90 %.3f over %d runs (after %d)\n", threads, times[runs / 2] * 1e3,
           times[runs / 10] * 1e3, times[runs * 9 / 10] * 1e3, runs, WARMUP);
    for (int s = 0; s < sites; s++) printf("%10.1f us  %s\n", site_ns[s] / runs / 1e3, site[s]);
    return 0;
}
