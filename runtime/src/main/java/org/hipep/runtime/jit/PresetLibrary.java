package org.hipep.runtime.jit;

import java.nio.file.Files;
import java.nio.file.Path;
import org.bytedeco.javacpp.Loader;

/** Loading a JavaCPP preset and finding the file of the native library the JIT links against. */
final class PresetLibrary {
    private PresetLibrary() {
    }

    /**
     * Loads {@code preset} (its class in {@code global}) through JavaCPP and returns the loaded
     * library whose file name starts with {@code filePrefix}.
     *
     * @param name the library's name in the error (e.g. "OpenBLAS")
     * @throws RuntimeFailure when JavaCPP loaded the preset but no such library file
     */
    static Path load(Class<?> preset, String filePrefix, String name) {
        Loader.load(preset);
        return Loader.getLoadedLibraries().values().stream()
                .filter(p -> p != null)
                .map(Path::of)
                .filter(p -> p.getFileName().toString().startsWith(filePrefix))
                .filter(Files::isRegularFile)
                .findFirst()
                .orElseThrow(() -> new RuntimeFailure(name + " loaded but " + filePrefix + " is not among JavaCPP's "
                        + "loaded libraries: " + Loader.getLoadedLibraries()));
    }
}
