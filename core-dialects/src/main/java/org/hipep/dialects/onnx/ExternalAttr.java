package org.hipep.dialects.onnx;

import org.hipep.ir.DialectAttribute;
import org.hipep.ir.TypedAttribute;
import org.hipep.ir.builtin.ShapedType;

/**
 * A tensor whose data stays in a file beside the model (ONNX external data):
 * {@code #onnx.external<"weights.bin", offset = 0, length = 4096> : tensor<1024xf32>}. The
 * location is relative to the model's directory, as in the model's {@code external_data}.
 *
 * @param location the file, relative to the model
 * @param offset the byte offset of the data in the file
 * @param length the number of bytes
 * @param type the tensor type of the value
 */
public record ExternalAttr(String location, long offset, long length, ShapedType type) implements DialectAttribute,
        TypedAttribute {
    /** Validates. */
    public ExternalAttr {
        if (location == null || location.isEmpty()) {
            throw new IllegalArgumentException("external data needs a location");
        }
        if (offset < 0 || length < 0) {
            throw new IllegalArgumentException("external data offset and length must be >= 0, got " + offset + " and "
                    + length);
        }
        if (type == null) {
            throw new IllegalArgumentException("external data needs a tensor type");
        }
    }

    @Override
    public String dialectNamespace() {
        return OnnxDialect.NAMESPACE;
    }

    @Override
    public String toString() {
        return "#onnx.external<\"" + location + "\", offset = " + offset + ", length = " + length + "> : "
                + OnnxAsm.typeText(type);
    }
}
