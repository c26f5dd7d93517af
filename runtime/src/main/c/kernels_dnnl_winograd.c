/*
 * Channels-last 3x3 stride-1 float convolutions by Winograd's minimal filtering F(4x4, 3x3), the
 * 36 products of each 6x6 input tile by oneDNN's batched matmul, or for blocks of few tiles by a
 * loop of the runtime's own (wg_own, below; kernels_dnnl.c has the cache, threads and weights
 * handling); on maps too small for that, F(2x2, 3x3) with the own loop (Small maps, below). No
 * symbols of its own: la_conv (kernels_linalg.c) calls wg_or_dn_conv, which takes Winograd or
 * dn_conv_try (kernels_dnnl_conv.c).
 *
 * Why: a direct 3x3 convolution does 9 multiply-adds per output and input channel; F(4x4, 3x3)
 * does 36 per 16 outputs (2.25), the rest is in transforms that are linear in the tile count
 * (B^T d B of each input tile, A^T m A of each product tile) and a weight transform (G g G^T) made
 * once per state. oneDNN 3.8's CPU engine has no Winograd convolution. Measured in a C benchmark
 * against oneDNN's direct NHWC convolution (one thread, AVX-512, pads 1): ResNet-50's 56x56 64->64
 * 1.5x, 28x28 128->128 2.1x, 14x14 256->256 1.9x faster, but 7x7 512->512 0.7x (4 tiles: the
 * transformed weights, 36 x C x M, are streamed for few rows); SqueezeNet's 27x27 32->128 1.4x,
 * 13x13 48->192 1.2x, 13x13 64->256 1.4x, 55x55 16->64 1.0x (that benchmark's scalar-written
 * transforms; with the vectorised ones here, taking SqueezeNet's two 55x55 16->64 layers made its
 * run 5-8% faster, hip-onnx-runner medians at one thread). A variant F(2x2, 3x3) (16 planes, a
 * quarter of the weights' growth) was measured for the small maps and not taken: its matmul was
 * 0.114 / 0.178 / 0.555 ms against 0.153 / 0.202 / 0.569 ms for F(4x4, 3x3) on 13x13 48->192,
 * 13x13 64->256 and 14x14 256->256 with the weights out of cache, and slower on larger maps.
 * Without AVX-512 oneDNN's batched matmul is its jit sgemm, which packs the 36 weight planes on
 * every call; there the products run as one grouped 1x1 convolution (wg_gconv), whose brgemm kernel
 * has them packed once: on Zen 3 (AVX2) in a C benchmark against libdnnl, one thread, 56x56 64->64
 * 0.79 -> 0.70 ms, 28x28 128->128 1.00 -> 0.73, 14x14 256->256 2.78 -> 2.14, 13x13 64->256
 * 0.37 -> 0.31; inside light-resnet50's run (ONEDNN_VERBOSE=profile_exec, weights out of cache)
 * 14x14 256->256 3.34 -> 2.17 ms and 56x56 64->64 1.96 -> 1.44. Both stay well under oneDNN's
 * direct AVX2 convolution (2.6, 2.5, 3.1 and 0.66 ms on those shapes), except 7x7 512->512 (3.7
 * direct, 4.3 grouped), which has too few tiles to come here.
 *
 * Small maps: F(2x2, 3x3) does 16 multiply-adds per 4 outputs (4 per output, against F(4x4,
 * 3x3)'s 2.25 and the direct 9), its weights grow 16/9 rather than 36/9, and a map too small for 16
 * tiles of 4x4 has 16 or more of 2x2 from 7x7 up (ResNet-50's two 7x7 512->512 layers: 4 tiles of
 * 4x4, 16 of 2x2). There the products are 16 x [16 x 512] x [512 x 512], 134 MFLOP against the
 * direct 231, reading 16 MB of transformed weights against 9.4 MB: in a C benchmark (one thread)
 * the own loop took them in 673-702 us with the weights in or out of cache, oneDNN's batched
 * matmul 925-987 us. Inside light-resnet50's run (model_run --profile, the builds alternated) its
 * two 7x7 layers took 1.00-1.10 ms each direct and 0.66-0.74 ms so at one thread, 0.52-0.53 against
 * 0.38-0.48 at two (docs/BENCHMARKS.md, thirty-fifth round). Only with the own products (the
 * AVX-512 build, M a multiple of 32, blocks of few tiles: wg_own); elsewhere such maps stay direct.
 *
 * What goes here: f32, 2-D, group 1, 3x3, stride 1, no dilation, any pads, X and Y channels-last
 * in place (io->xl, io->yl; Y dense or a channel slice, its pixels io->ldy apart), W one of the
 * session's constants (transformed once, when the entry is made), at least WG_MIN_IN input and
 * WG_MIN_OUT output channels and WG_MIN_TILES output tiles (4x4 each, over the batch), or, with
 * fewer than that, WG_MIN_TILES tiles of 2x2 whose blocks take the own products (wg_side).
 * Everything else goes to dn_conv_try (or, when that returns 0, la_conv computes it).
 *
 * Which way: a shape those rules admit can still be faster by oneDNN's direct convolution on some
 * machines: on an Intel Xeon (AVX-512) SqueezeNet's two 55x55 16->64 layers took 0.71 ms each for
 * the products alone against 0.57 ms direct, where on Zen 5 Winograd made the whole run 5-8% faster
 * (above). So unless the host asks for the fixed rules (hipep_host_t.conv_search 1: tests that pin
 * the path), the first WG_PICK_BLOCKS x WG_PICK_RUNS runs that call a shape (geometry and threads)
 * take the two ways in blocks of WG_PICK_RUNS runs, Winograd first, each call computing Y once;
 * the calls of each block's runs after its first WG_PICK_UNTIMED are timed, the first call of the
 * run after the last block picks the faster by their best times, and the other way's entries of
 * that shape, with their packed or transformed weights, are dropped (wg_or_dn_conv, wg_decide).
 * Timing calls in the model's own runs, spread over them, rather than repeating one call in the
 * first run: in a first try that repeated each way six times in the first run, the 55x55 16->64
 * Winograd's best time varied from 1.0 to 5.0 ms between processes (that run shares two cores with
 * the JVM's compilers), and it times each way with the caches as the model leaves them. In blocks
 * of runs, the first ones untimed, because a way's calls come back to their steady speed only over
 * a few runs once the other way has run: at one thread (light-squeezenet, a per-call log) the 13x13
 * 48->192 layers by Winograd took 1.4-1.9x their steady time in the second run after 20 runs of the
 * direct way and reached it over the next 4-8 runs, where the direct way's excess was ~8% after 20
 * of Winograd (Winograd's transformed weights are four times the direct kernel's); a process's
 * first runs alike. With the ways in turn run by run Winograd never reached its steady speed in the
 * trial, and that shape went direct in 7 of 10 processes though Winograd takes ~0.8x direct's time
 * there in steady state; in blocks of three runs with the first untimed, 1 of 10 in that hour and
 * 12 of 16 in a later, noisier one, where blocks of six with three untimed went direct in 7 of 16
 * (docs/BENCHMARKS.md, twenty-ninth round). Where the two ways are that close, the host's phase
 * during the trial still decides.
 *
 * Numbers: the input and output transforms add and scale by 2, 4, 5 and 8; the weight transform's
 * 1/4, 1/6, 1/12, 1/24 are computed in double. The result differs from a direct sum by rounding
 * only; on the shapes above the largest difference from oneDNN's direct convolution was 1.7e-5 on
 * outputs up to 2 in magnitude (C = 512: 4608 terms per output). Through the transforms a NaN or
 * an infinity in X would reach all 16 outputs of its tile (and infinities turn into NaN): the
 * input transform notes every tile with such an input, and the output transform computes that
 * tile's outputs as direct sums instead (wg_direct_tile), so NaN and infinity reach exactly the
 * outputs whose window holds them, as in every other convolution path. F(2x2, 3x3)'s transforms
 * only add and subtract (G's halves in double): a NaN reaches exactly its windows' outputs through
 * them, but an infinity meets its own negation (d1 + d2 beside d2 - d1) and turns into NaN, so its
 * tiles are noted and computed the same way.
 *
 * Work: the tiles are taken in equal blocks (one matmul call each) whose transformed tiles take at
 * most WG_BLOCK_SMALL when the transformed weights (36 x C x M floats; 16 x for F(2x2, 3x3)) take
 * at most WG_SMALL_WEIGHTS or the layer goes to the team (wg_team), else WG_BLOCK_BYTES (36 or
 * 16 x 4 bytes x the larger channel count per tile; at least WG_MIN_TILES tiles), so the scratch
 * stays bounded. With small weights a block's V, its products and the weights stay in a 2 MB L2
 * from the input transform to the output transform (ResNet-50's 56x56 64->64 maps are 4 blocks of
 * 49 tiles, SqueezeNet's 55x55 16->64 ones too); larger weights are read from the outer caches
 * whatever the block, and each block reads them once, so those blocks stay large (ResNet-50's
 * 28x28 128->128 maps are one block of 49 tiles at one thread): measured
 * in light-resnet50's run, one thread, 56x56 64->64 took 1.29 ms a layer in one block (input
 * transform 0.35, products 0.78, output transform 0.16) and 0.86 ms in four, where 28x28 128->128
 * went from 0.94 to 1.00 ms in two blocks. The input transform writes each tile's 36 x C values
 * contiguously (V, the matmul's source with row stride 36 C), the matmul writes 36 x M per tile
 * (its destination, same way), and the output transform adds the bias, then Y's old value for the
 * _acc kernels (la_conv_acc), applies the fused clamp of the _clamp kernels (NaN-propagating,
 * la_vclamp16) and writes Y. The last block's rows past its tiles hold the previous block's values
 * or whatever the scratch held: multiplied too (rows are independent), never read. V and the
 * products are the state's kernel scratch (st_scratch_take), kept between runs. A tile inside X
 * (inside Y), with C (M) a multiple of 16, takes the input (output) transform without bounds tests
 * and lane masks (wg_in_tile, wg_out_tile): the same operations in the same order, so the same
 * bits.
 *
 * Products of few tiles (wg_own): a block of few tiles reads the 36 x C x M transformed weights
 * for only that many rows per plane, and at batch 1 large weights come from memory (light-resnet50
 * streams ~150 MB of weights a run through a 32 MB L3): oneDNN's batched matmul waits on them.
 * 36 x [16 x 256] x [256 x 256] (ResNet-50's 14x14 layers) took it 302-337 us with its weights in
 * cache and 519-641 us with them out of it (C benchmark, one thread); and inside the models its
 * small products ran far below their speed in a loop of their own. In the AVX-512 build blocks of at
 * most WG_OWN_MAX_TILES tiles (WG_OWN_MAX_TILES_FEW_IN with at most WG_OWN_FEW_IN input channels),
 * M a multiple of 32, take the products in a loop of the runtime's own (wg_own_body: twelve rows by
 * 32 output channels in 24 registers, each panel of 32 channels read from L1 after its first rows,
 * the panels read as one stream prefetched WG_OWN_PF floats ahead): on that shape 297-342 us in
 * cache and 335-466 out of it (oneDNN's 531-543 alongside). Inside the models (model_run
 * --profile, the builds alternated): light-resnet50's five 14x14 layers 2.88-3.06 -> 1.86-2.14 ms
 * together at one thread and 1.82-1.88 -> 1.32-1.49 ms at two; light-squeezenet's eight Winograd
 * layers 871-1082 -> 695-724 us at one thread, 490-551 -> 415-427 at two (558 in one slower
 * process). Blocks of 49 tiles of 64 or 128 input channels (ResNet-50's 56x56 and 28x28 layers at
 * one thread) measured 0-2% slower in the loop and keep oneDNN (at two threads the 56x56 layers'
 * blocks, small weights on the team, have 25 and 24 tiles: the loop); SqueezeNet's 55x55 layers (16
 * input channels, 49 tiles) 13-27% faster. The same sums in another order: results differ from
 * oneDNN's matmul by rounding only. For the own products each tile's transformed inputs and
 * products take WG_OWN_PAD floats more than its planes (36 x C, 36 x M): a block's rows of one
 * plane lie a tile apart, and 36 x 256 or 16 x 512 floats are a multiple of 4 KB, so without the pad
 * the twelve rows that one step of the loop reads all fell into one set of the 8-way L1 and pushed
 * each other out (a probe timing each step at two threads: the 14x14 layers' products at 65% of the
 * FMA peak, the 7x7 ones' at 71%). With it, light-resnet50's 14x14 layers took 3-7% less at one
 * thread (at two from 6% less to 1% more), its 7x7 ones 8% and 11-13% (docs/BENCHMARKS.md,
 * forty-sixth round).
 *
 * Threads: with small weights at two threads or more (wg_team), the blocks, their count rounded
 * up to a multiple of the threads, go to the team's threads on hipep_parallel_for, and each thread
 * takes each of its blocks through the three steps on its own: V and products in scratch of its
 * own, the matmul a one-thread primitive on the thread's oneDNN stream (dn_team_streams). A block
 * then stays in one core's L2 from the input transform to the output transform, and the threads
 * meet once per layer. Before, each block took three team steps (the transforms split the tiles
 * between the threads, oneDNN's matmul the 36 planes), so about half of each tile's products came
 * from the other core's cache and the threads met three times per block: in light-squeezenet at
 * two threads (perf) the output transform took ~1.2 ms of CPU a run against ~0.6 ms at one thread,
 * and libgomp's waits 12% of the samples. hip-bench at two threads, ours/ORT, the builds before
 * and after alternated (3 runs each): super-resolution-10 (two 3x3 layers of 3136 tiles, 56
 * blocks) 0.35-0.42x -> 0.29-0.30x, light-squeezenet 0.92-0.98x -> 0.91-0.94x, light-resnet50
 * (its 56x56 64->64 layers) no change within the host's noise (docs/BENCHMARKS.md, twenty-first
 * round). F(4x4, 3x3) weights of up to WG_TEAM_WEIGHTS take the team too where the layer does not
 * split by output channels (wg_groups: at least twice as many output as input channels):
 * ResNet's 28x28 128->128 layers (2.4 MB), at two threads two blocks of 25 and 24 tiles, which
 * then take the own products. Each thread reads all of the weights, but no transformed tile or
 * product crosses to the other core. light-resnet50 at two threads, hip-onnx-runner --profile
 * with a switch in one build, processes alternated and sorted by the vCPUs' round trip around
 * each: with the vCPUs on cores that share a cache the three layers took 357-363 -> 319-328,
 * 323 -> 301-307 and 315-325 -> 297-303 us, with them apart 470-483 -> 420-490, 487 -> 414-496 and
 * 480-486 -> 344-479 us (docs/BENCHMARKS.md, fifty-third round; the twenty-first round had
 * measured that limit by whole runs' ratios and seen nothing). Larger weights (14x14 256->256:
 * 9.4 MB) keep the team steps, where each thread streams half of them. At one thread, and with
 * large weights, both transforms run over the tiles on hipep_parallel_for and the matmul on oneDNN's
 * team (the same threads); the own products split the 36 (16) planes between the threads
 * (hipep_parallel_for), so each thread streams the weights of its planes. Except where the own
 * products take large weights of at least twice as many output as input channels (SqueezeNet's
 * 13x13 48->192 and 64->256 layers): there the layer splits by output channels (wg_groups), each
 * thread taking every block through the three steps for its channels alone: the input transform of
 * all the block's tiles (at most half the output transform's work there, done by every thread),
 * the products of its own panels of every plane (packed group after group: one run of the weights
 * per thread) and the output transform of its channels. The threads meet once per layer and pass
 * each other neither V nor products, where split by planes each read half of V and half of the
 * products from the other core's cache. light-squeezenet at two threads, hip-onnx-runner
 * --profile, the builds alternated (three pairs): those four layers 352-370 -> 285-289 us together
 * with the two vCPUs on cores apart, 263 -> 278 us in a pair with them close. On light-resnet50's
 * 14x14 256->256 and 7x7 512->512 layers (as many input as output channels) the same split measured
 * no faster (five pairs; its transform done twice and X read whole by both threads cost what it
 * saved), so they keep the planes split (docs/BENCHMARKS.md, thirty-eighth round).
 */

