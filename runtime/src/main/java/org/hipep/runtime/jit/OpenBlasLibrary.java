package org.hipep.runtime.jit;

import java.nio.file.Path;

/**
 * The OpenBLAS of the JavaCPP presets, which the linalg kernels call ({@code cblas_sgemm}, ...).
 * It is loaded (by JavaCPP, or from the files it loaded before: {@link PresetLibrary}) without
 * making its symbols global, so JIT code finds it through a search generator for this path, and
 * native artifacts link against it.
 *
 * <p>Before the library loads, its kernel set is chosen ({@link #coreChoice()}): OpenBLAS reads
 * {@code OPENBLAS_CORETYPE} once, in its load-time constructor, and its own CPU detection does not
 * know every AVX-512 CPU. Where the CPU (and the OS) supports AVX-512 F/BW/VL/DQ and the user has
 * not set {@code OPENBLAS_CORETYPE}, the process environment gets {@code OPENBLAS_CORETYPE=SKYLAKEX}
 * (through {@code setenv}, {@link NativeCalls#chooseOpenBlasCore()}); a user's setting always wins.
 *
 * <p>Its thread pool is chosen too ({@link #threadChoice()}): the runtime calls OpenBLAS at one
 * thread (each compute sets one; large GEMMs are split over the runtime's own team), but OpenBLAS's
 * constructor starts a worker per further core, and each spins about 2^28 cycles (its default
 * thread timeout) before it sleeps: on two cores, one core's ~80 ms taken from the session that
 * loads OpenBLAS. So where the user has set neither {@code OPENBLAS_NUM_THREADS} nor
 * {@code GOTO_NUM_THREADS} (what OpenBLAS reads before {@code OMP_NUM_THREADS}), the first is set to
 * 1 and the pool starts without workers ({@code openblas_set_num_threads} can still grow it).
 * Code that loads the preset's OpenBLAS itself should call {@link #path()} first.
 */
public final class OpenBlasLibrary {
    private static Path path;
    private static String coreChoice = "not loaded yet";
    private static String threadChoice = "not loaded yet";

    private OpenBlasLibrary() {
    }

    /**
     * Chooses OpenBLAS's kernel set, loads OpenBLAS once ({@link PresetLibrary}) and returns the
     * file of its CBLAS library.
     */
    public static synchronized Path path() {
        if (path == null) {
            coreChoice = describe(NativeCalls.chooseOpenBlasCore());
            threadChoice = chooseThreads();
            // The preset's openblas_nolapack class, not its openblas class: that one (LAPACK) loads
            // the same library a second time as libopenblas.so.0 (with libjniopenblas and
            // libgfortran), a second OpenBLAS with its own worker threads, which nothing here calls.
            path = PresetLibrary.load(org.bytedeco.openblas.global.openblas_nolapack.class,
                    "libopenblas_nolapack.so", "OpenBLAS");
        }
        return path;
    }

    /** How OpenBLAS's kernel set was chosen before it loaded (a sentence, for diagnostics). */
    public static synchronized String coreChoice() {
        return coreChoice;
    }

    /** How OpenBLAS's thread pool was chosen before it loaded (a sentence, for diagnostics). */
    public static synchronized String threadChoice() {
        return threadChoice;
    }

    /** The threads of OpenBLAS's pool (the caller and the workers it started); loads it first. */
    public static int poolThreads() {
        int n = NativeCalls.openBlasPoolThreads(path().toString());
        if (n < 1) {
            throw new RuntimeFailure("OpenBLAS at " + path() + " is not loaded or has no blas_num_threads");
        }
        return n;
    }

    /** The kernel set OpenBLAS runs ({@code openblas_get_corename}, e.g. {@code SkylakeX}); loads it first. */
    public static String coreName() {
        String name = NativeCalls.openBlasCoreName(path().toString());
        if (name == null) {
            throw new RuntimeFailure("OpenBLAS at " + path() + " is not loaded or has no openblas_get_corename");
        }
        return name.trim();
    }

    private static String chooseThreads() {
        for (String name : new String[] {"OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS"}) {
            String user = System.getenv(name);
            if (user != null && !user.isEmpty()) {
                return "the user's " + name;
            }
        }
        return switch (NativeCalls.setEnvDefault("OPENBLAS_NUM_THREADS", "1")) {
            case 1 -> "OPENBLAS_NUM_THREADS=1 set: no workers";
            case 0 -> "the user's OPENBLAS_NUM_THREADS";
            default -> "setenv(OPENBLAS_NUM_THREADS) failed: OpenBLAS's own pool";
        };
    }

    private static String describe(int choice) {
        return switch (choice) {
            case NativeCalls.CORE_USER -> "the user's OPENBLAS_CORETYPE";
            case NativeCalls.CORE_SKYLAKEX -> "OPENBLAS_CORETYPE=SKYLAKEX set: the CPU has AVX-512 F/BW/VL/DQ";
            case NativeCalls.CORE_DEFAULT -> "OpenBLAS's own choice: no AVX-512 F/BW/VL/DQ";
            default -> "OpenBLAS's own choice: setenv(OPENBLAS_CORETYPE) failed";
        };
    }
}
