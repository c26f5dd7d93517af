package org.hipep.passes;

import org.hipep.pass.PassRegistry;
import org.hipep.passes.bufferization.OneShotBufferizePass;
import org.hipep.passes.hip.AddContextArgPass;
import org.hipep.passes.hip.ExternalizeConstantsPass;
import org.hipep.passes.hip.InferLoopBodyShapesPass;
import org.hipep.passes.hip.InferShapesPass;
import org.hipep.passes.hip.ResolveTensorDimsPass;
import org.hipep.passes.hip.SplitDuplicateDpsInitsPass;
import org.hipep.passes.llvm.ConvertToLLVMPass;
import org.hipep.passes.llvm.ExpandStridedMetadataPass;
import org.hipep.passes.llvm.ReconcileUnrealizedCastsPass;
import org.hipep.passes.llvm.SCFToControlFlowPass;
import org.hipep.passes.onnx.ConvertOnnxToHipPass;
import org.hipep.passes.onnx.OnnxIfOutlinePass;
import org.hipep.passes.onnx.OnnxLoopOutlinePass;
import org.hipep.passes.onnx.SimplifyOnnxPass;
import org.hipep.passes.transforms.CanonicalizePass;
import org.hipep.passes.transforms.CsePass;
import org.hipep.passes.transforms.SymbolDcePass;
import org.hipep.plugin.PipelineSlotHook;

/** Registers every in-tree pass and named pipeline of this module. */
public final class CorePasses {
    /** The owner recorded for in-tree registrations (shown when a plugin collides with one). */
    public static final String OWNER = "hip-ep core passes";

    private CorePasses() {
    }

    /** Adds the core passes to {@code registry} and returns it. */
    public static PassRegistry register(PassRegistry registry) {
        return register(registry, PipelineSlotHook.NONE);
    }

    /**
     * Adds the core passes to {@code registry} and returns it; the named pipelines call
     * {@code slotHook} at their plugin slots.
     */
    public static PassRegistry register(PassRegistry registry, PipelineSlotHook slotHook) {
        registry.registerPass(CanonicalizePass::new, OWNER);
        registry.registerPass(CsePass::new, OWNER);
        registry.registerPass(SymbolDcePass::new, OWNER);
        registry.registerPass(SimplifyOnnxPass::new, OWNER);
        registry.registerPass(ConvertOnnxToHipPass::new, OWNER);
        registry.registerPass(OnnxLoopOutlinePass::new, OWNER);
        registry.registerPass(OnnxIfOutlinePass::new, OWNER);
        registry.registerPass(ExternalizeConstantsPass::new, OWNER);
        registry.registerPass(InferShapesPass::new, OWNER);
        registry.registerPass(OneShotBufferizePass::new, OWNER);
        registry.registerPass(AddContextArgPass::new, OWNER);
        registry.registerPass(InferLoopBodyShapesPass::new, OWNER);
        registry.registerPass(SplitDuplicateDpsInitsPass::new, OWNER);
        registry.registerPass(ResolveTensorDimsPass::new, OWNER);
        registry.registerPass(ConvertToLLVMPass::new, OWNER);
        registry.registerPass(ConvertToLLVMPass::arith, OWNER);
        registry.registerPass(ConvertToLLVMPass::func, OWNER);
        registry.registerPass(ConvertToLLVMPass::cf, OWNER);
        registry.registerPass(ConvertToLLVMPass::math, OWNER);
        registry.registerPass(ConvertToLLVMPass::memref, OWNER);
        registry.registerPass(ExpandStridedMetadataPass::new, OWNER);
        registry.registerPass(SCFToControlFlowPass::new, OWNER);
        registry.registerPass(ReconcileUnrealizedCastsPass::new, OWNER);
        registry.registerPipeline(OnnxToHipPipeline.NAME,
                "simplify-onnx through hip-resolve-tensor-dims and the late-carrier guard, with plugin slots",
                OnnxToHipPipeline::textualOptions,
                (pm, o) -> OnnxToHipPipeline.build(pm, OnnxToHipPipeline.fromTextual(o), slotHook), OWNER);
        return registry;
    }
}