#include <sched.h>
#include <time.h>

#define WG_MIN_IN 16
#define WG_MIN_OUT 32
#define WG_MIN_TILES 16
#define WG_BLOCK_BYTES (2LL << 20)
#define WG_BLOCK_SMALL (512LL << 10)
#define WG_SMALL_WEIGHTS (1LL << 20)
#define WG_TEAM_WEIGHTS (4LL << 20) /* larger: the team steps at two threads or more (see Threads) */

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
/* kernels_reduce.c's 16-float vector (rd_vld16n / rd_vst16n there, la_vclamp16 in kernels_linalg.c) */
typedef rd_v16f wg_v16;

/* B^T d of six values (a tile's column, then a row of the result): o[0..5] */
static inline __attribute__((always_inline)) void wg_bt(const wg_v16 *d, wg_v16 *o) {
    o[0] = 4 * d[0] - 5 * d[2] + d[4];
    o[1] = -4 * (d[1] + d[2]) + d[3] + d[4];
    o[2] = 4 * (d[1] - d[2]) - d[3] + d[4];
    o[3] = 2 * (d[3] - d[1]) - d[2] + d[4];
    o[4] = 2 * (d[1] - d[3]) - d[2] + d[4];
    o[5] = 4 * d[1] - 5 * d[3] + d[5];
}

/* A^T m of six values: o[0..3] */
static inline __attribute__((always_inline)) void wg_at(const wg_v16 *m, wg_v16 *o) {
    wg_v16 p12 = m[1] + m[2], m12 = m[1] - m[2], p34 = m[3] + m[4], m34 = m[3] - m[4];
    o[0] = m[0] + p12 + p34;
    o[1] = m12 + 2 * m34;
    o[2] = p12 + 4 * p34;
    o[3] = m12 + 8 * m34 + m[5];
}

/* F(2x2, 3x3): B^T d of four values (a 4x4 tile's column, then a row of the result): o[0..3] */
static inline __attribute__((always_inline)) void wg2_bt(const wg_v16 *d, wg_v16 *o) {
    o[0] = d[0] - d[2];
    o[1] = d[1] + d[2];
    o[2] = d[2] - d[1];
    o[3] = d[1] - d[3];
}

/* F(2x2, 3x3): A^T m of four values: o[0..1] */
static inline __attribute__((always_inline)) void wg2_at(const wg_v16 *m, wg_v16 *o) {
    o[0] = (m[0] + m[1]) + m[2];
    o[1] = (m[1] - m[2]) - m[3];
}

/* B^T d of a tile side's A values (6: wg_bt, 4: wg2_bt; A a constant where it is inlined) */
static inline __attribute__((always_inline)) void wg_bt_of(const wg_v16 *d, wg_v16 *o, const int A) {
    if (A == 6) wg_bt(d, o);
    else wg2_bt(d, o);
}

/* A^T m of a tile side's A values (6: wg_at, 4: wg2_at) */
static inline __attribute__((always_inline)) void wg_at_of(const wg_v16 *m, wg_v16 *o, const int A) {
    if (A == 6) wg_at(m, o);
    else wg2_at(m, o);
}

/* The output tiles of side f over the batch: N x ceil(OH / f) x ceil(OW / f) */
static int64_t wg_tiles(const la_conv_io_t *io, int64_t f) {
    const la_geom_t *g = &io->g;
    return io->N * ((g->out[0] + f - 1) / f) * ((g->out[1] + f - 1) / f);
}

/*
 * The output tiles' side for a convolution the Winograd rules admit: 4 (F(4x4, 3x3)) when it has
 * WG_MIN_TILES such tiles, else 2 (F(2x2, 3x3): small maps, see the header)
 */
static int64_t wg_side(const la_conv_io_t *io) {
    return wg_tiles(io, 4) >= WG_MIN_TILES ? 4 : 2;
}

/* The planes of a tile side f's products: (f + 2)^2 (36 or 16) */
static int64_t wg_planes(int64_t f) {
    return (f + 2) * (f + 2);
}

typedef struct {
    const float *x, *w, *b;
    float *y, *v, *m;
    unsigned char *odd; /* per tile of the block: an input of its tile (6x6, or 4x4) is NaN or infinite */
    int64_t C, M, H, W, OH, OW, pt, pl, th, tw, t0; /* t0: the block's first tile */
    int64_t ldy;                                     /* Y's pixel stride (M, or more for a channel slice) */
    int acc;                                         /* Y = Y + the convolution (the _acc kernels) */
    int clamp; /* la_clamp_form */
    double lo, hi;
    int64_t f;      /* the output tiles' side: 4 (F(4x4, 3x3)) or 2 (F(2x2, 3x3), wg_side) */
    int64_t m0, m1; /* the output transform's channels [m0, m1): all, or one group's (wg_groups) */
    int64_t vs, ms; /* floats from one tile's transformed inputs to the next's (V), and products' (WG_OWN_PAD) */
} wg_job_t;

/*
 * The input transform of a tile whose 6x6 window lies inside X, C a multiple of 16 (`d0`: its
 * first input, rows `rs` floats apart): the general body's operations in its order, without its
 * bounds and lane masks. Returns the lane-wise sum of the window's inputs, NaN or infinite when one
 * of them is (or, conservatively, when finite inputs sum past the float range).
 */
static inline __attribute__((always_inline)) wg_v16 wg_in_tile(const float *d0, int64_t rs, int64_t C, float *out) {
    wg_v16 sum = {0};
    for (int64_t c = 0; c < C; c += 16) {
        wg_v16 cols[6][6], part[6]; /* B^T d, column k in cols[k] */
        for (int k = 0; k < 6; k++) {
            wg_v16 d[6];
            for (int i = 0; i < 6; i++) memcpy(&d[i], d0 + i * rs + k * C + c, sizeof d[i]);
            part[k] = ((d[0] + d[1]) + (d[2] + d[3])) + (d[4] + d[5]);
            wg_bt(d, cols[k]);
        }
        sum += ((part[0] + part[1]) + (part[2] + part[3])) + (part[4] + part[5]);
        for (int i = 0; i < 6; i++) {
            wg_v16 row[6] = {cols[0][i], cols[1][i], cols[2][i], cols[3][i], cols[4][i], cols[5][i]}, o[6];
            wg_bt(row, o);
            for (int k = 0; k < 6; k++) memcpy(out + (i * 6 + k) * C + c, &o[k], sizeof o[k]);
        }
    }
    return sum;
}

/*
 * The input transform of tile t (image n, its window's first row y0 and column x0, maybe in the
 * pads) with bounds and lane masks: A x A inputs (6: F(4x4, 3x3), 4: F(2x2, 3x3); a constant where
 * it is inlined), V[t][A * A][C] = B^T d B per channel, noting whether an input is NaN or infinite
 */
