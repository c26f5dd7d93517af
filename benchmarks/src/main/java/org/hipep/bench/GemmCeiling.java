package org.hipep.bench;

import java.util.Random;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.openblas.global.openblas_nolapack;
import org.hipep.runtime.jit.OpenBlasLibrary;

/**
 * The GEMM ceiling of the machine: OpenBLAS {@code cblas_sgemm} (row-major, no transposes) on
 * square {@code n x n} matrices, through the JavaCPP preset's {@code libopenblas_nolapack}, the library the
 * runtime's kernels call.
 */
public final class GemmCeiling {
    private GemmCeiling() {
    }

    /**
     * The median GFLOP/s (2 n^3 per call) of {@code reps} calls after one warm-up call, with
     * OpenBLAS set to {@code threads} threads. The thread count is process-wide: it is set back
     * afterwards (our runtime runs OpenBLAS at one thread and parallelises GEMMs itself). OpenBLAS
     * is loaded the runtime's way first, so its kernel set is the one our kernels get.
     */
    public static double gflops(int n, int threads, int reps) {
        OpenBlasLibrary.path();
        float[] data = new float[Math.multiplyExact(n, n)];
        Random r = new Random(1);
        for (int i = 0; i < data.length; i++) {
            data[i] = r.nextFloat() - 0.5f;
        }
        try (FloatPointer a = new FloatPointer(data); FloatPointer b = new FloatPointer(data);
                FloatPointer c = new FloatPointer(data.length)) {
            int before = openblas_nolapack.blas_get_num_threads();
            openblas_nolapack.blas_set_num_threads(threads);
            try {
                long[] t = new long[reps];
                sgemm(n, a, b, c);
                for (int i = 0; i < reps; i++) {
                    long t0 = System.nanoTime();
                    sgemm(n, a, b, c);
                    t[i] = System.nanoTime() - t0;
                }
                return 2.0 * n * n * n / Stats.median(t);
            } finally {
                openblas_nolapack.blas_set_num_threads(before);
            }
        }
    }

    private static void sgemm(int n, FloatPointer a, FloatPointer b, FloatPointer c) {
        openblas_nolapack.cblas_sgemm(openblas_nolapack.CblasRowMajor, openblas_nolapack.CblasNoTrans,
                openblas_nolapack.CblasNoTrans, n, n, n, 1f, a, n,
                b, n, 0f, c, n);
    }
}
