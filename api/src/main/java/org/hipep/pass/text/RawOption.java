package org.hipep.pass.text;

import java.util.Objects;

/**
  * One {@code key=value} or bare {@code key} entry of pass option text, as split by {@link
  * OptionLexer#split(String)}.
  *
  * @param key the option name
  * @param value the value with one level of surrounding quotes or braces removed, or {@code null}
  *     for a bare flag
  * @param column the 0-based offset of the key within the option text
  */
public record RawOption(String key, String value, int column) {

    /** Validates the components. */
    public RawOption {
        Objects.requireNonNull(key, "key");
    }

    /** Returns whether this is a bare flag ({@code key} without {@code =value}). */
    public boolean isFlag() {
        return value == null;
    }

    /**
      * Returns the 0-based offset of the raw value text (just after the {@code =}), or -1 for a bare
      * flag.
      */
    public int valueColumn() {
        return value == null ? -1 : column + key.length() + 1;
    }
}
