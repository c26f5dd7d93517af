package org.hipep.runtime.jit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link LibraryPreload}: in a JVM of its own (where nothing has loaded them yet), OpenBLAS and
 * oneDNN get loaded without the caller asking for either, LLVM only when asked for, each by one
 * thread however often the preload is started, and the caller's own load afterwards finds the same
 * files. What is loaded is read from the process's list of shared objects, not from the classes'
 * bookkeeping. JavaCPP's pointer classes are initialised by the caller before the preload runs
 * (read from the JVM's class initialisation log, by thread).
 */
class LibraryPreloadTest {
    /** Starts the preload without and then with LLVM, twice each, and prints what it saw. */
    public static final class Preload {
        public static void main(String[] args) throws InterruptedException {
            System.out.println("before: " + mapped());
            LibraryPreload.start(false);
            LibraryPreload.start(false);
            System.out.println("threads without LLVM: " + preloadThreads());
            await(2);
            System.out.println("without LLVM: " + mapped());
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().equals("hipep-library-preload")) {
                    t.join();
                }
            }
            LibraryPreload.start(true);
            LibraryPreload.start(true);
            LibraryPreload.start(false);
            System.out.println("threads with LLVM: " + preloadThreads());
            await(3);
            System.out.println("with LLVM: " + mapped());
            System.out.println("same files: " + (mapped().contains(DnnlLibrary.path().getFileName().toString())
                    && mapped().contains(OpenBlasLibrary.path().getFileName().toString())));
        }

        private static long preloadThreads() {
            return Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().equals("hipep-library-preload")).count();
        }

        /** Waits up to a minute for {@code n} of the libraries to be mapped. */
        private static void await(int n) throws InterruptedException {
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (mapped().size() < n && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
        }

        private static List<String> mapped() {
            return NativeCalls.loadedObjects().stream()
                    .map(p -> p.substring(p.lastIndexOf('/') + 1))
                    .filter(f -> f.startsWith("libdnnl.so") || f.startsWith("libopenblas_nolapack.so")
                            || f.equals("libLLVM.so"))
                    .distinct().sorted().toList();
        }
    }

    /** Starts the preload and prints the caller's thread id (the kernel's, as the JVM's log gives it). */
    public static final class Caller {
        public static void main(String[] args) throws Exception {
            String tid = Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString();
            LibraryPreload.start(false);
            System.out.println("caller tid: " + tid);
        }
    }

    @Test
    void theCallerInitialisesJavaCppsPointersBeforeThePreloadStarts(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("class-init.log");
        String out = ForkedJvm.run(Caller.class,
                e -> e.put("JAVA_TOOL_OPTIONS", "-Xlog:class+init=info:file=" + log + ":tid"));
        String tid = out.lines().filter(l -> l.startsWith("caller tid: ")).findFirst()
                .orElseThrow(() -> new AssertionError("no caller tid in:\n" + out)).substring("caller tid: ".length());
        List<String> lines = Files.readAllLines(log);
        for (String c : List.of("org/bytedeco/javacpp/Pointer", "org/bytedeco/javacpp/BytePointer")) {
            assertThat(lines).as("the initialisation of %s", c)
                    .filteredOn(l -> l.contains("Initializing '" + c + "'"))
                    .singleElement().asString().startsWith("[" + tid + "]");
        }
    }

    @Test
    void loadsOpenBlasAndOneDnnAndLlvmOnlyWhenAskedOnceEach() throws Exception {
        String out = ForkedJvm.run(Preload.class, e -> { });
        assertThat(out).contains("before: []");
        assertThat(out).contains("threads without LLVM: 1");
        assertThat(out).containsPattern("without LLVM: \\[libdnnl\\.so[^,]*, libopenblas_nolapack\\.so[^]]*]");
        assertThat(out).contains("threads with LLVM: 1");
        assertThat(out).containsPattern("with LLVM: \\[libLLVM\\.so, libdnnl\\.so[^,]*, libopenblas_nolapack\\.so[^]]*]");
        assertThat(out).contains("same files: true");
    }
}
