package org.hipep.dialects.onnx;

import org.hipep.ir.DialectType;
import org.hipep.ir.Type;

/**
 * An ONNX optional, {@code !onnx.opt<T>}: a value of type {@code T} or nothing.
 *
 * @param elementType the type of the value when present (a tensor or a sequence)
 */
public record OptionalType(Type elementType) implements DialectType {
    /** Validates. */
    public OptionalType {
        if (elementType == null) {
            throw new IllegalArgumentException("an optional type needs an element type");
        }
    }

    @Override
    public String dialectNamespace() {
        return OnnxDialect.NAMESPACE;
    }

    @Override
    public String toString() {
        return "!onnx.opt<" + OnnxAsm.typeText(elementType) + ">";
    }
}
