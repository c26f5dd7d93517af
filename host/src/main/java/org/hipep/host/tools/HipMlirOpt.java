package org.hipep.host.tools;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.hipep.dialects.CoreDialects;
import org.hipep.ir.DialectRegistry;
import org.hipep.pass.PassRegistry;
import org.hipep.passes.CorePasses;
import org.hipep.tools.opt.MlirOptMain;

/**
 * {@code hip-mlir-opt}: the mlir-opt style driver over every in-tree dialect and pass.
 */
public final class HipMlirOpt {
    private HipMlirOpt() {
    }

    /** The dialects the tool knows. */
    public static DialectRegistry dialects() {
        return CoreDialects.register(new DialectRegistry());
    }

    /** The passes and pipelines the tool can run. */
    public static PassRegistry passes() {
        return CorePasses.register(new PassRegistry());
    }

    /** Runs the tool; exits with its code. */
    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, false, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        int rc = MlirOptMain.run(args, dialects(), passes(), System.in, out, err, Path.of("").toAbsolutePath());
        System.exit(rc);
    }
}
