package org.hipep.host.tools;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.hipep.host.cli.CompilerCommand;
import org.hipep.host.cli.HipEpCommand;
import org.hipep.host.cli.InspectCommand;
import org.hipep.host.cli.OnnxRunnerCommand;
import org.hipep.host.cli.TestCommand;
import org.hipep.testing.lit.LitConfig;
import org.hipep.testing.lit.LitSuite;
import org.hipep.testing.lit.LitTool;
import org.hipep.testing.lit.ToolRegistry;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;
import org.hipep.testing.data.SharedData;

/**
 * Lit tests of the host's tools ({@code src/test/resources/lit}): {@code hip-ep}, {@code hip-onnx-import},
 * {@code hip-mlir-opt}, {@code hip-onnx-runner}, {@code hip-compiler}, {@code hip-inspect} and
 * {@code hip-test} run in-process; {@code %shared} is the shared test-data folder (the tests
 * fail, not skip, when it is missing), {@code %examples} the project's {@code examples/}.
 */
class HostToolsLitTest {
    @TestFactory
    Stream<DynamicNode> lit() {
        Path shared = SharedData.dir(SharedData.NODE_TESTS).getParent();
        ToolRegistry tools = ToolRegistry.withBuiltins()
                .register("hip-onnx-import", picocli(HipOnnxImport::new))
                .register("hip-ep", picocli(HipEpCommand::new))
                .register("hip-onnx-runner", picocli(OnnxRunnerCommand::new))
                .register("hip-compiler", picocli(CompilerCommand::new))
                .register("hip-inspect", picocli(InspectCommand::new))
                .register("hip-test", picocli(TestCommand::new))
                .register("hip-mlir-opt", (args, ctx) -> {
                    StringWriter out = new StringWriter();
                    StringWriter err = new StringWriter();
                    int rc = HipMlirOpt.run(args.toArray(String[]::new),
                            new ByteArrayInputStream(ctx.stdin().getBytes(StandardCharsets.UTF_8)),
                            new PrintWriter(out), new PrintWriter(err), ctx.workDir());
                    ctx.stdout().append(out.toString());
                    ctx.stderr().append(err.toString());
                    return rc;
                });
        LitConfig config = LitConfig.defaults(tools).withSubstitution("%shared", shared.toAbsolutePath().toString())
                .withSubstitution("%examples", Path.of("..", "examples").toAbsolutePath().normalize().toString());
        return LitSuite.discover(Path.of("src/test/resources/lit"), config);
    }

    /** A picocli command run in-process, a fresh instance per RUN line, its output captured. */
    private static LitTool picocli(Supplier<Object> command) {
        return (args, ctx) -> {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            CommandLine cl = new CommandLine(command.get());
            cl.setOut(new PrintWriter(out));
            cl.setErr(new PrintWriter(err));
            int rc = cl.execute(args.toArray(String[]::new));
            ctx.stdout().append(out.toString());
            ctx.stderr().append(err.toString());
            return rc;
        };
    }
}