static inline __attribute__((always_inline)) void wg_in_masked(const wg_job_t *j, int64_t t, int64_t n, int64_t y0,
                                                                int64_t x0, const int A) {
    const int64_t C = j->C;
    const float *at[6][6];
    for (int i = 0; i < A; i++)
        for (int k = 0; k < A; k++)
            at[i][k] = y0 + i >= 0 && y0 + i < j->H && x0 + k >= 0 && x0 + k < j->W
                           ? j->x + ((n * j->H + y0 + i) * j->W + x0 + k) * C
                           : NULL;
    float *out = j->v + t * j->vs;
    wg_v16 finite = {0}; /* stays 0 unless an input is NaN or infinite (x * 0 is NaN then) */
    for (int64_t c = 0; c < C; c += 16) {
        int64_t cn = C - c < 16 ? C - c : 16;
        wg_v16 cols[6][6]; /* B^T d, column k in cols[k] */
        for (int k = 0; k < A; k++) {
            wg_v16 d[6];
            for (int i = 0; i < A; i++) {
                d[i] = rd_vld16n(at[i][k] ? at[i][k] + c : NULL, cn);
                finite += d[i] * 0;
            }
            wg_bt_of(d, cols[k], A);
        }
        for (int i = 0; i < A; i++) {
            wg_v16 row[6], o[6];
            for (int k = 0; k < A; k++) row[k] = cols[k][i];
            wg_bt_of(row, o, A);
            for (int k = 0; k < A; k++) rd_vst16n(out + (i * A + k) * C + c, o[k], cn);
        }
    }
    int odd = 0;
    for (int l = 0; l < 16; l++) odd |= finite[l] != finite[l];
    j->odd[t] = (unsigned char)odd;
}

/*
 * The input transform of the block's tiles [b, e): V[t][36][C] (F(2x2, 3x3): [16][C]) = B^T d B
 * per channel; F(4x4, 3x3)'s tiles inside X with C a multiple of 16 without bounds and masks
 */
static void wg_in_body(void *arg, int64_t b, int64_t e) {
    const wg_job_t *j = (const wg_job_t *)arg;
    const int64_t C = j->C, tiles = j->th * j->tw, f = j->f;
    for (int64_t t = b; t < e; t++) {
        int64_t g = j->t0 + t, n = g / tiles, r = g - n * tiles, y0 = r / j->tw * f - j->pt,
                x0 = r % j->tw * f - j->pl;
        if (f == 2) {
            wg_in_masked(j, t, n, y0, x0, 4);
            continue;
        }
        if (C % 16 == 0 && y0 >= 0 && y0 + 6 <= j->H && x0 >= 0 && x0 + 6 <= j->W) {
            wg_v16 z = wg_in_tile(j->x + ((n * j->H + y0) * j->W + x0) * C, j->W * C, C, j->v + t * j->vs) * 0;
            j->odd[t] = (unsigned char)rd_vany_nan16(z);
            continue;
        }
        wg_in_masked(j, t, n, y0, x0, 6);
    }
}

/*
 * Outputs [y0, y0 + rows) x [x0, x0 + cols) of image n as direct sums (a tile with a NaN or an
 * infinite input: through the transforms it would reach all outputs of the tile, here only those
 * whose window holds it, as in every other convolution path)
 */
static void wg_direct_tile(const wg_job_t *j, int64_t n, int64_t y0, int64_t x0, int64_t rows, int64_t cols) {
    const int64_t C = j->C;
    for (int64_t i = 0; i < rows; i++)
        for (int64_t k = 0; k < cols; k++) {
            float *y = j->y + ((n * j->OH + y0 + i) * j->OW + x0 + k) * j->ldy;
            for (int64_t m = j->m0; m < j->m1; m++) {
                float s = j->b ? j->b[m] : 0;
                for (int64_t a = 0; a < 3; a++) {
                    int64_t iy = y0 + i + a - j->pt;
                    if (iy < 0 || iy >= j->H) continue;
                    for (int64_t b = 0; b < 3; b++) {
                        int64_t ix = x0 + k + b - j->pl;
                        if (ix < 0 || ix >= j->W) continue;
                        const float *xp = j->x + ((n * j->H + iy) * j->W + ix) * C, *wp = j->w + m * C * 9 + a * 3 + b;
                        for (int64_t c = 0; c < C; c++) s += xp[c] * wp[c * 9];
                    }
                }
                y[m] = j->acc ? s + y[m] : s;
            }
            if (j->clamp) la_conv_clamp(LA_F32, (char *)(y + j->m0), 1, j->m1 - j->m0, 0, j->lo, j->hi);
        }
}

/*
 * The output transform of a whole 4x4 tile, M a multiple of 16 (`y`: its first output, rows `rs`
 * floats apart): the general body's operations in its order, without its bounds and lane masks;
 * acc and clamp (the clamp's form, la_clamp_form) are constants where it is inlined, so each of the
 * six bodies has no test inside.
 */
static inline __attribute__((always_inline)) void wg_out_tile(const wg_job_t *j, const float *in, float *y,
                                                              int64_t rs, int acc, int clamp) {
    const int64_t M = j->M, ldy = j->ldy;
    wg_v16 lo = {0}, hi = {0};
    lo += (float)j->lo;
    hi += (float)j->hi;
    for (int64_t c = j->m0; c < j->m1; c += 16) {
        wg_v16 bias = rd_vld16n(j->b ? j->b + c : NULL, 16), at[6][4]; /* A^T m, column k in at[k] */
        for (int k = 0; k < 6; k++) {
            wg_v16 m[6];
            for (int i = 0; i < 6; i++) memcpy(&m[i], in + (i * 6 + k) * M + c, sizeof m[i]);
            wg_at(m, at[k]);
        }
        for (int i = 0; i < 4; i++) {
            wg_v16 row[6] = {at[0][i], at[1][i], at[2][i], at[3][i], at[4][i], at[5][i]}, o[4];
            wg_at(row, o);
            for (int k = 0; k < 4; k++) {
                float *p = y + i * rs + k * ldy + c;
                wg_v16 v = o[k] + bias, old;
                if (acc) {
                    memcpy(&old, p, sizeof old);
                    v += old;
                }
                v = la_vclamp16_as(v, lo, hi, clamp);
                memcpy(p, &v, sizeof v);
            }
        }
    }
}

/*
 * The output transform of tile t's products `in` (image n, its first output row y0 and column x0,
 * rows x cols of its outputs inside Y) with lane masks: A x A products (6: F(4x4, 3x3), 4: F(2x2,
 * 3x3); a constant where it is inlined), Y = A^T m A + bias, then Y's old value with acc, clamped
 */
static inline __attribute__((always_inline)) void wg_out_masked(const wg_job_t *j, const float *in, int64_t n,
                                                                 int64_t y0, int64_t x0, int64_t rows, int64_t cols,
                                                                 const int A) {
    const int64_t M = j->M;
    for (int64_t c = j->m0; c < j->m1; c += 16) {
        int64_t cn = j->m1 - c < 16 ? j->m1 - c : 16;
        wg_v16 bias = rd_vld16n(j->b ? j->b + c : NULL, cn), lo = {0}, hi = {0};
        lo += (float)j->lo;
        hi += (float)j->hi;
        wg_v16 at[6][4]; /* A^T m, column k in at[k] */
        for (int k = 0; k < A; k++) {
            wg_v16 m[6];
            for (int i = 0; i < A; i++) m[i] = rd_vld16n(in + (i * A + k) * M + c, cn);
            wg_at_of(m, at[k], A);
        }
        for (int64_t i = 0; i < rows; i++) {
            wg_v16 row[6], o[4];
            for (int k = 0; k < A; k++) row[k] = at[k][i];
            wg_at_of(row, o, A);
            for (int64_t k = 0; k < cols; k++) {
                float *y = j->y + ((n * j->OH + y0 + i) * j->OW + x0 + k) * j->ldy + c;
                wg_v16 v = o[k] + bias;
                if (j->acc) v += rd_vld16n(y, cn);
                rd_vst16n(y, la_vclamp16_as(v, lo, hi, j->clamp), cn);
            }
        }
    }
}

/*
 * The output transform of the block's tiles [b, e): Y = A^T m A + bias, clamped, inside Y only;
 * F(4x4, 3x3)'s whole tiles with M a multiple of 16 without masks, a tile with a NaN or infinite
 * input as direct sums
 */
static void wg_out_body(void *arg, int64_t b, int64_t e) {
    const wg_job_t *j = (const wg_job_t *)arg;
    const int64_t M = j->M, tiles = j->th * j->tw, f = j->f;
    for (int64_t t = b; t < e; t++) {
        int64_t g = j->t0 + t, n = g / tiles, r = g - n * tiles, y0 = r / j->tw * f, x0 = r % j->tw * f;
        int64_t rows = j->OH - y0 < f ? j->OH - y0 : f, cols = j->OW - x0 < f ? j->OW - x0 : f;
        if (j->odd[t]) {
            wg_direct_tile(j, n, y0, x0, rows, cols);
            continue;
        }
        const float *in = j->m + t * j->ms;
        if (f == 2) {
            wg_out_masked(j, in, n, y0, x0, rows, cols, 4);
            continue;
        }
        if (M % 16 == 0 && rows == 4 && cols == 4) {
            float *y = j->y + ((n * j->OH + y0) * j->OW + x0) * j->ldy;
            int64_t rs = j->OW * j->ldy;
            if (j->acc && j->clamp == LA_CLAMP_LO) wg_out_tile(j, in, y, rs, 1, LA_CLAMP_LO);
            else if (j->acc && j->clamp == LA_CLAMP_BOTH) wg_out_tile(j, in, y, rs, 1, LA_CLAMP_BOTH);
            else if (j->acc) wg_out_tile(j, in, y, rs, 1, LA_CLAMP_NONE);
            else if (j->clamp == LA_CLAMP_LO) wg_out_tile(j, in, y, rs, 0, LA_CLAMP_LO);
            else if (j->clamp == LA_CLAMP_BOTH) wg_out_tile(j, in, y, rs, 0, LA_CLAMP_BOTH);
            else wg_out_tile(j, in, y, rs, 0, LA_CLAMP_NONE);
            continue;
        }
        wg_out_masked(j, in, n, y0, x0, rows, cols, 6);
    }
}
#pragma GCC diagnostic pop

/* the output channels wg_weights transforms at once: one panel of the own products (wg_own_at) */
#define WG_WL 32
_Static_assert(WG_WL == 32, "wg_own_at's panels are wg_weights' blocks of output channels");

/*
 * G applied to three rows of WG_WL lanes (a, b, c: g's rows or columns 0..2) into o[0..f + 1]: F(4x4,
 * 3x3)'s G (rows 1/4 0 0, -1/6 -1/6 -1/6, -1/6 1/6 -1/6, 1/24 1/12 1/6, 1/24 -1/12 1/6, 0 0 1) or,
 * with f 2, F(2x2, 3x3)'s (rows 1 0 0, 1/2 1/2 1/2, 1/2 -1/2 1/2, 0 0 1); in double
 */
static inline __attribute__((always_inline)) void wg_g(const double *a, const double *b, const double *c,
                                                       double (*o)[WG_WL], const int64_t f) {
    for (int i = 0; i < WG_WL; i++) {
        double g0 = a[i], g1 = b[i], g2 = c[i];
        if (f == 4) {
            o[0][i] = g0 / 4;
            o[1][i] = -(g0 + g1 + g2) / 6;
            o[2][i] = -(g0 - g1 + g2) / 6;
            o[3][i] = g0 / 24 + g1 / 12 + g2 / 6;
            o[4][i] = g0 / 24 - g1 / 12 + g2 / 6;
            o[5][i] = g2;
        } else {
            o[0][i] = g0;
            o[1][i] = (g0 + g1 + g2) / 2;
            o[2][i] = (g0 - g1 + g2) / 2;
            o[3][i] = g2;
        }
    }
}

/*
 * G g G^T of every (output, input) channel pair of W [M, C, 3, 3] for tiles of side f (wg_planes(f)
 * planes; 4 or 2, a constant where it is inlined), in double: plane p's values of input channel c and
 * output channels [jb * WG_WL, jb * WG_WL + n) go, n floats together, to U + at[p * nb + jb] + c * cs
 * (nb = ceil(M / WG_WL)); here the blocks jb in [jb0, jb1). WG_WL output channels at a time, input
 * channel after input channel: each plane's destination is written in rows of whole cache lines, one
 * row after the next, where one pair at a time, scattered over planes C x M floats apart, took 2.5-3x
 * as long in a C program (light-resnet50's 3x3 layers, fresh memory: 35 -> 14 ms for 512 -> 512
 * channels, F(2x2, 3x3)).
 */
