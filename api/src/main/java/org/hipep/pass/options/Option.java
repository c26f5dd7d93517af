package org.hipep.pass.options;

import java.util.Objects;

/**
  * One declared pass option: its name, description, default and current value. Obtained from the
  * factory methods of {@link PassOptions}; mutated by {@link PassOptions#parse(String)} or {@link
  * #set(Object)}.
  *
  * @param <T> the value type ({@code List<E>} for list options)
  */
public final class Option<T> {

    private final String name;
    private final String description;
    private final Codec<T> codec;
    private final T defaultValue;
    private T value;
    private boolean explicitlySet;

    Option(String name, String description, Codec<T> codec, T defaultValue) {
        this.name = Objects.requireNonNull(name, "name");
        this.description = Objects.requireNonNull(description, "description");
        this.codec = codec;
        this.defaultValue = codec.adopt(Objects.requireNonNull(defaultValue, "defaultValue"));
        this.value = this.defaultValue;
    }

    /** Returns the option name (the key in option text). */
    public String name() {
        return name;
    }

    /** Returns the help description. */
    public String description() {
        return description;
    }

    /** Returns the current value (the default until set); lists are unmodifiable. */
    public T get() {
        return value;
    }

    /** Returns the declared default value. */
    public T defaultValue() {
        return defaultValue;
    }

    /** Returns whether a value was given explicitly (parsed or {@link #set}). */
    public boolean hasValue() {
        return explicitlySet;
    }

    /** Sets the value explicitly (a list is replaced, not appended to). */
    public void set(T newValue) {
        value = codec.adopt(Objects.requireNonNull(newValue, "value"));
        explicitlySet = true;
    }

    /** Restores the default value and clears {@link #hasValue()}. */
    public void reset() {
        value = defaultValue;
        explicitlySet = false;
    }

    /** Returns the type name used by {@code --help}, e.g. {@code int} or {@code a|b|c}. */
    public String typeName() {
        return codec.typeName();
    }

    /** Returns {@code name=value} as printed in a pipeline, or null when omitted (empty list). */
    public String print() {
        String printed = codec.print(value);
        return printed == null ? null : name + "=" + printed;
    }

    void apply(String text) {
        value = codec.apply(value, text);
        explicitlySet = true;
    }

    @Override
    public String toString() {
        String printed = print();
        return printed == null ? name + "={}" : printed;
    }
}
