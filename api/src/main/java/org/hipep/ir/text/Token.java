package org.hipep.ir.text;

/**
 * A token of textual IR: its kind and where it is in the source ({@code [start, end)}).
 *
 * @param kind what the token is
 * @param start offset of the first character
 * @param end offset after the last character
 * @param text the characters (for strings, still quoted and escaped)
 */
record Token(Kind kind, int start, int end, String text) {
    enum Kind {
        EOF, ERROR,
        BARE_IDENTIFIER, PERCENT_IDENTIFIER, CARET_IDENTIFIER, HASH_IDENTIFIER, EXCLAMATION_IDENTIFIER, AT_IDENTIFIER,
        INTEGER, FLOAT, STRING,
        PUNCT
    }

    boolean is(Kind k) {
        return kind == k;
    }

    boolean isPunct(String p) {
        return kind == Kind.PUNCT && text.equals(p);
    }

    boolean isKeyword(String k) {
        return kind == Kind.BARE_IDENTIFIER && text.equals(k);
    }
}
