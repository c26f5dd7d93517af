package org.hipep.testing.lit;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/** Runs the self-checking lit suite in {@code src/test/resources/lit-harness}. */
class LitSelfTest {

    @TestFactory
    Stream<DynamicNode> litSuite() {
        ToolRegistry tools = ToolRegistry.withBuiltins().register("toy-opt", new ToyOpt());
        return LitSuite.discover(Path.of("src/test/resources/lit-harness"), tools);
    }
}
