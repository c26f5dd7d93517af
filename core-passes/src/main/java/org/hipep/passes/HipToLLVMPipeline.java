package org.hipep.passes;

import java.util.Objects;
import org.hipep.pass.OpPassManager;
import org.hipep.pass.options.Option;
import org.hipep.pass.options.PassOptions;
import org.hipep.passes.llvm.ConvertHipToLLVMPass;
import org.hipep.passes.llvm.ExpandStridedMetadataPass;
import org.hipep.passes.llvm.GenerateInterfacePass;
import org.hipep.passes.llvm.ReconcileUnrealizedCastsPass;
import org.hipep.passes.llvm.SCFToControlFlowPass;
import org.hipep.plugin.PipelineSlot;
import org.hipep.plugin.PipelineSlotHook;

/**
 * The seed's {@code buildHipToLLVMPipeline} (hip-ep-contracts §3.1 rows 31-39), registered as the
 * textual pipeline {@code hip-to-llvm-pipeline} (§3.2): bufferized hip IR in, the llvm dialect
 * with the generated entry points out.
 *
 * <p>Stages in the seed's order, as far as they exist here: slot BeforeConvertHipToLLVM,
 * {@code expand-strided-metadata}, {@code convert-scf-to-cf}, {@code reconcile-unrealized-casts}, {@code convert-hip-to-llvm}
 * (every loaded dialect's to-LLVM model in one conversion), {@code reconcile-unrealized-casts}
 * again (the casts that conversion leaves between lowered values), {@code generate-interface},
 * then slot AfterGenerateInterface. {@code docs/pipeline-pass-menu.md} lists the rows not ported yet.
 */
public final class HipToLLVMPipeline {
    /** The textual pipeline name. */
    public static final String NAME = "hip-to-llvm-pipeline";

    /** The default constants file name the generated metadata names (§3.2). */
    public static final String DEFAULT_CONSTANTS_FILE = "constants.bin";

    private HipToLLVMPipeline() {
    }

    /**
     * The pipeline's options (§3.2).
     *
     * @param constantsFile the constants file the metadata names when the module does not say
     */
    public record Options(String constantsFile) {
        /** The textual pipeline's defaults. */
        public static final Options DEFAULTS = new Options(DEFAULT_CONSTANTS_FILE);

        /** Validates the components. */
        public Options {
            Objects.requireNonNull(constantsFile, "constantsFile");
        }
    }

    /** Fresh textual options with the §3.2 names and defaults. */
    public static PassOptions textualOptions() {
        PassOptions o = new PassOptions();
        o.stringOption("constants-file", "The constants file the generated metadata names", DEFAULT_CONSTANTS_FILE);
        return o;
    }

    /** The {@link Options} that parsed textual options stand for. */
    public static Options fromTextual(PassOptions o) {
        return new Options((String) o.find("constants-file").map(Option::get).orElseThrow());
    }

    /** Adds the pipeline to {@code pm} (module level), calling {@code hook} at its two slots. */
    public static void build(OpPassManager pm, Options options, PipelineSlotHook hook) {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(hook, "hook");
        hook.addPasses(pm, PipelineSlot.BEFORE_CONVERT_HIP_TO_LLVM);
        pm.addPass(ExpandStridedMetadataPass::new);
        pm.addPass(SCFToControlFlowPass::new);
        pm.addPass(ReconcileUnrealizedCastsPass::new);
        pm.addPass(ConvertHipToLLVMPass::new);
        // Upstream's convert-hip-to-llvm leaves no casts behind; ours runs one partial conversion
        // over every dialect's model, so the casts between lowered values are reconciled here.
        pm.addPass(ReconcileUnrealizedCastsPass::new);
        String constantsFile = options.constantsFile();
        pm.addPass(() -> GenerateInterfacePass.create(constantsFile));
        hook.addPasses(pm, PipelineSlot.AFTER_GENERATE_INTERFACE);
    }
}
