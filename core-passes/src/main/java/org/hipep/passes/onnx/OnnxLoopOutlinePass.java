package org.hipep.passes.onnx;

import java.util.LinkedHashMap;
import java.util.Map;
import org.hipep.ir.Block;
import org.hipep.ir.Operation;
import org.hipep.pass.Pass;

/**
 * {@code onnx-loop-outline}: moves the {@code body} region of every {@code onnx.Loop} into a
 * private {@code func.func} of the module and replaces the Loop with {@code onnx.OutlinedLoop},
 * whose operands are the Loop's ({@code M}, {@code cond}, initial loop-carried values) followed
 * by the captured outer values and whose {@code body} attribute names the callee, of signature
 * {@code (iteration_num, cond, carried..., captures...) -> (cond, carried..., scan outputs...)}.
 * Nested Loops are outlined innermost first. A module holding a Loop that cannot be outlined, or
 * an onnx op with a region other than If and Loop, is refused (every such node reported) and
 * left unchanged.
 */
public final class OnnxLoopOutlinePass extends Pass {
    /** The region-free op that replaces {@code onnx.Loop}. */
    public static final String OUTLINED_LOOP = "onnx.OutlinedLoop";

    private static final SubgraphOutliner.Kind KIND = new SubgraphOutliner.Kind() {
        @Override
        public String opName() {
            return "onnx.Loop";
        }

        @Override
        public String outlinedName() {
            return OUTLINED_LOOP;
        }

        @Override
        public Map<String, String> regions() {
            Map<String, String> m = new LinkedHashMap<>();
            m.put("body", "body");
            return m;
        }

        @Override
        public String checkShape(Operation op) {
            if (op.numOperands() < 2) {
                return "expected operands (M, cond, initial values...), found " + op.numOperands();
            }
            int carried = op.numOperands() - 2;
            Block body = op.region(0).front();
            int args = body.numArguments();
            if (args != carried + 2) {
                return "subgraph 'body' has " + args + " inputs; expected " + (carried + 2)
                        + " (iteration_num, cond and " + carried + " loop-carried values)";
            }
            int outs = body.back().numOperands();
            if (op.numResults() < carried || outs != op.numResults() + 1) {
                return "subgraph 'body' yields " + outs + " values; expected " + (op.numResults() + 1)
                        + " (cond, " + carried + " loop-carried values and " + (op.numResults() - carried)
                        + " scan outputs)";
            }
            return null;
        }
    };

    @Override
    public String argument() {
        return "onnx-loop-outline";
    }

    @Override
    public String name() {
        return "OnnxLoopOutline";
    }

    @Override
    public String description() {
        return "Outline the bodies of ONNX Loop ops into private functions";
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
