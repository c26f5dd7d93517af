package org.hipep.dialects.onnx.schema;

import org.hipep.ir.Attribute;

/**
 * An attribute of an op schema.
 *
 * @param name the ONNX attribute name
 * @param kind its type
 * @param required whether a node must carry it
 * @param defaultValue the value in force when absent, in its IR form, or {@code null} when the
 *     specification gives none
 */
public record AttributeSpec(String name, AttributeKind kind, boolean required, Attribute defaultValue) {
    /** Validates. */
    public AttributeSpec {
        if (name == null || name.isEmpty() || kind == null) {
            throw new IllegalArgumentException("attribute needs a name and a kind");
        }
        if (required && defaultValue != null) {
            throw new IllegalArgumentException("required attribute '" + name + "' cannot have a default");
        }
    }
}
