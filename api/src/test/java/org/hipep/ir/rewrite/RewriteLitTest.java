package org.hipep.ir.rewrite;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.hipep.ir.DialectRegistry;
import org.hipep.pass.Pass;
import org.hipep.pass.PassRegistry;
import org.hipep.pass.options.Option;
import org.hipep.testing.lit.LitSuite;
import org.hipep.testing.lit.OptLitTool;
import org.hipep.testing.lit.ToolRegistry;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * Lit tests of pattern rewriting and dialect conversion ({@code src/test/resources/lit-rewrite})
 * over the toy and low test dialects.
 */
class RewriteLitTest {
    /** {@code test-toy-greedy}: neg(neg(x)) -> x and add(x, 0) -> x with the greedy driver. */
    static final class GreedyPass extends Pass {
        @Override
        public String argument() {
            return "test-toy-greedy";
        }

        @Override
        protected void runOnOperation() {
            GreedyPatternRewriteDriver.applyPatternsGreedily(getOperation(),
                    new RewritePatternSet().add(TestPatterns.NEG_NEG, TestPatterns.ADD_ZERO).freeze());
        }
    }

    /** {@code test-toy-to-low}: lowers toy to low (i64 -> i32), partially or fully. */
    static final class LowerPass extends Pass {
        private final Option<Boolean> full = options().boolOption("full", "apply a full conversion", false);
        private final Option<Boolean> negIllegal = options().boolOption("neg-illegal",
                "mark toy.neg illegal (it has no lowering)", false);

        @Override
        public String argument() {
            return "test-toy-to-low";
        }

        @Override
        protected void runOnOperation() {
            TypeConverter tc = ToyLowering.converter();
            ConversionTarget target = new ConversionTarget().addLegalDialect("low")
                    .addIllegalOp("toy.constant", "toy.add", "toy.return")
                    .addDynamicallyLegalOp("toy.func", op -> ToyLowering.funcIsLegal(op, tc));
            if (negIllegal.get()) {
                target.addIllegalOp("toy.neg");
            }
            var result = full.get()
                    ? DialectConversion.applyFullConversion(getOperation(), target, ToyLowering.all(tc))
                    : DialectConversion.applyPartialConversion(getOperation(), target, ToyLowering.all(tc));
            if (result.failed()) {
                signalPassFailure();
            }
        }
    }

    @TestFactory
    Stream<DynamicNode> lit() {
        ToolRegistry tools = ToolRegistry.withBuiltins().register("hip-mlir-opt", new OptLitTool(
                () -> new DialectRegistry().insert("toy", TestDialects.ToyDialect::new)
                        .insert("low", TestDialects.LowDialect::new),
                () -> {
                    PassRegistry r = new PassRegistry();
                    r.registerPass(GreedyPass::new, "rewrite lit tests");
                    r.registerPass(LowerPass::new, "rewrite lit tests");
                    return r;
                }));
        return LitSuite.discover(Path.of("src/test/resources/lit-rewrite"), tools);
    }
}
