package org.hipep.runtime.llvm;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.bytedeco.javacpp.Loader;
import org.bytedeco.llvm.global.LLVM;

/**
 * The LLVM library the runtime drives through the JavaCPP LLVM C API presets.
 *
 * <p>Loading it extracts and loads the native {@code libLLVM} (about 1.2 s the first time on a
 * machine, 0.2 s once JavaCPP's cache holds it), so callers ask for it only when they need it.
 */
public final class LlvmLibrary {
    private LlvmLibrary() {
    }

    /**
     * The version of the loaded native LLVM, as {@code major.minor.patch}.
     *
     * @throws UnsatisfiedLinkError when the natives for this platform are not on the path
     */
    public static String version() {
        int[] major = new int[1];
        int[] minor = new int[1];
        int[] patch = new int[1];
        LLVM.LLVMGetVersion(major, minor, patch);
        return major[0] + "." + minor[0] + "." + patch[0];
    }

    /** The JavaCPP release the LLVM bindings belong to. */
    public static String javacppVersion() {
        try {
            return Loader.getVersion();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the JavaCPP version from its jar", e);
        }
    }
}
