package org.hipep.host.session;

import org.hipep.runtime.session.ConvolutionSearch;
import org.hipep.runtime.session.HipSession;

/**
 * Untimed runs until a session's convolution search has picked every shape's way, for the tools
 * that time a session ({@code hip-onnx-runner}, {@code hip-bench}): under
 * {@link ConvolutionSearch#MEASURE} a session's first runs of a 3x3 shape Winograd could take run
 * both ways in turn (24 runs), and their times are not the ones the session keeps.
 */
public final class SearchWarmup {
    /** The most runs {@link #untilSettled} makes (the runtime's search settles in 25). */
    static final int MAX_RUNS = 200;

    private SearchWarmup() {
    }

    /**
     * Calls {@code run} (one run of {@code session}) until a call makes no call of the search's
     * trial ({@link HipSession.LibraryRuns#searchedConvolutions}), at most {@link #MAX_RUNS} times;
     * returns the runs made: 1 for a model without such a convolution.
     */
    public static int untilSettled(HipSession session, Runnable run) {
        int runs = 0;
        while (runs < MAX_RUNS) {
            long before = session.libraryRuns().searchedConvolutions();
            run.run();
            runs++;
            if (session.libraryRuns().searchedConvolutions() == before) {
                break;
            }
        }
        return runs;
    }
}
