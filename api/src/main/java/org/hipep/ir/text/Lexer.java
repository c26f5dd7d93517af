package org.hipep.ir.text;

/**
 * Splits textual IR into tokens on demand. Comments ({@code //} to end of line) are skipped.
 * The position can be reset, which the parser uses to split {@code 4xf32} in shapes.
 */
final class Lexer {
    private final String src;
    private int pos;

    Lexer(String src) {
        this.src = src;
    }

    String source() {
        return src;
    }

    void resetTo(int offset) {
        pos = offset;
    }

    Token next() {
        skipTrivia();
        int start = pos;
        if (pos >= src.length()) {
            return new Token(Token.Kind.EOF, pos, pos, "");
        }
        char c = src.charAt(pos);
        switch (c) {
            case '(': case ')': case '{': case '}': case '[': case ']': case '<': case '>':
            case ',': case '=': case '?': case '*': case '+': case '|':
                pos++;
                return punct(start);
            case ':':
                pos++;
                if (peekIs(':')) {
                    pos++;
                }
                return punct(start);
            case '-':
                pos++;
                if (peekIs('>')) {
                    pos++;
                    return punct(start);
                }
                return punct(start);
            case '.':
                if (src.startsWith("...", pos)) {
                    pos += 3;
                    return punct(start);
                }
                pos++;
                return error(start, "unexpected character '.'");
            case '"':
                return string(start);
            case '%':
                return prefixed(start, Token.Kind.PERCENT_IDENTIFIER);
            case '^':
                return prefixed(start, Token.Kind.CARET_IDENTIFIER);
            case '#':
                return prefixed(start, Token.Kind.HASH_IDENTIFIER);
            case '!':
                return prefixed(start, Token.Kind.EXCLAMATION_IDENTIFIER);
            case '@':
                pos++;
                if (peekIs('"')) {
                    Token s = string(pos);
                    if (s.kind() == Token.Kind.ERROR) {
                        return s;
                    }
                    return new Token(Token.Kind.AT_IDENTIFIER, start, pos, src.substring(start, pos));
                }
                if (pos < src.length() && Lexical.isIdStart(src.charAt(pos))) {
                    while (pos < src.length() && Lexical.isSuffixIdChar(src.charAt(pos))) {
                        pos++;
                    }
                    return new Token(Token.Kind.AT_IDENTIFIER, start, pos, src.substring(start, pos));
                }
                return error(start, "@ identifier expected to start with letter or '_'");
            default:
                if (Lexical.isIdStart(c)) {
                    pos++;
                    while (pos < src.length() && Lexical.isIdChar(src.charAt(pos))) {
                        pos++;
                    }
                    return new Token(Token.Kind.BARE_IDENTIFIER, start, pos, src.substring(start, pos));
                }
                if (c >= '0' && c <= '9') {
                    return number(start);
                }
                pos++;
                return error(start, "unexpected character");
        }
    }

    private Token punct(int start) {
        // Punctuation text comes from constants: no substring per token.
        String text = switch (src.charAt(start)) {
            case '(' -> "(";
            case ')' -> ")";
            case '{' -> "{";
            case '}' -> "}";
            case '[' -> "[";
            case ']' -> "]";
            case '<' -> "<";
            case '>' -> ">";
            case ',' -> ",";
            case '=' -> "=";
            case '?' -> "?";
            case '*' -> "*";
            case '+' -> "+";
            case '|' -> "|";
            case ':' -> pos - start == 2 ? "::" : ":";
            case '-' -> pos - start == 2 ? "->" : "-";
            default -> src.substring(start, pos);
        };
        return new Token(Token.Kind.PUNCT, start, pos, text);
    }

    private Token error(int start, String msg) {
        return new Token(Token.Kind.ERROR, start, pos, msg);
    }

    private boolean peekIs(char c) {
        return pos < src.length() && src.charAt(pos) == c;
    }

    private void skipTrivia() {
        while (pos < src.length()) {
            char c = src.charAt(pos);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                pos++;
            } else if (c == '/' && pos + 1 < src.length() && src.charAt(pos + 1) == '/') {
                while (pos < src.length() && src.charAt(pos) != '\n') {
                    pos++;
                }
            } else {
                return;
            }
        }
    }

    private Token prefixed(int start, Token.Kind kind) {
        pos++;
        if (pos < src.length() && Character.isDigit(src.charAt(pos))) {
            while (pos < src.length() && Character.isDigit(src.charAt(pos))) {
                pos++;
            }
        } else if (pos < src.length() && (Lexical.isIdStart(src.charAt(pos)) || "$.-".indexOf(src.charAt(pos)) >= 0)) {
            while (pos < src.length() && Lexical.isSuffixIdChar(src.charAt(pos))) {
                pos++;
            }
        } else {
            return error(start, switch (kind) {
                case PERCENT_IDENTIFIER -> "invalid SSA name";
                case CARET_IDENTIFIER -> "invalid block name";
                default -> "invalid " + src.charAt(start) + " identifier";
            });
        }
        return new Token(kind, start, pos, src.substring(start, pos));
    }

    private Token number(int start) {
        if (src.startsWith("0x", pos) && pos + 2 < src.length() && isHex(src.charAt(pos + 2))) {
            pos += 2;
            while (pos < src.length() && isHex(src.charAt(pos))) {
                pos++;
            }
            return new Token(Token.Kind.INTEGER, start, pos, src.substring(start, pos));
        }
        while (pos < src.length() && Character.isDigit(src.charAt(pos))) {
            pos++;
        }
        if (!peekIs('.')) {
            return new Token(Token.Kind.INTEGER, start, pos, src.substring(start, pos));
        }
        pos++;
        while (pos < src.length() && Character.isDigit(src.charAt(pos))) {
            pos++;
        }
        if (pos < src.length() && (src.charAt(pos) == 'e' || src.charAt(pos) == 'E')) {
            int save = pos;
            pos++;
            if (pos < src.length() && (src.charAt(pos) == '+' || src.charAt(pos) == '-')) {
                pos++;
            }
            if (pos < src.length() && Character.isDigit(src.charAt(pos))) {
                while (pos < src.length() && Character.isDigit(src.charAt(pos))) {
                    pos++;
                }
            } else {
                pos = save;
            }
        }
        return new Token(Token.Kind.FLOAT, start, pos, src.substring(start, pos));
    }

    private static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    private Token string(int start) {
        pos++;
        while (pos < src.length()) {
            char c = src.charAt(pos);
            if (c == '"') {
                pos++;
                return new Token(Token.Kind.STRING, start, pos, src.substring(start, pos));
            }
            if (c == '\n') {
                return error(start, "expected '\"' in string literal");
            }
            if (c == '\\') {
                pos += 2;
            } else {
                pos++;
            }
        }
        return error(start, "expected '\"' in string literal");
    }
}