static inline __attribute__((always_inline)) void wg_weights_of(const float *W, int64_t C, int64_t M, float *U,
                                                                const int64_t *at, int64_t cs, int64_t jb0,
                                                                int64_t jb1, const int64_t f) {
    const int64_t A = f + 2, nb = (M + WG_WL - 1) / WG_WL;
    for (int64_t jb = jb0; jb < jb1; jb++) {
        const int64_t m0 = jb * WG_WL, n = M - m0 < WG_WL ? M - m0 : WG_WL;
        for (int64_t c = 0; c < C; c++) {
            double g[9][WG_WL], t[3][6][WG_WL], u[6][WG_WL];
            for (int64_t i = 0; i < WG_WL; i++)
                for (int k = 0; k < 9; k++) g[k][i] = i < n ? W[((m0 + i) * C + c) * 9 + k] : 0.0;
            for (int k = 0; k < 3; k++) wg_g(g[k], g[3 + k], g[6 + k], t[k], f); /* t[k][i]: G's row i of column k */
            for (int64_t i = 0; i < A; i++) {
                wg_g(t[0][i], t[1][i], t[2][i], u, f);
                for (int64_t k = 0; k < A; k++) {
                    float *o = U + at[(i * A + k) * nb + jb] + c * cs;
                    for (int64_t l = 0; l < n; l++) o[l] = (float)u[k][l];
                }
            }
        }
    }
}

/* wg_weights' job: W [M, C, 3, 3] into U at `at` (see wg_weights_of) */
typedef struct {
    const float *W;
    float *U;
    const int64_t *at;
    int64_t C, M, cs, f;
} wg_weights_t;

/* blocks [b, e) of a wg_weights_t's output channels, F(4x4, 3x3) or F(2x2, 3x3) each inlined with its constant */
static void wg_weights_body(void *arg, int64_t b, int64_t e) {
    const wg_weights_t *w = (const wg_weights_t *)arg;
    if (w->f == 4) wg_weights_of(w->W, w->C, w->M, w->U, w->at, w->cs, b, e, 4);
    else wg_weights_of(w->W, w->C, w->M, w->U, w->at, w->cs, b, e, 2);
}

/* wg_weights_of for all output channels, the blocks split between ctx's threads */
static void wg_weights(void *ctx, const float *W, int64_t C, int64_t M, float *U, const int64_t *at, int64_t cs,
                       int64_t f) {
    wg_weights_t w = {W, U, at, C, M, cs, f};
    hipep_parallel_for(ctx, (M + WG_WL - 1) / WG_WL, 1, wg_weights_body, &w);
}

/* The bytes of a layer's transformed weights for tiles of side f (planes x C x M floats) */
static int64_t wg_weight_bytes(int64_t C, int64_t M, int64_t f) {
    return wg_planes(f) * C * M * (int64_t)sizeof(float);
}

/* Whether those weights are small (see the header) */
static int wg_small_of(int64_t C, int64_t M, int64_t f) {
    return wg_weight_bytes(C, M, f) <= WG_SMALL_WEIGHTS;
}

/* Whether a layer has at least twice as many output as input channels: with large weights and
 * the own products, it splits by output channels (wg_groups); else the team may take it (wg_team) */
static int wg_wide_out(int64_t C, int64_t M) {
    return 2 * C <= M;
}

static int wg_small(const la_conv_io_t *io) {
    return wg_small_of(io->C, io->M, wg_side(io));
}

/*
 * The products of blocks of few tiles by a kernel of the runtime's own (the AVX-512 build only), in
 * place of oneDNN's batched matmul: see the header. The transformed weights are packed per plane in
 * panels of 32 output channels, [planes][M / 32][C][32] (each panel's C rows of 32 floats contiguous,
 * the panels and planes one after another), so that the products read them as one stream, which
 * the loop prefetches WG_OWN_PF floats ahead: into L1 (prefetcht0) where the host's packed weights
 * fit in the L3, into L2 (prefetcht1) where they do not and each run reads them from memory
 * (dn_weights_far; the pointwise products too). On the Zen 4 of docs/BENCHMARKS.md (32 KB L1), for
 * light-resnet50, whose weights come from memory, into L2 made the 14x14 and 7x7 Winograd layers
 * take 10-12% less at one thread and 15-18% less at two, its 7x7 1x1 layers 4-7%: runs -1.8% and
 * -3.9% (forty-sixth round; why was not measured: perhaps a prefetcht0 holds one of L1's few miss
 * buffers for as long as memory takes). For weights that stay in the L3, light-squeezenet's
 * Winograd layers took 3-20% more at one thread with the prefetch into L2, so they keep L1.
 */
#define WG_OWN_MAX_TILES 32        /* a block's tiles */
#define WG_OWN_MAX_TILES_FEW_IN 64 /* with at most WG_OWN_FEW_IN input channels */
#define WG_OWN_FEW_IN 32
#define WG_OWN_PF 4096
#define WG_OWN_PAD 16 /* floats between one tile's planes and the next tile's, in V and the products */

/* Whether blocks of `tiles` tiles of C -> M channels take the own products (wg_create; wg_blocks: no primitive) */
static int wg_own(int64_t C, int64_t M, int64_t tiles) {
#ifdef __AVX512F__
    return M % 32 == 0 && tiles <= (C <= WG_OWN_FEW_IN ? WG_OWN_MAX_TILES_FEW_IN : WG_OWN_MAX_TILES);
#else
    (void)C;
    (void)M;
    (void)tiles;
    return 0;
#endif
}

/*
 * Into how many groups of output channels a layer's work splits at `threads` threads (blocks of
 * `tiles` tiles of side f): one per thread (at most one per panel of 32) where the own products
 * take large weights for at least twice as many output as input channels, else 1. Each group's
 * thread takes every block through the three steps for its channels alone (wg_group_body), and the
 * panels are packed group by group (wg_own_at). See Threads in the header.
 */
static int64_t wg_groups(int64_t C, int64_t M, int64_t tiles, int64_t f, int64_t threads) {
    if (threads < 2 || !wg_wide_out(C, M) || !wg_own(C, M, tiles) || wg_small_of(C, M, f)) return 1;
    return threads < M / 32 ? threads : M / 32;
}

/* Group g's panels [js, je) of `groups` (wg_groups): the M / 32 panels in equal runs */
static void wg_group_panels(int64_t M, int64_t groups, int64_t g, int64_t *js, int64_t *je) {
    *js = g * (M / 32) / groups;
    *je = (g + 1) * (M / 32) / groups;
}

/*
 * Where wg_weights puts the transformed weights for the own products' panels, group after group
 * (wg_groups): group g's panels [js, je) of every plane together, plane p's panel jb at floats
 * (js * planes + p * (je - js) + jb - js) * C * 32 (each [C][32]; one group: P[p][jb][c][u]), into
 * at[p * (M / 32) + jb] (wg_weights' `at`, with cs 32)
 */
static void wg_own_at(int64_t planes, int64_t C, int64_t M, int64_t groups, int64_t *at) {
    for (int64_t g = 0; g < groups; g++) {
        int64_t js, je;
        wg_group_panels(M, groups, g, &js, &je);
        for (int64_t p = 0; p < planes; p++)
            for (int64_t jb = js; jb < je; jb++) at[p * (M / 32) + jb] = (js * planes + p * (je - js) + jb - js) * C * 32;
    }
}

typedef struct {
    const float *v, *w;         /* the block's transformed tiles (wg_in_body: [tile][planes][C]), the panels */
    float *m;                   /* the products, [tile][planes][M] (wg_out_body) */
    int64_t C, M, rows, planes; /* rows: the block's tiles; planes: 36 or 16 (wg_planes) */
    int64_t js, je;             /* the panels of one group (wg_group_panels; one group: 0, M / 32) */
    int64_t vs, ms;             /* V's and the products' tile strides (wg_job_t) */
    int far;                    /* the weights come from memory: prefetched into L2 (wg_own_acc) */
} wg_own_job_t;

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
/* R rows of plane products from a (rows lda floats apart) times one panel b ([C][32]) into acc, on top of
 * `from` (R rows of 32, NULL: zeros); the panel prefetched WG_OWN_PF floats ahead into L1, or with
 * `far` (dn_weights_far) into L2 */
static inline __attribute__((always_inline)) void wg_own_acc(const float *a, int64_t lda, const float *b, int64_t C,
                                                              const float *from, wg_v16 acc[12][2], const int R,
                                                              const int far) {
#pragma clang loop unroll(full)
    for (int r = 0; r < R; r++) {
        acc[r][0] = from != NULL ? rd_vld16(from + r * 32) : (wg_v16){0};
        acc[r][1] = from != NULL ? rd_vld16(from + r * 32 + 16) : (wg_v16){0};
    }
    for (int64_t k = 0; k < C; k++) {
        const float *bk = b + k * 32;
        if (far) {
            __builtin_prefetch(bk + WG_OWN_PF, 0, 2);
            __builtin_prefetch(bk + WG_OWN_PF + 16, 0, 2);
        } else {
            __builtin_prefetch(bk + WG_OWN_PF, 0, 3);
            __builtin_prefetch(bk + WG_OWN_PF + 16, 0, 3);
        }
        wg_v16 b0 = rd_vld16(bk), b1 = rd_vld16(bk + 16);
#pragma clang loop unroll(full)
        for (int r = 0; r < R; r++) {
            float x = a[r * lda + k];
            acc[r][0] += x * b0;
            acc[r][1] += x * b1;
        }
    }
}

static inline __attribute__((always_inline)) void wg_own_rows(const float *a, int64_t lda, const float *b, int64_t C,
                                                               float *c, int64_t ldc, const int R, const int far) {
    wg_v16 acc[12][2];
    wg_own_acc(a, lda, b, C, NULL, acc, R, far);
#pragma clang loop unroll(full)
    for (int r = 0; r < R; r++) {
        memcpy(c + r * ldc, &acc[r][0], sizeof acc[r][0]);
        memcpy(c + r * ldc + 16, &acc[r][1], sizeof acc[r][1]);
    }
}

/* One panel b's products for all `rows` rows of a plane (a, ra floats apart, into c, ldc apart):
 * twelve rows at a time over the panel (which stays in L1 between them), then eight, four, two and one */
static inline __attribute__((always_inline)) void wg_own_panel(const float *a, int64_t ra, const float *b, int64_t C,
                                                                float *c, int64_t ldc, int64_t rows, const int far) {
    int64_t r = 0;
    for (; r + 12 <= rows; r += 12) wg_own_rows(a + r * ra, ra, b, C, c + r * ldc, ldc, 12, far);
    if (r + 8 <= rows) {
        wg_own_rows(a + r * ra, ra, b, C, c + r * ldc, ldc, 8, far);
        r += 8;
    }
    if (r + 4 <= rows) {
        wg_own_rows(a + r * ra, ra, b, C, c + r * ldc, ldc, 4, far);
        r += 4;
    }
    if (r + 2 <= rows) {
        wg_own_rows(a + r * ra, ra, b, C, c + r * ldc, ldc, 2, far);
        r += 2;
    }
    if (r < rows) wg_own_rows(a + r * ra, ra, b, C, c + r * ldc, ldc, 1, far);
}

/* planes [pb, pe) of a block's products, the panels of j's group (wg_own_panel) */
static void wg_own_body(void *arg, int64_t pb, int64_t pe) {
    const wg_own_job_t *j = (const wg_own_job_t *)arg;
    const int64_t C = j->C, M = j->M, ldc = j->ms, ra = j->vs;
    for (int64_t p = pb; p < pe; p++)
        for (int64_t jb = j->js; jb < j->je; jb++) {
            const float *b = j->w + (j->js * j->planes + p * (j->je - j->js) + jb - j->js) * C * 32;
            const float *a = j->v + p * C;
            float *c = j->m + p * M + jb * 32;
            if (j->far) wg_own_panel(a, ra, b, C, c, ldc, j->rows, 1);
            else wg_own_panel(a, ra, b, C, c, ldc, j->rows, 0);
        }
}
#pragma GCC diagnostic pop

