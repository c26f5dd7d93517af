package org.hipep.runtime.jit;

import java.nio.file.Files;
import java.nio.file.Path;
import org.bytedeco.javacpp.Loader;

/**
 * The OpenBLAS of the JavaCPP presets, which the linalg kernels call ({@code cblas_sgemm}, ...).
 * JavaCPP loads it without making its symbols global, so JIT code finds it through a search
 * generator for this path, and native artifacts link against it.
 */
final class OpenBlasLibrary {
    private static Path path;

    private OpenBlasLibrary() {
    }

    /** Loads OpenBLAS once (about 0.2 s) and returns the file of its CBLAS library. */
    static synchronized Path path() {
        if (path == null) {
            Loader.load(org.bytedeco.openblas.global.openblas.class);
            path = Loader.getLoadedLibraries().values().stream()
                    .filter(p -> p != null)
                    .map(Path::of)
                    .filter(p -> p.getFileName().toString().startsWith("libopenblas_nolapack.so"))
                    .filter(Files::isRegularFile)
                    .findFirst()
                    .orElseThrow(() -> new RuntimeFailure("OpenBLAS loaded but libopenblas_nolapack is not among "
                            + "JavaCPP's loaded libraries: " + Loader.getLoadedLibraries()));
        }
        return path;
    }
}
