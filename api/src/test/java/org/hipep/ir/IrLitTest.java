package org.hipep.ir;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.hipep.ir.testdialect.LitTestPasses;
import org.hipep.ir.testdialect.TestDialect;
import org.hipep.testing.lit.LitSuite;
import org.hipep.testing.lit.OptLitTool;
import org.hipep.testing.lit.ToolRegistry;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * The api module's lit tests ({@code src/test/resources/lit}: {@code ir/} for the IR core,
 * {@code pass/} for the pass infrastructure), with the test dialect and test passes.
 */
class IrLitTest {
    @TestFactory
    Stream<DynamicNode> lit() {
        ToolRegistry tools = ToolRegistry.withBuiltins()
                .register("hip-mlir-opt", new OptLitTool(TestDialect::registry, LitTestPasses::registry));
        return LitSuite.discover(Path.of("src/test/resources/lit"), tools);
    }
}
