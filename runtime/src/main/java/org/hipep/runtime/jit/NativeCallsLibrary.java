package org.hipep.runtime.jit;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.bytedeco.javacpp.Loader;

/**
 * Loads the JNI library of {@link NativeCalls} so that its natives bind to {@code NativeCalls}'
 * own class loader, wherever this module runs.
 *
 * <p>JNI binds a library to the class loader of the class that called {@code System.load}. On the
 * module path and the class path, {@code NativeCalls} and JavaCPP's {@link Loader} share the
 * application class loader, and {@code Loader.load} does the work. In an OSGi framework JavaCPP
 * (with LLVM, whose natives must be loaded once, by one class loader) comes from the framework's
 * class path while {@code NativeCalls} lives in this bundle: {@code Loader.load} would then load
 * the library on the bundle's behalf through the private {@code Runtime.load0(Class, String)},
 * which Java 17 refuses without {@code --add-opens java.base/java.lang=ALL-UNNAMED}. Here the
 * library is instead extracted from the bundle and loaded by {@code System.load} called from this
 * class, so it binds to the bundle's class loader with no JVM flag. Its {@code JNI_OnLoad} finds
 * JavaCPP's classes through that loader (the bundle imports {@code org.bytedeco.javacpp}).
 *
 * <p>A JNI library can be bound to one class loader only, and an updated or refreshed runtime
 * bundle gets a new one: so each class loader gets its own copy of the file, in a new temporary
 * folder. Both are deleted as soon as the library is loaded (the loaded library stays mapped), so
 * nothing is left behind even when the JVM is killed; where a loaded library cannot be deleted
 * (Windows), they are deleted when the JVM exits.
 */
final class NativeCallsLibrary {
    private static final String LIBRARY = "jniNativeCalls";

    private NativeCallsLibrary() {
    }

    /** Loads the library for {@link NativeCalls}; called once, from its static initialiser. */
    static void load() {
        if (NativeCalls.class.getClassLoader() == Loader.class.getClassLoader()) {
            Loader.load(NativeCalls.class);
            return;
        }
        // The library carries its own copy of JavaCPP's core JNI code: nothing else to load first.
        String resource = Loader.getPlatform() + "/" + System.mapLibraryName(LIBRARY);
        try (InputStream in = NativeCalls.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new UnsatisfiedLinkError("the runtime module has no org/hipep/runtime/jit/" + resource
                        + " (built by the JavaCPP Maven plugin for this platform only)");
            }
            Path dir = Files.createTempDirectory("hipep-jni-");
            Path file = dir.resolve(System.mapLibraryName(LIBRARY));
            try {
                Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                System.load(file.toAbsolutePath().toString());
            } finally {
                deleteNowOrOnExit(dir, file);
            }
        } catch (IOException e) {
            UnsatisfiedLinkError error = new UnsatisfiedLinkError("cannot extract the JNI library " + resource
                    + " of org.hipep.runtime.jit.NativeCalls into a temporary folder: " + e.getMessage());
            error.initCause(e);
            throw error;
        }
    }

    /** Deletes the extracted library and its folder, or asks the JVM to on exit (file before folder). */
    private static void deleteNowOrOnExit(Path dir, Path file) {
        try {
            Files.deleteIfExists(file);
            Files.delete(dir);
        } catch (IOException e) {
            // deleteOnExit deletes in the reverse order of the calls: the folder after its file
            dir.toFile().deleteOnExit();
            file.toFile().deleteOnExit();
        }
    }
}