/*
 * Pointwise convolutions by the own products (pw_conv_run): a channels-last float 1x1 convolution
 * of stride 1 without padding, group 1, constant weights and a multiple of 32 output channels, on
 * the caller's dense buffers, is the product Y [P, M] = X [P, C] x W^T [C, M] over its P = N * H * W
 * pixels. The own loop of wg_own_acc (up to twelve rows by 32 columns: pw_body's blocks) runs
 * over W's panels (pw_panels, made once per session) and stores each block of rows
 * with the bias, Y's old values (acc) and the clamp applied (the runtime's comparisons, la_vclamp16:
 * NaN kept, so no scan is needed). A unit of work is one panel over all the rows (X, at most 128
 * rows, stays in L2 between the panels; at two threads each thread streams its own panels: in the
 * model as fast as chunks of rows taken through all panels at one thread, ~5% faster at two).
 * Only up to PW_MAX_ROWS pixels: in C on one core this loop ran light-resnet50's 1x1 shapes at
 * 244-266 GFLOP/s (49 to 3136 rows), where oneDNN's 1x1 convolution ran them at 185-238 in the
 * model, but in the model, builds alternated, it won only on the 7x7 maps (49 rows, oneDNN at 73%
 * of the FMA peak: -11% at one thread, -13% at two); on 14x14 and larger maps it was no faster,
 * at two threads slower (docs/BENCHMARKS.md, thirty-sixth round).
 *
 * Other convolutions of few pixels: any such convolution of at most PW_MAX_ROWS output pixels, no
 * dilation, that Winograd does not take (strided, other kernel sizes) is the same product over its
 * windows: X's window of each output pixel as one row of A [P, K], K = KH * KW * C in (tap,
 * channel) order with zeros in the pads (pw_im2col_body, into kernel scratch of at most
 * PW_IM2COL_BYTES), W as K x M panels. light-resnet50's 14x14 -> 7x7 stride-2 3x3 layer (512
 * channels, K = 4608) took oneDNN's direct convolution 1.50-1.64 ms at one thread (~145 GFLOP/s),
 * this way 1.21-1.24 ms, and 0.83-0.87 -> 0.70-0.75 ms at two (docs/BENCHMARKS.md, thirty-eighth
 * round).
 *
 * Narrow pointwise convolutions (pw_narrow_body): a 1x1 convolution as above but of at most
 * PW_NARROW_MAX_OUT output channels, a multiple of 16, over any number of pixels, Y dense or a
 * channel slice (ldy), W^T [C, M] as it is (pw_create's `plain` entry). With so few columns a
 * panel's unit of work leaves a thread idle and oneDNN's 1x1 kernel ran SqueezeNet's 55x55 128 -> 16
 * squeeze at ~114 GFLOP/s on one core; here a unit is a block of rows through all columns and all
 * of X's channels, 24 / 12 / 8 / 6 rows for 16 / 32 / 48 / 64 columns (24 accumulators, one
 * broadcast of X per row and step for NB multiply-adds), the last rows of a thread's range in blocks
 * of 8, 4, 2 and 1; each thread takes a stretch of rows (hipep_parallel_for), as the layers around
 * it do. light-squeezenet's eight squeeze layers at one thread 357 -> 320 us a run, at two 297 ->
 * 243 (the 3x3 layers reading the two 55x55 ones 6-30 us slower at two threads, not explained);
 * light-resnet50's 56x56 64 -> 64 layer 174 -> 141 and 124 -> 87 us (docs/BENCHMARKS.md,
 * forty-fourth round).
 *
 * Passes over the columns: each panel's rows take A's columns PW_KC at a time (the panel's 256 x
 * 32 floats, 32 KB, stay in L1 while the blocks of rows go over them), the sums of the columns so
 * far kept per row in a small buffer between the passes; the bias, acc and clamp after the last.
 * Before, each block of rows read the whole panel, from L2 when it fitted beside the rows (K x 128
 * bytes: 64 KB at K = 512, 590 KB at K = 4608): ResNet's 7x7 512 -> 2048 layer 1.19-1.30 -> 1.05-1.07
 * ms at one thread, the strided layer above 1.28-1.31 -> 1.21-1.24; 128 columns a pass measured
 * slower. The loops over rows carry `unroll(full)`: without it, with the passes, the twelve-row
 * loop kept its accumulators in registers but stored them to the stack on every iteration.
 *
 * MatMul and Gemm (pw_matmul_run, called by kernels_dnnl_matmul.c's dn_matmul_run before oneDNN):
 * a product with constant weights of at most PW_MAX_ROWS rows is the same loop, B packed into the
 * same panels (B as [N, K] is a 1x1 convolution's weights, so such a B shares the entry; B as [K,
 * N] is one plane as it is), with the bias row and, for Gemm's C, Y's old values added at the
 * stores. BERT's projections (128 x 768 x 768) took oneDNN's brgemm 771-829 us at one thread and
 * 402-432 at two in the model, this loop 747-784 and 385-411 (-2 to -8%, builds alternated;
 * docs/BENCHMARKS.md, forty-first round). Not taken: a fused Gelu or clamp (oneDNN's post-op on
 * its registers; the FFN's 128 x 768 x 3072 product with the own loop and a Gelu pass over each
 * panel was 1-3% slower), N not a multiple of 32, and an A larger than PW_MM_MAX_A, half of L2
 * (each panel reads all of A): the FFN's second product (A 128 x 3072, 1.5 MB) measured -4% to
 * +2% at one thread and 12-15% slower at two threads in three pairs of four.
 */
#define PW_MIN_IN 16   /* fewer input channels: oneDNN (a short k loop per block of rows) */
#define PW_MAX_ROWS 128 /* more pixels: oneDNN, as fast or faster (see above) */
#define PW_IM2COL_BYTES (2LL << 20) /* a larger A: oneDNN */
#define PW_KC 256                   /* A's columns per pass over the rows (a panel's 32 KB stay in L1) */
#define PW_MM_MAX_A (512LL << 10)   /* a product's larger A: oneDNN (see above) */
#define PW_NARROW_MAX_OUT 64        /* more output channels: the panels (pw_body) */
#define PW_NARROW_ROWS 24           /* rows of one column of 16 a block (pwn_rows: 24 accumulators) */

/* rows a block of a narrow product of NB x 16 columns (24, 12, 8, 6), and its units of work */
static inline int pw_narrow_rows(int NB) { return PW_NARROW_ROWS / NB; }
static inline int64_t pw_narrow_units(int64_t P, int NB) {
    int64_t u = P / pw_narrow_rows(NB);
    return u > 0 ? u : 1;
}

#ifdef __AVX512F__
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

typedef struct {
    const float *x, *w, *b; /* X [P, C], the panels, the bias (NULL: none) */
    float *y;               /* Y [P, M], rows ldy apart (above M: a concat's channel slice, narrow products only) */
    int64_t C, M, P, ldy;
    int acc, clamp; /* clamp: la_clamp_form */
    float lo, hi;
    int far; /* the weights come from memory (wg_own_acc) */
} pw_job_t;

/* One vector of a block's stores: its sums plus the bias b, then Y's old values (acc) and the clamp, into c */
static inline __attribute__((always_inline)) void pw_store16(const pw_job_t *j, wg_v16 v, wg_v16 b, wg_v16 lo,
                                                               wg_v16 hi, float *c) {
    v += b; /* the convolution's value, then the residual's */
    if (j->acc) v += rd_vld16(c);
    v = la_vclamp16_as(v, lo, hi, j->clamp);
    memcpy(c, &v, sizeof v);
}

/*
 * R rows of one panel over columns [k0, k0 + kn) of A: the sums so far come from `part` (unless
 * k0 is 0) and go back there unless these are A's last columns; then the stores of c (see above)
 */
static inline __attribute__((always_inline)) void pw_rows(const pw_job_t *j, const float *a, const float *b,
                                                            int64_t k0, int64_t kn, const float *bias, float *c,
                                                            float *part, const int R, const int far) {
    const int64_t ldy = j->ldy;
    wg_v16 acc[12][2];
    wg_own_acc(a + k0, j->C, b + k0 * 32, kn, k0 > 0 ? part : NULL, acc, R, far);
    if (k0 + kn < j->C) {
#pragma clang loop unroll(full)
        for (int r = 0; r < R; r++) {
            wg_v16 v0 = acc[r][0], v1 = acc[r][1];
            memcpy(part + r * 32, &v0, sizeof v0);
            memcpy(part + r * 32 + 16, &v1, sizeof v1);
        }
        return;
    }
    wg_v16 b0 = {0}, b1 = {0}, lo = {0}, hi = {0};
    if (bias != NULL) {
        b0 = rd_vld16(bias);
        b1 = rd_vld16(bias + 16);
    }
    lo += j->lo;
    hi += j->hi;
#pragma clang loop unroll(full)
    for (int r = 0; r < R; r++) {
        pw_store16(j, acc[r][0], b0, lo, hi, c + r * ldy);
        pw_store16(j, acc[r][1], b1, lo, hi, c + r * ldy + 16);
    }
}

/* rows [r, r + R) of one panel over columns [k0, k0 + kn) (pw_rows with R a constant, 1 to 12) */
static void pw_block(const pw_job_t *j, int64_t r, const float *b, int64_t k0, int64_t kn, const float *bias,
                     float *c, float *part, int64_t R) {
    const float *a = j->x + r * j->C;
    c += r * j->ldy;
    part += r * 32;
    switch (R) {
#define PW_BLOCK(N)                                                                                                    \
    case N:                                                                                                            \
        if (j->far) pw_rows(j, a, b, k0, kn, bias, c, part, N, 1);                                                     \
        else pw_rows(j, a, b, k0, kn, bias, c, part, N, 0);                                                            \
        break;
        PW_BLOCK(1) PW_BLOCK(2) PW_BLOCK(3) PW_BLOCK(4) PW_BLOCK(5) PW_BLOCK(6)
        PW_BLOCK(7) PW_BLOCK(8) PW_BLOCK(9) PW_BLOCK(10) PW_BLOCK(11) PW_BLOCK(12)
#undef PW_BLOCK
    default: break;
    }
}

/*
 * panels [ub, ue) over all rows, PW_KC columns of A at a time, the rows in the fewest blocks of at
 * most twelve, their sizes as even as they go (49 rows: 9 + 10 + 10 + 10 + 10, where twelves and a
 * lone last row left that row's two accumulators waiting on the FMA latency)
 */
static void pw_body(void *arg, int64_t ub, int64_t ue) {
    const pw_job_t *j = (const pw_job_t *)arg;
    float part[PW_MAX_ROWS * 32] __attribute__((aligned(64))); /* the sums of the columns so far */
    const int64_t blocks = (j->P + 11) / 12;
    for (int64_t jb = ub; jb < ue; jb++) {
        const float *b = j->w + jb * j->C * 32, *bias = j->b != NULL ? j->b + jb * 32 : NULL;
        float *c = j->y + jb * 32;
        for (int64_t k0 = 0; k0 < j->C; k0 += PW_KC) {
            int64_t kn = j->C - k0 < PW_KC ? j->C - k0 : PW_KC;
            for (int64_t i = 0; i < blocks; i++) {
                int64_t r0 = j->P * i / blocks, r1 = j->P * (i + 1) / blocks;
                pw_block(j, r0, b, k0, kn, bias, c, part, r1 - r0);
            }
        }
    }
}

/*
 * R rows of a narrow product (pw_narrow_body): all of Y's NB x 16 columns over all of A's columns,
 * W^T [C][16 * NB] read plainly, then pw_rows' stores (pw_store16)
 */
