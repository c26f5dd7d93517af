package org.hipep.passes;

import java.util.Objects;
import org.hipep.pass.OpPassManager;
import org.hipep.pass.options.Option;
import org.hipep.pass.options.PassOptions;
import org.hipep.plugin.PipelineSlotHook;

/**
 * The whole compile pipeline, {@code hipdnn-pipeline} (hip-ep-contracts §3.2): {@link
 * OnnxToHipPipeline} then {@link HipToLLVMPipeline}, with all seven plugin slots. The compiler
 * driver runs it (with its own externalisation threshold) unless {@code HIPDNN_EP_PIPELINE}
 * replaces it.
 */
public final class HipdnnPipeline {
    /** The textual pipeline name. */
    public static final String NAME = "hipdnn-pipeline";

    private HipdnnPipeline() {
    }

    /**
     * The pipeline's options (§3.2).
     *
     * @param constantsFile the constants file the generated metadata names when the module does not say
     * @param constantsDir where the constants sidecar goes ({@code ""}: the working directory)
     * @param externalizeMinNumElements the externalisation threshold (0: inline every constant)
     * @param skipConstantData streaming mode: record each constant's source instead of writing the blob
     * @param convChannelsLast whether {@code hip-conv-channels-last} runs
     */
    public record Options(String constantsFile, String constantsDir, long externalizeMinNumElements,
            boolean skipConstantData, boolean convChannelsLast) {
        /** Validates the components. */
        public Options {
            Objects.requireNonNull(constantsFile, "constantsFile");
            Objects.requireNonNull(constantsDir, "constantsDir");
        }

        /** Options with channels-last convolutions (the default). */
        public Options(String constantsFile, String constantsDir, long externalizeMinNumElements,
                boolean skipConstantData) {
            this(constantsFile, constantsDir, externalizeMinNumElements, skipConstantData, true);
        }

        /** The front half's options. */
        public OnnxToHipPipeline.Options front() {
            return new OnnxToHipPipeline.Options(constantsDir, externalizeMinNumElements, skipConstantData,
                    convChannelsLast);
        }

        /** The back half's options. */
        public HipToLLVMPipeline.Options back() {
            return new HipToLLVMPipeline.Options(constantsFile);
        }
    }

    /** Fresh textual options with the §3.2 names and defaults. */
    public static PassOptions textualOptions() {
        PassOptions o = new PassOptions();
        o.stringOption("constants-file", "The constants file the generated metadata names",
                HipToLLVMPipeline.DEFAULT_CONSTANTS_FILE);
        o.stringOption("constants-dir", "Directory for the constants sidecar files (empty: the working directory)", "");
        o.longOption("externalize-min-num-elements",
                "Externalize constants with at least this many elements (0: inline every constant)", 0L);
        o.boolOption(OnnxToHipPipeline.CONV_CHANNELS_LAST, OnnxToHipPipeline.CONV_CHANNELS_LAST_HELP, true);
        return o;
    }

    /** The {@link Options} that parsed textual options stand for (the textual form never skips constant data). */
    public static Options fromTextual(PassOptions o) {
        return new Options((String) o.find("constants-file").map(Option::get).orElseThrow(),
                (String) o.find("constants-dir").map(Option::get).orElseThrow(),
                (Long) o.find("externalize-min-num-elements").map(Option::get).orElseThrow(), false,
                (Boolean) o.find(OnnxToHipPipeline.CONV_CHANNELS_LAST).map(Option::get).orElseThrow());
    }

    /** Adds both halves to {@code pm} (module level), calling {@code hook} at every slot. */
    public static void build(OpPassManager pm, Options options, PipelineSlotHook hook) {
        OnnxToHipPipeline.build(pm, options.front(), hook);
        HipToLLVMPipeline.build(pm, options.back(), hook);
    }
}
