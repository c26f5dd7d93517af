package org.hipep.ir.text;

/**
 * A syntax or semantic error found while parsing textual IR, with its position. The message
 * renders as {@code file:line:col: error: what} followed by the source line and a caret.
 */
public final class IrParseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final int column;
    private final String detail;
    private final String sourceLine;

    /**
     * @param file buffer name
     * @param line 1-based line
     * @param column 1-based column
     * @param detail what went wrong
     * @param sourceLine the text of the line (without newline), or {@code null}
     */
    public IrParseException(String file, int line, int column, String detail, String sourceLine) {
        super(file + ":" + line + ":" + column + ": error: " + detail);
        this.file = file;
        this.line = line;
        this.column = column;
        this.detail = detail;
        this.sourceLine = sourceLine;
    }

    /** The buffer name. */
    public String file() {
        return file;
    }

    /** The 1-based line. */
    public int line() {
        return line;
    }

    /** The 1-based column. */
    public int column() {
        return column;
    }

    /** The message without position. */
    public String detail() {
        return detail;
    }

    /** The message, the source line and a caret under the column. */
    public String render() {
        if (sourceLine == null) {
            return getMessage();
        }
        return getMessage() + "\n" + sourceLine + "\n" + " ".repeat(Math.max(0, column - 1)) + "^";
    }
}