static inline __attribute__((always_inline)) void pwn_rows(const pw_job_t *j, const float *a, float *c, const int NB,
                                                             const int R) {
    const int64_t C = j->C, ldy = j->ldy;
    const int M = 16 * NB;
    wg_v16 acc[PW_NARROW_ROWS][4];
#pragma clang loop unroll(full)
    for (int r = 0; r < R; r++)
#pragma clang loop unroll(full)
        for (int q = 0; q < NB; q++) acc[r][q] = (wg_v16){0};
    for (int64_t k = 0; k < C; k++) {
        wg_v16 b[4];
#pragma clang loop unroll(full)
        for (int q = 0; q < NB; q++) b[q] = rd_vld16(j->w + k * M + 16 * q);
#pragma clang loop unroll(full)
        for (int r = 0; r < R; r++) {
            float x = a[r * C + k];
#pragma clang loop unroll(full)
            for (int q = 0; q < NB; q++) acc[r][q] += x * b[q];
        }
    }
    wg_v16 lo = {0}, hi = {0};
    lo += j->lo;
    hi += j->hi;
#pragma clang loop unroll(full)
    for (int q = 0; q < NB; q++) {
        wg_v16 bq = {0};
        if (j->b != NULL) bq = rd_vld16(j->b + 16 * q);
#pragma clang loop unroll(full)
        for (int r = 0; r < R; r++) pw_store16(j, acc[r][q], bq, lo, hi, c + r * ldy + 16 * q);
    }
}

/* rows [r0, r1) of a narrow product of NB x 16 columns: blocks of pw_narrow_rows(NB) rows, the rest
 * in blocks of 8, 4, 2 and 1 */
static inline __attribute__((always_inline)) void pwn_range(const pw_job_t *j, int64_t r0, int64_t r1, const int NB,
                                                              const int R) {
    const int64_t C = j->C, ldy = j->ldy;
    int64_t r = r0;
    for (; r + R <= r1; r += R) pwn_rows(j, j->x + r * C, j->y + r * ldy, NB, R);
    while (R > 8 && r + 8 <= r1) { /* (24 rows a block: up to two of 8) */
        pwn_rows(j, j->x + r * C, j->y + r * ldy, NB, 8);
        r += 8;
    }
    if (r + 4 <= r1) {
        pwn_rows(j, j->x + r * C, j->y + r * ldy, NB, 4);
        r += 4;
    }
    if (r + 2 <= r1) {
        pwn_rows(j, j->x + r * C, j->y + r * ldy, NB, 2);
        r += 2;
    }
    if (r < r1) pwn_rows(j, j->x + r * C, j->y + r * ldy, NB, 1);
}

/* units [ub, ue) of a narrow product: unit u is rows [u * R, (u + 1) * R), the last one to P */
static void pw_narrow_body(void *arg, int64_t ub, int64_t ue) {
    const pw_job_t *j = (const pw_job_t *)arg;
    const int NB = (int)(j->M / 16), R = pw_narrow_rows(NB);
    int64_t r0 = ub * R, r1 = ue == pw_narrow_units(j->P, NB) ? j->P : ue * R;
    switch (NB) {
    case 1: pwn_range(j, r0, r1, 1, PW_NARROW_ROWS); break;
    case 2: pwn_range(j, r0, r1, 2, PW_NARROW_ROWS / 2); break;
    case 3: pwn_range(j, r0, r1, 3, PW_NARROW_ROWS / 3); break;
    case 4: pwn_range(j, r0, r1, 4, PW_NARROW_ROWS / 4); break;
    default: break;
    }
}
#pragma GCC diagnostic pop

/* A convolution's output pixels as rows of A (see above) */
typedef struct {
    const float *x;
    float *a; /* [P, K] */
    const la_geom_t *g;
    int64_t C, K;
} pw_im2col_t;

/* rows [pb, pe) of A: pixel p's window, tap after tap, each tap's C channels (zeros in the pads) */
static void pw_im2col_body(void *arg, int64_t pb, int64_t pe) {
    const pw_im2col_t *j = (const pw_im2col_t *)arg;
    const la_geom_t *g = j->g;
    const int64_t C = j->C, H = g->in[0], W = g->in[1], OH = g->out[0], OW = g->out[1];
    for (int64_t p = pb; p < pe; p++) {
        int64_t n = p / (OH * OW), oy = p / OW % OH, ox = p % OW;
        float *row = j->a + p * j->K;
        for (int64_t ky = 0; ky < g->k[0]; ky++)
            for (int64_t kx = 0; kx < g->k[1]; kx++) {
                int64_t iy = oy * g->s[0] - g->pb[0] + ky, ix = ox * g->s[1] - g->pb[1] + kx;
                float *to = row + (ky * g->k[1] + kx) * C;
                if (iy < 0 || iy >= H || ix < 0 || ix >= W) memset(to, 0, (size_t)C * sizeof(float));
                else memcpy(to, j->x + ((n * H + iy) * W + ix) * C, (size_t)C * sizeof(float));
            }
    }
}

/* what pw_create packs: a convolution's weights (W [M, C, KH, KW]; a MatMul's B read transposed, [N,
 * K], is the 1x1 case), or with kn a MatMul's B as it is, [K, M] */
typedef struct {
    la_fc_pack_t w;
    int kn;
    int plain; /* W^T [K, M] as it is (pw_narrow_body), not in panels */
    void *ctx; /* the run's state: its threads pack the panels */
} pw_pack_t;

/* pw_pack_body's job: what to pack, and the entry's buffer */
typedef struct {
    const pw_pack_t *a;
    float *to;
} pw_pack_job_t;

/* B [K][M] (M a multiple of 32) in the own products' panels: P[jb][k][u] = B[k][jb * 32 + u] */
static void pw_panels(const float *B, int64_t K, int64_t M, float *P) {
    for (int64_t jb = 0; jb < M / 32; jb++)
        for (int64_t k = 0; k < K; k++) memcpy(P + (jb * K + k) * 32, B + k * M + jb * 32, 32 * sizeof(float));
}

/* panels [b, e) of a pw_create's weights without `kn`: la_fc_repack_of over their output channels */
static void pw_pack_body(void *arg, int64_t b, int64_t e) {
    const pw_pack_job_t *j = (const pw_pack_job_t *)arg;
    const pw_pack_t *a = j->a;
    la_fc_repack_of(j->to, &a->w, !a->plain, b * 32, e * 32 < a->w.M ? e * 32 : a->w.M);
}

/* dn_get's create for a DN_KEY_PW entry: W as the own products' panels (W^T [KH * KW * C, M], rows in
 * A's (tap, channel) order: la_fc_repack's layout, as one plane), or with `plain` that W^T itself
 * (the narrow products; its key's k[6] set) */
static int pw_create(dn_cache_t *c, dn_entry_t *e, void *arg) {
    const pw_pack_t *a = (const pw_pack_t *)arg;
    const int64_t M = a->w.M, K = a->w.KH * a->w.KW * a->w.C;
    e->wbytes = K * M * (int64_t)sizeof(float);
    e->wbuf = st_buffer_alloc(DN_WEIGHTS_ALIGN, e->wbytes);
    if (e->wbuf == NULL) return 0;
    if (a->kn) pw_panels(a->w.w, K, M, (float *)e->wbuf);
    else {
        pw_pack_job_t j = {a, (float *)e->wbuf};
        hipep_parallel_for(a->ctx, (M + 31) / 32, 1, pw_pack_body, &j);
    }
    dn_release(c, a->w.w, K * M * (int64_t)sizeof(float));
    return 1;
}

/* the products of job j (pw_body) on `threads` threads, a unit of work being one panel */
static void pw_run(void *ctx, pw_job_t *j, int64_t threads) {
    if (threads > 1) hipep_parallel_for(ctx, j->M / 32, 1, pw_body, j);
    else pw_body(j, 0, j->M / 32);
}
#endif

/*
 * A convolution of few output pixels by the own products (see pw_rows) when it qualifies: returns 2
 * (Y written and clamped, or added to with acc), else 0 (nothing written). Any kernel size, stride
 * and pads, no dilation (all but the 1x1 stride-1 unpadded ones through A): wg_or_dn_conv calls it
 * for the convolutions Winograd does not take.
 */
static int pw_conv_run(void *ctx, const la_conv_io_t *io, int64_t group, int clamp, double lo, double hi, int acc) {
#ifdef __AVX512F__
    const la_geom_t *g = &io->g;
    const int64_t P = io->N * g->osz, K = g->ksz * io->C;
    if (io->kind != LA_F32 || g->nsp != 2 || group != 1 || !io->xl || !io->yl || g->d[0] != 1 || g->d[1] != 1 ||
        io->C < PW_MIN_IN || (acc && io->Y != io->y.data))
        return 0;
    int in_place = g->k[0] == 1 && g->k[1] == 1 && g->s[0] == 1 && g->s[1] == 1 && g->pb[0] == 0 && g->pb[1] == 0 &&
                   g->out[0] == g->in[0] && g->out[1] == g->in[1];
    int narrow = in_place && io->M % 16 == 0 && io->M <= PW_NARROW_MAX_OUT;
    if (!narrow && (io->M % 32 != 0 || P > PW_MAX_ROWS || io->ldy != io->M)) return 0;
    if (!in_place && P * K * (int64_t)sizeof(float) > PW_IM2COL_BYTES) return 0;
    dn_cache_t *c = dn_cache_of(ctx);
    if (c == NULL || io->W != io->w.data || !dn_is_constant(c, io->W)) return 0;
    int64_t k[DN_KEY_LEN] = {DN_KEY_PW, io->C, io->M, g->k[0], g->k[1], 0, narrow};
    pw_pack_t arg = {{(const float *)io->W, io->C, g->k[0], g->k[1], io->M}, 0, narrow, ctx};
    dn_entry_t *e = dn_get(ctx, c, k, io->W, pw_create, &arg);
    if (e == NULL) return 0;
    int64_t threads = dn_begin(ctx, P * K * io->M < LA_BLAS_MIN_MACS);
    int slot = -1;
    float *a = in_place ? NULL : (float *)st_scratch_take(ctx, P * K * (int64_t)sizeof(float), &slot);
    if (!in_place) {
        if (a == NULL) {
            hipep_errorf(ctx, HIPEP_ERR_OUT_OF_MEMORY, "hipep_conv_f32: cannot allocate %lld bytes of windows",
                         (long long)(P * K * (int64_t)sizeof(float)));
            return 2;
        }
        pw_im2col_t im = {(const float *)io->X, a, g, io->C, K};
        if (threads > 1) hipep_parallel_for(ctx, P, 8, pw_im2col_body, &im);
        else pw_im2col_body(&im, 0, P);
    }
    pw_job_t j = {in_place ? (const float *)io->X : a, (const float *)e->wbuf, (const float *)io->B, (float *)io->Y,
                  K, io->M, P, io->ldy, acc, la_clamp_form(clamp, hi), clamp ? (float)lo : 0, clamp ? (float)hi : 0,
                  dn_weights_far(c)};
    if (narrow) {
        int64_t units = pw_narrow_units(P, (int)(io->M / 16));
        if (threads > 1) hipep_parallel_for(ctx, units, 1, pw_narrow_body, &j);
        else pw_narrow_body(&j, 0, units);
    } else {
        pw_run(ctx, &j, threads);
    }
    if (a != NULL) st_scratch_give(ctx, a, slot);
    dn_count(ctx, DN_KIND_PW_OWN);
    if (narrow) dn_count(ctx, DN_KIND_PW_NARROW);
    if (acc) dn_count(ctx, DN_KIND_CONV_ACC);
    return 2;
#else
    (void)ctx;
    (void)io;
    (void)group;
    (void)clamp;
    (void)lo;
    (void)hi;
    (void)acc;
    return 0;
#endif
}

/*
 * A float product Y [M, N] = A [M, K] B (+ bias [N]; with acc onto Y's values) by the own products
 * when it qualifies (see "MatMul and Gemm" above): returns 1 (Y written), else 0 (nothing written).
 * A's and Y's rows dense; B constant, dense, as [K, N] (kn) or as [N, K] read transposed.
 */
