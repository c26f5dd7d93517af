package org.hipep.runtime.jit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Collectors;
import org.hipep.runtime.session.CodeDigest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PresetLibrary}: a process after the first opens the files JavaCPP loaded for a preset
 * itself, in the dynamic loader's order, without the presets' JNI bindings, and gets the same
 * libraries working (checked in JVMs of their own, with a cache folder of their own, through
 * {@code /proc/self/maps} and OpenBLAS's own report of its kernels); a memo whose file changed,
 * that names no such library or a file that is no library is not used.
 */
class PresetLibraryTest {
    private static final String OPENBLAS = "libopenblas_nolapack.so";

    @TempDir
    Path dir;

    /**
     * Loads OpenBLAS and oneDNN as a session would, and prints what was mapped (run in a forked
     * JVM); with {@code tamper <file>}, first appends {@code file} to the OpenBLAS memo (a file that
     * is no library, with its right stamp), instead of loading.
     */
    public static final class Load {
        public static void main(String[] args) throws IOException {
            if (args.length == 2 && args[0].equals("tamper")) {
                String what = PresetLibrary.memoName(OPENBLAS);
                Class<?> preset = org.bytedeco.openblas.global.openblas_nolapack.class;
                String memo = CodeDigest.recallFor(preset, what);
                Path fake = Path.of(args[1]);
                CodeDigest.rememberFor(preset, what, memo + "\n" + CodeDigest.stampLine(fake) + "\t" + fake);
                System.out.println("tampered " + (CodeDigest.recallFor(preset, what).endsWith(fake.toString())));
                return;
            }
            Path openBlas = OpenBlasLibrary.path();
            Path dnnl = DnnlLibrary.path();
            System.out.println("openblas " + openBlas);
            System.out.println("dnnl " + dnnl);
            System.out.println("core " + OpenBlasLibrary.coreName());
            List<String> mapped = Files.readAllLines(Path.of("/proc/self/maps")).stream()
                    .filter(l -> l.contains("/"))
                    .map(l -> Path.of(l.substring(l.indexOf('/'))).getFileName().toString())
                    .distinct()
                    .collect(Collectors.toList());
            System.out.println("jni " + mapped.stream().filter(f -> f.startsWith("libjni") && !f.contains("javacpp")
                    && !f.contains("NativeCalls")).sorted().collect(Collectors.joining(",")));
            System.out.println("mapped " + String.join(",", mapped));
        }
    }

    @Test
    void aLaterProcessOpensTheRememberedFilesWithoutJavaCpp() throws Exception {
        String first = run();
        String second = run();
        assertThat(line(first, "jni")).as("JavaCPP's load, with the bindings").contains("libjnidnnl", "libjniopenblas");
        assertThat(line(second, "jni")).as("the remembered files only").isEmpty();
        for (String key : List.of("openblas", "dnnl", "core")) {
            assertThat(line(second, key)).as(key).isNotEmpty().isEqualTo(line(first, key));
        }
        assertThat(line(second, "mapped")).contains("libgomp.so.1", "libOpenCL.so.1", "libgfortran.so.5");
        try (var memos = Files.list(dir.resolve("hipep").resolve("code-digests"))) {
            assertThat(memos.count()).as("a memo each for OpenBLAS and oneDNN, with the digests").isGreaterThanOrEqualTo(2);
        }
    }

    /**
     * A memo whose last file does not open (the others did) sends that process through JavaCPP,
     * which remembers the files again, those the failed attempt had opened included: the next
     * process opens them without JavaCPP.
     */
    @Test
    void aMemoThatFailsToOpenIsReplaced() throws Exception {
        run();
        Path fake = Files.writeString(dir.resolve("libfake.so.1"), "not a library");
        assertThat(run("tamper", fake.toString())).contains("tampered true");
        assertThat(line(run(), "jni")).as("the memo failed: JavaCPP's load").contains("libjniopenblas");
        assertThat(line(run(), "jni")).as("the memo written again").isEmpty();
    }

    @Test
    void theLoadersOrderPutsEachLibraryAfterWhatItNeeds() {
        OpenBlasLibrary.path();
        List<String> loaded = NativeCalls.loadedObjects();
        assertThat(loaded).anyMatch(n -> n.endsWith("/libjvm.so"));
        int jvm = indexOf(loaded, "/libjvm.so");
        int openBlas = indexOf(loaded, "/libopenblas_nolapack.so.0");
        int gfortran = indexOf(loaded, "/libgfortran.so.5");
        assertThat(openBlas).as("%s", loaded).isGreaterThan(gfortran).isGreaterThan(jvm);
        assertThat(gfortran).isGreaterThan(jvm);
        assertThat(PresetLibrary.loadedSince(loaded)).isEmpty();
    }

    @Test
    void aMemoIsUsedOnlyWhileEveryFileHasItsStampAndOpens() throws Exception {
        Path openBlas = OpenBlasLibrary.path();
        List<Path> files = NativeCalls.loadedObjects().stream().map(Path::of)
                .filter(p -> p.getParent() != null && p.getParent().equals(openBlas.getParent()))
                .filter(p -> !p.getFileName().toString().startsWith("libjni"))
                .collect(Collectors.toList());
        String memo = PresetLibrary.memo(files, openBlas, "libopenblas_nolapack.so");
        assertThat(memo).isNotNull();
        assertThat(PresetLibrary.openRemembered(memo, "libopenblas_nolapack.so")).isEqualTo(openBlas);
        assertThat(PresetLibrary.openRemembered(memo, "libdnnl.so")).as("no such library named").isNull();
        assertThat(PresetLibrary.memo(files, dir, "libopenblas_nolapack.so")).as("JavaCPP's library not among them")
                .isNull();
        assertThat(PresetLibrary.openRemembered(null, "libopenblas_nolapack.so")).isNull();

        // a file that is no library, with its right stamp: the loader refuses it; and named like the
        // library before it, no memo is written (the memo's reader would take it for the library)
        Path fake = Files.writeString(dir.resolve("libopenblas_nolapack.so.0"), "not a library");
        List<Path> fakeFirst = new java.util.ArrayList<>(files);
        fakeFirst.add(0, fake);
        assertThat(PresetLibrary.memo(fakeFirst, openBlas, OPENBLAS)).isNull();
        String notLibrary = CodeDigest.stampLine(fake) + "\t" + fake;
        assertThat(PresetLibrary.openRemembered(notLibrary, "libopenblas_nolapack.so")).isNull();

        // a stamp that is not the file's any more
        Path copy = Files.copy(openBlas, Files.createDirectories(dir.resolve("copy")).resolve(openBlas.getFileName())
                .toAbsolutePath(), StandardCopyOption.COPY_ATTRIBUTES);
        String stale = CodeDigest.stampLine(copy) + "\t" + copy;
        Thread.sleep(20);
        Files.setLastModifiedTime(copy, FileTime.fromMillis(0));
        assertThat(PresetLibrary.openRemembered(stale, "libopenblas_nolapack.so")).isNull();
        assertThat(PresetLibrary.openRemembered(memo.replace("\t", "\tmissing"), "libopenblas_nolapack.so")).isNull();
    }

    private static int indexOf(List<String> loaded, String suffix) {
        for (int i = 0; i < loaded.size(); i++) {
            if (loaded.get(i).endsWith(suffix)) {
                return i;
            }
        }
        throw new AssertionError(suffix + " is not loaded: " + loaded);
    }

    private static String line(String out, String key) {
        return out.lines().filter(l -> l.startsWith(key + " ")).map(l -> l.substring(key.length() + 1)).findFirst()
                .orElse(out.lines().anyMatch(l -> l.equals(key)) ? "" : "<no " + key + " line in:\n" + out + ">");
    }

    /** stdout and stderr of a JVM that runs {@link Load} with the cache folder under {@link #dir}. */
    private String run(String... args) throws IOException, InterruptedException {
        return ForkedJvm.run(Load.class, e -> e.put("XDG_CACHE_HOME", dir.toString()), args);
    }
}
