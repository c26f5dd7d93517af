package org.hipep.runtime.session;

/**
 * How a session picks the algorithm of a convolution that more than one of the runtime's ways can
 * compute (today: a 3x3 stride-1 float convolution by Winograd's F(4x4, 3x3) or F(2x2, 3x3) or by
 * oneDNN's direct kernel), as ONNX Runtime's CUDA provider's {@code cudnn_conv_algo_search} does
 * for cuDNN's.
 */
public enum ConvolutionSearch {
    /**
     * The default: the first 24 runs that call such a convolution's shape take the two ways in
     * blocks of six runs (Winograd first), the last three of each block timed; every later call
     * takes the faster. Until then a run's outputs may differ from a later run's by
     * rounding, and its time is not the session's: {@link HipSession.LibraryRuns#searchedConvolutions}
     * counts those calls, so a benchmark can wait for a run without one.
     */
    MEASURE,
    /** Fixed rules alone (Winograd wherever it applies): the same path on every machine. */
    HEURISTIC
}
