package org.hipep.testing.filecheck;

import java.util.Arrays;

/**
  * A named text buffer with line bookkeeping, able to print diagnostics in LLVM SourceMgr style:
  * {@code name:line:col: kind: message}, followed by the source line and a caret line.
  */
final class SourceBuffer {
    private static final int TAB_STOP = 8;

    private final String name;
    private final String text;
    private final int[] lineStarts;

    SourceBuffer(String name, String text) {
        this.name = name;
        this.text = text;
        int[] starts = new int[16];
        int count = 0;
        starts[count++] = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                if (count == starts.length) {
                    starts = Arrays.copyOf(starts, count * 2);
                }
                starts[count++] = i + 1;
            }
        }
        this.lineStarts = Arrays.copyOf(starts, count);
    }

    String name() {
        return name;
    }

    String text() {
        return text;
    }

    /** @return the 1-based line number containing {@code offset} */
    int lineNumber(int offset) {
        int idx = Arrays.binarySearch(lineStarts, offset);
        return idx >= 0 ? idx + 1 : -idx - 1;
    }

    /** @return the 1-based column of {@code offset} */
    int column(int offset) {
        return offset - lineStarts[lineNumber(offset) - 1] + 1;
    }

    /** @return the text of the 1-based line, without its newline */
    String lineText(int line) {
        int start = lineStarts[line - 1];
        int end = text.indexOf('\n', start);
        return text.substring(start, end < 0 ? text.length() : end);
    }

    /**
      * Appends one diagnostic in SourceMgr format.
      *
      * @param out         destination
      * @param offset      location in this buffer
      * @param kind        "error", "note", ...
      * @param message     message text
      * @param rangeLength length of a highlighted range starting at {@code offset} ({@code ~}); 0 for none
      */
    void diag(StringBuilder out, int offset, String kind, String message, int rangeLength) {
        int line = lineNumber(offset);
        int col = column(offset);
        out.append(name).append(':').append(line).append(':').append(col).append(": ")
                .append(kind).append(": ").append(message).append('\n');
        String src = lineText(line);
        int caretIdx = col - 1;
        char[] caret = new char[Math.max(src.length(), caretIdx) + 1];
        Arrays.fill(caret, ' ');
        int rangeEnd = Math.min(caretIdx + rangeLength, src.length());
        for (int i = caretIdx + 1; i < rangeEnd; i++) {
            caret[i] = '~';
        }
        caret[caretIdx] = '^';
        StringBuilder shownLine = new StringBuilder();
        StringBuilder shownCaret = new StringBuilder();
        for (int i = 0; i < caret.length; i++) {
            char c = i < src.length() ? src.charAt(i) : ' ';
            if (c == '\t') {
                int width = TAB_STOP - shownLine.length() % TAB_STOP;
                shownLine.append(" ".repeat(width));
                shownCaret.append(caret[i]).append(String.valueOf(caret[i] == '~' ? '~' : ' ').repeat(width - 1));
            } else {
                if (i < src.length()) {
                    shownLine.append(c);
                }
                shownCaret.append(caret[i]);
            }
        }
        int end = shownCaret.length();
        while (end > 0 && shownCaret.charAt(end - 1) == ' ') {
            end--;
        }
        out.append(shownLine).append('\n').append(shownCaret, 0, end).append('\n');
    }

    /**
      * Canonicalises a buffer as FileCheck does: drops the {@code \r} of CRLF line ends and, unless
      * whitespace is strict, collapses every run of spaces and tabs into a single space.
      */
    static String canonicalize(String text, boolean collapseWhitespace) {
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                continue;
            }
            if (collapseWhitespace && (c == ' ' || c == '\t')) {
                sb.append(' ');
                while (i + 1 < text.length() && (text.charAt(i + 1) == ' ' || text.charAt(i + 1) == '\t')) {
                    i++;
                }
                continue;
            }
            sb.append(c);
        }
        return sb.toString();
    }
}
