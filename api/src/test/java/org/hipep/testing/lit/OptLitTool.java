package org.hipep.testing.lit;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Supplier;
import org.hipep.ir.DialectRegistry;
import org.hipep.pass.PassRegistry;
import org.hipep.tools.opt.MlirOptMain;

/**
 * Runs the mlir-opt style driver ({@link MlirOptMain}) in-process as a lit tool, over the dialects
 * a test module can see. Register it as {@code hip-mlir-opt}.
 */
public final class OptLitTool implements LitTool {
    private final Supplier<DialectRegistry> registry;
    private final Supplier<PassRegistry> passes;

    /**
     * @param registry builds the dialect registry (called per invocation)
     * @param passes builds the pass registry (called per invocation)
     */
    public OptLitTool(Supplier<DialectRegistry> registry, Supplier<PassRegistry> passes) {
        this.registry = registry;
        this.passes = passes;
    }

    /** A tool over a dialect registry, without passes. */
    public static OptLitTool of(Supplier<DialectRegistry> registry) {
        return new OptLitTool(registry, PassRegistry::new);
    }

    @Override
    public int run(List<String> args, ToolContext ctx) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int rc = MlirOptMain.run(args.toArray(String[]::new), registry.get(), passes.get(),
                new ByteArrayInputStream(ctx.stdin().getBytes(StandardCharsets.UTF_8)),
                new PrintWriter(out), new PrintWriter(err), ctx.workDir());
        ctx.stdout().append(out.toString());
        ctx.stderr().append(err.toString());
        return rc;
    }
}
