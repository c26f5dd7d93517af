package org.hipep.ir.text;

import java.nio.charset.StandardCharsets;

/** Character classes and escaping shared by the printer and the parser. */
final class Lexical {
    private Lexical() {
    }

    static boolean isIdStart(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }

    static boolean isIdChar(int c) {
        return isIdStart(c) || (c >= '0' && c <= '9') || c == '$' || c == '.';
    }

    static boolean isSuffixIdChar(int c) {
        return isIdChar(c) || c == '-';
    }

    /** Whether {@code s} can be printed as a bare identifier. */
    static boolean isBareIdentifier(String s) {
        if (s.isEmpty() || !isIdStart(s.charAt(0))) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            if (!isIdChar(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** Appends {@code "text"} with MLIR's escapes ({@code \\}, and {@code \XX} for other bytes). */
    static void appendQuoted(StringBuilder out, String text) {
        out.append('"');
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            if (c == '\\') {
                out.append("\\\\");
            } else if (c >= 0x20 && c < 0x7F && c != '"') {
                out.append((char) c);
            } else {
                out.append('\\').append(HEX[c >> 4]).append(HEX[c & 15]);
            }
        }
        out.append('"');
    }

    static final char[] HEX = "0123456789ABCDEF".toCharArray();
}
