package org.hipep.dialects;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.hipep.ir.DialectRegistry;
import org.hipep.testing.lit.LitSuite;
import org.hipep.testing.lit.OptLitTool;
import org.hipep.testing.lit.ToolRegistry;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/** The core dialects' lit tests ({@code src/test/resources/lit}). */
class CoreDialectsLitTest {
    @TestFactory
    Stream<DynamicNode> lit() {
        ToolRegistry tools = ToolRegistry.withBuiltins()
                .register("hip-mlir-opt", OptLitTool.of(() -> CoreDialects.register(new DialectRegistry())));
        return LitSuite.discover(Path.of("src/test/resources/lit"), tools);
    }
}
