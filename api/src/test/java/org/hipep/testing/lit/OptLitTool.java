package org.hipep.testing.lit;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.hipep.ir.Context;
import org.hipep.ir.DialectRegistry;
import org.hipep.tools.opt.MlirOptMain;
import org.hipep.tools.opt.OptRun;

/**
 * Runs the mlir-opt style driver ({@link MlirOptMain}) in-process as a lit tool, over the dialects
 * a test module can see. Register it as {@code hip-mlir-opt}.
 */
public final class OptLitTool implements LitTool {
    private final Supplier<DialectRegistry> registry;
    private final Function<Context, OptRun.Transform> transforms;

    /**
     * @param registry builds the dialect registry (called per invocation)
     * @param transforms builds the transformation for a context (may return null)
     */
    public OptLitTool(Supplier<DialectRegistry> registry, Function<Context, OptRun.Transform> transforms) {
        this.registry = registry;
        this.transforms = transforms;
    }

    /** A tool over a registry, without transformations. */
    public static OptLitTool of(Supplier<DialectRegistry> registry) {
        return new OptLitTool(registry, ctx -> null);
    }

    @Override
    public int run(List<String> args, ToolContext ctx) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int rc = MlirOptMain.run(args.toArray(String[]::new), registry.get(), transforms,
                new ByteArrayInputStream(ctx.stdin().getBytes(StandardCharsets.UTF_8)),
                new PrintWriter(out), new PrintWriter(err), ctx.workDir());
        ctx.stdout().append(out.toString());
        ctx.stderr().append(err.toString());
        return rc;
    }
}
