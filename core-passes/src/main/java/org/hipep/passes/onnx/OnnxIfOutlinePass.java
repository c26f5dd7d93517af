package org.hipep.passes.onnx;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hipep.ir.Block;
import org.hipep.ir.Operation;
import org.hipep.pass.Pass;

/**
 * {@code onnx-if-outline}: moves the {@code then_branch} and {@code else_branch} regions of every
 * {@code onnx.If} into private {@code func.func}s of the module and replaces the If with
 * {@code onnx.OutlinedIf}, whose operands are the condition followed by the captured outer values
 * and whose {@code then_branch}/{@code else_branch} attributes name the callees. Nested Ifs are
 * outlined innermost first. A module holding an If that cannot be outlined, or an onnx op with a
 * region other than If and Loop, is refused (every such node reported) and left unchanged.
 */
public final class OnnxIfOutlinePass extends Pass {
    /** The region-free op that replaces {@code onnx.If}. */
    public static final String OUTLINED_IF = "onnx.OutlinedIf";

    private static final SubgraphOutliner.Kind KIND = new SubgraphOutliner.Kind() {
        @Override
        public String opName() {
            return "onnx.If";
        }

        @Override
        public String outlinedName() {
            return OUTLINED_IF;
        }

        @Override
        public Map<String, String> regions() {
            Map<String, String> m = new LinkedHashMap<>();
            m.put("then_branch", "then");
            m.put("else_branch", "else");
            return m;
        }

        @Override
        public String checkShape(Operation op) {
            if (op.numOperands() != 1) {
                return "expected 1 operand (the condition), found " + op.numOperands();
            }
            for (String branch : List.of("then_branch", "else_branch")) {
                Block b = SubgraphOutliner.region(op, branch).front();
                int args = b.numArguments();
                if (args != 0) {
                    return "subgraph '" + branch + "' has " + args + " inputs; an If branch takes none";
                }
                int outs = b.back().numOperands();
                if (outs != op.numResults()) {
                    return "subgraph '" + branch + "' yields " + outs + " values for " + op.numResults() + " results";
                }
            }
            return null;
        }
    };

    @Override
    public String argument() {
        return "onnx-if-outline";
    }

    @Override
    public String name() {
        return "OnnxIfOutline";
    }

    @Override
    public String description() {
        return "Outline the branches of ONNX If ops into private functions";
    }

    @Override
    public String anchorName() {
        return "builtin.module";
    }

    @Override
    protected void runOnOperation() {
        if (!SubgraphOutliner.run(getOperation(), KIND)) {
            signalPassFailure();
        }
    }
}
