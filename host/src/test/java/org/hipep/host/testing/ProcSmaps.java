package org.hipep.host.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** This process's memory mappings as {@code /proc/self/smaps} lists them (Linux). */
public final class ProcSmaps {
    /**
     * One mapping: its header line ({@code start-end perms offset dev inode [path]}), its size in
     * bytes, its resident kilobytes ({@code Rss}) and its {@code VmFlags}, space-separated.
     */
    public record Mapping(String header, long bytes, long rssKb, String vmFlags) {
        /** Whether its VmFlags carry {@code flag} (e.g. {@code hg}: advised MADV_HUGEPAGE). */
        public boolean hasFlag(String flag) {
            return (" " + vmFlags + " ").contains(" " + flag + " ");
        }
    }

    private ProcSmaps() {
    }

    /** The mappings now. */
    public static List<Mapping> read() throws IOException {
        List<Mapping> out = new ArrayList<>();
        String header = null;
        long bytes = 0, rss = 0;
        for (String line : Files.readAllLines(Path.of("/proc/self/smaps"))) {
            if (line.matches("^[0-9a-f]+-[0-9a-f]+ .*")) {
                String[] range = line.substring(0, line.indexOf(' ')).split("-");
                header = line;
                bytes = Long.parseUnsignedLong(range[1], 16) - Long.parseUnsignedLong(range[0], 16);
                rss = 0;
            } else if (header != null && line.startsWith("Rss:")) {
                rss = Long.parseLong(line.replaceAll("[^0-9]", ""));
            } else if (header != null && line.startsWith("VmFlags:")) {
                out.add(new Mapping(header, bytes, rss, line.substring("VmFlags:".length()).trim()));
            }
        }
        return out;
    }
}
