package org.hipep.tools.diagnostics;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
  * Implements {@code --split-input-file}: splits a source on separator lines {@code // -----} and
  * joins per-chunk outputs back the way {@code mlir-opt} prints them.
  */
public final class SplitInput {
    /** The separator line (without newline). */
    public static final String SEPARATOR = "// -----";
    private static final Pattern SEPARATOR_LINE = Pattern.compile("[ \\t]*// -----[ \\t]*\\r?");

    /**
      * One chunk of a split source.
      *
      * @param index     0-based chunk index
      * @param text      chunk text (the separator lines are not included)
      * @param firstLine 1-based line in the original source of the chunk's first line
      */
    public record Chunk(int index, String text, int firstLine) {

        /**
          * @param chunkLine a 1-based line within the chunk
          * @return the corresponding 1-based line in the original source
          */
        public int toOriginalLine(int chunkLine) {
            return firstLine + chunkLine - 1;
        }
    }

    private SplitInput() {
    }

    /**
      * Splits {@code text} on lines consisting of {@code // -----} (surrounding blanks allowed).
      *
      * @param text the whole source
      * @return at least one chunk; text without separators yields a single chunk
      */
    public static List<Chunk> split(String text) {
        List<Chunk> chunks = new ArrayList<>();
        int chunkStart = 0;
        int firstLine = 1;
        int lineNo = 1;
        int pos = 0;
        while (pos <= text.length()) {
            int nl = text.indexOf('\n', pos);
            int end = nl < 0 ? text.length() : nl;
            if (SEPARATOR_LINE.matcher(text.substring(pos, end)).matches()) {
                chunks.add(new Chunk(chunks.size(), text.substring(chunkStart, pos), firstLine));
                chunkStart = nl < 0 ? text.length() : nl + 1;
                firstLine = lineNo + 1;
            }
            if (nl < 0) {
                break;
            }
            pos = nl + 1;
            lineNo++;
        }
        chunks.add(new Chunk(chunks.size(), text.substring(chunkStart), firstLine));
        return chunks;
    }

    /**
      * Joins per-chunk outputs with {@code // -----} lines, as {@code mlir-opt --split-input-file}
      * prints them; a newline is inserted before a separator when an output lacks one.
      *
      * @param outputs the outputs in chunk order
      * @return the joined text
      */
    public static String join(List<String> outputs) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < outputs.size(); i++) {
            if (i > 0) {
                if (sb.length() > 0 && sb.charAt(sb.length() - 1) != '\n') {
                    sb.append('\n');
                }
                sb.append(SEPARATOR).append('\n');
            }
            sb.append(outputs.get(i));
        }
        return sb.toString();
    }
}