static int pw_matmul_run(void *ctx, int64_t M, int64_t N, int64_t K, const float *A, const float *B, int kn,
                         const float *bias, int acc, float *Y) {
#ifdef __AVX512F__
    if (M > PW_MAX_ROWS || N % 32 != 0 || K < PW_MIN_IN || M * K * (int64_t)sizeof(float) > PW_MM_MAX_A) return 0;
    dn_cache_t *c = dn_cache_of(ctx);
    if (c == NULL || !dn_is_constant(c, B)) return 0;
    int64_t threads = dn_begin(ctx, 0);
    int64_t k[DN_KEY_LEN] = {DN_KEY_PW, K, N, 1, 1, kn};
    pw_pack_t arg = {{B, K, 1, 1, N}, kn, 0, ctx};
    dn_entry_t *e = dn_get(ctx, c, k, B, pw_create, &arg);
    if (e == NULL) return 0;
    pw_job_t j = {A, (const float *)e->wbuf, bias, Y, K, N, M, N, acc, 0, 0.0f, 0.0f, dn_weights_far(c)};
    pw_run(ctx, &j, threads);
    dn_count(ctx, DN_KIND_MM_OWN);
    return 1;
#else
    (void)ctx;
    (void)M;
    (void)N;
    (void)K;
    (void)A;
    (void)B;
    (void)kn;
    (void)bias;
    (void)acc;
    (void)Y;
    return 0;
#endif
}

typedef struct {
    const int64_t *k; /* kind C M tiles threads ..., k[12] the tiles' side (wg_key) */
    const float *W;
    void *ctx; /* the run's state: its threads transform the weights */
} wg_arg_t;

/* the matmul's source (ld = C) or destination (ld = M): [36, tiles, ld] with each tile's 36 rows together */
static dnnl_memory_desc_t wg_md(int64_t tiles, int64_t ld) {
    dnnl_dims_t dims = {36, tiles, ld}, strides = {ld, 36 * ld, 1};
    dnnl_memory_desc_t md = NULL;
    if (dnnl_memory_desc_create_with_strides(&md, 3, dims, dnnl_f32, strides) != dnnl_success) return NULL;
    return md;
}

/*
 * Where oneDNN's batched matmul is its jit sgemm (no AVX-512), the 36 products as one grouped 1x1
 * convolution: V [tiles][36][C] is a channels-last image of `tiles` pixels and 36 C channels
 * (group i: plane i's C channels), the products [tiles][36][M] likewise with 36 M. Replaces *pd
 * and the layouts when oneDNN gives that convolution a non-gemm, non-reference kernel (returns 1:
 * the weights are then gs, [36, M, C, 1, 1], in giohw, which U [36][C][M] is); else changes nothing
 * and returns 0.
 */
static int wg_gconv(dn_cache_t *c, int64_t C, int64_t M, int64_t tiles, const int64_t gs[5],
                    const_dnnl_primitive_attr_t attr, dnnl_primitive_desc_t *pd, dnnl_memory_desc_t *xmd,
                    dnnl_memory_desc_t *ymd) {
    int64_t xs[4] = {1, 36 * C, tiles, 1}, ys[4] = {1, 36 * M, tiles, 1};
    dnnl_memory_desc_t w = dn_md(5, gs, dnnl_format_tag_any),
                       lay[2] = {dn_md(4, xs, dnnl_nhwc), dn_md(4, ys, dnnl_nhwc)};
    int conv = dn_conv1x1_instead(c, attr, pd, w, 2, (dnnl_memory_desc_t *const[]){xmd, ymd}, lay);
    if (w) dnnl_memory_desc_destroy(w);
    return conv;
}

static int wg_create(dn_cache_t *c, dn_entry_t *e, void *argp) {
    const wg_arg_t *a = (const wg_arg_t *)argp;
    const int64_t C = a->k[1], M = a->k[2], tiles = a->k[3], planes = wg_planes(a->k[12]);
    int own = wg_own(C, M, tiles);
    if (planes != 36 && !own) return 0; /* F(2x2, 3x3): the own products only */
    if (own) { /* no primitive: the own products read the panels (e->wbuf) */
        int64_t *at = (int64_t *)malloc((size_t)(planes * (M / 32)) * sizeof(int64_t));
        e->wbytes = planes * C * M * (int64_t)sizeof(float);
        e->wbuf = at != NULL ? st_buffer_alloc(DN_WEIGHTS_ALIGN, e->wbytes) : NULL;
        int made = e->wbuf != NULL;
        if (made) {
            wg_own_at(planes, C, M, wg_groups(C, M, tiles, a->k[12], a->k[4]), at);
            wg_weights(a->ctx, a->W, C, M, (float *)e->wbuf, at, 32, a->k[12]);
            dn_release(c, a->W, 9 * C * M * (int64_t)sizeof(float));
        }
        free(at);
        return made;
    }
    int64_t us[3] = {36, C, M}, nb = (M + WG_WL - 1) / WG_WL;
    float *U = (float *)malloc((size_t)(planes * C * M) * sizeof(float));
    int64_t *at = (int64_t *)malloc((size_t)(planes * nb) * sizeof(int64_t)); /* U [36][C][M] (wg_weights) */
    dnnl_memory_desc_t smd = wg_md(tiles, C), dmd = wg_md(tiles, M), wany = dn_md(3, us, dnnl_format_tag_any);
    dnnl_primitive_attr_t attr = dn_attr();
    dnnl_primitive_desc_t pd = NULL;
    int ok = U != NULL && at != NULL && smd && dmd && wany && attr &&
             dnnl_matmul_primitive_desc_create(&pd, c->engine, smd, wany, NULL, dmd, attr) == dnnl_success;
    int64_t gs[5] = {36, M, C, 1, 1}; /* the grouped convolution's weights (wg_gconv) */
    int conv = ok && wg_gconv(c, C, M, tiles, gs, attr, &pd, &smd, &dmd);
    ok = ok && dn_prim(e, pd);
    if (ok) {
        for (int64_t p = 0; p < planes; p++)
            for (int64_t jb = 0; jb < nb; jb++) at[p * nb + jb] = p * C * M + jb * WG_WL;
        wg_weights(a->ctx, a->W, C, M, U, at, M, 4);
        ok = dn_weights_prepare(c, e, dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 0),
                                conv ? dn_md(5, gs, dnnl_giohw) : dn_md(3, us, dnnl_abc), U);
        if (ok) dn_release(c, a->W, 9 * C * M * (int64_t)sizeof(float));
    }
    free(U);
    free(at);
    if (pd) dnnl_primitive_desc_destroy(pd);
    if (attr) dnnl_primitive_attr_destroy(attr);
    if (wany) dnnl_memory_desc_destroy(wany);
    e->xmd = smd; /* the run's layouts: the entry owns them */
    e->ymd = dmd;
    return ok;
}

/*
 * Whether a layer's blocks go to the team's threads, each thread taking its blocks through all
 * three steps (a one-thread matmul, or the own products; see Threads in the header): at two
 * threads or more, small weights, or F(4x4, 3x3) weights of up to WG_TEAM_WEIGHTS where the layer
 * does not split by output channels (wg_groups)
 */
static int wg_team(const la_conv_io_t *io, int64_t threads) {
    const int64_t C = io->C, M = io->M, f = wg_side(io);
    return threads > 1 &&
           (wg_small(io) || (f == 4 && !wg_wide_out(C, M) && wg_weight_bytes(C, M, f) <= WG_TEAM_WEIGHTS));
}

/* How many tiles one block (one matmul call) takes (see the header) */
static int64_t wg_block_tiles(const la_conv_io_t *io, int64_t T, int64_t threads) {
    int64_t most = (wg_small(io) || wg_team(io, threads) ? WG_BLOCK_SMALL : WG_BLOCK_BYTES) /
                   (wg_planes(wg_side(io)) * (int64_t)sizeof(float) * (io->C > io->M ? io->C : io->M));
    if (most < WG_MIN_TILES) most = WG_MIN_TILES;
    int64_t blocks = (T + most - 1) / most;
    if (wg_team(io, threads)) blocks = (blocks + threads - 1) / threads * threads;
    return (T + blocks - 1) / blocks;
}

/* The key of a Winograd entry (wg_create reads C, M, the block's tiles, the threads and the side; the
 * rest is the shape's) */
static void wg_key(const la_conv_io_t *io, int64_t T, int64_t threads, int64_t k[DN_KEY_LEN]) {
    const la_geom_t *g = &io->g;
    int64_t key[13] = {DN_KIND_WINOGRAD, io->C, io->M, wg_block_tiles(io, T, threads), threads, io->N,
                       g->in[0], g->in[1], g->pb[0], g->pb[1], g->out[0], g->out[1], wg_side(io)};
    memset(k, 0, DN_KEY_LEN * sizeof *k);
    memcpy(k, key, sizeof key);
}

/* One layer's blocks (wg_blocks) */
typedef struct {
    void *ctx;
    dn_cache_t *c;
    dn_entry_t *e;
    const wg_job_t *job; /* the layer's; each wg_blocks call takes scratch of its own for its blocks */
    int64_t T, tiles;    /* the layer's tiles, a block's */
    int split;           /* each transform split between the team's threads (else run by the caller) */
    int64_t groups;      /* the groups of output channels (wg_groups) */
} wg_blocks_t;

/*
 * Blocks [b, e) of a layer, one after another (each: input transform, matmul, output transform),
 * their V, products and notes in the calling thread's own kernel scratch, for the output channels
 * of group g (wg_groups; one group: all of them). On the team (wg_team) each thread runs this for
 * blocks of its own, in groups for a group of its own.
 */
static void wg_blocks_of(const wg_blocks_t *w, int64_t b, int64_t e, int64_t g) {
    const int64_t C = w->job->C, M = w->job->M, planes = wg_planes(w->job->f);
    int64_t js, je;
    wg_group_panels(M, w->groups, g, &js, &je);
    int sv, sm, so;
    const int64_t pad = w->e->prim == NULL ? WG_OWN_PAD : 0; /* (oneDNN's matmul reads them dense) */
    float *v = (float *)st_scratch_take(w->ctx, (planes * C + pad) * w->tiles * (int64_t)sizeof(float), &sv);
    float *m = (float *)st_scratch_take(w->ctx, (planes * M + pad) * w->tiles * (int64_t)sizeof(float), &sm);
    unsigned char *odd = (unsigned char *)st_scratch_take(w->ctx, w->tiles, &so);
    if (v == NULL || m == NULL || odd == NULL) {
        hipep_errorf(w->ctx, HIPEP_ERR_OUT_OF_MEMORY,
                     "hipep_conv_f32: cannot allocate the Winograd tiles (%lld x %lld)", (long long)w->tiles,
                     (long long)(C > M ? C : M));
    } else {
        wg_job_t j = *w->job;
        j.v = v;
        j.m = m;
        j.vs = planes * C + pad;
        j.ms = planes * M + pad;
        j.odd = odd;
        if (w->groups > 1) { /* (one group: all M channels, whatever M is) */
            j.m0 = js * 32;
            j.m1 = je * 32;
        }
        for (int64_t blk = b; blk < e && !hipep_has_error(w->ctx); blk++) {
            j.t0 = blk * w->tiles;
            int64_t n = w->T - j.t0 < w->tiles ? w->T - j.t0 : w->tiles;
            if (w->split) hipep_parallel_for(w->ctx, n, 4, wg_in_body, &j);
            else wg_in_body(&j, 0, n);
            if (w->e->prim == NULL) { /* the own products (wg_own) */
                wg_own_job_t o = {v, (const float *)w->e->wbuf, m, C, M, n, planes, js, je, j.vs, j.ms,
                                  dn_weights_far(w->c)};
                if (w->split) hipep_parallel_for(w->ctx, planes, 1, wg_own_body, &o);
                else wg_own_body(&o, 0, planes);
            } else if (!dn_run(w->ctx, w->c, -1, w->e, NULL, v, m, NULL)) {
                hipep_errorf(w->ctx, HIPEP_ERR_INTERNAL, "hipep_conv_f32: oneDNN matmul of the Winograd tiles failed");
                break;
            }
            if (w->split) hipep_parallel_for(w->ctx, n, 4, wg_out_body, &j);
            else wg_out_body(&j, 0, n);
        }
    }
    if (v) st_scratch_give(w->ctx, v, sv);
    if (m) st_scratch_give(w->ctx, m, sm);
    if (odd) st_scratch_give(w->ctx, odd, so);
}

