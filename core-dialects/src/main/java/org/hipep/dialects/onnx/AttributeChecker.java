package org.hipep.dialects.onnx;

import java.util.Map;
import java.util.TreeMap;
import org.hipep.dialects.onnx.schema.AttributeKind;
import org.hipep.dialects.onnx.schema.AttributeSpec;
import org.hipep.dialects.onnx.schema.OpSchema;
import org.hipep.ir.Attribute;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.builtin.ArrayAttr;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.TypeAttr;

/**
 * Checks an op's ONNX attributes against its schema: every name known, each value in the IR
 * form of its kind, required ones present. Names with a dot ({@code onnx.region_names},
 * {@code hip.*}) belong to dialects, not to ONNX, and are not checked here.
 */
final class AttributeChecker {
    private AttributeChecker() {
    }

    static LogicalResult check(Operation op, OpSchema schema) {
        Map<String, Attribute> attrs = new TreeMap<>(op.attributes());
        if (op.properties() instanceof DictionaryAttr props) {
            attrs.putAll(props.entries());
        }
        for (Map.Entry<String, Attribute> e : attrs.entrySet()) {
            String name = e.getKey();
            if (name.contains(".")) {
                continue;
            }
            AttributeSpec spec = schema.attribute(name);
            if (spec == null) {
                String known = schema.attributes().isEmpty() ? "none" : String.join(", ", schema.attributes().keySet());
                return op.emitOpError("has unknown attribute '" + name + "' (" + schema + " defines: " + known + ")");
            }
            if (spec.kind().isGraph()) {
                return op.emitOpError("has graph attribute '" + name + "' as a value; it must be a region named in '"
                        + OnnxDialect.REGION_NAMES_ATTR + "'");
            }
            if (!matches(spec.kind(), e.getValue())) {
                return op.emitOpError("requires attribute '" + name + "' to be " + spec.kind().irForm());
            }
        }
        for (AttributeSpec spec : schema.attributes().values()) {
            if (spec.required() && !spec.kind().isGraph() && !attrs.containsKey(spec.name())) {
                return op.emitOpError("requires attribute '" + spec.name() + "' (" + spec.kind().irForm() + ", required by "
                        + schema + ")");
            }
        }
        return LogicalResult.success();
    }

    /** Whether {@code a} is the IR form of an ONNX attribute of {@code kind}. */
    static boolean matches(AttributeKind kind, Attribute a) {
        return switch (kind) {
            case INT -> isI64(a);
            case FLOAT -> a instanceof FloatAttr f && f.type().equals(FloatType.F32);
            case STRING -> a instanceof StringAttr;
            case TENSOR -> isTensor(a);
            case TYPE_PROTO -> a instanceof TypeAttr;
            case INTS -> a instanceof DenseArrayAttr d && d.elementType() instanceof IntegerType it && it.width() == 64;
            case FLOATS -> a instanceof DenseArrayAttr d && d.elementType().equals(FloatType.F32);
            case STRINGS -> a instanceof ArrayAttr arr && arr.elements().stream().allMatch(StringAttr.class::isInstance);
            case TENSORS -> a instanceof ArrayAttr arr && arr.elements().stream().allMatch(AttributeChecker::isTensor);
            case TYPE_PROTOS -> a instanceof ArrayAttr arr && arr.elements().stream().allMatch(TypeAttr.class::isInstance);
            // Sparse tensors have no IR form yet; whatever the importer chose is accepted.
            case SPARSE_TENSOR, SPARSE_TENSORS -> true;
            case GRAPH, GRAPHS -> false;
        };
    }

    private static boolean isI64(Attribute a) {
        return a instanceof IntegerAttr i && i.type() instanceof IntegerType it && it.width() == 64;
    }

    private static boolean isTensor(Attribute a) {
        return a instanceof DenseElementsAttr || a instanceof ExternalAttr;
    }
}
