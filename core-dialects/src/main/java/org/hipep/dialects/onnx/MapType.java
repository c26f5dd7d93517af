package org.hipep.dialects.onnx;

import org.hipep.ir.DialectType;
import org.hipep.ir.Type;

/**
 * An ONNX map, {@code !onnx.map<K, V>}.
 *
 * @param keyType the key type (an integer type or the string type of the importer)
 * @param valueType the value type (a tensor, a sequence or another map)
 */
public record MapType(Type keyType, Type valueType) implements DialectType {
    /** Validates. */
    public MapType {
        if (keyType == null || valueType == null) {
            throw new IllegalArgumentException("a map type needs a key type and a value type");
        }
    }

    @Override
    public String dialectNamespace() {
        return OnnxDialect.NAMESPACE;
    }

    @Override
    public String toString() {
        return "!onnx.map<" + OnnxAsm.typeText(keyType) + ", " + OnnxAsm.typeText(valueType) + ">";
    }
}