/* Blocks [b, e) of a layer, all output channels (one group) */
static void wg_blocks(void *arg, int64_t b, int64_t e) {
    wg_blocks_of((const wg_blocks_t *)arg, b, e, 0);
}

/* Groups [g0, g1) of a layer's output channels, each through all blocks */
static void wg_group_body(void *arg, int64_t g0, int64_t g1) {
    const wg_blocks_t *w = (const wg_blocks_t *)arg;
    for (int64_t g = g0; g < g1; g++) wg_blocks_of(w, 0, (w->T + w->tiles - 1) / w->tiles, g);
}

/*
 * Y = conv(X, W) + B (with acc: Y + conv(X, W) + B), clamped when `clamp`, by F(4x4, 3x3) for a
 * convolution that wg_or_dn_conv found it can take (T tiles, `threads` threads); returns 0 (nothing
 * written) when oneDNN refused the products' matmul, 1 when Y is written or an error was reported.
 */
static int wg_conv_run(void *ctx, dn_cache_t *c, const la_conv_io_t *io, int64_t T, int64_t threads, int clamp,
                       double lo, double hi, int acc) {
    const la_geom_t *g = &io->g;
    int64_t f = wg_side(io), th = (g->out[0] + f - 1) / f, tw = (g->out[1] + f - 1) / f,
            tiles = wg_block_tiles(io, T, threads);
    int64_t k[DN_KEY_LEN];
    wg_key(io, T, threads, k);
    wg_arg_t arg = {k, (const float *)io->W, ctx};
    int team = wg_team(io, threads);
    if (team) omp_set_num_threads(1); /* each block's matmul runs on one thread */
    dn_entry_t *e = dn_get(ctx, c, k, io->W, wg_create, &arg);
    if (team) omp_set_num_threads((int)threads);
    if (e == NULL) return 0;
    wg_job_t j = {(const float *)io->X, (const float *)io->W, (const float *)io->B, (float *)io->Y, NULL, NULL, NULL,
                  io->C, io->M, g->in[0], g->in[1], g->out[0], g->out[1], g->pb[0], g->pb[1], th, tw, 0, io->ldy,
                  acc, la_clamp_form(clamp, hi), lo, hi, f, 0, io->M};
    int64_t groups = wg_groups(io->C, io->M, tiles, f, threads); /* (above 1: the own products, as packed) */
    wg_blocks_t w = {ctx, c, e, &j, T, tiles, !team && threads > 1 && groups == 1, groups};
    int64_t blocks = (T + tiles - 1) / tiles;
    if (groups > 1) hipep_parallel_for(ctx, groups, 1, wg_group_body, &w);
    else if (team && dn_team_streams(ctx, c)) hipep_parallel_for(ctx, blocks, 1, wg_blocks, &w);
    else wg_blocks(&w, 0, blocks); /* (on the team, no stream for the other threads: the blocks in turn) */
    if (!hipep_has_error(ctx)) {
        dn_count(ctx, DN_KIND_WINOGRAD);
        if (e->prim == NULL) dn_count(ctx, DN_KIND_WG_OWN);
        if (acc) dn_count(ctx, DN_KIND_CONV_ACC);
    }
    return 1;
}

/* A DN_KEY_WG_PICK entry's `pick`: still trying both ways, or the faster one */
#define WG_PICK_TRYING 0
#define WG_PICK_WINOGRAD 1
#define WG_PICK_DIRECT 2
/* the runs that call a shape take the two ways in WG_PICK_BLOCKS blocks of WG_PICK_RUNS runs
 * (Winograd, direct, Winograd, ...); a block's first WG_PICK_UNTIMED runs make the way's entries
 * of the shape's layers or bring their weights back to the caches, and are not timed */
#define WG_PICK_RUNS 6
#define WG_PICK_BLOCKS 4
#define WG_PICK_UNTIMED 3

static int wg_pick_create(dn_cache_t *c, dn_entry_t *e, void *arg) {
    (void)c;
    (void)arg;
    atomic_init(&e->pick, WG_PICK_TRYING);
    atomic_init(&e->last_run, 0);
    atomic_init(&e->runs, -1);
    atomic_init(&e->deciding, 0);
    atomic_init(&e->inflight, 0);
    atomic_init(&e->best_ns[0], INT64_MAX);
    atomic_init(&e->best_ns[1], INT64_MAX);
    return 1;
}

/* The index among the runs that called p's shape of the run ctx is in (0 for the first): a call
 * from a run other than the last call's counts one more (from one state, calls come run by run;
 * runs of several states at once only make the blocks shorter) */
static int64_t wg_pick_run(void *ctx, dn_entry_t *p) {
    uint64_t run = ((st_state_t *)ctx)->run;
    if (atomic_exchange(&p->last_run, run) != run) return atomic_fetch_add(&p->runs, 1) + 1;
    return atomic_load(&p->runs);
}

static int64_t wg_nanos(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

/* The entries of the way a shape did not pick (dn_drop): its Winograd products, or its direct convolutions */
typedef struct {
    int64_t key[DN_KEY_LEN];
    int n;
} wg_loser_t;

static int wg_loser_match(const dn_entry_t *e, const void *arg) {
    const wg_loser_t *l = (const wg_loser_t *)arg;
    /* direct: only convolutions Winograd could have taken (constant W, X and Y channels-last in place) */
    return e->wkey != NULL && memcmp(e->key, l->key, (size_t)l->n * sizeof *l->key) == 0 &&
           (l->key[0] != DN_KIND_CONV || (e->key[18] && e->key[19]));
}

/*
 * Makes a measured shape's pick (the faster of its timed calls; Winograd when a way has no time)
 * once every call that may still be trying a way has returned, then drops the other way's entries
 * of that shape (their primitives and packed or transformed weights): no call takes them again.
 */
static void wg_decide(dn_cache_t *c, dn_entry_t *p, const la_conv_io_t *io, int64_t T, int64_t threads) {
    int64_t w = atomic_load(&p->best_ns[0]), d = atomic_load(&p->best_ns[1]);
    int pick = d < w ? WG_PICK_DIRECT : WG_PICK_WINOGRAD;
    atomic_store(&p->pick, pick);
    while (atomic_load(&p->inflight) > 1) sched_yield(); /* calls that read "trying" before the store */
    wg_loser_t l;
    if (pick == WG_PICK_WINOGRAD) {
        dn_conv_key(io, threads, l.key);
        l.n = DN_CONV_SHAPE;
    } else {
        wg_key(io, T, threads, l.key);
        l.n = DN_KEY_LEN;
    }
    dn_drop(c, wg_loser_match, &l);
}

/*
 * Y = conv(X, W) + B (with acc: Y + conv(X, W) + B), clamped when `clamp`, through oneDNN:
 * F(4x4, 3x3) when it applies (see the header) and, when the host measures, is the faster way for
 * the shape, else oneDNN's direct convolution (dn_conv_try). Returns as dn_conv_try does: 0
 * (nothing written) when the caller must compute it, 1 when Y is written (or an error reported),
 * 2 when Y is written and clamped.
 *
 * Measured (conv_search 0): the first WG_PICK_BLOCKS x WG_PICK_RUNS runs that call a shape
 * (geometry and threads, over all its layers and the host's states) take the two ways in blocks of
 * WG_PICK_RUNS runs, each call computing Y once by its way; the calls of each block's runs after
 * its first WG_PICK_UNTIMED are timed, and the first call after the last block picks the faster
 * (wg_decide). Timing calls spread over runs, inside the model (its caches as the run leaves them),
 * rather than repeating one call: the first run shares the machine with the JVM's compilers. A
 * direct call whose clamp oneDNN does not apply (returns 1) is timed without la_conv's clamp pass.
 */
static int wg_or_dn_conv(void *ctx, const la_conv_io_t *io, int64_t group, int clamp, double lo, double hi,
                         int acc) {
    const la_geom_t *g = &io->g;
    if (io->kind != LA_F32 || g->nsp != 2 || group != 1 || !io->xl || !io->yl || g->k[0] != 3 || g->k[1] != 3 ||
        g->s[0] != 1 || g->s[1] != 1 || g->d[0] != 1 || g->d[1] != 1 || io->C < WG_MIN_IN || io->M < WG_MIN_OUT)
        return pw_conv_run(ctx, io, group, clamp, lo, hi, acc) ? 2 : dn_conv_try(ctx, io, group, clamp, lo, hi, acc);
    int64_t f = wg_side(io), T = wg_tiles(io, f);
    dn_cache_t *c = T < WG_MIN_TILES ? NULL : dn_cache_of(ctx);
    if (c == NULL || io->W != io->w.data || !dn_is_constant(c, io->W))
        return dn_conv_try(ctx, io, group, clamp, lo, hi, acc);
    int64_t threads = dn_begin(ctx, io->N * io->M * io->C * 9 * g->osz < LA_BLAS_MIN_MACS);
    if (f == 2 && !wg_own(io->C, io->M, wg_block_tiles(io, T, threads))) /* F(2x2, 3x3): the own products only */
        return dn_conv_try(ctx, io, group, clamp, lo, hi, acc);
    dn_entry_t *p = NULL;
    if (((st_state_t *)ctx)->conv_search == 0) {
        int64_t k[DN_KEY_LEN];
        wg_key(io, T, threads, k); /* the shape's Winograd key, as its own kind */
        k[0] = DN_KEY_WG_PICK;
        p = dn_get(ctx, c, k, NULL, wg_pick_create, NULL); /* NULL (out of memory): the fixed rules */
    }
    int way = WG_PICK_WINOGRAD, timed = 0;
    if (p != NULL) {
        atomic_fetch_add(&p->inflight, 1); /* before reading the pick: wg_decide waits for it */
        way = atomic_load(&p->pick);
        if (way == WG_PICK_TRYING) {
            int64_t run = wg_pick_run(ctx, p);
            if (run < WG_PICK_BLOCKS * WG_PICK_RUNS) {
                way = run / WG_PICK_RUNS % 2 == 0 ? WG_PICK_WINOGRAD : WG_PICK_DIRECT;
                timed = run % WG_PICK_RUNS >= WG_PICK_UNTIMED;
                dn_count(ctx, DN_KIND_SEARCHED); /* tools wait for a run without such calls */
            } else if (atomic_exchange(&p->deciding, 1) == 0) {
                wg_decide(c, p, io, T, threads);
                way = atomic_load(&p->pick);
            } else {
                way = WG_PICK_WINOGRAD; /* another state's call is making the pick */
            }
        }
    }
    int64_t t0 = timed ? wg_nanos() : 0;
    int r = way == WG_PICK_WINOGRAD && wg_conv_run(ctx, c, io, T, threads, clamp, lo, hi, acc) ? 2 : 0;
    if (r == 0) { /* the direct way, or Winograd's matmul refused */
        way = WG_PICK_DIRECT;
        r = dn_conv_try(ctx, io, group, clamp, lo, hi, acc);
    }
    if (timed && r != 0 && !hipep_has_error(ctx)) {
        _Atomic int64_t *best = &p->best_ns[way == WG_PICK_DIRECT];
        int64_t ns = wg_nanos() - t0, seen = atomic_load(best);
        while (ns < seen && !atomic_compare_exchange_weak(best, &seen, ns)) {
        }
    }
    if (p != NULL) atomic_fetch_sub(&p->inflight, 1);
    return r;
}
