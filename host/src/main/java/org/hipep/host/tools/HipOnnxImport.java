package org.hipep.host.tools;

import org.hipep.api.AtomicFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.hipep.dialects.onnx.importer.OnnxImporter;
import org.hipep.dialects.onnx.load.OnnxLoadException;
import org.hipep.dialects.onnx.load.OnnxModel;
import org.hipep.dialects.onnx.load.OnnxModelLoader;
import org.hipep.host.cli.PluginOptions;
import org.hipep.host.plugins.PluginException;
import org.hipep.host.plugins.PluginSnapshot;
import org.hipep.ir.Context;
import org.hipep.ir.Diagnostic;
import org.hipep.ir.Operation;
import org.hipep.ir.Severity;
import org.hipep.ir.Verifier;
import org.hipep.ir.text.AsmPrinterOptions;
import org.hipep.ir.text.IrPrinter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code hip-onnx-import model.onnx [-o out.mlir]}: loads an ONNX model, imports it into the onnx
 * dialect, verifies it and prints the IR. Problems with the model are reported with file, node
 * and op; exit code 1.
 */
@Command(name = "hip-onnx-import", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = HipOnnxImport.Version.class,
        description = "Imports an ONNX model into the onnx dialect and prints the IR.")
public final class HipOnnxImport implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private PluginOptions pluginOptions;

    @Parameters(index = "0", paramLabel = "<model.onnx>", description = "The ONNX model.")
    private Path model;

    @Option(names = "-o", paramLabel = "<file>", description = "Output file (default: standard output).")
    private Path output;

    @Option(names = "--mlir-print-op-generic", description = "Print every operation in the generic form.")
    private boolean generic;

    @Option(names = "--mlir-print-debuginfo", description = "Print locations (node names).")
    private boolean debugInfo;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        PluginSnapshot plugins;
        try {
            plugins = pluginOptions.snapshot(err);
        } catch (PluginException e) {
            err.println("error: " + e.getMessage());
            return 1;
        }
        Context ctx = new Context(HipMlirOpt.dialects(plugins));
        List<Diagnostic> diagnostics = new ArrayList<>();
        ctx.diagnostics().registerHandler(diagnostics::add);
        Operation module;
        try {
            OnnxModel loaded = OnnxModelLoader.load(model);
            module = OnnxImporter.importModel(ctx, loaded);
        } catch (OnnxLoadException e) {
            err.println("error: " + e.getMessage());
            return 1;
        }
        boolean ok = Verifier.verify(module).succeeded();
        for (Diagnostic d : diagnostics) {
            err.println(d.render());
        }
        if (!ok || diagnostics.stream().anyMatch(d -> d.severity() == Severity.ERROR)) {
            return 1;
        }
        String text = IrPrinter.print(module, AsmPrinterOptions.defaults().withGeneric(generic).withDebugInfo(debugInfo));
        if (output == null) {
            out.print(text);
            out.flush();
        } else {
            AtomicFiles.write(output, text);
        }
        return 0;
    }

    /** Runs the tool; exits with its code. */
    public static void main(String[] args) {
        System.exit(new CommandLine(new HipOnnxImport()).execute(args));
    }

    /** Supplies {@code --version}. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"hip-onnx-import " + org.hipep.api.HipEp.version()};
        }
    }
}
