package org.hipep.passes;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.hipep.dialects.CoreDialects;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.OpTrait;
import org.hipep.pass.PassRegistry;
import org.hipep.testing.lit.LitSuite;
import org.hipep.testing.lit.OptLitTool;
import org.hipep.testing.lit.ToolRegistry;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/** The core passes' lit tests ({@code src/test/resources/lit}). */
class CorePassesLitTest {
    /** Side-effect-free and effectful test ops for the transformation tests. */
    static final class TestOpsDialect extends Dialect {
        TestOpsDialect(Context ctx) {
            super("test", ctx);
        }

        @Override
        protected void initialize() {
            addOperation("pure").summary("no side effects").traits(OpTrait.Pure.class).register();
            addOperation("effect").summary("has side effects").register();
            addOperation("region").summary("an op with a region that sees values from above")
                    .traits(OpTrait.NoTerminator.class).register();
        }
    }

    @TestFactory
    Stream<DynamicNode> lit() {
        ToolRegistry tools = ToolRegistry.withBuiltins().register("hip-mlir-opt", new OptLitTool(
                () -> CoreDialects.register(new DialectRegistry()).insert("test", TestOpsDialect::new),
                () -> CorePasses.register(new PassRegistry())));
        return LitSuite.discover(Path.of("src/test/resources/lit"), tools);
    }
}
