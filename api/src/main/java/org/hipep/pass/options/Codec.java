package org.hipep.pass.options;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.hipep.pass.text.OptionLexer;
import org.hipep.pass.text.PipelineParseException;

/** Internal: how an {@link Option} applies text to its current value and prints it. */
sealed interface Codec<T> permits Codec.Scalar, Codec.ListOf {

    /** Returns the new value after applying {@code text} (null for a bare flag). */
    T apply(T current, String text);

    /** Returns the printed value (after {@code key=}), or null to omit the option. */
    String print(T value);

    /** Returns the help type name. */
    String typeName();

    /** Normalises a value given through {@link Option#set}. */
    T adopt(T value);

    /** Writes {@code raw} as a value token, quoting or bracing it when needed. */
    static String token(String raw, boolean braced, boolean listElement) {
        if (braced) {
            return "{" + raw + "}";
        }
        if (OptionLexer.isVerbatimValue(raw, listElement)) {
            return raw;
        }
        if (raw.indexOf('"') < 0) {
            return "\"" + raw + "\"";
        }
        if (raw.indexOf('\'') < 0) {
            return "'" + raw + "'";
        }
        return "{" + raw + "}";
    }

    /** A single value; later occurrences replace earlier ones. */
    record Scalar<T>(OptionType<T> type) implements Codec<T> {

        @Override
        public T apply(T current, String text) {
            if (text == null) {
                if (type == OptionType.BOOL) {
                    @SuppressWarnings("unchecked")
                    T flag = (T) Boolean.TRUE;
                    return flag;
                }
                throw new InvalidOptionValue(null, type.expected());
            }
            try {
                return type.parse(text);
            } catch (IllegalArgumentException e) {
                throw new InvalidOptionValue(text, type.expected());
            }
        }

        @Override
        public String print(T value) {
            return token(type.print(value), type.braced(), false);
        }

        @Override
        public String typeName() {
            return type.typeName();
        }

        @Override
        public T adopt(T value) {
            return value;
        }
    }

    /** A comma-separated list; later occurrences append. */
    record ListOf<E>(OptionType<E> element) implements Codec<List<E>> {

        @Override
        public List<E> apply(List<E> current, String text) {
            if (text == null) {
                throw new InvalidOptionValue(null, element.expected());
            }
            List<String> parts;
            try {
                parts = OptionLexer.splitList(text);
            } catch (PipelineParseException e) {
                throw new InvalidOptionValue(text, "a comma-separated list (" + e.getMessage() + ")");
            }
            List<E> result = new ArrayList<>(current);
            for (String part : parts) {
                try {
                    result.add(element.parse(part));
                } catch (IllegalArgumentException e) {
                    throw new InvalidOptionValue(part, element.expected());
                }
            }
            return Collections.unmodifiableList(result);
        }

        @Override
        public String print(List<E> value) {
            if (value.isEmpty()) {
                return null;
            }
            StringBuilder out = new StringBuilder("{");
            for (int i = 0; i < value.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                out.append(token(element.print(value.get(i)), element.braced(), true));
            }
            return out.append('}').toString();
        }

        @Override
        public String typeName() {
            return "list";
        }

        @Override
        public List<E> adopt(List<E> value) {
            return List.copyOf(value);
        }
    }
}
