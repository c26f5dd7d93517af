package org.hipep.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The machine section of hip-bench's report, from Linux's descriptions of the CPU, caches and memory. */
class MachineTest {
    private static final String CPUINFO = """
            processor\t: 0
            vendor_id\t: AuthenticAMD
            cpu family\t: 25
            model\t\t: 17
            model name\t: AMD EPYC
            stepping\t: 1
            flags\t\t: fpu sse avx2 fma avx512f avx512_bf16 avx512vl

            processor\t: 1
            vendor_id\t: OtherVendor
            cpu family\t: 26
            model name\t: Not the first
            flags\t\t: fpu
            """;

    @Test
    void theCpuIsTheFirstProcessorsBlock(@TempDir Path dir) throws IOException {
        Map<String, String> first = Machine.firstProcessor(Files.writeString(dir.resolve("cpuinfo"), CPUINFO));
        assertEquals("AMD EPYC (AuthenticAMD, family 25, model 17, stepping 1)", Machine.cpu(first));
        assertEquals("avx2 fma avx512f avx512_bf16", Machine.vectors(first));
    }

    @Test
    void missingFieldsAreMarkedNotGuessed(@TempDir Path dir) throws IOException {
        Path info = Files.writeString(dir.resolve("cpuinfo"), "processor : 0\nflags : fpu sse2\n");
        Map<String, String> first = Machine.firstProcessor(info);
        assertEquals("? (?, family ?, model ?, stepping ?)", Machine.cpu(first));
        assertTrue(Machine.vectors(first).startsWith("none of avx2"), Machine.vectors(first));
        assertEquals("?", Machine.memory(Files.writeString(dir.resolve("meminfo"), "MemFree: 12 kB\n")));
        assertEquals("? (?, family ?, model ?, stepping ?)",
                Machine.cpu(Machine.firstProcessor(dir.resolve("absent"))));
    }

    @Test
    void cachesAndMemory(@TempDir Path dir) throws IOException {
        String[][] caches = {{"1", "Data", "32K"}, {"1", "Instruction", "32K"}, {"2", "Unified", "1024K"},
            {"3", "Unified", "32768K"}};
        for (int i = 0; i < caches.length; i++) {
            Path index = Files.createDirectories(dir.resolve("index" + i));
            Files.writeString(index.resolve("level"), caches[i][0] + "\n");
            Files.writeString(index.resolve("type"), caches[i][1] + "\n");
            Files.writeString(index.resolve("size"), caches[i][2] + "\n");
        }
        assertEquals("L1d 32K, L1i 32K, L2 1024K, L3 32768K", Machine.caches(dir));
        assertEquals("?", Machine.caches(dir.resolve("absent")));
        Path meminfo = Files.writeString(dir.resolve("meminfo"), "MemTotal:       24683772 kB\nMemFree: 1 kB\n");
        assertEquals("23.5 GiB", Machine.memory(meminfo));
    }

    @Test
    void theReportOpensWithTheMachine() {
        Report report = new Report(1e-3, 1e-5);
        report.machine(new Machine("AMD EPYC (AuthenticAMD, family 25, model 17, stepping 1)", 2, "avx2 fma avx512f",
                "L2 1024K", "23.5 GiB", "Linux 6.1 (amd64)", "OpenJDK 17", "1.29.0"));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        report.print(new PrintStream(bytes, true, StandardCharsets.UTF_8), 0);
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("### Machine\n\n- CPU: AMD EPYC (AuthenticAMD, family 25, model 17, stepping 1), 2 "
                + "logical CPUs; vector extensions: avx2 fma avx512f; caches of CPU 0: L2 1024K\n- Memory 23.5 GiB; "
                + "Linux 6.1 (amd64); OpenJDK 17; ONNX Runtime 1.29.0\n"), text);
    }
}
