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
 */
final class Json {
    private Json() {
    }

    /** {@code value} as indented JSON text, without a trailing newline. */
    static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(out, value, 0);
        return out.toString();
    }

    /** {@code s} as a JSON string literal, quotes included. */
    static String quote(String s) {
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
