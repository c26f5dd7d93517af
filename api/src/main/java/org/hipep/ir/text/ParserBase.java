package org.hipep.ir.text;

import java.nio.charset.StandardCharsets;
import java.io.ByteArrayOutputStream;
import org.hipep.ir.Context;
import org.hipep.ir.Location;
import org.hipep.ir.builtin.FileLineColLoc;

/**
 * Token handling, positions and error reporting shared by the textual IR parsers.
 */
abstract class ParserBase {
    protected final Context context;
    protected final String filename;
    protected final Lexer lexer;
    protected Token tok;
    private int[] lineStarts;

    ParserBase(Context context, String text, String filename) {
        this.context = context;
        this.filename = filename;
        this.lexer = new Lexer(text);
        this.tok = lexer.next();
    }

    /** The context IR is built in. */
    public Context context() {
        return context;
    }

    protected void consume() {
        if (tok.is(Token.Kind.ERROR)) {
            throw errorAt(tok.start(), tok.text());
        }
        tok = lexer.next();
    }

    /** Re-lexes from an offset (used to split tokens like {@code 4xf32}). */
    protected void resetTo(int offset) {
        lexer.resetTo(offset);
        tok = lexer.next();
    }

    protected void checkToken() {
        if (tok.is(Token.Kind.ERROR)) {
            throw errorAt(tok.start(), tok.text());
        }
    }

    // ------------------------------------------------------------------ positions and errors

    private int[] lineStarts() {
        if (lineStarts == null) {
            String s = lexer.source();
            int n = 1;
            for (int i = 0; i < s.length(); i++) {
                if (s.charAt(i) == '\n') {
                    n++;
                }
            }
            int[] starts = new int[n];
            int k = 1;
            for (int i = 0; i < s.length(); i++) {
                if (s.charAt(i) == '\n') {
                    starts[k++] = i + 1;
                }
            }
            lineStarts = starts;
        }
        return lineStarts;
    }

    /** 1-based line and column of an offset. */
    protected int[] lineCol(int offset) {
        int[] starts = lineStarts();
        int lo = 0;
        int hi = starts.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (starts[mid] <= offset) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return new int[] {lo + 1, offset - starts[lo] + 1};
    }

    /** The offset of a location in this buffer (the current token when it is not one). */
    protected int offsetOf(Location l) {
        if (l instanceof FileLineColLoc f && f.filename().equals(filename)) {
            int[] starts = lineStarts();
            if (f.line() >= 1 && f.line() <= starts.length) {
                return starts[f.line() - 1] + f.column() - 1;
            }
        }
        return tok.start();
    }

    /** The location of an offset. */
    protected FileLineColLoc locationAt(int offset) {
        int[] lc = lineCol(offset);
        return new FileLineColLoc(filename, lc[0], lc[1]);
    }

    /** The location of the current token. */
    public Location currentLocation() {
        return locationAt(tok.start());
    }

    /** An error at an offset. */
    protected IrParseException errorAt(int offset, String message) {
        int[] lc = lineCol(offset);
        String src = lexer.source();
        int ls = offset - (lc[1] - 1);
        int le = src.indexOf('\n', ls);
        String line = src.substring(ls, le < 0 ? src.length() : le);
        return new IrParseException(filename, lc[0], lc[1], message, line);
    }

    /** An error at the current token. */
    public IrParseException error(String message) {
        return errorAt(tok.start(), message);
    }

    // ------------------------------------------------------------------ simple tokens

    public void parsePunct(String p) {
        checkToken();
        if (!tok.isPunct(p)) {
            throw error("expected '" + p + "'");
        }
        consume();
    }

    public boolean parseOptionalPunct(String p) {
        checkToken();
        if (tok.isPunct(p)) {
            consume();
            return true;
        }
        return false;
    }

    public void parseKeyword(String k) {
        if (!tok.isKeyword(k)) {
            throw error("expected '" + k + "'");
        }
        consume();
    }

    public boolean parseOptionalKeyword(String k) {
        if (tok.isKeyword(k)) {
            consume();
            return true;
        }
        return false;
    }

    public String parseKeyword() {
        if (!tok.is(Token.Kind.BARE_IDENTIFIER)) {
            throw error("expected valid keyword");
        }
        String s = tok.text();
        consume();
        return s;
    }

    public String parseOptionalKeyword() {
        if (!tok.is(Token.Kind.BARE_IDENTIFIER)) {
            return null;
        }
        String s = tok.text();
        consume();
        return s;
    }

    public long parseInteger() {
        boolean neg = parseOptionalPunct("-");
        if (!tok.is(Token.Kind.INTEGER)) {
            throw error("expected integer value");
        }
        long v;
        try {
            v = tok.text().startsWith("0x") ? Long.parseUnsignedLong(tok.text().substring(2), 16) : Long.parseLong(tok.text());
        } catch (NumberFormatException e) {
            throw error("integer value too large");
        }
        consume();
        return neg ? -v : v;
    }

    public double parseFloat() {
        boolean neg = parseOptionalPunct("-");
        if (!tok.is(Token.Kind.FLOAT) && !tok.is(Token.Kind.INTEGER)) {
            throw error("expected floating point literal");
        }
        double v = Double.parseDouble(tok.text());
        consume();
        return neg ? -v : v;
    }

    public String parseString() {
        checkToken();
        if (!tok.is(Token.Kind.STRING)) {
            throw error("expected string");
        }
        String s = unescape(tok.text(), tok.start());
        consume();
        return s;
    }

    public String parseOptionalString() {
        checkToken();
        return tok.is(Token.Kind.STRING) ? parseString() : null;
    }

    /** Decodes a quoted MLIR string literal ({@code \\}, {@code \"}, {@code \n}, {@code \t}, {@code \XX}). */
    protected String unescape(String quoted, int offset) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(quoted.length());
        for (int i = 1; i < quoted.length() - 1; i++) {
            char c = quoted.charAt(i);
            if (c != '\\') {
                if (c < 0x80) {
                    bytes.write(c);
                } else {
                    byte[] enc = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                    if (Character.isHighSurrogate(c) && i + 1 < quoted.length() - 1) {
                        enc = quoted.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
                        i++;
                    }
                    bytes.write(enc, 0, enc.length);
                }
                continue;
            }
            char e = quoted.charAt(++i);
            switch (e) {
                case '\\', '"', '\'' -> bytes.write(e);
                case 'n' -> bytes.write('\n');
                case 't' -> bytes.write('\t');
                default -> {
                    if (i + 1 < quoted.length() - 1 && hex(e) >= 0 && hex(quoted.charAt(i + 1)) >= 0) {
                        bytes.write(hex(e) * 16 + hex(quoted.charAt(i + 1)));
                        i++;
                    } else {
                        throw errorAt(offset + i - 1, "unknown escape in string literal");
                    }
                }
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static int hex(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }

    /** The value of {@code @name} / {@code @"name"} token text. */
    protected String symbolName(Token t) {
        String s = t.text().substring(1);
        return s.startsWith("\"") ? unescape(s, t.start() + 1) : s;
    }
}
