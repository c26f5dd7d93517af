package org.hipep.runtime.jit;

import java.nio.file.Path;

/**
 * The oneDNN of the JavaCPP dnnl preset ({@code libdnnl.so.3}), which the runtime's float
 * convolution and MatMul kernels call through oneDNN's C API. The preset is built with the OpenMP
 * runtime and ships its {@code libgomp.so.1} next to libdnnl; libdnnl also needs the OpenCL ICD
 * loader of the opencl preset (loaded with it). It is loaded (by JavaCPP, or from the files it
 * loaded before: {@link PresetLibrary}) without making its symbols global, so JIT code finds it
 * through a search generator for this path ({@code dlsym} on its handle also finds
 * {@code omp_set_num_threads} in its libgomp dependency), and native artifacts link against it.
 *
 * <p>oneDNN's OpenMP team is also the runtime's worker pool ({@code hipep_parallel_for} runs on
 * libgomp's team), so one set of threads runs a model's convolutions and the rest of its ops.
 * Before the library loads, {@code GOMP_SPINCOUNT=20000} is set in the process environment unless
 * the user has set it or {@code OMP_WAIT_POLICY} ({@link #waitPolicyChoice()}): a team thread
 * then watches for the next parallel region for 20000 {@code pause}s (0.4 ms on the benchmark
 * machine) before it sleeps — long enough to bridge the gap between two ops of a run (waking a
 * sleeping thread costs a futex call on each side and the scheduler's latency), short enough not
 * to take a core for long from whatever runs after the model. In hip-bench at 2 threads 100000
 * already took the core of the engine timed next (ONNX Runtime's median rose 10%; libgomp's own
 * default is 300000) and 0 (passive) paid a wake-up per op (docs/BENCHMARKS.md, fifth round).
 */
public final class DnnlLibrary {
    /** libgomp's spin count (pause instructions) before a waiting team thread sleeps. */
    static final String SPIN_COUNT = "20000";
    private static Path path;
    private static String waitPolicyChoice = "not loaded yet";

    private DnnlLibrary() {
    }

    /** Sets OpenMP's spin count, loads oneDNN once ({@link PresetLibrary}) and returns libdnnl's file. */
    public static synchronized Path path() {
        if (path == null) {
            if (System.getenv("OMP_WAIT_POLICY") != null) {
                waitPolicyChoice = "the user's OMP_WAIT_POLICY";
            } else {
                waitPolicyChoice = switch (NativeCalls.setEnvDefault("GOMP_SPINCOUNT", SPIN_COUNT)) {
                    case 1 -> "GOMP_SPINCOUNT=" + SPIN_COUNT + " set";
                    case 0 -> "the user's GOMP_SPINCOUNT";
                    default -> "setenv(GOMP_SPINCOUNT) failed: OpenMP's default wait policy";
                };
            }
            path = PresetLibrary.load(org.bytedeco.dnnl.global.dnnl.class, "libdnnl.so", "oneDNN");
        }
        return path;
    }

    /** How OpenMP's waiting was chosen before oneDNN loaded (a sentence, for diagnostics). */
    public static synchronized String waitPolicyChoice() {
        return waitPolicyChoice;
    }
}
