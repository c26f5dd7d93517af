package org.hipep.dialects.onnx;

import org.hipep.ir.DialectType;
import org.hipep.ir.Type;

/**
 * An ONNX sequence, {@code !onnx.seq<tensor<...>>}: an ordered list of values of one type.
 *
 * @param elementType the type of each element (a tensor type, usually)
 */
public record SequenceType(Type elementType) implements DialectType {
    /** Validates. */
    public SequenceType {
        if (elementType == null) {
            throw new IllegalArgumentException("a sequence type needs an element type");
        }
    }

    @Override
    public String dialectNamespace() {
        return OnnxDialect.NAMESPACE;
    }

    @Override
    public String toString() {
        return "!onnx.seq<" + OnnxAsm.typeText(elementType) + ">";
    }
}
