package org.hipep.dialects.onnx.schema;

/**
 * An input or output of an op schema.
 *
 * @param name the parameter name in the specification ({@code X}, {@code B})
 * @param typeConstraint the name of the type constraint the value must satisfy
 * @param option single, optional or variadic
 * @param minArity for a variadic parameter, the fewest values it takes; 1 otherwise
 * @param homogeneous for a variadic parameter, whether all its values share one type
 */
public record FormalParameter(String name, String typeConstraint, Option option, int minArity, boolean homogeneous) {
    /** How many values a formal parameter takes. */
    public enum Option {
        /** Exactly one value. */
        SINGLE,
        /** Zero or one value; omitted in the middle as a {@code none} operand. */
        OPTIONAL,
        /** {@code minArity} or more values; only the last parameter may be variadic. */
        VARIADIC
    }

    /** Validates. */
    public FormalParameter {
        if (name == null || typeConstraint == null || option == null) {
            throw new IllegalArgumentException("formal parameter needs a name, a type constraint and an option");
        }
        if (minArity < 0) {
            throw new IllegalArgumentException("negative minimum arity for '" + name + "'");
        }
    }

    /** Whether the parameter can be left out. */
    public boolean isOptional() {
        return option == Option.OPTIONAL || (option == Option.VARIADIC && minArity == 0);
    }

    /** Whether the parameter is variadic. */
    public boolean isVariadic() {
        return option == Option.VARIADIC;
    }
}
