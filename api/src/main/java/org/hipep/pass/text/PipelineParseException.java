package org.hipep.pass.text;

import java.util.Objects;

/**
  * A syntax error in a textual pass pipeline or in pass option text. Carries the text that was
  * parsed and the 0-based offset of the error, and renders itself the way MLIR's {@code SourceMgr}
  * prints diagnostics:
  *
  * <pre>
  * MLIR Textual PassPipeline Parser:1:19: error: expected ',' after parsing pipeline
  * builtin.module(a b)
  *                   ^
  * </pre>
  */
public final class PipelineParseException extends RuntimeException {

    private static final long serialVersionUID = 1L;
    private static final int TAB_STOP = 8;

    private final String text;
    private final int column;

    /**
      * Creates an exception.
      *
      * @param text the whole text that was being parsed
      * @param column the 0-based offset into {@code text} of the error, clamped to {@code [0,
      *     text.length()]}
      * @param message the diagnostic message, without location
      */
    public PipelineParseException(String text, int column, String message) {
        super(Objects.requireNonNull(message, "message"));
        this.text = Objects.requireNonNull(text, "text");
        this.column = Math.max(0, Math.min(column, text.length()));
    }

    /** Builds an exception pointing at {@code column} (0-based offset) of {@code text}. */
    public static PipelineParseException at(String text, int column, String message) {
        return new PipelineParseException(text, column, message);
    }

    /** Returns the text the error refers to. */
    public String text() {
        return text;
    }

    /** Returns the 0-based offset into {@link #text()} the error points at. */
    public int column() {
        return column;
    }

    /**
      * Re-targets this error, which was raised on a substring of {@code fullText} starting at {@code
      * offset} (typically option text, see {@link PassElement#optionsStart()}), onto {@code fullText}.
      */
    public PipelineParseException rebase(String fullText, int offset) {
        PipelineParseException moved = new PipelineParseException(fullText, offset + column, getMessage());
        moved.initCause(this);
        return moved;
    }

    /** Returns the 1-based line of the error. */
    public int line() {
        int line = 1;
        for (int i = 0; i < column; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    /**
      * Renders the diagnostic in three lines (no trailing newline): {@code BUFFER:line:col: error:
      * message}, the source line, and a caret under the error column. Columns are 1-based; tabs are
      * expanded to 8-column stops in both the source line and the caret line.
      */
    public String render() {
        int lineStart = text.lastIndexOf('\n', column - 1) + 1;
        int lineEnd = text.indexOf('\n', column);
        if (lineEnd < 0) {
            lineEnd = text.length();
        }
        String sourceLine = text.substring(lineStart, lineEnd);
        if (sourceLine.endsWith("\r")) {
            sourceLine = sourceLine.substring(0, sourceLine.length() - 1);
        }
        int caretOffset = column - lineStart;
        StringBuilder expanded = new StringBuilder();
        int caretVisual = -1;
        for (int i = 0; i <= sourceLine.length(); i++) {
            if (i == caretOffset) {
                caretVisual = expanded.length();
            }
            if (i == sourceLine.length()) {
                break;
            }
            char c = sourceLine.charAt(i);
            if (c == '\t') {
                do {
                    expanded.append(' ');
                } while (expanded.length() % TAB_STOP != 0);
            } else {
                expanded.append(c);
            }
        }
        if (caretVisual < 0) {
            caretVisual = expanded.length();
        }
        return ParseMessages.BUFFER_NAME + ":" + line() + ":" + (caretOffset + 1) + ": error: "
                + getMessage() + "\n" + expanded + "\n" + " ".repeat(caretVisual) + "^";
    }
}
