package org.hipep.passes;

import java.util.Objects;
import org.hipep.pass.OpPassManager;
import org.hipep.pass.options.Option;
import org.hipep.pass.options.PassOptions;
import org.hipep.passes.hip.AddContextArgPass;
import org.hipep.passes.hip.ConvChannelsLastPass;
import org.hipep.passes.bufferization.OneShotBufferizePass;
import org.hipep.passes.hip.ExternalizeConstantsPass;
import org.hipep.passes.hip.ResolveExternConstantsPass;
import org.hipep.passes.hip.InferLoopBodyShapesPass;
import org.hipep.passes.hip.InferShapesPass;
import org.hipep.passes.hip.ResolveTensorDimsPass;
import org.hipep.passes.hip.SplitDuplicateDpsInitsPass;
import org.hipep.passes.hip.VerifyNoConstantCarriersPass;
import org.hipep.passes.memory.ConcatInPlacePass;
import org.hipep.passes.memory.ConvAddInPlacePass;
import org.hipep.passes.memory.ConvBoundSlotsPass;
import org.hipep.passes.memory.MaterializeHostScalarsPass;
import org.hipep.passes.memory.PoolAllocsPass;
import org.hipep.passes.memory.ReshapeTransposeViewsPass;
import org.hipep.passes.memory.UseOutputAllocatorPass;
import org.hipep.passes.onnx.ConvertOnnxToHipPass;
import org.hipep.passes.onnx.OnnxIfOutlinePass;
import org.hipep.passes.onnx.OnnxLoopOutlinePass;
import org.hipep.passes.onnx.SimplifyOnnxPass;
import org.hipep.passes.onnx.VerifyOnnxConvertedPass;
import org.hipep.passes.transforms.CanonicalizePass;
import org.hipep.passes.transforms.CsePass;
import org.hipep.plugin.PipelineSlot;
import org.hipep.plugin.PipelineSlotHook;

/**
 * The seed's {@code buildOnnxToHipPipeline} (hip-ep-contracts §3.1 rows 1-30), registered as the
 * textual pipeline {@code onnx-to-hip-pipeline} (§3.2): ONNX in, bufferized hip ops on memrefs out.
 *
 * <p>Stages in the seed's order, as far as they exist here: {@code simplify-onnx}, slot
 * AfterSimplifyOnnx, {@code hip-add-context-arg}, {@code onnx-loop-outline},
 * {@code onnx-if-outline}, {@code hip-infer-loop-body-shapes}, slot AfterOnnxLoopOutline,
 * {@code convert-onnx-to-hip}, slot AfterConvertOnnxToHip, {@code hip-infer-shapes},
 * {@code hip-conv-channels-last} (ours, not the seed's; option {@code conv-channels-last}),
 * {@code hip-externalize-constants}, {@code canonicalize}, {@code cse}, then on each
 * {@code func.func} {@code hip-split-duplicate-dps-inits} and {@code hip-resolve-tensor-dims},
 * slot BeforeBufferization, {@code hip-verify-onnx-converted} (every ONNX node left is an error
 * naming it and why), {@link VerifyNoConstantCarriersPass}, {@code one-shot-bufferize}
 * (function boundaries, identity layouts, copy-before-write when
 * {@code HIPDNN_EP_BUFFERIZE_COPY_BEFORE_WRITE} is set), on each {@code func.func}
 * {@code hip-use-output-allocator}, {@code hip-concat-in-place}, {@code hip-conv-add-in-place} and
 * {@code hip-reshape-transpose-views} (the last three ours, not the seed's), {@code hip-conv-bound-slots}
 * (ours), then {@code cse}, {@code canonicalize}, on each
 * {@code func.func} {@code hip-materialize-host-scalars}, {@code cse}, {@code hip-pool-allocs},
 * slot AfterPoolAllocs, {@code cse}, {@code canonicalize}, {@code hip-resolve-extern-constants},
 * {@code cse}, {@code canonicalize}.
 *
 * <p>The rows of §3.1 between bufferization and the end that are not listed above are not
 * ported; {@code docs/pipeline-pass-menu.md} says which.
 */
public final class OnnxToHipPipeline {
    /** The textual pipeline name. */
    public static final String NAME = "onnx-to-hip-pipeline";
    /** The textual option that turns {@code hip-conv-channels-last} off ({@code =false}), for comparisons. */
    public static final String CONV_CHANNELS_LAST = "conv-channels-last";
    static final String CONV_CHANNELS_LAST_HELP =
            "Run f32 2-D convolutions and the ops between them channels-last (hip-conv-channels-last)";

    private OnnxToHipPipeline() {
    }

