package org.hipep.host.cli;

import org.hipep.api.AtomicFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.hipep.api.HipEp;
import org.hipep.host.compiler.CompileException;
import org.hipep.host.compiler.CompilerDriver;
import org.hipep.host.plugins.PluginException;
import org.hipep.host.plugins.PluginHost;
import org.hipep.host.plugins.PluginReport;
import org.hipep.host.plugins.PluginSnapshot;
import org.hipep.ir.Diagnostic;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.text.AsmPrinterOptions;
import org.hipep.ir.text.IrPrinter;
import org.hipep.passes.llvm.GenerateInterfacePass;
import org.hipep.plugin.PluginApi;
import org.hipep.runtime.llvm.LlvmLibrary;
import org.hipep.runtime.llvm.LlvmModule;
import org.hipep.runtime.llvm.LlvmTranslationException;
import org.hipep.runtime.llvm.LlvmTranslator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code hip-ep [model.onnx]}: reports the host's version, the native stack it runs on and the
 * compiler plugins it discovered (and, with {@code --plugins}, what the selected ones contribute);
 * given a model, compiles it with the compiler driver (the built-in {@code hipdnn-pipeline} with
 * the selected plugins, or {@code HIPDNN_EP_PIPELINE}) and prints how long each step took and what
 * came out. Problems with the model or the pipeline are reported with where they are; exit code 1.
 */
@Command(name = "hip-ep", mixinStandardHelpOptions = true, versionProvider = HipEpCommand.Version.class,
        description = "Prints the hip-ep host version, its LLVM and the compiler plugins it discovered;"
                + " given an ONNX model, compiles it and prints the timing and the result.")
public final class HipEpCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private PluginOptions pluginOptions;

    @Parameters(index = "0", arity = "0..1", paramLabel = "<model.onnx>", description = "An ONNX model to compile.")
    private Path model;

    @Option(names = {"-o", "--output-dir"}, paramLabel = "<dir>",
            description = "Where the compiled module (<model>.mlir) and the constants sidecar go"
                    + " (default: a new temporary folder).")
    private Path outputDir;

    @Option(names = "--pipeline", paramLabel = "<pipeline>",
            description = "Replace the built-in pipeline, as HIPDNN_EP_PIPELINE does (and over it):"
                    + " a pipeline name, a pass list or builtin.module(...).")
    private String pipeline;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        out.println("hip-ep " + HipEp.version());
        out.println("plugin API: " + PluginApi.VERSION);
        out.println("LLVM: " + LlvmLibrary.version() + " (JavaCPP " + LlvmLibrary.javacppVersion() + ")");
        out.println("Java: " + Runtime.version() + " (" + (HipEpCommand.class.getModule().isNamed()
                ? "module path" : "class path") + ")");
        out.flush();
        PluginSnapshot snapshot;
        try {
            snapshot = pluginOptions.snapshot(err);
        } catch (PluginException e) {
            err.println("error: " + e.getMessage());
            return 1;
        }
        PluginReport report = snapshot.report();
        out.println("plugins: " + report.available().stream().map(PluginReport.Available::id).sorted().toList());
        for (PluginReport.Available a : report.available()) {
            out.println("  " + a.id() + "  plugin API " + a.apiVersion() + "  (" + a.origin() + ")");
        }
        for (String b : PluginHost.processSources().brokenProviders()) {
            out.println("  broken provider: " + b);
        }
        if (!report.selected().isEmpty()) {
            out.println("selected: " + report.initialized());
        }
        out.flush();
        boolean pluginsOk = PluginHost.processSources().brokenProviders().isEmpty() && report.skipped().isEmpty();
        if (model == null) {
            return pluginsOk ? 0 : 1;
        }
        return compile(snapshot, out, err) == 0 && pluginsOk ? 0 : 1;
    }

    /** Compiles {@link #model}: prints the timing, what the module holds and where it went. */
    private int compile(PluginSnapshot snapshot, PrintWriter out, PrintWriter err) {
        try {
            Path dir = outputDir != null ? Files.createDirectories(outputDir) : Files.createTempDirectory("hip-ep-");
            CompilerDriver driver = new CompilerDriver(snapshot, w -> {
                err.println(w);
                err.flush();
            });
            CompilerDriver.Options options = pipeline != null
                    ? CompilerDriver.Options.defaults(dir).withPipelineOverride(pipeline)
                    : CompilerDriver.Options.defaults(dir).withOverrideFromProcess();
            out.println("model: " + model);
            if (options.pipelineOverride() != null) {
                out.println("pipeline: " + CompilerDriver.PIPELINE_OVERRIDE + "=" + options.pipelineOverride());
            }
            out.flush();
            long start = System.nanoTime();
            CompilerDriver.Compilation c = driver.compile(model, options);
            long compiled = System.nanoTime();
            for (Diagnostic d : c.diagnostics()) {
                err.println(d.render());
            }
            Map<String, Integer> byDialect = new TreeMap<>();
            c.module().walk(op -> {
                if (op != c.module()) {
                    byDialect.merge(op.name().dialectNamespace(), 1, Integer::sum);
                }
            });
            String base = model.getFileName().toString().replaceFirst("\\.onnx$", "");
            Path ir = dir.resolve(base + ".mlir");
            AtomicFiles.write(ir, IrPrinter.print(c.module(), AsmPrinterOptions.defaults()));
            out.printf("compile: %.1f ms (load, import and the pipeline)%n", (compiled - start) / 1e6);
            out.println("ops by dialect: " + byDialect);
            out.println("entry point inference_compute: "
                    + (new SymbolTable(c.module()).lookup(CompilerDriver.ENTRY_POINT) != null ? "yes" : "not yet"));
            out.println("module: " + ir);
            if (new SymbolTable(c.module()).lookup(CompilerDriver.ENTRY_POINT) != null) {
                // The default artifact: optimised bitcode, the metadata and the constants sidecar.
                long translateStart = System.nanoTime();
                try (LlvmModule llvm = LlvmTranslator.translate(c.module(), base)) {
                    llvm.optimize(2);
                    Path bitcode = dir.resolve(base + ".bc");
                    llvm.writeBitcode(bitcode);
                    out.printf("translate and optimise (O2): %.1f ms%n", (System.nanoTime() - translateStart) / 1e6);
                    out.println("bitcode: " + bitcode + " (" + Files.size(bitcode) + " bytes)");
                }
                Optional<String> json = GenerateInterfacePass.embeddedMetadataJson(c.module());
                if (json.isPresent()) {
                    Path metadata = dir.resolve(base + ".metadata.json");
                    AtomicFiles.write(metadata, json.get());
                    out.println("metadata: " + metadata);
                }
            }
            try (var files = Files.list(dir)) {
                files.filter(f -> f.getFileName().toString().contains(".constants.")).sorted()
                        .forEach(f -> out.println("constants: " + f));
            }
            out.println("run it: bin/hip-onnx-runner -m " + model);
            out.flush();
            return 0;
        } catch (CompileException e) {
            err.println("error: " + e.render());
            return 1;
        } catch (LlvmTranslationException e) {
            err.println("error: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            err.println("error: " + e.getMessage());
            return 1;
        }
    }

    /** Runs the command; the process exit code is the command's. */
    public static void main(String[] args) {
        System.exit(new CommandLine(new HipEpCommand()).execute(args));
    }

    /** Supplies {@code --version}. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"hip-ep " + HipEp.version()};
        }
    }
}
