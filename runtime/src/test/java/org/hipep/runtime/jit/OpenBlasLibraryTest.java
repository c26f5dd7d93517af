package org.hipep.runtime.jit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * {@link OpenBlasLibrary}: the kernel set OpenBLAS runs after our loading is the one the CPU
 * supports (SkylakeX with AVX-512 F/BW/VL/DQ, unless the user set {@code OPENBLAS_CORETYPE}), and
 * it is the only OpenBLAS loaded. The CPU's features are read independently of the code under
 * test, from {@code /proc/cpuinfo}; the loaded libraries from {@code /proc/self/maps}. OpenBLAS's
 * pool has no workers unless the user asks for them.
 */
class OpenBlasLibraryTest {
    private static final List<String> SKX_FLAGS = List.of("avx512f", "avx512bw", "avx512vl", "avx512dq");

    @Test
    void theCpuidCheckAgreesWithTheKernelsFlags() throws IOException {
        assertThat(NativeCalls.cpuHasAvx512Skx()).isEqualTo(cpuFlags().containsAll(SKX_FLAGS));
    }

    @Test
    void openBlasRunsTheKernelsTheCpuSupportsOrTheUsersChoice() throws IOException {
        String user = System.getenv("OPENBLAS_CORETYPE");
        String core = OpenBlasLibrary.coreName();
        String choice = OpenBlasLibrary.coreChoice();
        if (user != null && !user.isEmpty()) {
            assertThat(choice).isEqualTo("the user's OPENBLAS_CORETYPE");
            assertThat(core).as("OPENBLAS_CORETYPE=%s", user).isEqualToIgnoringCase(user);
        } else if (cpuFlags().containsAll(SKX_FLAGS)) {
            assertThat(choice).contains("SKYLAKEX");
            assertThat(core).isEqualToIgnoringCase("SkylakeX");
        } else {
            assertThat(choice).startsWith("OpenBLAS's own choice");
            assertThat(core).isNotEqualToIgnoringCase("SkylakeX");
        }
    }

    /**
     * The pool as OpenBLAS's constructor made it ({@code blas_num_threads}): without the
     * environment's choice, one thread per core (two or more on the machines the tests run on).
     */
    @Test
    void openBlasStartsNoWorkersUnlessTheUserAsks() {
        String user = System.getenv("OPENBLAS_NUM_THREADS");
        String gotoUser = System.getenv("GOTO_NUM_THREADS");
        int pool = OpenBlasLibrary.poolThreads();
        if ((user == null || user.isEmpty()) && (gotoUser == null || gotoUser.isEmpty())) {
            assertThat(OpenBlasLibrary.threadChoice()).isEqualTo("OPENBLAS_NUM_THREADS=1 set: no workers");
            assertThat(pool).isEqualTo(1);
        } else {
            assertThat(OpenBlasLibrary.threadChoice()).startsWith("the user's ");
            assertThat(pool).isGreaterThanOrEqualTo(1);
        }
    }

    /**
     * One OpenBLAS in the process: the preset's LAPACK variant would map the same library a second
     * time as {@code libopenblas.so.0}, with threads of its own (read from {@code /proc/self/maps}).
     */
    @Test
    void oneOpenBlasIsLoaded() throws IOException {
        Path path = OpenBlasLibrary.path();
        Set<String> mapped = Files.readAllLines(Path.of("/proc/self/maps")).stream()
                .filter(l -> l.contains("/"))
                .map(l -> Path.of(l.substring(l.indexOf('/'))).getFileName().toString())
                .filter(f -> f.contains("openblas"))
                .collect(Collectors.toSet());
        assertThat(path.getFileName().toString()).startsWith("libopenblas_nolapack.so");
        assertThat(mapped).allMatch(f -> f.startsWith("libopenblas_nolapack") || f.startsWith("libjniopenblas_nolapack"),
                "the nolapack library and its JNI wrapper only");
        assertThat(mapped).anyMatch(f -> f.startsWith("libopenblas_nolapack.so"));
    }

    private static Set<String> cpuFlags() throws IOException {
        return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                .filter(l -> l.startsWith("flags"))
                .findFirst()
                .map(l -> Arrays.stream(l.substring(l.indexOf(':') + 1).trim().split("\\s+")).collect(Collectors.toSet()))
                .orElseThrow(() -> new AssertionError("/proc/cpuinfo has no flags line"));
    }
}
