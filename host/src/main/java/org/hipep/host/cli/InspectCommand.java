package org.hipep.host.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.hipep.runtime.jit.LoadOptions;
import org.hipep.runtime.jit.LoadedModel;
import org.hipep.runtime.jit.ModelLoader;
import org.hipep.runtime.jit.RuntimeFailure;
import org.hipep.runtime.llvm.LlvmModule;
import org.hipep.runtime.llvm.LlvmTranslationException;
import org.hipep.runtime.session.ArtifactMetadata;
import org.hipep.runtime.session.TensorInfo;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code hip-inspect artifact [--json]}: what a compiled model takes and gives. Bitcode: the
 * {@code __metadata_json} global read from the IR; a shared object: {@code inference_get_metadata_json}
 * called after loading it.
 */
@Command(name = "hip-inspect", mixinStandardHelpOptions = true, versionProvider = HipEpCommand.Version.class,
        description = "Prints a compiled model's inputs, outputs, constants and memory plan.")
public final class InspectCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "<model.bc|model.so>", description = "The artifact.")
    private Path artifact;

    @Option(names = "--json", description = "Print the metadata JSON as it is.")
    private boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            String text = metadata(artifact);
            if (json) {
                out.println(text);
                out.flush();
                return 0;
            }
            ArtifactMetadata m = ArtifactMetadata.parse(text);
            out.println("artifact: " + artifact + " (" + Files.size(artifact) + " bytes)");
            for (TensorInfo t : m.inputs()) {
                out.println("input  " + t);
            }
            for (TensorInfo t : m.outputs()) {
                out.println("output " + t);
            }
            long bytes = m.constants().stream().mapToLong(ArtifactMetadata.Constant::size).sum();
            out.println("constants: " + m.constants().size() + " (" + bytes + " bytes)"
                    + (m.constantsFilename() != null ? " in " + m.constantsFilename() : ""));
            out.println("memory pool: " + m.poolSize() + " bytes");
            out.flush();
            return 0;
        } catch (RuntimeFailure | LlvmTranslationException | IllegalArgumentException e) {
            err.println("error: " + artifact + ": " + e.getMessage());
            err.flush();
            return 1;
        } catch (IOException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return 1;
        }
    }

    /** The metadata JSON of {@code artifact}. */
    static String metadata(Path artifact) throws IOException {
        if (artifact.getFileName().toString().endsWith(".so")) {
            try (LoadedModel m = ModelLoader.loadNative(artifact, LoadOptions.defaults())) {
                return m.metadataJson();
            }
        }
        try (LlvmModule m = LlvmModule.parseBitcode(Files.readAllBytes(artifact), artifact.toString())) {
            return m.stringGlobal("__metadata_json").orElseThrow(() -> new IllegalArgumentException(
                    "the bitcode has no __metadata_json global (was it compiled with generate-interface?)"));
        }
    }

    /** Runs the command; the process exit code is the command's. */
    public static void main(String[] args) {
        System.exit(new CommandLine(new InspectCommand()).execute(args));
    }
}
