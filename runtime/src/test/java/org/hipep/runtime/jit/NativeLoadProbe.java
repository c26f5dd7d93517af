package org.hipep.runtime.jit;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Run in a JVM of its own by {@link NativeArtifactTest}: loads the native model {@code args[0]}
 * with {@link ModelLoader#loadNative}, computes once, and prints the result and whether LLVM's
 * library is mapped into the process ({@code /proc/self/maps}).
 */
public final class NativeLoadProbe {
    private NativeLoadProbe() {
    }

    public static void main(String[] args) throws Exception {
        try (LoadedModel model = ModelLoader.loadNative(Path.of(args[0]), LoadOptions.defaults())) {
            System.out.println("result " + JitTestModules.computeOnce(model, 1f, 2f, 3.5f));
        }
        boolean llvm = Files.readAllLines(Path.of("/proc/self/maps")).stream().anyMatch(l -> l.contains("libLLVM"));
        System.out.println("libLLVM " + (llvm ? "mapped" : "absent"));
    }
}
