package org.hipep.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.hipep.runtime.session.CpuInfo;

/**
 * What a run of {@link OrtComparison} ran on, for the report's first section: the CPU as Linux
 * describes it (model name, vendor, family, model and stepping from {@code /proc/cpuinfo}: a
 * virtual machine's "AMD EPYC" can be one generation or another, with half the multiply-add rate,
 * and its host may change between runs), the vector extensions that decide the runtime's kernels,
 * the caches of CPU 0 ({@code /sys/devices/system/cpu/cpu0/cache}), the memory, the OS, the JVM and
 * ONNX Runtime's version. A field Linux does not give is "?".
 */
record Machine(String cpu, int logicalCpus, String vectors, String caches, String memory, String os, String java,
        String ort) {

    /** The vector extensions reported, in this order, when the CPU has them. */
    static final List<String> VECTOR_FLAGS = List.of("avx2", "fma", "avx512f", "avx512_bf16", "avx512_fp16",
            "amx_tile");

    /** This machine; {@code ortVersion} is the ONNX Runtime version of the run. */
    static Machine probe(String ortVersion) {
        Map<String, String> first = firstProcessor(CpuInfo.PROC);
        return new Machine(cpu(first), Runtime.getRuntime().availableProcessors(), vectors(first),
                caches(Path.of("/sys/devices/system/cpu/cpu0/cache")), memory(Path.of("/proc/meminfo")),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " ("
                        + System.getProperty("os.arch") + ")",
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"), ortVersion);
    }

    /** The fields of the first processor in a {@code /proc/cpuinfo} file ({@link CpuInfo}); none when unreadable. */
    static Map<String, String> firstProcessor(Path cpuinfo) {
        Map<String, String> fields = new LinkedHashMap<>();
        try {
            for (String line : CpuInfo.firstProcessor(cpuinfo)) {
                String key = CpuInfo.key(line);
                if (key != null) {
                    fields.putIfAbsent(key, CpuInfo.value(line));
                }
            }
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
        return fields;
    }

    /** "AMD EPYC (AuthenticAMD, family 25, model 17, stepping 1)". */
    static String cpu(Map<String, String> first) {
        return first.getOrDefault("model name", "?") + " (" + first.getOrDefault("vendor_id", "?") + ", family "
                + first.getOrDefault("cpu family", "?") + ", model " + first.getOrDefault("model", "?") + ", stepping "
                + first.getOrDefault("stepping", "?") + ")";
    }

    /** Those of {@link #VECTOR_FLAGS} in the CPU's flags, space-separated; "none of ..." when it has none. */
    static String vectors(Map<String, String> first) {
        Set<String> flags = new TreeSet<>(Arrays.asList(first.getOrDefault("flags", "").split("\\s+")));
        List<String> have = new ArrayList<>();
        for (String f : VECTOR_FLAGS) {
            if (flags.contains(f)) {
                have.add(f);
            }
        }
        return have.isEmpty() ? "none of " + String.join(" ", VECTOR_FLAGS) : String.join(" ", have);
    }

    /** "L1d 32K, L1i 32K, L2 1024K, L3 32768K" from a {@code cache} folder of sysfs (index0, index1, ...). */
    static String caches(Path dir) {
        List<String> out = new ArrayList<>();
        for (int i = 0; Files.isDirectory(dir.resolve("index" + i)); i++) {
            Path index = dir.resolve("index" + i);
            String level = read(index.resolve("level")).trim();
            String type = read(index.resolve("type")).trim();
            String size = read(index.resolve("size")).trim();
            String suffix = type.equals("Data") ? "d" : type.equals("Instruction") ? "i" : "";
            out.add("L" + (level.isEmpty() ? "?" : level) + suffix + " " + (size.isEmpty() ? "?" : size));
        }
        return out.isEmpty() ? "?" : String.join(", ", out);
    }

    /** "23.5 GiB" from a {@code /proc/meminfo} file's MemTotal ({@link MemoryProbe#procKb}). */
    static String memory(Path meminfo) {
        long kb = MemoryProbe.procKb(meminfo, "MemTotal");
        return kb < 0 ? "?" : OrtComparison.fmt("%.1f GiB", kb / (1024.0 * 1024.0));
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
