package org.hipep.runtime.jit;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/** The members of a System V / GNU {@code ar} archive (the format of {@code .a} static libraries). */
final class ArArchive {
    private static final byte[] MAGIC = "!<arch>\n".getBytes(StandardCharsets.US_ASCII);
    private static final int HEADER = 60;

    private ArArchive() {
    }

    /** Member name to bytes, in archive order; symbol tables and the long-name table left out. */
    static Map<String, byte[]> members(byte[] ar, Path where) {
        if (ar.length < MAGIC.length || !Arrays.equals(Arrays.copyOf(ar, MAGIC.length), MAGIC)) {
            throw new RuntimeFailure(where + " is not an ar archive (no !<arch> magic)");
        }
        Map<String, byte[]> out = new LinkedHashMap<>();
        String longNames = "";
        int pos = MAGIC.length;
        while (pos + HEADER <= ar.length) {
            String name = ascii(ar, pos, 16).strip();
            long size;
            try {
                size = Long.parseLong(ascii(ar, pos + 48, 10).strip());
            } catch (NumberFormatException e) {
                throw new RuntimeFailure(where + ": malformed ar member header at byte " + pos);
            }
            int start = pos + HEADER;
            if (start + size > ar.length) {
                throw new RuntimeFailure(where + ": ar member '" + name + "' at byte " + pos + " runs past the end");
            }
            byte[] data = Arrays.copyOfRange(ar, start, (int) (start + size));
            if (name.equals("//")) {
                longNames = new String(data, StandardCharsets.US_ASCII);
            } else if (name.startsWith("/") && name.length() > 1 && Character.isDigit(name.charAt(1))) {
                int off = Integer.parseInt(name.substring(1));
                int end = longNames.indexOf("/\n", off);
                out.put(longNames.substring(off, end < 0 ? longNames.length() : end), data);
            } else if (!name.equals("/") && !name.equals("/SYM64/")) {
                out.put(name.endsWith("/") ? name.substring(0, name.length() - 1) : name, data);
            }
            pos = (int) (start + size + (size & 1));
        }
        return out;
    }

    private static String ascii(byte[] b, int off, int len) {
        return new String(b, off, len, StandardCharsets.US_ASCII);
    }
}
