package org.hipep.dialects.onnx;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.hipep.dialects.onnx.schema.AttributeSpec;
import org.hipep.dialects.onnx.schema.FormalParameter;
import org.hipep.dialects.onnx.schema.OnnxSchemas;
import org.hipep.dialects.onnx.schema.OpSchema;
import org.hipep.ir.Attribute;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.ArrayAttr;
import org.hipep.ir.builtin.NoneType;
import org.hipep.ir.builtin.StringAttr;

/**
 * Verifies an op of a known type against the schema in force at its opset: operand and result
 * counts, {@code none} only in optional positions, attributes ({@link AttributeChecker}), graph
 * regions, and operand types ({@link TypeChecker}). The first problem found is reported.
 */
final class SchemaVerifier {
    private SchemaVerifier() {
    }

    /** Verifies {@code op}, an {@code onnx.<domain>.<opType>}; an op type without any schema passes. */
    static LogicalResult verify(Operation op, String opType, String domain) {
        int opset = OnnxOpsets.opsetOf(op, domain);
        OpSchema schema = OnnxSchemas.lookup(opType, domain, opset);
        if (schema == null) {
            List<OpSchema> versions = OnnxSchemas.versions(opType, domain);
            if (versions.isEmpty()) {
                return LogicalResult.success();
            }
            return op.emitOpError("is not defined in " + OnnxOpsets.describe(opset, domain) + " (" + opType
                    + " first appears in opset " + versions.get(0).sinceVersion() + ")");
        }
        if (checkArity(op, schema, true).failed() || checkArity(op, schema, false).failed()
                || AttributeChecker.check(op, schema).failed() || checkRegions(op, schema).failed()
                || TypeChecker.check(op, schema).failed()) {
            return LogicalResult.failure();
        }
        if (domain.isEmpty() && opType.equals("Constant")) {
            return CoreOpVerifiers.verifyConstantValue(op, schema);
        }
        return LogicalResult.success();
    }

    private static String range(int min, int max) {
        if (min == max) {
            return "exactly " + min;
        }
        if (max == Integer.MAX_VALUE) {
            return "at least " + min;
        }
        return min + " to " + max;
    }

    private static LogicalResult checkArity(Operation op, OpSchema schema, boolean operands) {
        List<FormalParameter> formals = operands ? schema.inputs() : schema.outputs();
        int n = operands ? op.numOperands() : op.numResults();
        int min = operands ? schema.minInputs() : schema.minOutputs();
        int max = operands ? schema.maxInputs() : schema.maxOutputs();
        String what = operands ? "operand" : "result";
        if (n < min || n > max) {
            return op.emitOpError("has " + n + " " + what + "s, but " + schema + " expects " + range(min, max));
        }
        for (int i = 0; i < n; i++) {
            Type t = operands ? op.operand(i).type() : op.result(i).type();
            FormalParameter f = OpSchema.formalAt(formals, i);
            if (t instanceof NoneType && f.option() != FormalParameter.Option.OPTIONAL) {
                return op.emitOpError(what + " #" + i + " ('" + f.name() + "') is none, but " + schema
                        + " does not allow it to be omitted");
            }
        }
        return LogicalResult.success();
    }

    /**
     * Graph attributes are regions: {@code onnx.region_names} names each region's attribute, one
     * name per region, each a graph attribute of the schema; required graphs must be present.
     */
    private static LogicalResult checkRegions(Operation op, OpSchema schema) {
        Attribute namesAttr = op.attribute(OnnxDialect.REGION_NAMES_ATTR);
        Set<String> names = new HashSet<>();
        if (op.numRegions() > 0 || namesAttr != null) {
            if (!(namesAttr instanceof ArrayAttr arr) || !arr.elements().stream().allMatch(StringAttr.class::isInstance)) {
                return op.emitOpError("requires attribute '" + OnnxDialect.REGION_NAMES_ATTR
                        + "' to be an array of strings naming its " + op.numRegions() + " regions");
            }
            if (arr.size() != op.numRegions()) {
                return op.emitOpError("has " + op.numRegions() + " regions, but '" + OnnxDialect.REGION_NAMES_ATTR
                        + "' names " + arr.size());
            }
            for (int i = 0; i < arr.size(); i++) {
                String name = ((StringAttr) arr.get(i)).value();
                AttributeSpec spec = schema.attribute(name);
                if (spec == null || !spec.kind().isGraph()) {
                    return op.emitOpError("region #" + i + " is named '" + name + "', which is not a graph attribute of "
                            + schema);
                }
                if (!names.add(name)) {
                    return op.emitOpError("names region '" + name + "' twice in '" + OnnxDialect.REGION_NAMES_ATTR + "'");
                }
            }
        }
        for (AttributeSpec spec : schema.attributes().values()) {
            if (spec.required() && spec.kind().isGraph() && !names.contains(spec.name())) {
                return op.emitOpError("requires graph attribute '" + spec.name() + "' as a region named in '"
                        + OnnxDialect.REGION_NAMES_ATTR + "'");
            }
        }
        return LogicalResult.success();
    }
}
