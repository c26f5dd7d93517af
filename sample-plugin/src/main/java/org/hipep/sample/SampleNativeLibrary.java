package org.hipep.sample;

import org.hipep.api.AtomicFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The sample's resources as the host needs them: the runtime bitcode bytes, and the static
 * library {@code libhip_ep_sample_lib.a} extracted from the plugin jar into a folder named after
 * its content hash (written to a temporary file, then moved: never half-written).
 */
final class SampleNativeLibrary {
    /** The library's bare name, as given to {@code addLibrary}. */
    static final String LIBRARY = "hip_ep_sample_lib";
    private static final String LIBRARY_RESOURCE = "native/lib" + LIBRARY + ".a";
    private static final String BITCODE_RESOURCE = "sample_plugin_runtime.bc";

    private SampleNativeLibrary() {
    }

    /** The runtime bitcode built from {@code sample_plugin_runtime.c}. */
    static byte[] bitcode() {
        return resource(BITCODE_RESOURCE);
    }

    /** The folder holding {@code libhip_ep_sample_lib.a} (extracted on first use). */
    static Path libraryDirectory() {
        byte[] lib = resource(LIBRARY_RESOURCE);
        try {
            String hash = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(lib)).substring(0, 16);
            Path dir = Path.of(System.getProperty("java.io.tmpdir"), "hipep-" + System.getProperty("user.name", "user"),
                    "sample-plugin-" + hash);
            Path target = dir.resolve("lib" + LIBRARY + ".a");
            if (!Files.isRegularFile(target) || Files.size(target) != lib.length) {
                AtomicFiles.write(target, lib);
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot extract " + LIBRARY_RESOURCE + " of the sample plugin", e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    private static byte[] resource(String name) {
        try (InputStream in = SampleNativeLibrary.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the sample plugin jar has no " + name + " (was it built with Maven?)");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name + " from the sample plugin jar", e);
        }
    }
}
