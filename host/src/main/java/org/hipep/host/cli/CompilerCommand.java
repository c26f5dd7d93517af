package org.hipep.host.cli;

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
import java.util.Map;
import java.util.concurrent.Callable;
import org.hipep.dialects.onnx.load.OnnxLoadException;
import org.hipep.host.compiler.CompileException;
import org.hipep.host.compiler.CompilerDriver;
import org.hipep.host.plugins.PluginException;
import org.hipep.host.plugins.PluginSnapshot;
import org.hipep.host.session.HostModelCompiler;
import org.hipep.host.tools.HipMlirOpt;
import org.hipep.ir.Context;
import org.hipep.ir.Operation;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.text.IrParseException;
import org.hipep.ir.text.IrParser;
import org.hipep.runtime.jit.LoadOptions;
import org.hipep.runtime.jit.ModelLoader;
import org.hipep.runtime.jit.RuntimeFailure;
import org.hipep.runtime.session.ArtifactFormat;
import org.hipep.runtime.session.ModelCompiler;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code hip-compiler in.{onnx,mlir} -o out.{bc,so}}: compiles a model into an artifact, with its
 * {@code <out>.metadata.json} and the constants sidecar beside it. An {@code .mlir} input is a
 * module in any dialect the pipeline starts from (onnx) or one it already finished (llvm, with the
 * generated interface), which is only translated.
 */
@Command(name = "hip-compiler", mixinStandardHelpOptions = true, versionProvider = HipEpCommand.Version.class,
        description = "Compiles an ONNX model (or an MLIR module) into bitcode or a native shared object.")
public final class CompilerCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @CommandLine.Mixin
    private PluginOptions pluginOptions;

    @Parameters(index = "0", paramLabel = "<in.onnx|in.mlir>", description = "The model.")
    private Path in;

    @Option(names = "-o", required = true, paramLabel = "<out.bc|out.so>", description = "The artifact to write.")
    private Path out;

    @Option(names = "--mode", paramLabel = "<LLVM_IR|NATIVE>",
            description = "Artifact format (default: from the extension of -o, .so = NATIVE).")
    private ArtifactFormat mode;

    @Option(names = "-O", paramLabel = "<0..3>", defaultValue = "2", description = "LLVM optimisation level (NATIVE).")
    private int optLevel;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        ArtifactFormat format = mode != null ? mode
                : out.getFileName().toString().endsWith(".so") ? ArtifactFormat.NATIVE : ArtifactFormat.LLVM_IR;
        try {
            PluginSnapshot snapshot = pluginOptions.snapshot(err);
            Path dir = Files.createDirectories(out.toAbsolutePath().getParent());
            long start = System.nanoTime();
            String base = out.getFileName().toString().replaceFirst("\\.(bc|so)$", "");
            HostModelCompiler compiler = new HostModelCompiler();
            ModelCompiler.CompiledModel c = in.getFileName().toString().endsWith(".mlir")
                    ? compileMlir(snapshot, dir, base)
                    : compiler.compile(null, in, snapshot.pluginIds(), dir, base);
            c.warnings().forEach(err::println);
            ModelCompiler.Plugins plugins = compiler.plugins(snapshot.pluginIds());
            if (format == ArtifactFormat.NATIVE) {
                ModelLoader.writeNative(c.bitcode(), new LoadOptions(optLevel, plugins.bitcode(), plugins.libraries()),
                        out);
            } else {
                AtomicFiles.write(out, c.bitcode());
            }
            AtomicFiles.write(dir.resolve(base + ".metadata.json"), c.metadataJson().getBytes(StandardCharsets.US_ASCII));
            stdout.printf("%s: %s (%d bytes) in %.1f ms%n", format, out, Files.size(out),
                    (System.nanoTime() - start) / 1e6);
            stdout.flush();
            return 0;
        } catch (RuntimeFailure | OnnxLoadException | PluginException | IrParseException | CompileException e) {
            err.println("error: " + (e instanceof CompileException ce ? ce.render() : e.getMessage()));
            err.flush();
            return 1;
        } catch (IOException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return 1;
        }
    }

    private ModelCompiler.CompiledModel compileMlir(PluginSnapshot snapshot, Path dir, String base)
            throws IOException, CompileException {
        Context ctx = new Context(HipMlirOpt.dialects(snapshot));
        Operation module = IrParser.parse(ctx, Files.readString(in), in.toString());
        List<String> warnings = new ArrayList<>();
        if (new SymbolTable(module).lookup(CompilerDriver.ENTRY_POINT) == null) {
            CompilerDriver driver = new CompilerDriver(snapshot, warnings::add);
            driver.compile(ctx, module,
                    CompilerDriver.Options.defaults(dir).withOverrideFromProcess().withArtifactName(base))
                    .diagnostics().forEach(d -> warnings.add(d.render()));
        }
        return HostModelCompiler.translate(module, in.toString(), Map.of(), warnings);
    }

    /** Runs the command; the process exit code is the command's. */
    public static void main(String[] args) {
        System.exit(new CommandLine(new CompilerCommand()).execute(args));
    }
}
