package org.hipep.pass.text;

import java.util.ArrayList;
import java.util.List;

/**
  * Lexical rules of the pass option text found between an element's braces: a space-separated list
  * of {@code key=value} or bare {@code key} entries. A value is a plain token (up to the next
  * whitespace), a quoted string ({@code "..."} or {@code '...'}, no escapes) or a brace group
  * ({@code {...}}, braces nest and quotes inside protect). Quotes and brace groups may also appear
  * inside a token; only a value that is exactly one quoted string or one brace group is unwrapped.
  */
public final class OptionLexer {

    private OptionLexer() {}

    /**
      * Splits option text into its entries, in order.
      *
      * @throws PipelineParseException for an unterminated quote, an unbalanced brace, an empty key
      *     ({@code =3}) or a quote/brace inside a key; the column is an offset into {@code text}
      */
    public static List<RawOption> split(String text) {
        List<RawOption> options = new ArrayList<>();
        int pos = 0;
        int n = text.length();
        while (true) {
            while (pos < n && Character.isWhitespace(text.charAt(pos))) {
                pos++;
            }
            if (pos >= n) {
                return options;
            }
            int keyStart = pos;
            while (pos < n && !Character.isWhitespace(text.charAt(pos)) && text.charAt(pos) != '=') {
                char c = text.charAt(pos);
                if (c == '{' || c == '}' || c == '"' || c == '\'') {
                    throw PipelineParseException.at(text, pos, ParseMessages.invalidOptionNameChar(c));
                }
                pos++;
            }
            String key = text.substring(keyStart, pos);
            String value = null;
            if (pos < n && text.charAt(pos) == '=') {
                if (key.isEmpty()) {
                    throw PipelineParseException.at(text, keyStart, ParseMessages.EMPTY_OPTION_NAME);
                }
                int valueStart = ++pos;
                pos = scanValue(text, pos, false);
                value = unwrap(text.substring(valueStart, pos));
            }
            options.add(new RawOption(key, value, keyStart));
        }
    }

    /**
      * Splits a list value ({@code 1,2,3}, or the inside of {@code {1,2,3}}) at top-level commas.
      * Elements are trimmed and unwrapped like option values, so {@code {a=b c},{d}} yields {@code a=b
      * c} and {@code d}. Blank text yields an empty list.
      *
      * @throws PipelineParseException for an unterminated quote or an unbalanced brace
      */
    public static List<String> splitList(String text) {
        List<String> elements = new ArrayList<>();
        if (text.isBlank()) {
            return elements;
        }
        int pos = 0;
        while (true) {
            int start = pos;
            pos = scanValue(text, pos, true);
            elements.add(unwrap(text.substring(start, pos).strip()));
            if (pos >= text.length()) {
                return elements;
            }
            pos++; // the comma
        }
    }

    /**
      * Returns the offset of the '}' matching the '{' at {@code open}, or -1 when there is none.
      * Quoted strings inside are skipped; a quote without a partner is an ordinary character.
      */
    public static int findClosingBrace(String text, int open) {
        int depth = 0;
        for (int i = open; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\'') {
                int close = text.indexOf(c, i + 1);
                if (close >= 0) {
                    i = close;
                }
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    /**
      * Collapses whitespace between entries to single spaces and trims the ends, leaving quoted
      * strings and brace groups verbatim. Never fails; idempotent.
      */
    public static String normalize(String text) {
        StringBuilder out = new StringBuilder(text.length());
        boolean pendingSpace = false;
        int pos = 0;
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (Character.isWhitespace(c)) {
                pendingSpace = true;
                pos++;
                continue;
            }
            if (pendingSpace && out.length() > 0) {
                out.append(' ');
            }
            pendingSpace = false;
            int end = pos + 1;
            if (c == '"' || c == '\'') {
                int close = text.indexOf(c, pos + 1);
                end = close < 0 ? pos + 1 : close + 1;
            } else if (c == '{') {
                int close = findClosingBrace(text, pos);
                end = close < 0 ? text.length() : close + 1;
            }
            out.append(text, pos, end);
            pos = end;
        }
        return out.toString();
    }

    /**
      * Removes one level of quotes or braces when {@code raw} is exactly one quoted string or one
      * brace group; otherwise returns {@code raw}.
      */
    public static String unwrap(String raw) {
        if (raw.length() < 2) {
            return raw;
        }
        char first = raw.charAt(0);
        int last = raw.length() - 1;
        boolean quoted = (first == '"' || first == '\'') && raw.indexOf(first, 1) == last;
        boolean braced = first == '{' && findClosingBrace(raw, 0) == last;
        return quoted || braced ? raw.substring(1, last) : raw;
    }

    /**
      * Returns whether {@code value} can be written without quotes or braces and reads back
      * unchanged: as an option value ({@code listElement == false}) or as one element of a list
      * value ({@code listElement == true}, where commas and surrounding whitespace matter and an
      * empty element must be quoted).
      */
    public static boolean isVerbatimValue(String value, boolean listElement) {
        if (listElement && (value.isEmpty() || !value.equals(value.strip()))) {
            return false;
        }
        Scan scan = scan(value, 0, listElement);
        return scan.error() == null && scan.end() == value.length() && unwrap(value).equals(value);
    }

    /** Scans one value from {@code pos}; stops at whitespace, or at a top-level ',' in list mode. */
    private static int scanValue(String text, int pos, boolean listMode) {
        Scan scan = scan(text, pos, listMode);
        if (scan.error() != null) {
            throw PipelineParseException.at(text, scan.end(), scan.error());
        }
        return scan.end();
    }

    /** Result of scanning a value: its end, or the error and its offset in {@code end}. */
    private record Scan(int end, String error) {}

    private static Scan scan(String text, int pos, boolean listMode) {
        int n = text.length();
        while (pos < n) {
            char c = text.charAt(pos);
            if (listMode ? c == ',' : Character.isWhitespace(c)) {
                return new Scan(pos, null);
            }
            if (c == '"' || c == '\'') {
                int close = text.indexOf(c, pos + 1);
                if (close < 0) {
                    return new Scan(pos, ParseMessages.UNTERMINATED_QUOTE);
                }
                pos = close + 1;
            } else if (c == '{') {
                int close = findClosingBrace(text, pos);
                if (close < 0) {
                    return new Scan(pos, ParseMessages.MISSING_CLOSING_BRACE);
                }
                pos = close + 1;
            } else if (c == '}') {
                return new Scan(pos, ParseMessages.EXTRA_CLOSING_BRACE);
            } else {
                pos++;
            }
        }
        return new Scan(pos, null);
    }
}
