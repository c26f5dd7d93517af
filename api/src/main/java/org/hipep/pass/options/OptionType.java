package org.hipep.pass.options;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
  * How values of one option type are read from and written to option text, and how the type is
  * named in {@code --help} output. Predefined types cover MLIR's common {@code cl::opt} types;
  * {@link #of} builds others (e.g. element types for {@link PassOptions#listOption}).
  *
  * @param <T> the Java type of the values
  */
public final class OptionType<T> {

    private static final Pattern INTEGER = Pattern.compile("[+-]?(0[xX][0-9a-fA-F]+|[0-9]+)");
    private static final Pattern NUMBER =
            Pattern.compile("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?");

    /** 32-bit integers (decimal or {@code 0x} hexadecimal); help name {@code int}. */
    public static final OptionType<Integer> INT =
            of("int", "an integer", text -> Math.toIntExact(parseInteger(text)), String::valueOf);

    /** 64-bit integers (decimal or {@code 0x} hexadecimal); help name {@code long}. */
    public static final OptionType<Long> LONG =
            of("long", "an integer", OptionType::parseInteger, String::valueOf);

    /**
      * Doubles; printed like LLVM's {@code raw_ostream << double} ({@code 1.000000e+00}); help name
      * {@code number}.
      */
    public static final OptionType<Double> DOUBLE =
            of("number", "a number", OptionType::parseNumber, OptionType::printNumber);

    /** Booleans: {@code true/false/1/0} (also {@code TRUE}, {@code True}, ...); help name {@code boolean}. */
    public static final OptionType<Boolean> BOOL =
            of("boolean", "a boolean (true/false/1/0)", OptionType::parseBoolean, String::valueOf);

    /** Arbitrary strings; help name {@code string}. */
    public static final OptionType<String> STRING = of("string", "a string", text -> text, s -> s);

    /**
      * Raw option text of a brace group passed down to nested pipelines; always printed inside
      * braces; help name {@code string}.
      */
    public static final OptionType<String> NESTED =
            new OptionType<>("string", "a string", text -> text, s -> s, true);

    private final String typeName;
    private final String expected;
    private final Function<String, T> parser;
    private final Function<T, String> printer;
    private final boolean braced;

    private OptionType(
            String typeName,
            String expected,
            Function<String, T> parser,
            Function<T, String> printer,
            boolean braced) {
        this.typeName = Objects.requireNonNull(typeName, "typeName");
        this.expected = Objects.requireNonNull(expected, "expected");
        this.parser = Objects.requireNonNull(parser, "parser");
        this.printer = Objects.requireNonNull(printer, "printer");
        this.braced = braced;
    }

    /**
      * Builds a type.
      *
      * @param typeName the name shown in {@code --help} as {@code --key=<typeName>}
      * @param expected what a valid value is, completing "expected ...", e.g. {@code "an integer"}
      * @param parser reads a value; throws {@link IllegalArgumentException} (or returns null) when the
      *     text is invalid
      * @param printer writes a value back (unquoted; quoting is added when needed)
      */
    public static <T> OptionType<T> of(
            String typeName, String expected, Function<String, T> parser, Function<T, String> printer) {
        return new OptionType<>(typeName, expected, parser, printer, false);
    }

    /**
      * An enum type whose textual names are the constants' names in lower case with {@code _}
      * replaced by {@code -} ({@code AGGRESSIVE_MODE} is {@code aggressive-mode}).
      */
    public static <E extends Enum<E>> OptionType<E> enumOf(Class<E> type) {
        Map<String, E> names = new LinkedHashMap<>();
        for (E constant : type.getEnumConstants()) {
            names.put(constant.name().toLowerCase(Locale.ROOT).replace('_', '-'), constant);
        }
        return enumOf(names);
    }

    /** An enum-like type over the given names, in the map's iteration order. */
    public static <E> OptionType<E> enumOf(Map<String, E> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("an enum option needs at least one value");
        }
        Map<String, E> names = new LinkedHashMap<>(values);
        Map<E, String> reverse = new LinkedHashMap<>();
        names.forEach((name, value) -> reverse.putIfAbsent(value, name));
        String expected = "one of " + String.join(", ", names.keySet());
        Function<String, E> parser = text -> names.get(text);
        Function<E, String> printer = value -> {
            String name = reverse.get(value);
            if (name == null) {
                throw new IllegalArgumentException("value " + value + " has no name in this enum option");
            }
            return name;
        };
        return new OptionType<>(String.join("|", names.keySet()), expected, parser, printer, false);
    }

    /** Returns the name shown in {@code --help} between {@code <} and {@code >}. */
    public String typeName() {
        return typeName;
    }

    /** Returns what a valid value is, e.g. {@code "an integer"}. */
    public String expected() {
        return expected;
    }

    /** Returns whether values are always printed inside braces (nested option text). */
    public boolean braced() {
        return braced;
    }

    /**
      * Reads a value.
      *
      * @throws IllegalArgumentException whose message is {@link #expected()} when the text is invalid
      */
    public T parse(String text) {
        T value;
        try {
            value = parser.apply(text);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new IllegalArgumentException(expected, e);
        }
        if (value == null) {
            throw new IllegalArgumentException(expected);
        }
        return value;
    }

    /** Writes a value back, unquoted. */
    public String print(T value) {
        return printer.apply(value);
    }

    private static long parseInteger(String text) {
        if (!INTEGER.matcher(text).matches()) {
            throw new IllegalArgumentException(text);
        }
        boolean negative = text.startsWith("-");
        String digits = text.startsWith("+") || negative ? text.substring(1) : text;
        boolean hex = digits.startsWith("0x") || digits.startsWith("0X");
        String body = hex ? digits.substring(2) : digits;
        return Long.parseLong(negative ? "-" + body : body, hex ? 16 : 10);
    }

    private static Double parseNumber(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        switch (lower) {
            case "inf", "+inf", "infinity", "+infinity":
                return Double.POSITIVE_INFINITY;
            case "-inf", "-infinity":
                return Double.NEGATIVE_INFINITY;
            case "nan", "+nan", "-nan":
                return Double.NaN;
            default:
                break;
        }
        if (!NUMBER.matcher(text).matches()) {
            throw new IllegalArgumentException(text);
        }
        return Double.parseDouble(text);
    }

    private static String printNumber(Double value) {
        if (value.isNaN()) {
            return "nan";
        }
        if (value.isInfinite()) {
            return value > 0 ? "inf" : "-inf";
        }
        return String.format(Locale.ROOT, "%e", value);
    }

    private static Boolean parseBoolean(String text) {
        switch (text) {
            case "true", "TRUE", "True", "1":
                return Boolean.TRUE;
            case "false", "FALSE", "False", "0":
                return Boolean.FALSE;
            default:
                throw new IllegalArgumentException(text);
        }
    }
}
