package org.hipep.pass.options;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hipep.pass.text.OptionLexer;
import org.hipep.pass.text.PipelineParseException;
import org.hipep.pass.text.RawOption;

/**
  * The typed options a pass (or pass pipeline) declares, mirroring MLIR's {@code PassOptions}: a
  * pass declares options in its constructor, e.g.
  *
  * <pre>{@code
  * PassOptions opts = new PassOptions();
  * Option<Integer> maxIter =
  *     opts.intOption("max-iterations", "Max. iterations between applying patterns", 10);
  * opts.parse("max-iterations=20");
  * }</pre>
  *
  * Option text syntax is that of {@link OptionLexer}. A later occurrence of an option replaces an
  * earlier one, except for list options, which append.
  */
public final class PassOptions {

    private final Map<String, Option<?>> options = new LinkedHashMap<>();

    /** Creates an empty option set. */
    public PassOptions() {}

    /** Declares a 32-bit integer option. */
    public Option<Integer> intOption(String name, String description, int defaultValue) {
        return option(name, description, OptionType.INT, defaultValue);
    }

    /** Declares a 64-bit integer option. */
    public Option<Long> longOption(String name, String description, long defaultValue) {
        return option(name, description, OptionType.LONG, defaultValue);
    }

    /** Declares a floating-point option. */
    public Option<Double> doubleOption(String name, String description, double defaultValue) {
        return option(name, description, OptionType.DOUBLE, defaultValue);
    }

    /** Declares a boolean option; a bare {@code name} sets it to {@code true}. */
    public Option<Boolean> boolOption(String name, String description, boolean defaultValue) {
        return option(name, description, OptionType.BOOL, defaultValue);
    }

    /** Declares a string option. */
    public Option<String> stringOption(String name, String description, String defaultValue) {
        return option(name, description, OptionType.STRING, defaultValue);
    }

    /** Declares an enum option named after the constants (see {@link OptionType#enumOf(Class)}). */
    public <E extends Enum<E>> Option<E> enumOption(
            String name, String description, Class<E> type, E defaultValue) {
        return option(name, description, OptionType.enumOf(type), defaultValue);
    }

    /** Declares an enum-like option over explicit names, listed in the map's order. */
    public <E> Option<E> enumOption(
            String name, String description, Map<String, E> values, E defaultValue) {
        if (!values.containsValue(defaultValue)) {
            throw new IllegalArgumentException(
                    "default value " + defaultValue + " of option '" + name + "' has no name");
        }
        return option(name, description, OptionType.enumOf(values), defaultValue);
    }

    /**
      * Declares a list option (default empty). Values are comma-separated ({@code 1,2,3} or {@code
      * {1,2,3}}); elements may be quoted or braced; repeated occurrences append.
      */
    public <E> Option<List<E>> listOption(
            String name, String description, OptionType<E> elementType) {
        return declare(new Option<>(name, description, new Codec.ListOf<>(elementType), List.of()));
    }

    /**
      * Declares an option holding the raw text of a brace group ({@code nested={a=b}} stores {@code
      * a=b}), for pipelines that pass options down; default empty.
      */
    public Option<String> nestedOption(String name, String description) {
        return option(name, description, OptionType.NESTED, "");
    }

    /** Declares an option of any {@link OptionType}. */
    public <T> Option<T> option(
            String name, String description, OptionType<T> type, T defaultValue) {
        return declare(new Option<>(name, description, new Codec.Scalar<>(type), defaultValue));
    }

    /** Returns the declared options in declaration order. */
    public List<Option<?>> options() {
        return List.copyOf(options.values());
    }

    /** Returns the option declared under {@code name}, if any. */
    public Optional<Option<?>> find(String name) {
        return Optional.ofNullable(options.get(name));
    }

    /**
      * Applies option text (the text between an element's braces).
      *
      * @throws PipelineParseException with a column into {@code optionsText} for syntax errors,
      *     unknown options ({@code no such option 'k'. valid options: a, b}) and invalid values
      *     ({@code invalid value 'v' for option 'k': expected an integer}); options before the error
      *     stay applied
      */
    public void parse(String optionsText) {
        for (RawOption raw : OptionLexer.split(optionsText)) {
            Option<?> option = options.get(raw.key());
            if (option == null) {
                throw PipelineParseException.at(optionsText, raw.column(), unknownOption(raw.key()));
            }
            try {
                option.apply(raw.value());
            } catch (InvalidOptionValue e) {
                if (e.badText() == null) {
                    throw PipelineParseException.at(optionsText, raw.column(),
                            "missing value for option '" + raw.key() + "': expected " + e.expected());
                }
                throw PipelineParseException.at(optionsText, raw.valueColumn(),
                        "invalid value '" + e.badText() + "' for option '" + raw.key() + "': expected "
                                + e.expected());
            }
        }
    }

    /**
      * Prints all options with their current values as {@code key=value} separated by single
      * spaces, sorted by name as MLIR's {@code PassOptions::print} does; empty lists are omitted.
      * The result goes between an element's braces.
      */
    public String print() {
        List<String> parts = new ArrayList<>();
        for (Option<?> option : sortedByName()) {
            String printed = option.print();
            if (printed != null) {
                parts.add(printed);
            }
        }
        return String.join(" ", parts);
    }

    /**
      * Returns {@code --help} lines, sorted by name: {@code "  --name=<type> - description"}, where
      * type is {@code int}, {@code long}, {@code number}, {@code boolean}, {@code string}, {@code
      * list} or the enum names joined by {@code |}.
      */
    public List<String> describe() {
        List<String> lines = new ArrayList<>();
        for (Option<?> option : sortedByName()) {
            lines.add("  --" + option.name() + "=<" + option.typeName() + "> - "
                    + option.description());
        }
        return lines;
    }

    /** Restores every option to its default. */
    public void reset() {
        options.values().forEach(Option::reset);
    }

    private List<Option<?>> sortedByName() {
        List<Option<?>> sorted = new ArrayList<>(options.values());
        sorted.sort(Comparator.comparing(Option::name));
        return sorted;
    }

    private String unknownOption(String key) {
        List<String> names = new ArrayList<>(options.keySet());
        names.sort(Comparator.naturalOrder());
        String valid = names.isEmpty() ? "(none)" : String.join(", ", names);
        return "no such option '" + key + "'. valid options: " + valid;
    }

    private <T> Option<T> declare(Option<T> option) {
        if (option.name().isEmpty() || !option.name().chars().allMatch(PassOptions::isKeyChar)) {
            throw new IllegalArgumentException("invalid option name '" + option.name() + "'");
        }
        if (options.putIfAbsent(option.name(), option) != null) {
            throw new IllegalArgumentException("option '" + option.name() + "' declared twice");
        }
        return option;
    }

    private static boolean isKeyChar(int c) {
        return !Character.isWhitespace(c) && "={}\"'".indexOf(c) < 0;
    }
}
