package org.hipep.runtime.jit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.bytedeco.javacpp.Loader;
import org.hipep.runtime.session.CodeDigest;

/**
 * Loading a JavaCPP preset's native libraries and finding the file of the one the JIT links against.
 *
 * <p>JavaCPP's {@code Loader.load} takes 130-190 ms a preset in a fresh JVM (OpenBLAS; oneDNN with
 * libgomp and the OpenCL loader), nearly all of it in its search of properties and class-path
 * resources, where opening the same files directly takes 20-120 ms; and it also loads the presets'
 * JNI bindings, which nothing here calls. So the files it loaded for a preset are remembered among
 * {@link CodeDigest}'s memos, for as long as the preset's jar is unchanged, each with its own stamp
 * (size, times, inode); a later process opens them itself ({@code dlopen(RTLD_LAZY | RTLD_LOCAL)},
 * as {@code System.load} does) when every file still has its stamp, and goes through JavaCPP (and
 * remembers again) when a file changed, is gone or does not open. What is chosen through the
 * environment before a library loads ({@link OpenBlasLibrary}'s kernel set, {@link DnnlLibrary}'s
 * spin count) is chosen before either way.
 */
final class PresetLibrary {
    private PresetLibrary() {
    }

    /**
     * Loads {@code preset}'s native libraries (its class in {@code global}) and returns the one
     * whose file name starts with {@code filePrefix}: the files remembered from an earlier
     * process, else through JavaCPP.
     *
     * @param name the library's name in the error (e.g. "OpenBLAS")
     * @throws RuntimeFailure when JavaCPP loaded the preset but no such library file
     */
    static Path load(Class<?> preset, String filePrefix, String name) {
        String what = memoName(filePrefix);
        // before the memo's files: those that opened before one failed belong to the new memo
        List<String> before = NativeCalls.loadedObjects();
        Path remembered = openRemembered(CodeDigest.recallFor(preset, what), filePrefix);
        if (remembered != null) {
            return remembered;
        }
        Loader.load(preset);
        Path library = Loader.getLoadedLibraries().values().stream()
                .filter(Objects::nonNull)
                .map(Path::of)
                .filter(p -> p.getFileName().toString().startsWith(filePrefix))
                .filter(Files::isRegularFile)
                .findFirst()
                .orElseThrow(() -> new RuntimeFailure(name + " loaded but " + filePrefix + " is not among JavaCPP's "
                        + "loaded libraries: " + Loader.getLoadedLibraries()));
        String memo = memo(loadedSince(before), library, filePrefix);
        if (memo != null) {
            CodeDigest.rememberFor(preset, what, memo);
        }
        return library;
    }

    /**
     * The files the dynamic loader loaded after those in {@code before}, in its order, but the
     * presets' JNI bindings ({@code libjni*}).
     */
    static List<Path> loadedSince(List<String> before) {
        Set<String> known = new HashSet<>(before);
        List<Path> files = new ArrayList<>();
        for (String name : NativeCalls.loadedObjects()) {
            Path file = Path.of(name);
            if (!known.contains(name) && file.isAbsolute() && !file.getFileName().toString().startsWith("libjni")) {
                files.add(file);
            }
        }
        return files;
    }

    /** What the memo is remembered under: the library and the platform JavaCPP chose its files for. */
    static String memoName(String filePrefix) {
        return "native libraries (" + filePrefix + ") for " + System.getProperty("os.name") + " "
                + System.getProperty("os.arch") + " " + System.getProperty("org.bytedeco.javacpp.platform", "");
    }

    /**
     * The memo of {@code files}, in the loader's order: one line per file, its stamp and its path
     * apart by a tab; {@code null} when the first of them whose name starts with {@code filePrefix}
     * (the one {@link #openRemembered} returns) is not {@code library} (the file JavaCPP reported
     * loaded), a file has no stamp, or a path holds a line break.
     */
    static String memo(List<Path> files, Path library, String filePrefix) {
        Path first = firstNamed(files, filePrefix);
        return first == null || !sameFile(first, library) ? null : CodeDigest.stampedFiles(files);
    }

    /** The first of {@code files} whose name starts with {@code filePrefix}; {@code null} for none or no list. */
    private static Path firstNamed(List<Path> files, String filePrefix) {
        return files == null ? null : files.stream().filter(f -> f.getFileName().toString().startsWith(filePrefix))
                .findFirst().orElse(null);
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Opens the files {@code memo} names, in its order (the dynamic loader's when JavaCPP loaded
     * them), when each still has its stamp, and returns the one whose name starts with
     * {@code filePrefix}; {@code null} (JavaCPP's turn) when the memo is absent or stale, names no
     * such file, or a file does not open. A file that opened stays loaded, as JavaCPP would have
     * loaded it too.
     */
    static Path openRemembered(String memo, String filePrefix) {
        List<Path> files = CodeDigest.unchangedFiles(memo);
        Path library = firstNamed(files, filePrefix);
        if (library == null) {
            return null;
        }
        long[] handle = new long[1];
        for (Path file : files) {
            if (NativeCalls.dlopen(file.toString(), false, handle) != null) {
                return null;
            }
        }
        return library;
    }
}
