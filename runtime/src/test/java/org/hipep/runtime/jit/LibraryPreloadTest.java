package org.hipep.runtime.jit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link LibraryPreload}: in a JVM of its own (where nothing has loaded them yet), OpenBLAS and
 * oneDNN get loaded without the caller asking for either, by one thread however often it is
 * started, and the caller's own load afterwards finds the same files. What is loaded is read from
 * the process's list of shared objects, not from the classes' bookkeeping.
 */
class LibraryPreloadTest {
    /** Starts the preload twice, waits for both libraries to be mapped and prints what it saw. */
    public static final class Preload {
        public static void main(String[] args) throws InterruptedException {
            System.out.println("before: " + mapped());
            LibraryPreload.start();
            LibraryPreload.start();
            long threads = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().equals("hipep-library-preload")).count();
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (mapped().size() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            System.out.println("preload threads: " + threads);
            System.out.println("after: " + mapped());
            System.out.println("same files: " + (mapped().contains(DnnlLibrary.path().getFileName().toString())
                    && mapped().contains(OpenBlasLibrary.path().getFileName().toString())));
        }

        private static List<String> mapped() {
            return NativeCalls.loadedObjects().stream()
                    .map(p -> p.substring(p.lastIndexOf('/') + 1))
                    .filter(f -> f.startsWith("libdnnl.so") || f.startsWith("libopenblas_nolapack.so"))
                    .distinct().sorted().toList();
        }
    }

    @Test
    void loadsOpenBlasAndOneDnnOnOneThreadOfItsOwn() throws Exception {
        String out = ForkedJvm.run(Preload.class, e -> { });
        assertThat(out).contains("before: []");
        assertThat(out).contains("preload threads: 1");
        assertThat(out).containsPattern("after: \\[libdnnl\\.so[^,]*, libopenblas_nolapack\\.so[^]]*]");
        assertThat(out).contains("same files: true");
    }
}
