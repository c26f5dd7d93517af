package org.hipep.runtime.session;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The CPU as Linux describes it: the first processor's block of {@code /proc/cpuinfo}, whose
 * "key : value" lines give its vendor, family, model, stepping, name and feature flags. The compile
 * cache keys its machine code on them ({@link HostCodeGen}), and the benchmarks report them.
 */
public final class CpuInfo {
    /** Linux's description of the CPUs. */
    public static final Path PROC = Path.of("/proc/cpuinfo");

    private CpuInfo() {
    }

    /**
     * The lines of the first processor's block of a {@code /proc/cpuinfo} file (up to the first
     * blank line after it starts), as written.
     */
    public static List<String> firstProcessor(Path cpuinfo) throws IOException {
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(cpuinfo, StandardCharsets.UTF_8)) {
            for (String line; (line = r.readLine()) != null && !(line.isBlank() && !lines.isEmpty());) {
                if (!line.isBlank()) {
                    lines.add(line);
                }
            }
        }
        return lines;
    }

    /** A "key : value" line's key, stripped; null for a line without one. */
    public static String key(String line) {
        int colon = line.indexOf(':');
        return colon > 0 ? line.substring(0, colon).strip() : null;
    }

    /** A "key : value" line's value, stripped; null for a line without a key. */
    public static String value(String line) {
        int colon = line.indexOf(':');
        return colon > 0 ? line.substring(colon + 1).strip() : null;
    }
}
