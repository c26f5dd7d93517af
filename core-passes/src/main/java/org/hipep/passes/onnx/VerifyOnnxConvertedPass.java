package org.hipep.passes.onnx;

import java.util.ArrayList;
import java.util.List;
import org.hipep.dialects.onnx.OnnxDialect;
import org.hipep.dialects.onnx.OnnxOpsets;
import org.hipep.ir.Context;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.NameLoc;
import org.hipep.pass.Pass;
import org.hipep.passes.onnx.OnnxToHipConversions.Conversion;
import org.hipep.passes.onnx.OnnxToHipConversions.Plan;

/**
 * The guard the ONNX-to-HIP pipeline runs before bufferization: fails with one error per ONNX node
 * still in the onnx dialect (after {@code convert-onnx-to-hip} and the plugin slots up to
 * BeforeBufferization), naming the node, its op type and opset, and why
 * {@code convert-onnx-to-hip} did not convert it (no conversion for the op or opset, the
 * conversion's skip reason, or a result dimension whose size no input gives). Without it, such a
 * node surfaced as a confusing bufferization error on an unranked or unknown op.
 *
 * <p>The error is on the node's location: the importer's {@code NameLoc(node name,
 * file:0:0)}, which renders as the file; the message names the node. Ops nested in a reported op
 * are not reported again; {@code onnx.NoValue} markers are not nodes.
 */
public final class VerifyOnnxConvertedPass extends Pass {
    @Override
    public String argument() {
        return "hip-verify-onnx-converted";
    }

    @Override
    public String description() {
        return "Fail, naming each node and the reason, when an ONNX op was not converted to the hip dialect";
    }

    @Override
    public String anchorName() {
        return "builtin.module";
    }

    @Override
    protected void runOnOperation() {
        List<Operation> left = new ArrayList<>();
        getOperation().walk(op -> {
            if (isNode(op) && !insideNode(op)) {
                left.add(op);
            }
        });
        for (Operation op : left) {
            op.emitError(message(getContext(), op));
        }
        if (!left.isEmpty()) {
            signalPassFailure();
        }
    }

    private static boolean isNode(Operation op) {
        return op.nameString().startsWith("onnx.") && !op.is(OnnxDialect.NO_VALUE);
    }

    private static boolean insideNode(Operation op) {
        for (Operation p = op.parentOp(); p != null; p = p.parentOp()) {
            if (isNode(p)) {
                return true;
            }
        }
        return false;
    }

    /** {@code ONNX node 'n' (onnx.Flatten, opset 13) was not converted to the hip dialect: <reason>}. */
    static String message(Context ctx, Operation op) {
        String node = op.location() instanceof NameLoc n ? "'" + n.name() + "'" : "(unnamed)";
        int opset = OnnxOpsets.opsetOf(op, "");
        return "ONNX node " + node + " (" + op.nameString() + ", opset " + opset
                + ") was not converted to the hip dialect: " + reason(ctx, op, opset);
    }

    /** Why {@code convert-onnx-to-hip} leaves {@code op}, asking the conversion as it would. */
    static String reason(Context ctx, Operation op, int opset) {
        String name = op.nameString();
        if (op.is(OnnxDialect.CONSTANT)) {
            return "a constant of type " + ConversionTypes.str(op.result(0).type()) + " is not supported (a static"
                    + " shape of f16, f32, f64 or i1 to i64 elements whose value matches its type)";
        }
        if (ConvertOnnxToHipPass.VARIADIC.containsKey(name)
                || (ConvertOnnxToHipPass.SOFTMAX_COERCED.containsKey(name) && opset < 13)) {
            return "the conversion does not cover these operands " + types(op) + " and results " + resultTypes(op);
        }
        Conversion c = OnnxToHipConversions.lookup(op, opset);
        if (c == null) {
            return OnnxToHipConversions.TABLE.containsKey(name)
                    ? "no conversion of " + name + " covers opset " + opset
                    : "no conversion exists for " + name + " (the op is not supported)";
        }
        Plan plan = c.converter().plan(op, opset);
        if (!plan.converts()) {
            return plan.reason() == null ? "the conversion skipped it" : plan.reason();
        }
        ConversionTypes.Typed typed = ConversionTypes.of(ctx, op, plan);
        if (typed.reason() != null) {
            return typed.reason();
        }
        return "it converts on these types " + types(op) + ", but it came after convert-onnx-to-hip (a plugin pass?)";
    }

    private static List<String> types(Operation op) {
        return op.operands().stream().map(Value::type).map(ConversionTypes::str).toList();
    }

    private static List<String> resultTypes(Operation op) {
        return op.results().stream().map(Value::type).map(ConversionTypes::str).toList();
    }
}
