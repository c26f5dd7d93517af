package org.hipep.passes.llvm;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Writes JSON (RFC 8259) from plain Java values: {@code null}, {@link Boolean}, {@link Long} /
 * {@link Integer}, {@link String}, {@link List} (array) and {@link Map} with string keys (object,
 * in the map's iteration order). Objects and arrays holding containers are indented by two spaces;
 * an array of scalars stays on one line ({@code "shape": [2, -1]}). Strings are escaped so that
 * the text is pure ASCII: quote, backslash and control characters as JSON escapes, every other
 * character outside printable ASCII as {@code \}{@code uXXXX} (one per UTF-16 unit), which keeps
 * the byte length of the text equal to its character count.
 *
 * <p>Reads JSON back ({@link #parse}) into the same kinds of values: objects as insertion-ordered
 * maps, arrays as lists, integers as {@link Long}, other numbers as {@link Double}.
 */
public final class Json {
    private Json() {
    }

    /** {@code value} as indented JSON text, without a trailing newline. */
    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(out, value, 0);
        return out.toString();
    }

    /** {@code s} as a JSON string literal, quotes included (pure ASCII, as {@link #write} escapes). */
    public static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    /**
     * The value {@code text} holds. Malformed text is an {@link IllegalArgumentException} naming the
     * character offset and what was expected there.
     */
    public static Object parse(String text) {
        Reader r = new Reader(text);
        r.space();
        Object v = r.value();
        r.space();
        if (r.at < text.length()) {
            throw r.error("end of input");
        }
        return v;
    }

    /** A recursive-descent reader over the text. */
    private static final class Reader {
        private final String s;
        private int at;

        Reader(String s) {
            this.s = s;
        }

        Object value() {
            if (at >= s.length()) {
                throw error("a value");
            }
            char c = s.charAt(at);
            switch (c) {
                case '{' -> {
                    return object();
                }
                case '[' -> {
                    return array();
                }
                case '"' -> {
                    return string();
                }
                case 't' -> {
                    return literal("true", Boolean.TRUE);
                }
                case 'f' -> {
                    return literal("false", Boolean.FALSE);
                }
                case 'n' -> {
                    return literal("null", null);
                }
                default -> {
                    if (c == '-' || (c >= '0' && c <= '9')) {
                        return number();
                    }
                    throw error("a value");
                }
            }
        }

        private Map<String, Object> object() {
            Map<String, Object> m = new java.util.LinkedHashMap<>();
            at++;
            space();
            if (peek() == '}') {
                at++;
                return m;
            }
            while (true) {
                space();
                if (peek() != '"') {
                    throw error("a string key");
                }
                String key = string();
                space();
                expect(':');
                space();
                m.put(key, value());
                space();
                if (peek() == ',') {
                    at++;
                } else {
                    expect('}');
                    return m;
                }
            }
        }

        private List<Object> array() {
            List<Object> list = new java.util.ArrayList<>();
            at++;
            space();
            if (peek() == ']') {
                at++;
                return list;
            }
            while (true) {
                space();
                list.add(value());
                space();
                if (peek() == ',') {
                    at++;
                } else {
                    expect(']');
                    return list;
                }
            }
        }

        private String string() {
            at++;
            StringBuilder b = new StringBuilder();
            while (true) {
                if (at >= s.length()) {
                    throw error("a closing quote");
                }
                char c = s.charAt(at++);
                if (c == '"') {
                    return b.toString();
                }
                if (c != '\\') {
                    b.append(c);
                    continue;
                }
                if (at >= s.length()) {
                    throw error("an escape");
                }
                char e = s.charAt(at++);
                switch (e) {
                    case '"', '\\', '/' -> b.append(e);
                    case 'b' -> b.append('\b');
                    case 'f' -> b.append('\f');
                    case 'n' -> b.append('\n');
                    case 'r' -> b.append('\r');
                    case 't' -> b.append('\t');
                    case 'u' -> {
                        if (at + 4 > s.length()) {
                            throw error("four hex digits");
                        }
                        try {
                            b.append((char) Integer.parseInt(s.substring(at, at + 4), 16));
                        } catch (NumberFormatException x) {
                            throw error("four hex digits");
                        }
                        at += 4;
                    }
                    default -> {
                        at--;
                        throw error("an escape");
                    }
                }
            }
        }

        private Object number() {
            int start = at;
            boolean integral = true;
            while (at < s.length() && "+-0123456789.eE".indexOf(s.charAt(at)) >= 0) {
                char c = s.charAt(at++);
                if (c == '.' || c == 'e' || c == 'E') {
                    integral = false;
                }
            }
            String t = s.substring(start, at);
            try {
                return integral ? (Object) Long.parseLong(t) : (Object) Double.parseDouble(t);
            } catch (NumberFormatException x) {
                at = start;
                throw error("a number");
            }
        }

        private Object literal(String word, Object v) {
            if (!s.startsWith(word, at)) {
                throw error("a value");
            }
            at += word.length();
            return v;
        }

        private char peek() {
            return at < s.length() ? s.charAt(at) : '\0';
        }

        private void expect(char c) {
            if (peek() != c) {
                throw error("'" + c + "'");
            }
            at++;
        }

        void space() {
            while (at < s.length() && " \t\r\n".indexOf(s.charAt(at)) >= 0) {
                at++;
            }
        }

        IllegalArgumentException error(String expected) {
            return new IllegalArgumentException("JSON: expected " + expected + " at offset " + at);
        }
    }

    private static void write(StringBuilder out, Object value, int indent) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof Boolean || value instanceof Long || value instanceof Integer) {
            out.append(value);
        } else if (value instanceof String s) {
            out.append(quote(s));
        } else if (value instanceof List<?> list) {
            writeArray(out, list, indent);
        } else if (value instanceof Map<?, ?> map) {
            writeObject(out, map, indent);
        } else {
            throw new IllegalArgumentException("not a JSON value: " + value.getClass().getName());
        }
    }

    private static void writeArray(StringBuilder out, List<?> list, int indent) {
        if (list.isEmpty()) {
            out.append("[]");
            return;
        }
        boolean scalars = list.stream().noneMatch(v -> v instanceof List<?> || v instanceof Map<?, ?>);
        out.append('[');
        for (int i = 0; i < list.size(); i++) {
            if (scalars) {
                out.append(i == 0 ? "" : ", ");
            } else {
                out.append(i == 0 ? "" : ",");
                newline(out, indent + 1);
            }
            write(out, list.get(i), indent + 1);
        }
        if (!scalars) {
            newline(out, indent);
        }
        out.append(']');
    }

    private static void writeObject(StringBuilder out, Map<?, ?> map, int indent) {
        if (map.isEmpty()) {
            out.append("{}");
            return;
        }
        out.append('{');
        Iterator<? extends Map.Entry<?, ?>> it = map.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<?, ?> e = it.next();
            if (!(e.getKey() instanceof String key)) {
                throw new IllegalArgumentException("JSON object keys must be strings: " + e.getKey());
            }
            newline(out, indent + 1);
            out.append(quote(key)).append(": ");
            write(out, e.getValue(), indent + 1);
            if (it.hasNext()) {
                out.append(',');
            }
        }
        newline(out, indent);
        out.append('}');
    }

    private static void newline(StringBuilder out, int indent) {
        out.append('\n').append("  ".repeat(indent));
    }
}
