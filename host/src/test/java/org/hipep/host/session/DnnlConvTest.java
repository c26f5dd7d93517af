package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hipep.host.session.ConvTilingTest.a;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntUnaryOperator;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.host.session.ConvTilingTest.Case;
import org.hipep.host.testing.OnnxValues;
import org.hipep.runtime.jit.ModelLoader;
import org.hipep.runtime.session.ConvolutionSearch;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Which convolutions the runtime computes through oneDNN (kernels_dnnl_conv.c), pinned with
 * {@link HipSession#libraryRuns()}, and their results against {@link ConvTilingTest}'s plain
 * reference at one and two threads: float 2-D convolutions of group 1 without dilation go through
 * oneDNN (channels-last after hip-conv-channels-last: 1x1 ones too), with weights
 * that are initializers (packed once per session) or graph inputs (reordered on every call: a changed
 * W between runs must show), with and without bias, strides, asymmetric and SAME pads, batch 2, a
 * small map (one thread), and a fused Relu / Relu6 / Clip with NaN in X (NaN propagates, clamped
 * values are the bounds' exact bits), 1x1 (stride 1, strided, padded) and a single-input-channel
 * 5x5 from 2^20 multiply-adds. Channels-last convolutions of 27 or more taps (C x KH x KW) and
 * output channels a multiple of 16 take the runtime's direct kernel instead where the runtime is
 * built for AVX-512 (counted apart) when they have up to four input channels (7x7 and 3x3 stems)
 * or, larger than 1x1, fewer than 16 input channels and 2^20 multiply-adds (mnist-8's second).
 * Smaller single-input-channel 5x5 (mnist-8's first), grouped, depthwise, dilated, f64, 1-D and
 * 3-D convolutions must not go through oneDNN (the count stays 0) and stay correct. Channels-last
 * 3x3 stride-1 convolutions with constant weights, 16 or more input and 32 or more output channels
 * go by Winograd's F(4x4, 3x3) instead (counted apart), NaN in X included.
 * A clamp after a convolution with constant weights whose X is smaller than Y is oneDNN's own
 * post-op when X holds no NaN (counted apart: clampedByOneDnn), with the clamped values' exact bits
 * as everywhere; that holds too where X is long enough for the scan for NaN to be split between two
 * threads, and one NaN in the scan's last part keeps the clamp pass.
 */
class DnnlConvTest {
    @TempDir
    Path dir;

    /**
     * A conv of {@link ConvTilingTest.Case}; constant: W and B are initializers; nanStep: every
     * nanStep-th value of X from nanFirst on is {@code poison}, NaN or an infinity (nanStep 0: none).
     */
    record Conv(Case cs, boolean constant, int nanStep, int nanFirst, double poison) {
        Conv(Case cs, boolean constant, int nanStep, int nanFirst) {
            this(cs, constant, nanStep, nanFirst, Double.NaN);
        }

        String name() {
            return cs.name();
        }

        boolean nan() {
            return nanStep > 0;
        }
    }

    static Conv constant(Case cs) {
        return new Conv(cs, true, 0, 0);
    }

    static Conv input(Case cs) {
        return new Conv(new Case("in_" + cs.name(), cs.n(), cs.c(), cs.m(), cs.group(), cs.in(), cs.k(),
                cs.strides(), cs.dilations(), cs.pads(), cs.bias(), cs.f64(), false, cs.act()), false, 0, 0);
    }

    static Conv withNan(Conv c) {
        return withNan(c, 97);
    }

    static Conv withNan(Conv c, int step) {
        return new Conv(c.cs(), c.constant(), step, 0);
    }

    /** c with +infinity as every step-th value of X */
    static Conv withInfinity(Conv c, int step) {
        return new Conv(c.cs(), c.constant(), step, 0, Double.POSITIVE_INFINITY);
    }

    /** c with one NaN in X, the value at {@code at} (a step of X's length: no second one) */
    static Conv withNanAt(Conv c, int at) {
        return new Conv(c.cs(), c.constant(), Math.toIntExact(count(c.cs().xShape())), at);
    }

    static long count(long[] shape) {
        return Arrays.stream(shape).reduce(1, (p, q) -> p * q);
    }

    static Case f32(String name, int n, int c, int m, int[] in, int[] k, int[] s, int[] pads, boolean bias) {
        return new Case(name, n, c, m, 1, in, k, s, a(1, 1), pads, bias, false);
    }

    static final Case K3_BATCH = f32("k3_bias_batch2", 2, 16, 24, a(20, 22), a(3, 3), a(1, 1), a(1, 1, 1, 1), true);
    static final Case K3_S2_ASYM = f32("k3_s2_asym_pads", 1, 8, 12, a(17, 23), a(3, 3), a(2, 2), a(1, 0, 2, 1),
            false);
    static final Case SAME_S2 = f32("same_upper_s2", 2, 5, 7, a(15, 12), a(4, 3), a(2, 2), null, true);
    static final Case POINTWISE = f32("pointwise", 2, 32, 24, a(9, 10), a(1, 1), a(1, 1), a(0, 0, 0, 0), true);

    /** Through oneDNN: one primitive run per conv and session run. */
    static final List<Conv> ONEDNN = List.of(
            constant(K3_BATCH), input(K3_BATCH),
            constant(K3_S2_ASYM), input(K3_S2_ASYM),
            constant(SAME_S2), input(SAME_S2),
            constant(f32("two_channels_3x3", 1, 2, 5, a(10, 11), a(3, 3), a(1, 1), a(1, 1, 1, 1), true)),
            /* under LA_BLAS_MIN_MACS but a 1x1 (the direct kernel takes no 1x1), or output channels not a
               multiple of 16: oneDNN at one thread (1x1 ones here and below: output channels that the
               narrow pointwise products do not take, see NARROW_POINTWISE) */
            constant(f32("small_1x1", 1, 64, 24, a(6, 7), a(1, 1), a(1, 1), a(0, 0, 0, 0), false)),
            constant(f32("small_24_out", 1, 8, 24, a(14, 14), a(5, 5), a(1, 1), a(2, 2, 2, 2), false)),
            withNan(constant(K3_BATCH.then("relu"))),
            withNan(input(K3_S2_ASYM.then("relu6"))),
            withNan(constant(SAME_S2.then("clip"))),
            /* channels-last (hip-conv-channels-last): 1x1 convolutions, strided or padded, and one input
               channel from 2^20 multiply-adds run through oneDNN on NHWC too */
            constant(POINTWISE),
            withNan(constant(f32("pointwise", 1, 24, 8, a(7, 9), a(1, 1), a(1, 1), a(0, 0, 0, 0), true).then("relu"))),
            /* (48 output channels: with a multiple of 32 the own products take it, see POINTWISE_OWN) */
            constant(f32("one_by_one_s2", 1, 32, 48, a(14, 15), a(1, 1), a(2, 2), a(0, 0, 0, 0), false)),
            input(f32("one_by_one_s2", 2, 16, 8, a(9, 8), a(1, 1), a(2, 2), a(0, 0, 0, 0), true)),
            constant(f32("one_by_one_padded", 1, 3, 4, a(7, 6), a(1, 1), a(1, 1), a(1, 2, 1, 0), true)),
            constant(f32("one_channel_5x5_large", 1, 1, 16, a(68, 68), a(5, 5), a(1, 1), null, true)),
            /* Winograd's shapes (see WINOGRAD) with weights computed at run time, or with fewer than 16
               output tiles of 2x2 (9 on a 6x6 map), or fewer than 16 input or 32 output channels, or
               with fewer than 16 tiles of 4x4 and output channels not a multiple of 32 or more than 32
               tiles of 2x2 in a block (F(2x2, 3x3)'s own products, see WINOGRAD_SMALL_MAPS; 36 tiles
               with large weights, one block at either thread count): oneDNN's direct convolution */
            input(f32("wino_shape", 1, 32, 32, a(16, 16), a(3, 3), a(1, 1), a(1, 1, 1, 1), true)),
            constant(f32("few_tiles", 1, 64, 64, a(6, 6), a(3, 3), a(1, 1), a(1, 1, 1, 1), true)),
            constant(f32("small_map_48_out", 1, 64, 48, a(8, 8), a(3, 3), a(1, 1), a(1, 1, 1, 1), true)),
            constant(f32("small_map_36_tiles", 1, 256, 256, a(12, 12), a(3, 3), a(1, 1), a(1, 1, 1, 1), true)),
            constant(f32("narrow_input", 1, 12, 64, a(16, 16), a(3, 3), a(1, 1), a(1, 1, 1, 1), true)),
            constant(f32("narrow_output", 1, 32, 24, a(16, 16), a(3, 3), a(1, 1), a(1, 1, 1, 1), true)),
            /* a clamp oneDNN applies itself (constant W, X smaller than Y, no NaN: clampedByOneDnn):
               a 1x1 expand, a strided 3x3 stem with Clip's bounds hit often, Relu6 at batch 2; and
               one it must not, X larger than Y (a 1x1 squeeze: the clamp pass is the cheaper) */
            constant(f32("expand", 1, 16, 80, a(12, 11), a(1, 1), a(1, 1), a(0, 0, 0, 0), true).then("relu")),
            constant(f32("stem", 1, 2, 16, a(20, 18), a(3, 3), a(2, 2), a(1, 1, 1, 1), true).then("clip")),
            constant(f32("expand", 2, 8, 40, a(7, 7), a(1, 1), a(1, 1), a(0, 0, 0, 0), false).then("relu6")),
            constant(f32("squeeze", 1, 64, 24, a(9, 9), a(1, 1), a(1, 1), a(0, 0, 0, 0), true).then("relu")),
            /* X of 82944 floats: at two threads the scan that allows oneDNN's clamp is split between
               the threads (dn_absmax); a NaN in its last part must still keep the clamp pass */
            constant(f32("expand_large", 1, 16, 80, a(72, 72), a(1, 1), a(1, 1), a(0, 0, 0, 0), true).then("relu")),
            withNanAt(constant(f32("expand_large_nan", 1, 16, 80, a(72, 72), a(1, 1), a(1, 1), a(0, 0, 0, 0), false)
                    .then("relu6")), 16 * 72 * 72 - 5));

    /**
     * Through the runtime's own kernels: one input channel under 2^20 multiply-adds (they stay NCHW,
     * where oneDNN does not take them), groups, dilation, f64, 1-D, 3-D.
     */
    static final List<Conv> OWN = List.of(
            constant(f32("one_channel_5x5", 1, 1, 8, a(28, 28), a(5, 5), a(1, 1), null, true)),
            input(f32("one_channel_5x5", 2, 1, 16, a(30, 26), a(5, 5), a(2, 1), a(2, 1, 0, 2), false)),
            /* one input channel, stride 1: the direct kernel (la_conv1ch_body), blocks of 8 output
               channels with a tail, rows of 16 with a tail, asymmetric pads, batch 2, 3x3 to 7x7 */
            withNan(constant(f32("one_channel_3x3", 1, 1, 11, a(17, 35), a(3, 3), a(1, 1), a(1, 0, 2, 1), true)
                    .then("relu"))),
            input(f32("one_channel_7x7", 2, 1, 16, a(20, 21), a(7, 7), a(1, 1), a(3, 3, 3, 3), false)),
            constant(f32("one_channel_5x5_valid", 1, 1, 5, a(23, 19), a(5, 5), a(1, 1), a(0, 0, 0, 0), true)
                    .then("relu6")),
            constant(new Case("grouped", 1, 8, 6, 2, a(11, 13), a(3, 3), a(1, 1), a(1, 1), a(1, 1, 1, 1), true,
                    false)),
            constant(new Case("depthwise", 2, 8, 8, 8, a(11, 13), a(3, 3), a(1, 1), a(1, 1), a(1, 1, 1, 1), true,
                    false)),
            constant(new Case("dilated", 1, 8, 6, 1, a(19, 21), a(3, 3), a(1, 1), a(2, 2), a(2, 2, 2, 2), true,
                    false)),
            constant(new Case("f64_k3", 1, 16, 6, 1, a(13, 15), a(3, 3), a(1, 1), a(1, 1), a(1, 1, 1, 1), true,
                    true)),
            constant(new Case("conv1d", 2, 3, 4, 1, a(101), a(5), a(2), a(1), a(2, 1), true, false)),
            constant(new Case("conv3d", 1, 4, 6, 1, a(7, 8, 9), a(2, 3, 3), a(2, 1, 2), a(1, 1, 1),
                    a(1, 1, 0, 0, 1, 2), true, false)));

    /**
     * Through the runtime's direct kernel for few input channels (kernels_linalg.c, la_convfc_body):
     * channels-last, at least 27 taps (C x KH x KW), output channels a multiple of 16, and at most
     * four input channels or, larger than 1x1, fewer than 16 and 2^20 multiply-adds; X copied between
     * zero columns first where a window crosses its left or right edge and the copy takes at most 64
     * KB (else those edge pixels one at a time); a row's pixels in blocks of at most 8, as even as they
     * go: a 7x7 stride-2 stem of 16 output channels (one 16-channel block) and its twin
     * (same shape, its own weights: each conv's weights are repacked into an entry of their own), one
     * of 80 (a 64-channel block and a 16-channel one) over a batch of two with asymmetric pads, a
     * fused Relu and NaN in X, and four channels with weights given at run time (repacked on every
     * call), a fused Clip and pads as deep as the kernel or deeper, so that the first output row's
     * window and the last output column's lie wholly in the pads (the bias and clamp alone).
     */
    static final List<Conv> FEW_CHANNELS = List.of(
            constant(f32("stem_7x7_s2", 1, 3, 16, a(40, 38), a(7, 7), a(2, 2), a(3, 3, 3, 3), true)),
            /* SqueezeNet's 3x3 stride-2 stem (27 taps, the fewest taken), 64 output channels, fused Relu */
            constant(f32("stem_3x3_s2", 1, 3, 64, a(23, 25), a(3, 3), a(2, 2), a(0, 0, 0, 0), true).then("relu")),
            constant(f32("stem_7x7_s2_twin", 1, 3, 16, a(40, 38), a(7, 7), a(2, 2), a(3, 3, 3, 3), true)),
            /* X over LA_FC_PAD_BYTES: the edge pixels one at a time, their windows' columns clipped */
            withNan(constant(f32("stem_large", 1, 3, 16, a(90, 93), a(7, 7), a(2, 2), a(3, 3, 2, 3), true)
                    .then("relu"))),
            withNan(constant(f32("stem_wide", 2, 3, 80, a(29, 33), a(7, 7), a(2, 2), a(3, 2, 1, 3), true)
                    .then("relu"))),
            input(f32("four_channels", 1, 4, 64, a(13, 14), a(4, 4), a(1, 2), a(4, 0, 1, 6), true).then("clip")),
            /* more input channels, under LA_BLAS_MIN_MACS multiply-adds: mnist-8's second (rows of 14 as
               two blocks of 7), unpadded, 23 columns (blocks of 8, 8 and 7) with asymmetric pads, 80
               output channels over a batch of two (a 64-channel block's pixels in two halves) */
            withNan(constant(f32("mnist_conv2", 1, 8, 16, a(14, 14), a(5, 5), a(1, 1), a(2, 2, 2, 2), true)
                    .then("relu"))),
            constant(f32("mnist_conv2_valid", 1, 8, 16, a(14, 14), a(5, 5), a(1, 1), null, false)),
            constant(f32("small_23_wide", 1, 8, 32, a(9, 23), a(3, 3), a(1, 1), a(0, 2, 1, 0), true).then("relu6")),
            input(f32("small_80_out", 2, 8, 80, a(7, 9), a(3, 3), a(2, 1), a(1, 1, 1, 1), true)));

    /**
     * By Winograd's F(4x4, 3x3) (kernels_dnnl_winograd.c): channels-last 3x3 stride-1 convolutions
     * with constant weights, 16 or more input and 32 or more output channels and 16 or more 4x4
     * output tiles over the batch: partial tiles (sizes not multiples of 4), channel counts that
     * are not multiples of 16 and ones that are (whose whole tiles take the transforms without lane
     * masks), pads 1, none and asymmetric, batch 2 and 3, several blocks of tiles with small and
     * with large weights, with and without bias, fused Relu6 and Clip (clamped values are the
     * bounds' bits), and NaN in X: in every tile (each computed as direct sums) and in a few (those
     * tiles direct, the others transformed): NaN exactly where a window holds one.
     */
    static final List<Conv> WINOGRAD = List.of(
            constant(f32("wino_pads1", 1, 32, 48, a(17, 18), a(3, 3), a(1, 1), a(1, 1, 1, 1), true)),
            constant(f32("wino_sixteen_in", 1, 16, 32, a(15, 16), a(3, 3), a(1, 1), a(1, 1, 1, 1), true)),
            /* 3 x 169 tiles of 36 x 32 floats, small weights: five blocks of 102 tiles (WG_BLOCK_SMALL),
               ending inside the images, the last three tiles short */
            constant(f32("wino_five_blocks", 3, 32, 32, a(50, 50), a(3, 3), a(1, 1), a(1, 1, 1, 1), true)),
            constant(f32("wino_valid_batch2", 2, 40, 36, a(13, 15), a(3, 3), a(1, 1), a(0, 0, 0, 0), false)),
            constant(f32("wino_asym_pads", 1, 33, 32, a(16, 14), a(3, 3), a(1, 1), a(2, 0, 1, 3), true)),
            constant(f32("wino", 1, 32, 32, a(16, 16), a(3, 3), a(1, 1), a(1, 1, 1, 1), true).then("relu6")),
            constant(f32("wino", 2, 48, 64, a(12, 9), a(3, 3), a(1, 1), a(1, 1, 1, 1), false).then("clip")),
            withNan(constant(f32("wino_nan", 1, 32, 32, a(16, 16), a(3, 3), a(1, 1), a(1, 1, 1, 1), true)
                    .then("relu"))),
            /* NaN at X[0], [10][9][9], [20][18][18] and [31][8][7]: two in whole tiles inside X, which
               take the input transform without bounds, two in edge tiles */
            withNan(constant(f32("wino_sparse_nan", 1, 32, 40, a(20, 20), a(3, 3), a(1, 1), a(1, 1, 1, 1), true)),
                    4189),
            /* 169 tiles of 36 x 96 floats, weights over WG_SMALL_WEIGHTS: at one thread two blocks of 85
               and 84 tiles (WG_BLOCK_BYTES); at two, the team's (WG_TEAM_WEIGHTS): five of 29 tiles and
               one of 24 */
            constant(f32("wino_large_weights", 1, 96, 96, a(50, 50), a(3, 3), a(1, 1), a(1, 1, 1, 1), true)),
            /* 49 tiles of 96 input channels (weights over WG_SMALL_WEIGHTS): at one thread one block, too
               many tiles for the own products (see WINOGRAD_OWN); at two, the team's blocks of 25 and 24 */
            constant(f32("wino_49_tiles", 1, 96, 96, a(28, 27), a(3, 3), a(1, 1), a(1, 1, 1, 1), true)));

    /**
     * Of WINOGRAD, the convolutions whose products are the runtime's own on AVX-512 (see
     * WINOGRAD_OWN): wino_sixteen_in, wino_asym_pads, the two called wino, wino_nan.
     */
    static final int WINOGRAD_OWN_PER_RUN = 5;

    /**
     * ... and at two threads also wino_large_weights and wino_49_tiles: their weights (1.3 MB, as
     * many output as input channels) go to the team, each thread through blocks of its own of 29
     * and 25 tiles, few enough for the own products.
     */
    static final int WINOGRAD_OWN_PER_RUN_TEAM = WINOGRAD_OWN_PER_RUN + 2;

    /**
     * Winograd's products by the runtime's own kernel instead of oneDNN's matmul
     * (kernels_dnnl_winograd.c, wg_own): output channels a multiple of 32 (the kernel's panels) and
     * blocks of at most 32 tiles, or 64 with at most 32 input channels: one block of 16 tiles with
     * large weights (rows by twelve, then four), 16 tiles over a batch of two, NaN in X (those tiles
     * computed as direct sums), a layer so wide (960 output channels) that its 21 tiles go in blocks
     * of 11 and 10 (rows by eight, two and one), and 49 tiles of 32 input channels (four twelves and
     * one; at two threads, blocks of 25 and 24). Large weights of at least twice as many output as
     * input channels split by output channels at two threads (wg_groups), each thread transforming
     * every tile and writing its channels: SqueezeNet's 13x13 48 -> 192 with NaN in X (each thread's
     * direct tiles of its channels), 160 output channels (five panels: groups of two and three) with
     * a Clip and no bias, and 49 tiles of 64 -> 512 channels in two blocks of 25 and 24 (each thread
     * through both). The wide layer splits so too.
     */
    static final List<Conv> WINOGRAD_OWN = List.of(
            constant(f32("wino_own", 1, 96, 128, a(14, 13), a(3, 3), a(1, 1), a(1, 1, 1, 1), true)),
            constant(f32("wino_own_batch2", 2, 128, 64, a(8, 13), a(3, 3), a(1, 1), a(1, 1, 1, 1), false)
                    .then("relu6")),
            withNan(constant(f32("wino_own_nan", 1, 80, 128, a(13, 13), a(3, 3), a(1, 1), a(1, 1, 1, 1), true)
                    .then("relu"))),
            constant(f32("wino_own_wide", 1, 16, 960, a(12, 28), a(3, 3), a(1, 1), a(1, 1, 1, 1), true)),
            constant(f32("wino_own_small_weights", 1, 32, 64, a(28, 27), a(3, 3), a(1, 1), a(1, 1, 1, 1), true)
                    .then("relu")),
            withNan(constant(f32("wino_own_groups_nan", 1, 48, 192, a(13, 13), a(3, 3), a(1, 1), a(1, 1, 1, 1), true)
                    .then("relu")), 3001),
            constant(f32("wino_own_groups_uneven", 1, 48, 160, a(13, 13), a(3, 3), a(1, 1), a(1, 1, 1, 1), false)
                    .then("clip")),
            constant(f32("wino_own_groups_blocks", 1, 64, 512, a(28, 28), a(3, 3), a(1, 1), a(1, 1, 1, 1), true)));

    /**
     * By Winograd's F(2x2, 3x3) on the AVX-512 runtime (kernels_dnnl_winograd.c, wg_side): maps
     * with fewer than 16 output tiles of 4x4 but 16 or more of 2x2, output channels a multiple of
     * 32 (its products are the runtime's own only); elsewhere oneDNN's direct convolution. 8x8 with
     * small weights (at two threads two blocks of 8 tiles, one per thread), 7x7 of 256 channels
     * (large weights: the 16 planes split between the threads; partial tiles at the last row and
     * column), unpadded over a batch of three with 40 input channels (lane masks) and a Clip (at
     * two threads blocks of 14 and 13 tiles, the first ending inside the second image), NaN in X
     * (those tiles computed as direct sums) with a Relu, asymmetric pads, and +infinity in X (where
     * the transforms would turn an infinity into NaN: those tiles too as direct sums).
     */
    static final List<Conv> WINOGRAD_SMALL_MAPS = List.of(
            constant(f32("wino2x2", 1, 64, 64, a(8, 8), a(3, 3), a(1, 1), a(1, 1, 1, 1), true).then("relu")),
            constant(f32("wino2x2_large_weights", 1, 256, 256, a(7, 7), a(3, 3), a(1, 1), a(1, 1, 1, 1), true)),
            constant(f32("wino2x2_valid_batch3", 3, 40, 32, a(8, 7), a(3, 3), a(1, 1), a(0, 0, 0, 0), false)
                    .then("clip")),
            /* NaN at X[0], [14][7][4], [29][5][8] and [44][4][3]: in the windows of 13 of the 25 tiles */
            withNan(constant(f32("wino2x2_nan", 1, 48, 64, a(9, 9), a(3, 3), a(1, 1), a(1, 1, 1, 1), true)
                    .then("relu")), 1201),
            constant(f32("wino2x2_asym_pads", 1, 32, 64, a(6, 7), a(3, 3), a(1, 1), a(2, 0, 1, 3), true)),
            /* +infinity at X[0], [10][7][4] and [21][7][0]: in the windows of 4 of the 16 tiles */
            withInfinity(constant(f32("wino2x2_infinity", 1, 32, 64, a(8, 8), a(3, 3), a(1, 1), a(1, 1, 1, 1),
                    true)), 700));

    /**
     * Channels-last convolutions of at most 128 output pixels with constant weights, 16 or more
     * input channels and a multiple of 32 output channels that Winograd does not take (more than 64
     * for the 1x1 stride-1 ones: the narrow products take those, see NARROW_POINTWISE): the own
     * products on the AVX-512 runtime (pw_conv_run; oneDNN elsewhere), 1x1 stride-1 ones on X in
     * place, the others on X's windows (im2col). The rows in the fewest blocks of at most twelve, of
     * even sizes (49 pixels: 9 + 10 + 10 + 10 + 10; 128: twelves and elevens; 25: 8 + 8 + 9; 36: three
     * twelves), three panels, a batch of two at exactly 128 pixels, 2048 input channels
     * (eight passes of 256 columns; three panels of 256 KB, two threads taking them), the bias or
     * none, Relu / Relu6 / Clip with NaN in X (the runtime's clamp keeps it), +infinity in X; through
     * the windows: ResNet's 3x3 stride-2 layer on a 14x14 map (576 columns: passes of 256, 256 and
     * 64), a 1x1 stride-2 one, a 5x5 one with NaN in X (the pads' zeros beside it), and a batch of
     * two with asymmetric pads. (Dilated convolutions stay NCHW: hip-conv-channels-last.)
     */
    static final List<Conv> POINTWISE_OWN = List.of(
            constant(f32("pw_7x7", 1, 64, 128, a(7, 7), a(1, 1), a(1, 1), a(0, 0, 0, 0), true)),
            constant(f32("pw_three_panels", 1, 128, 96, a(7, 7), a(1, 1), a(1, 1), a(0, 0, 0, 0), true)
                    .then("relu")),
            withNan(constant(f32("pw_nan", 1, 32, 96, a(5, 5), a(1, 1), a(1, 1), a(0, 0, 0, 0), false)
                    .then("relu6")), 7),
            constant(f32("pw_batch2", 2, 16, 128, a(8, 8), a(1, 1), a(1, 1), a(0, 0, 0, 0), true).then("clip")),
            constant(f32("pw_wide_input", 1, 2048, 96, a(7, 7), a(1, 1), a(1, 1), a(0, 0, 0, 0), true)),
            withInfinity(constant(f32("pw_infinity", 1, 32, 128, a(6, 6), a(1, 1), a(1, 1), a(0, 0, 0, 0), true)
                    .then("relu")), 50),
            constant(f32("pw_strided_3x3", 1, 64, 64, a(14, 14), a(3, 3), a(2, 2), a(1, 1, 1, 1), true)
                    .then("relu")),
            constant(f32("pw_strided_1x1", 1, 96, 64, a(13, 13), a(1, 1), a(2, 2), a(0, 0, 0, 0), false)),
            withNan(constant(f32("pw_5x5_nan", 1, 16, 32, a(8, 8), a(5, 5), a(1, 1), a(2, 2, 2, 2), true)
                    .then("relu")), 131),
            constant(f32("pw_strided_batch2", 2, 32, 32, a(8, 8), a(3, 3), a(2, 2), a(0, 0, 1, 1), true)
                    .then("clip")));

    /**
     * 1x1 convolutions of at most 64 output channels, a multiple of 16 (SqueezeNet's squeeze
     * layers), by the own narrow products over any number of pixels (AVX-512 runtime; oneDNN on the
     * x86-64-v3 one): each width of 16 to 64 columns, row counts that leave each width's last rows
     * to the smaller blocks (180 = 7 x 24 + 8 + 4, 121 = 10 x 12 + 1, 169 = 21 x 8 + 1, 3136 = 522 x
     * 6 + 4), a batch of two, enough pixels to split between two threads, 512 input channels, NaN and
     * +infinity in X (the clamp keeps NaN; the sums of +-infinity: Relu keeps +inf and gives 0 for
     * -inf).
     */
    static final List<Conv> NARROW_POINTWISE = List.of(
            constant(f32("narrow_16", 2, 32, 16, a(9, 10), a(1, 1), a(1, 1), a(0, 0, 0, 0), true)),
            withNan(constant(f32("narrow_squeeze", 1, 128, 16, a(27, 27), a(1, 1), a(1, 1), a(0, 0, 0, 0), true)
                    .then("relu"))),
            constant(f32("narrow_32", 1, 24, 32, a(11, 11), a(1, 1), a(1, 1), a(0, 0, 0, 0), true).then("relu6")),
            constant(f32("narrow_48", 1, 40, 48, a(13, 13), a(1, 1), a(1, 1), a(0, 0, 0, 0), false).then("clip")),
            withInfinity(constant(f32("narrow_64", 1, 64, 64, a(56, 56), a(1, 1), a(1, 1), a(0, 0, 0, 0), true)
                    .then("relu")), 1001),
            constant(f32("narrow_wide_input", 1, 512, 64, a(13, 13), a(1, 1), a(1, 1), a(0, 0, 0, 0), true)));

    @Test
    void narrowPointwiseConvolutionsTakeTheOwnProductsAndMatchAPlainOne() throws Exception {
        boolean v4 = avx512Runtime();
        check(NARROW_POINTWISE, "narrow_pointwise", !v4, false, ConvolutionSearch.HEURISTIC, false, 0,
                v4 ? NARROW_POINTWISE.size() : 0);
    }

    /**
     * Whether the runtime's narrow pointwise products take c (kernels_dnnl_winograd.c's
     * pw_conv_run, AVX-512 runtime): a float 1x1 convolution of stride 1 without pads or groups,
     * constant W, at least 16 input channels, at most 64 output channels, a multiple of 16.
     */
    static boolean narrowPointwise(Conv c) {
        Case cs = c.cs();
        boolean oneByOne = Arrays.stream(cs.k()).allMatch(k -> k == 1)
                && Arrays.stream(cs.strides()).allMatch(v -> v == 1)
                && (cs.pads() == null || Arrays.stream(cs.pads()).allMatch(v -> v == 0));
        return avx512Runtime() && c.constant() && !cs.f64() && cs.group() == 1 && cs.k().length == 2 && oneByOne
                && cs.c() >= 16 && cs.m() % 16 == 0 && cs.m() <= 64;
    }

    @Test
    void smallPointwiseConvolutionsTakeTheOwnProductsAndMatchAPlainOne() throws Exception {
        boolean v4 = avx512Runtime();
        check(POINTWISE_OWN, "pointwise_own", !v4, false, ConvolutionSearch.HEURISTIC, false, 0,
                v4 ? POINTWISE_OWN.size() : 0);
    }

    @Test
    void floatTwoDimConvolutionsGoThroughOneDnnAndMatchAPlainOne() throws Exception {
        check(ONEDNN, "onednn", true, false, ConvolutionSearch.HEURISTIC, false, 0);
    }

    @Test
    void otherConvolutionsKeepTheRuntimesOwnKernels() throws Exception {
        check(OWN, "own", false, false, ConvolutionSearch.HEURISTIC, false, 0);
    }

    /**
     * Whether the session's runtime is its AVX-512 build (the x86-64-v4 object), the only one with
     * the direct kernel for few input channels and the own Winograd products compiled in; every
     * other form leaves those convolutions to oneDNN's convolution and matmul.
     */
    static boolean avx512Runtime() {
        return ModelLoader.runtimeForm().equals("prebuilt x86-64-v4");
    }

    @Test
    void fewInputChannelsTakeTheDirectKernelAndMatchAPlainOne() throws Exception {
        boolean direct = avx512Runtime();
        check(FEW_CHANNELS, "few_channels", !direct, false, ConvolutionSearch.HEURISTIC, direct, 0);
    }

    @Test
    void wideThreeByThreeConvolutionsGoThroughWinogradAndMatchAPlainOne() throws Exception {
        boolean v4 = avx512Runtime();
        check(WINOGRAD, "winograd", false, true, ConvolutionSearch.HEURISTIC, false,
                threads -> !v4 ? 0 : threads == 1 ? WINOGRAD_OWN_PER_RUN : WINOGRAD_OWN_PER_RUN_TEAM, 0);
    }

    @Test
    void fewTilesTakeTheOwnProductsAndMatchAPlainOne() throws Exception {
        check(WINOGRAD_OWN, "winograd_own", false, true, ConvolutionSearch.HEURISTIC, false,
                avx512Runtime() ? WINOGRAD_OWN.size() : 0);
    }

    @Test
    void smallMapsTakeTwoByTwoTilesAndMatchAPlainOne() throws Exception {
        boolean v4 = avx512Runtime();
        check(WINOGRAD_SMALL_MAPS, "winograd_small_maps", !v4, v4, ConvolutionSearch.HEURISTIC, false,
                v4 ? WINOGRAD_SMALL_MAPS.size() : 0);
    }

    /**
     * Measured (the default search): the first {@link #PICKED} runs that call each of Winograd's
     * shapes take Winograd and oneDNN's direct convolution in blocks of six runs, the first call
     * after them picks the faster, and every later call takes that one (see {@link #check}). Four of
     * Winograd's cases (the rest differ from them only in what both ways compute alike): padded,
     * unpadded over a batch, and two layers of one shape (one fused Relu6, one with NaN in X), which
     * share their shape's runs.
     */
    @Test
    void measuredThreeByThreeConvolutionsTakeOneWayPerRunAndMatchAPlainOne() throws Exception {
        check(List.of(WINOGRAD.get(0), WINOGRAD.get(3), WINOGRAD.get(5), WINOGRAD.get(7)), "winograd_measured", false,
                true, ConvolutionSearch.MEASURE, false, 0);
    }

    /**
     * Four callers run one two-thread session at once (each run starting with the others'), each
     * with its own inputs: every result must be its own inputs' convolution. Concurrent runs each
     * get a state of their own, but the states share one oneDNN cache (kernels_dnnl.c): so the
     * session must have made exactly the primitives one run of it makes, however many states ran,
     * and no run may compute on, or write into, another caller's tensors through an entry's memory
     * objects (whose data pointers each run sets: dn_run's busy flag) or scratchpad (each run's
     * comes from its own state); the runtime's own Winograd products (no primitive: the packed
     * weights alone) are shared alike. By the fixed rules (the paths pinned) and measured: then the
     * callers' calls of the three Winograd shapes try both ways at once, and the one that picks waits
     * for the others' calls before it drops the other way's primitives.
     */
    @ParameterizedTest
    @EnumSource(ConvolutionSearch.class)
    void concurrentRunsOfOneSessionEachComputeTheirOwnInputs(ConvolutionSearch search) throws Exception {
        List<Conv> convs = List.of(constant(K3_BATCH), input(K3_S2_ASYM), constant(POINTWISE), WINOGRAD.get(0),
                WINOGRAD.get(3), WINOGRAD_OWN.get(0));
        boolean ownProducts = avx512Runtime();
        Map<String, double[]> constants = new HashMap<>();
        Random rnd = new Random(11);
        for (Conv c : convs) {
            if (c.constant()) {
                constants.put(c.name() + "_w", ConvTilingTest.random(rnd, c.cs().wShape(), 0.2));
                constants.put(c.name() + "_b", ConvTilingTest.random(rnd, new long[] {c.cs().m()}, 1.0));
            }
        }
        Path model = model(convs, constants, "concurrent_" + search);
        int callers = 4;
        int runs = 6;
        SessionOptions options = new SessionOptions().setThreads(2).setCacheDir(dir.resolve("cache"))
                .setConvolutionSearch(search);
        try (HipEnvironment env = HipEnvironment.create(); HipSession s = env.createSession(model, options)) {
            long onePerRun;
            try (HipSession alone = env.createSession(model, options)) {
                runAndCompare(alone, convs, runValues(convs, constants, new Random(99)), "one caller");
                onePerRun = alone.libraryRuns().oneDnnPrimitives();
            }
            CyclicBarrier together = new CyclicBarrier(callers);
            ExecutorService pool = Executors.newFixedThreadPool(callers);
            try {
                List<Future<?>> done = new ArrayList<>();
                for (int t = 0; t < callers; t++) {
                    Random own = new Random(100 + t);
                    done.add(pool.submit(() -> {
                        for (int run = 1; run <= runs; run++) {
                            together.await();
                            runAndCompare(s, convs, runValues(convs, constants, own),
                                    Thread.currentThread().getName() + ", run " + run);
                        }
                        return null;
                    }));
                }
                for (Future<?> f : done) {
                    f.get();
                }
            } finally {
                pool.shutdownNow();
            }
            long all = (long) callers * runs;
            HipSession.LibraryRuns counts = s.libraryRuns();
            assertThat(counts.states()).as("states of runs in flight at once").isGreaterThan(1);
            if (search == ConvolutionSearch.MEASURE) {
                assertThat(counts.oneDnnConvolutions() + counts.winogradConvolutions()).isEqualTo(6 * all);
                return;
            }
            assertThat(counts.oneDnnConvolutions()).isEqualTo(3 * all);
            assertThat(counts.winogradConvolutions()).isEqualTo(3 * all);
            assertThat(counts.winogradOwnProducts()).isEqualTo(ownProducts ? all : 0);
            assertThat(onePerRun).as("primitives of one run (3 convolutions, 2 or 3 Winograd products)")
                    .isEqualTo(ownProducts ? 5 : 6);
            assertThat(counts.oneDnnPrimitives()).as("primitives made by %d states", counts.states())
                    .isEqualTo(onePerRun);
        }
    }

    /** The constants and, from rnd, a random X per conv and W and B for those that are inputs. */
    private static Map<String, double[]> runValues(List<Conv> convs, Map<String, double[]> constants, Random rnd) {
        Map<String, double[]> values = new HashMap<>(constants);
        for (Conv c : convs) {
            values.put(c.name() + "_x", ConvTilingTest.random(rnd, c.cs().xShape(), 1.0));
            if (!c.constant()) {
                values.put(c.name() + "_w", ConvTilingTest.random(rnd, c.cs().wShape(), 0.2));
                values.put(c.name() + "_b", ConvTilingTest.random(rnd, new long[] {c.cs().m()}, 1.0));
            }
        }
        return values;
    }

    /**
     * Runs of a measured session: by run {@code PICKED} every shape has had its trial runs
     * (WG_PICK_BLOCKS blocks of WG_PICK_RUNS runs, the ways taking turns block by block, Winograd
     * first), the rest take the picks. Shared with the other tests of measured sessions
     * (ConvAddInPlaceTest, ConcatInPlaceTest).
     */
    static final int PICK_BLOCK_RUNS = 6;
    static final int PICKED = 4 * PICK_BLOCK_RUNS;
    static final int MEASURED_RUNS = PICKED + 3;

    /**
     * Runs the model of {@code convs} twice per session at one and two threads (the second run with a
     * new X and new run-time W and B) and compares every output; the oneDNN convolution count must
     * grow by one per conv and run ({@code onednn}) or stay 0, the Winograd count, the count of the
     * direct kernel for few input channels ({@code fewChannels}) the same way, those of them of at
     * most four input channels reading X's NCHW planes in place (each conv's X is a graph input that
     * only it reads: the compiler leaves the transpose to channels-last out); the Winograd
     * convolutions whose products were the runtime's own grow by {@code ownPerRun} per run. Measured
     * ({@code search}), a Winograd convolution may go either way: the two counts together grow by one
     * per conv and run, over {@link #MEASURED_RUNS} runs; up to run {@link #PICKED} (every conv's
     * shape first called in run 1) all convolutions take Winograd in the trial's first block of
     * {@link #PICK_BLOCK_RUNS} runs, none in the second, and so on, each call counted as the search's
     * ({@code searchedConvolutions}); after it every shape has its pick, so each run takes the same
     * ways and none is counted so.
     */
    private void check(List<Conv> convs, String name, boolean onednn, boolean winograd, ConvolutionSearch search,
            boolean fewChannels, int ownPerRun) throws Exception {
        check(convs, name, onednn, winograd, search, fewChannels, ownPerRun, 0);
    }

    /** ... and pointwisePerRun of them each run by the own pointwise products. */
    private void check(List<Conv> convs, String name, boolean onednn, boolean winograd, ConvolutionSearch search,
            boolean fewChannels, int ownPerRun, int pointwisePerRun) throws Exception {
        check(convs, name, onednn, winograd, search, fewChannels, threads -> ownPerRun, pointwisePerRun);
    }

    /** ... with the Winograd convolutions of the own products per run a function of the threads. */
    private void check(List<Conv> convs, String name, boolean onednn, boolean winograd, ConvolutionSearch search,
            boolean fewChannels, IntUnaryOperator ownPerRun, int pointwisePerRun) throws Exception {
        Random rnd = new Random(7);
        Map<String, double[]> constants = new HashMap<>();
        for (Conv c : convs) {
            if (c.constant()) {
                constants.put(c.name() + "_w", ConvTilingTest.random(rnd, c.cs().wShape(), 0.2));
                constants.put(c.name() + "_b", ConvTilingTest.random(rnd, new long[] {c.cs().m()}, 1.0));
            }
        }
        Path model = model(convs, constants, name);
        try (HipEnvironment env = HipEnvironment.create()) {
            for (int threads : new int[] {1, 2}) {
                try (HipSession s = env.createSession(model, new SessionOptions().setThreads(threads)
                        .setCacheDir(dir.resolve("cache")).setConvolutionSearch(search))) {
                    long[] winogradBefore = new long[MEASURED_RUNS + 1];
                    int runsOfSession = search == ConvolutionSearch.MEASURE ? MEASURED_RUNS : 2;
                    for (int run = 1; run <= runsOfSession; run++) {
                        Map<String, double[]> values = new HashMap<>(constants);
                        for (Conv c : convs) {
                            double[] x = ConvTilingTest.random(rnd, c.cs().xShape(), 1.0);
                            for (int i = c.nanFirst(); c.nan() && i < x.length; i += c.nanStep()) {
                                x[i] = c.poison();
                            }
                            values.put(c.name() + "_x", x);
                            if (!c.constant()) {
                                values.put(c.name() + "_w", ConvTilingTest.random(rnd, c.cs().wShape(), 0.2));
                                values.put(c.name() + "_b", ConvTilingTest.random(rnd, new long[] {c.cs().m()}, 1.0));
                            }
                        }
                        runAndCompare(s, convs, values, threads + " thread(s), run " + run);
                        long all = (long) convs.size() * run;
                        if (search == ConvolutionSearch.MEASURE) {
                            HipSession.LibraryRuns runs = s.libraryRuns();
                            assertThat(runs.oneDnnConvolutions() + runs.winogradConvolutions())
                                    .as("convolutions, %s at %d thread(s), run %d", name, threads, run)
                                    .isEqualTo(all);
                            winogradBefore[run] = runs.winogradConvolutions();
                            assertThat(runs.searchedConvolutions())
                                    .as("calls of the search's trial up to run %d, %s at %d thread(s)", run, name,
                                            threads)
                                    .isEqualTo((long) convs.size() * Math.min(run, PICKED));
                            if (run <= PICKED) {
                                boolean winogradBlock = (run - 1) / PICK_BLOCK_RUNS % 2 == 0;
                                assertThat(winogradBefore[run] - winogradBefore[run - 1])
                                        .as("Winograd convolutions of trial run %d, %s at %d thread(s)", run, name,
                                                threads)
                                        .isEqualTo(winogradBlock ? convs.size() : 0);
                            } else {
                                assertThat(winogradBefore[run] - winogradBefore[run - 1])
                                        .as("Winograd convolutions of run %d, after the picks, %s at %d thread(s)", run,
                                                name, threads)
                                        .isEqualTo(winogradBefore[PICKED + 1] - winogradBefore[PICKED]);
                            }
                            continue;
                        }
                        assertThat(s.libraryRuns().oneDnnConvolutions()).as("oneDNN convolutions, %s at %d thread(s)",
                                name, threads).isEqualTo(onednn ? all : 0);
                        assertThat(s.libraryRuns().winogradConvolutions())
                                .as("Winograd convolutions, %s at %d thread(s)", name, threads)
                                .isEqualTo(winograd ? all : 0);
                        assertThat(s.libraryRuns().fewChannelConvolutions())
                                .as("direct convolutions of few input channels, %s at %d thread(s)", name, threads)
                                .isEqualTo(fewChannels ? all : 0);
                        long planes = fewChannels ? convs.stream().filter(c -> c.cs().c() <= 4).count() * run : 0;
                        assertThat(s.libraryRuns().fewChannelPlanes())
                                .as("direct convolutions reading X's planes in place, %s at %d thread(s)", name,
                                        threads)
                                .isEqualTo(planes);
                        assertThat(s.libraryRuns().winogradOwnProducts())
                                .as("Winograd convolutions with the own products, %s at %d thread(s)", name, threads)
                                .isEqualTo((long) ownPerRun.applyAsInt(threads) * run);
                        assertThat(s.libraryRuns().ownPointwiseConvolutions())
                                .as("pointwise convolutions by the own products, %s at %d thread(s)", name, threads)
                                .isEqualTo((long) pointwisePerRun * run);
                        assertThat(s.libraryRuns().narrowPointwiseConvolutions())
                                .as("pointwise convolutions by the narrow products, %s at %d thread(s)", name, threads)
                                .isEqualTo(convs.stream().filter(DnnlConvTest::narrowPointwise).count() * run);
                        assertThat(s.libraryRuns().oneDnnMatMuls()).isZero();
                        assertThat(s.libraryRuns().searchedConvolutions()).as("no search: %s", search).isZero();
                        long clamped = onednn ? convs.stream().filter(DnnlConvTest::clampedByOneDnn).count() * run : 0;
                        assertThat(s.libraryRuns().oneDnnClampedConvolutions())
                                .as("oneDNN-clamped convolutions, %s at %d thread(s)", name, threads)
                                .isEqualTo(clamped);
                    }
                }
            }
        }
    }

    /**
     * Whether oneDNN applies the conv's clamp itself (kernels_dnnl_conv.c): constant W, a fused
     * activation, X smaller than Y, and no NaN in X (then no output can be NaN or infinite).
     */
    static boolean clampedByOneDnn(Conv c) {
        return c.constant() && c.cs().bounds() != null && !c.nan() && count(c.cs().xShape()) < count(c.cs().yShape());
    }

    private static void runAndCompare(HipSession s, List<Conv> convs, Map<String, double[]> values, String where) {
        Map<String, Tensor> inputs = new HashMap<>();
        try {
            for (Conv c : convs) {
                List<String> parts = new ArrayList<>(List.of("x"));
                if (!c.constant()) {
                    parts.add("w");
                    if (c.cs().bias()) {
                        parts.add("b");
                    }
                }
                for (String part : parts) {
                    double[] v = values.get(c.name() + "_" + part);
                    long[] sh = shapeOf(c.cs(), part);
                    inputs.put(c.name() + "_" + part, c.cs().f64() ? Tensor.fromArray(v, sh)
                            : Tensor.fromArray(ConvTilingTest.toFloat(v), sh));
                }
            }
            try (Result r = s.run(inputs)) {
                for (Conv c : convs) {
                    Case cs = c.cs();
                    Tensor y = r.get(c.name() + "_y");
                    assertThat(y.shape()).as(c.name()).containsExactly(cs.yShape());
                    double[] got = cs.f64() ? y.toDoubleArray() : ConvTilingTest.toDouble(y.toFloatArray());
                    double[] want = ConvTilingTest.reference(cs, values.get(c.name() + "_x"),
                            values.get(c.name() + "_w"), cs.bias() ? values.get(c.name() + "_b") : null);
                    compare(c, got, want, where);
                }
            }
        } finally {
            inputs.values().forEach(Tensor::close);
        }
    }

    /**
     * Within 1e-4 relative; NaN where the reference is NaN, the same infinity where it is infinite;
     * a clamped value is its bound, bit for bit.
     */
    private static void compare(Conv c, double[] got, double[] want, String where) {
        assertThat(got.length).as(c.name()).isEqualTo(want.length);
        double[] bounds = c.cs().bounds();
        int nonFinite = 0;
        for (int i = 0; i < want.length; i++) {
            boolean ok;
            if (Double.isNaN(want[i])) {
                ok = Double.isNaN(got[i]);
                nonFinite++;
            } else if (Double.isInfinite(want[i])) {
                ok = got[i] == want[i];
                nonFinite++;
            } else if (bounds != null && (want[i] == bounds[0] || want[i] == bounds[1])) {
                ok = Double.doubleToRawLongBits(got[i]) == Double.doubleToRawLongBits(want[i]);
            } else {
                double tol = (c.cs().f64() ? 1e-10 : 1e-4) * (1 + Math.abs(want[i]));
                ok = Math.abs(got[i] - want[i]) <= tol;
            }
            if (!ok) {
                throw new AssertionError(c.name() + " at " + where + ": y[" + i + "] = " + got[i] + ", expected "
                        + want[i]);
            }
        }
        assertThat(nonFinite > 0).as("%s: NaN or infinite outputs", c.name()).isEqualTo(c.nan());
    }

    private static long[] shapeOf(Case cs, String part) {
        return switch (part) {
            case "x" -> cs.xShape();
            case "w" -> cs.wShape();
            default -> new long[] {cs.m()};
        };
    }

    private Path model(List<Conv> convs, Map<String, double[]> constants, String name) throws Exception {
        GraphProto.Builder g = GraphProto.newBuilder().setName(name);
        for (Conv c : convs) {
            Case cs = c.cs();
            int t = cs.f64() ? TensorProto.DataType.DOUBLE_VALUE : TensorProto.DataType.FLOAT_VALUE;
            String convOut = c.name() + (cs.act().isEmpty() ? "_y" : "_c");
            NodeProto.Builder node = NodeProto.newBuilder().setOpType("Conv").setName(c.name())
                    .addInput(c.name() + "_x").addInput(c.name() + "_w").addOutput(convOut)
                    .addAttribute(ConvTilingTest.ints("kernel_shape", cs.k()))
                    .addAttribute(ConvTilingTest.ints("strides", cs.strides()))
                    .addAttribute(ConvTilingTest.ints("dilations", cs.dilations()))
                    .addAttribute(AttributeProto.newBuilder().setName("group").setType(AttributeProto.AttributeType.INT)
                            .setI(cs.group()));
            node.addAttribute(cs.pads() != null ? ConvTilingTest.ints("pads", cs.pads())
                    : OnnxValues.string("auto_pad", "SAME_UPPER"));
            g.addInput(ConvTilingTest.value(c.name() + "_x", t, cs.xShape()));
            List<String> params = new ArrayList<>(List.of("w"));
            if (cs.bias()) {
                node.addInput(c.name() + "_b");
                params.add("b");
            }
            for (String part : params) {
                String n = c.name() + "_" + part;
                if (c.constant()) {
                    g.addInitializer(initializer(n, t, constants.get(n), shapeOf(cs, part)));
                } else {
                    g.addInput(ConvTilingTest.value(n, t, shapeOf(cs, part)));
                }
            }
            g.addNode(node).addOutput(ConvTilingTest.value(c.name() + "_y", t, cs.yShape()));
            if (cs.act().equals("relu")) {
                g.addNode(NodeProto.newBuilder().setOpType("Relu").setName(c.name() + "_relu").addInput(convOut)
                        .addOutput(c.name() + "_y"));
            } else if (!cs.act().isEmpty()) {
                NodeProto.Builder clip = NodeProto.newBuilder().setOpType("Clip").setName(c.name() + "_clip")
                        .addInput(convOut).addOutput(c.name() + "_y");
                for (int i = 0; i < 2; i++) {
                    String bound = c.name() + (i == 0 ? "_lo" : "_hi");
                    g.addInitializer(initializer(bound, t, new double[] {cs.bounds()[i]}, new long[0]));
                    clip.addInput(bound);
                }
                g.addNode(clip);
            }
        }
        return OnnxValues.writeModel(dir.resolve(name + ".onnx"), g.build(), 17);
    }

    private static TensorProto initializer(String name, int elemType, double[] v, long[] dims) {
        if (elemType == TensorProto.DataType.FLOAT_VALUE) {
            return OnnxValues.floatData(name, ConvTilingTest.toFloat(v), dims);
        }
        TensorProto.Builder t = TensorProto.newBuilder().setName(name).setDataType(elemType);
        for (long d : dims) {
            t.addDims(d);
        }
        for (double x : v) {
            t.addDoubleData(x);
        }
        return t.build();
    }
}
