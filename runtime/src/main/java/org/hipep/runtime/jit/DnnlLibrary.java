package org.hipep.runtime.jit;

import java.nio.file.Path;

/**
 * The oneDNN of the JavaCPP dnnl preset ({@code libdnnl.so.3}), which the runtime's float
 * convolution and MatMul kernels call through oneDNN's C API. The preset is built with the OpenMP
 * runtime and ships its {@code libgomp.so.1} next to libdnnl; libdnnl also needs the OpenCL ICD
 * loader of the opencl preset (loaded with it). JavaCPP loads it without making its symbols global,
 * so JIT code finds it through a search generator for this path ({@code dlsym} on its handle also
 * finds {@code omp_set_num_threads} in its libgomp dependency), and native artifacts link against it.
 *
 * <p>Before the library loads, {@code OMP_WAIT_POLICY=PASSIVE} is set in the process environment
 * unless the user has set it ({@link #waitPolicyChoice()}): oneDNN's OpenMP team runs while the
 * runtime's own worker pool waits and the other way round, and OpenMP threads that spin after each
 * region (libgomp's default) take the cores the pool needs next — two-thread runs were 12-22 times
 * slower that way (docs/BENCHMARKS.md, "oneDNN evaluation").
 */
public final class DnnlLibrary {
    private static Path path;
    private static String waitPolicyChoice = "not loaded yet";

    private DnnlLibrary() {
    }

    /** Sets OpenMP's wait policy, loads oneDNN once (about 0.6 s) and returns libdnnl's file. */
    public static synchronized Path path() {
        if (path == null) {
            waitPolicyChoice = switch (NativeCalls.setEnvDefault("OMP_WAIT_POLICY", "PASSIVE")) {
                case 1 -> "OMP_WAIT_POLICY=PASSIVE set";
                case 0 -> "the user's OMP_WAIT_POLICY";
                default -> "setenv(OMP_WAIT_POLICY) failed: OpenMP's default (active) wait policy";
            };
            path = PresetLibrary.load(org.bytedeco.dnnl.global.dnnl.class, "libdnnl.so", "oneDNN");
        }
        return path;
    }

    /** How OpenMP's wait policy was chosen before oneDNN loaded (a sentence, for diagnostics). */
    public static synchronized String waitPolicyChoice() {
        return waitPolicyChoice;
    }
}
