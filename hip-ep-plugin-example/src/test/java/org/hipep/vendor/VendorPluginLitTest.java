package org.hipep.vendor;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.hipep.host.tools.HipMlirOpt;
import org.hipep.testing.lit.LitSuite;
import org.hipep.testing.lit.ToolRegistry;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * The vendor plugin's lit tests ({@code src/test/resources/lit}): {@code hip-mlir-opt} is the
 * host's tool, so {@code --plugins=vendor} activates the plugin found on the class path.
 */
class VendorPluginLitTest {
    @TestFactory
    Stream<DynamicNode> lit() {
        ToolRegistry tools = ToolRegistry.withBuiltins().register("hip-mlir-opt", (args, ctx) -> {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int rc = HipMlirOpt.run(args.toArray(String[]::new),
                    new ByteArrayInputStream(ctx.stdin().getBytes(StandardCharsets.UTF_8)),
                    new PrintWriter(out), new PrintWriter(err), ctx.workDir());
            ctx.stdout().append(out.toString());
            ctx.stderr().append(err.toString());
            return rc;
        });
        return LitSuite.discover(Path.of("src/test/resources/lit"), tools);
    }
}
