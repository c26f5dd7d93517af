package org.hipep.vendor;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The native parts the build put into the plugin jar: the wrapper bitcode
 * ({@code vendor_wrappers.bc}) and the kernel library {@code libhip_ep_vendor.a}, which is
 * extracted into a folder named after its content hash (a temporary file, then a move: never
 * half-written, shared by concurrent processes). Both are checked when the plugin registers, so a
 * broken jar fails there, naming what is missing, instead of at the first model's link.
 */
final class VendorNatives {
    /** The library's bare name, as given to {@code addLibrary}. */
    static final String LIBRARY = "hip_ep_vendor";
    /** The kernel the wrappers call, defined by the library. */
    static final String KERNEL = "hip_ep_vendor_add_kernel";
    private static final String LIBRARY_RESOURCE = "native/lib" + LIBRARY + ".a";
    private static final String BITCODE_RESOURCE = "vendor_wrappers.bc";
    private static final byte[] BITCODE_MAGIC = {0x42, 0x43, (byte) 0xC0, (byte) 0xDE};
    private static final byte[] ARCHIVE_MAGIC = "!<arch>\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private VendorNatives() {
    }

    /** The wrapper bitcode; fails when the jar lacks it or it is not bitcode. */
    static byte[] bitcode() {
        byte[] bc = resource(BITCODE_RESOURCE);
        if (bc.length < 4 || !Arrays.equals(bc, 0, 4, BITCODE_MAGIC, 0, 4)) {
            throw new IllegalStateException("the vendor plugin's " + BITCODE_RESOURCE + " is not LLVM bitcode");
        }
        return bc;
    }

    /**
     * The folder holding {@code libhip_ep_vendor.a}, extracted on first use; fails when the jar
     * lacks the library, it is not an archive, or it does not define {@link #KERNEL}.
     */
    static Path libraryDirectory() {
        byte[] lib = resource(LIBRARY_RESOURCE);
        if (lib.length < ARCHIVE_MAGIC.length || !Arrays.equals(lib, 0, ARCHIVE_MAGIC.length, ARCHIVE_MAGIC, 0,
                ARCHIVE_MAGIC.length)) {
            throw new IllegalStateException("the vendor plugin's " + LIBRARY_RESOURCE + " is not a static library");
        }
        if (indexOf(lib, KERNEL.getBytes(java.nio.charset.StandardCharsets.US_ASCII)) < 0) {
            throw new IllegalStateException("the vendor plugin's " + LIBRARY_RESOURCE + " does not define " + KERNEL);
        }
        try {
            String hash = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(lib)).substring(0, 16);
            Path dir = Path.of(System.getProperty("java.io.tmpdir"), "hipep-" + System.getProperty("user.name", "user"),
                    "vendor-plugin-" + hash);
            Path target = dir.resolve("lib" + LIBRARY + ".a");
            if (!Files.isRegularFile(target) || Files.size(target) != lib.length) {
                Files.createDirectories(dir);
                Path tmp = Files.createTempFile(dir, ".lib", ".tmp");
                try {
                    Files.write(tmp, lib);
                    try {
                        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                    } catch (AtomicMoveNotSupportedException e) {
                        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
                    }
                } finally {
                    Files.deleteIfExists(tmp);
                }
            }
            if (!Files.isRegularFile(target)) {
                throw new IllegalStateException("extracting the vendor library left no " + target);
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot extract " + LIBRARY_RESOURCE + " of the vendor plugin", e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static byte[] resource(String name) {
        try (InputStream in = VendorNatives.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the vendor plugin jar has no org/hipep/vendor/" + name
                        + " (was it built with Maven?)");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name + " from the vendor plugin jar", e);
        }
    }
}
