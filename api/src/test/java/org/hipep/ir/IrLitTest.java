package org.hipep.ir;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.hipep.ir.testdialect.TestDialect;
import org.hipep.testing.lit.LitSuite;
import org.hipep.testing.lit.OptLitTool;
import org.hipep.testing.lit.ToolRegistry;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/** The IR core's lit tests ({@code src/test/resources/lit/ir}), with the test dialect loaded. */
class IrLitTest {
    @TestFactory
    Stream<DynamicNode> lit() {
        ToolRegistry tools = ToolRegistry.withBuiltins().register("hip-mlir-opt", OptLitTool.of(TestDialect::registry));
        return LitSuite.discover(Path.of("src/test/resources/lit/ir"), tools);
    }
}
