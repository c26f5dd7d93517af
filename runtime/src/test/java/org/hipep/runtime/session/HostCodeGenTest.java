package org.hipep.runtime.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link HostCodeGen}: the cache key's host part is LLVM's answer, asked once per CPU, LLVM jar and
 * runtime jar and remembered, and asked every time where the CPU or a jar cannot be identified.
 */
class HostCodeGenTest {
    private static final String CPUINFO = """
            processor\t: 0
            vendor_id\t: AuthenticAMD
            cpu family\t: 26
            model\t\t: 2
            model name\t: AMD EPYC
            stepping\t: 1
            microcode\t: 0x1000065
            cpu MHz\t\t: 2596.122
            flags\t\t: fpu sse avx2 avx512f
            bugs\t\t: sysret_ss_attrs

            processor\t: 1
            vendor_id\t: AuthenticAMD
            cpu family\t: 26
            model\t\t: 2
            model name\t: AMD EPYC
            stepping\t: 1
            cpu MHz\t\t: 2400.000
            flags\t\t: fpu sse
            """;

    @TempDir
    Path dir;

    private final AtomicInteger asked = new AtomicInteger();

    private Supplier<byte[]> llvm(byte value) {
        return () -> {
            asked.incrementAndGet();
            byte[] d = new byte[32];
            d[0] = value;
            return d;
        };
    }

    private static Instant later() {
        return Instant.now().plusSeconds(60);
    }

    @Test
    void theFingerprintIsTheFirstProcessorsIdentityAndFeatures() throws Exception {
        Path info = Files.writeString(dir.resolve("cpuinfo"), CPUINFO);
        assertThat(HostCodeGen.cpuFingerprint(info)).isEqualTo("""
                vendor_id\t: AuthenticAMD
                cpu family\t: 26
                model\t\t: 2
                model name\t: AMD EPYC
                stepping\t: 1
                flags\t\t: fpu sse avx2 avx512f""");
        assertThat(HostCodeGen.cpuFingerprint(dir.resolve("absent"))).isNull();
        assertThat(HostCodeGen.cpuFingerprint(Files.writeString(dir.resolve("other"), "Processor: ARMv7\n"))).isNull();
    }

    @Test
    void llvmIsAskedOncePerCpuAndLlvmJar() throws Exception {
        Path info = Files.writeString(dir.resolve("cpuinfo"), CPUINFO);
        Path llvmJar = Files.write(dir.resolve("llvm.jar"), new byte[] {1});
        Path runtimeJar = Files.write(dir.resolve("runtime.jar"), new byte[] {2});
        Path memos = dir.resolve("memos");
        byte[] first = HostCodeGen.digest(info, llvmJar, runtimeJar, memos, later(), llvm((byte) 7));
        byte[] second = HostCodeGen.digest(info, llvmJar, runtimeJar, memos, later(), llvm((byte) 8));
        assertThat(first[0]).isEqualTo((byte) 7);
        assertThat(second).isEqualTo(first);
        assertThat(asked).hasValue(1);

        // another CPU (a feature more, as on another host): LLVM again
        Files.writeString(info, CPUINFO.replace("avx512f", "avx512f avx512_bf16"));
        assertThat(HostCodeGen.digest(info, llvmJar, runtimeJar, memos, later(), llvm((byte) 9))[0]).isEqualTo((byte) 9);
        assertThat(asked).hasValue(2);
        // another LLVM jar
        Files.write(llvmJar, new byte[] {1, 1});
        assertThat(HostCodeGen.digest(info, llvmJar, runtimeJar, memos, later(), llvm((byte) 10))[0])
                .isEqualTo((byte) 10);
        assertThat(asked).hasValue(3);
        // the other CPU's memo stays
        Files.writeString(info, CPUINFO.replace("avx512f", "avx512f avx512_bf16"));
        assertThat(HostCodeGen.digest(info, llvmJar, runtimeJar, memos, later(), llvm((byte) 11))[0])
                .isEqualTo((byte) 10);
        assertThat(asked).hasValue(3);
    }

    @Test
    void withoutACpuOrAJarToKeyItLlvmIsAskedEveryTime() throws Exception {
        Path info = Files.writeString(dir.resolve("cpuinfo"), CPUINFO);
        Path jar = Files.write(dir.resolve("x.jar"), new byte[] {1});
        Path memos = dir.resolve("memos");
        HostCodeGen.digest(dir.resolve("no-cpuinfo"), jar, jar, memos, later(), llvm((byte) 1));
        HostCodeGen.digest(dir.resolve("no-cpuinfo"), jar, jar, memos, later(), llvm((byte) 1));
        HostCodeGen.digest(info, null, jar, memos, later(), llvm((byte) 1));
        HostCodeGen.digest(info, null, jar, memos, later(), llvm((byte) 1));
        HostCodeGen.digest(info, jar, null, memos, later(), llvm((byte) 1));
        HostCodeGen.digest(info, jar, null, memos, later(), llvm((byte) 1));
        assertThat(asked).hasValue(6);
        assertThat(memos).doesNotExist();
    }

    @Test
    void theDigestIsLlvmsAnswer() {
        // the runtime here is a folder of classes (no jar to key a memo by), so LLVM is asked
        assertThat(HostCodeGen.digest()).isEqualTo(HostCodeGen.askLlvm());
    }
}