    /**
     * The pipeline's options (§3.2).
     *
     * @param externalizeOutputDir where the constants sidecar goes ({@code ""}: the working directory)
     * @param externalizeMinNumElements the externalisation threshold (0: inline every constant)
     * @param skipConstantData streaming mode: record sources instead of writing the blob
     * @param convChannelsLast whether {@code hip-conv-channels-last} runs (f32 2-D convolutions NHWC)
     */
    public record Options(String externalizeOutputDir, long externalizeMinNumElements, boolean skipConstantData,
            boolean convChannelsLast) {
        /** The textual pipeline's defaults: cwd, 0, false, channels-last convolutions. */
        public static final Options DEFAULTS = new Options("", 0L, false);

        /** Validates the components. */
        public Options {
            Objects.requireNonNull(externalizeOutputDir, "externalizeOutputDir");
        }

        /** Options with channels-last convolutions (the default). */
        public Options(String externalizeOutputDir, long externalizeMinNumElements, boolean skipConstantData) {
            this(externalizeOutputDir, externalizeMinNumElements, skipConstantData, true);
        }
    }

    /** Fresh textual options with the §3.2 names and defaults. */
    public static PassOptions textualOptions() {
        PassOptions o = new PassOptions();
        o.stringOption("externalize-output-dir",
                "Directory for the constants sidecar files (empty: the working directory)", "");
        o.longOption("externalize-min-num-elements",
                "Externalize constants with at least this many elements (0: inline every constant)", 0L);
        o.boolOption("skip-constant-data",
                "Record per-constant source metadata instead of writing the bulk blob", false);
        o.boolOption(CONV_CHANNELS_LAST, CONV_CHANNELS_LAST_HELP, true);
        return o;
    }

    /** The {@link Options} that parsed textual options stand for. */
    public static Options fromTextual(PassOptions o) {
        return new Options(
                (String) o.find("externalize-output-dir").map(Option::get).orElseThrow(),
                (Long) o.find("externalize-min-num-elements").map(Option::get).orElseThrow(),
                (Boolean) o.find("skip-constant-data").map(Option::get).orElseThrow(),
                (Boolean) o.find(CONV_CHANNELS_LAST).map(Option::get).orElseThrow());
    }

    /**
     * Adds the pipeline to {@code pm} (a module-level manager), calling {@code hook} at each of
     * the four slots this part of the pipeline has.
     */
    public static void build(OpPassManager pm, Options options, PipelineSlotHook hook) {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(hook, "hook");
        pm.addPass(SimplifyOnnxPass::new);
        hook.addPasses(pm, PipelineSlot.AFTER_SIMPLIFY_ONNX);
        pm.addPass(AddContextArgPass::new);
        pm.addPass(OnnxLoopOutlinePass::new);
        pm.addPass(OnnxIfOutlinePass::new);
        pm.addPass(InferLoopBodyShapesPass::new);
        hook.addPasses(pm, PipelineSlot.AFTER_ONNX_LOOP_OUTLINE);
        pm.addPass(ConvertOnnxToHipPass::new);
        hook.addPasses(pm, PipelineSlot.AFTER_CONVERT_ONNX_TO_HIP);
        pm.addPass(InferShapesPass::new);
        if (options.convChannelsLast()) {
            pm.addPass(ConvChannelsLastPass::new);
        }
        pm.addPass(() -> externalize(options));
        pm.addPass(CanonicalizePass::new);
        pm.addPass(CsePass::new);
        OpPassManager funcs = pm.nest("func.func");
        funcs.addPass(SplitDuplicateDpsInitsPass::new);
        funcs.addPass(ResolveTensorDimsPass::new);
        hook.addPasses(pm, PipelineSlot.BEFORE_BUFFERIZATION);
        pm.addPass(VerifyOnnxConvertedPass::new);
        pm.addPass(VerifyNoConstantCarriersPass::new);
        pm.addPass(() -> OneShotBufferizePass.create(true, OneShotBufferizePass.copyBeforeWriteFromEnvironment()));
        OpPassManager outputs = pm.nest("func.func");
        outputs.addPass(UseOutputAllocatorPass::new);
        outputs.addPass(ConcatInPlacePass::new);
        outputs.addPass(ConvAddInPlacePass::new);
        outputs.addPass(ReshapeTransposeViewsPass::new);
        pm.addPass(ConvBoundSlotsPass::new);
        pm.addPass(CsePass::new);
        pm.addPass(CanonicalizePass::new);
        OpPassManager memory = pm.nest("func.func");
        memory.addPass(MaterializeHostScalarsPass::new);
        memory.addPass(CsePass::new);
        memory.addPass(PoolAllocsPass::new);
        hook.addPasses(pm, PipelineSlot.AFTER_POOL_ALLOCS);
        pm.addPass(CsePass::new);
        pm.addPass(CanonicalizePass::new);
        pm.addPass(ResolveExternConstantsPass::new);
        pm.addPass(CsePass::new);
        pm.addPass(CanonicalizePass::new);
    }

    // The textual pass (default file system, as the seed's options-only construction), so the
    // printed pipeline shows the options.
    @SuppressWarnings("unchecked")
    private static ExternalizeConstantsPass externalize(Options options) {
        ExternalizeConstantsPass pass = new ExternalizeConstantsPass();
        ((Option<String>) pass.options().find("output-dir").orElseThrow()).set(options.externalizeOutputDir());
        ((Option<Long>) pass.options().find("min-num-elements").orElseThrow()).set(options.externalizeMinNumElements());
        ((Option<Boolean>) pass.options().find("skip-constant-data").orElseThrow()).set(options.skipConstantData());
        return pass;
    }
}
