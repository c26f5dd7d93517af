package org.hipep.passes;

import org.hipep.pass.PassRegistry;
import org.hipep.passes.bufferization.OneShotBufferizePass;
import org.hipep.passes.hip.AddContextArgPass;
import org.hipep.passes.hip.ConvChannelsLastPass;
import org.hipep.passes.hip.ExternalizeConstantsPass;
import org.hipep.passes.hip.InferLoopBodyShapesPass;
import org.hipep.passes.hip.InferShapesPass;
import org.hipep.passes.hip.ResolveExternConstantsPass;
import org.hipep.passes.hip.ResolveTensorDimsPass;
import org.hipep.passes.hip.SplitDuplicateDpsInitsPass;
import org.hipep.passes.hip.VerifyNoConstantCarriersPass;
import org.hipep.passes.llvm.ConvertHipToLLVMPass;
import org.hipep.passes.llvm.ConvertToLLVMPass;
import org.hipep.passes.llvm.GenerateInterfacePass;
import org.hipep.passes.llvm.ExpandStridedMetadataPass;
import org.hipep.passes.llvm.ReconcileUnrealizedCastsPass;
import org.hipep.passes.llvm.SCFToControlFlowPass;
import org.hipep.passes.memory.ConcatInPlacePass;
import org.hipep.passes.memory.ConvAddInPlacePass;
import org.hipep.passes.memory.ConvBoundSlotsPass;
import org.hipep.passes.memory.MaterializeHostScalarsPass;
import org.hipep.passes.memory.PoolAllocsPass;
import org.hipep.passes.memory.ReshapeTransposeViewsPass;
import org.hipep.passes.memory.UseOutputAllocatorPass;
import org.hipep.passes.onnx.ConvertOnnxToHipPass;
import org.hipep.passes.onnx.VerifyOnnxConvertedPass;
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
        registry.registerPass(VerifyOnnxConvertedPass::new, OWNER);
        registry.registerPass(VerifyNoConstantCarriersPass::new, OWNER);
        registry.registerPass(OnnxLoopOutlinePass::new, OWNER);
        registry.registerPass(OnnxIfOutlinePass::new, OWNER);
        registry.registerPass(ExternalizeConstantsPass::new, OWNER);
        registry.registerPass(InferShapesPass::new, OWNER);
        registry.registerPass(ConvChannelsLastPass::new, OWNER);
        registry.registerPass(OneShotBufferizePass::new, OWNER);
        registry.registerPass(AddContextArgPass::new, OWNER);
        registry.registerPass(InferLoopBodyShapesPass::new, OWNER);
        registry.registerPass(SplitDuplicateDpsInitsPass::new, OWNER);
        registry.registerPass(ResolveTensorDimsPass::new, OWNER);
        registry.registerPass(ConvertToLLVMPass::new, OWNER);
        registry.registerPass(ConvertToLLVMPass::arith, OWNER);
        registry.registerPass(ConvertToLLVMPass::func, OWNER);
        registry.registerPass(ConvertToLLVMPass::cf, OWNER);
        registry.registerPass(ConvertHipToLLVMPass::new, OWNER);
        registry.registerPass(ConvertToLLVMPass::math, OWNER);
        registry.registerPass(ConvertToLLVMPass::memref, OWNER);
        registry.registerPass(ExpandStridedMetadataPass::new, OWNER);
        registry.registerPass(SCFToControlFlowPass::new, OWNER);
        registry.registerPass(ReconcileUnrealizedCastsPass::new, OWNER);
        registry.registerPass(UseOutputAllocatorPass::new, OWNER);
        registry.registerPass(ConcatInPlacePass::new, OWNER);
        registry.registerPass(ConvAddInPlacePass::new, OWNER);
        registry.registerPass(ConvBoundSlotsPass::new, OWNER);
        registry.registerPass(ReshapeTransposeViewsPass::new, OWNER);
        registry.registerPass(MaterializeHostScalarsPass::new, OWNER);
        registry.registerPass(PoolAllocsPass::new, OWNER);
        registry.registerPass(ResolveExternConstantsPass::new, OWNER);
        registry.registerPass(GenerateInterfacePass::new, OWNER);
        registry.registerPipeline(OnnxToHipPipeline.NAME,
                "ONNX to bufferized hip ops: simplify-onnx through one-shot-bufferize, with plugin slots 0-4",
                OnnxToHipPipeline::textualOptions,
                (pm, o) -> OnnxToHipPipeline.build(pm, OnnxToHipPipeline.fromTextual(o), slotHook), OWNER);
        registry.registerPipeline(HipToLLVMPipeline.NAME,
                "Bufferized hip IR to the llvm dialect and the generated entry points, with plugin slots 5-6",
                HipToLLVMPipeline::textualOptions,
                (pm, o) -> HipToLLVMPipeline.build(pm, HipToLLVMPipeline.fromTextual(o), slotHook), OWNER);
        registry.registerPipeline(HipdnnPipeline.NAME,
                "The whole compile: onnx-to-hip-pipeline then hip-to-llvm-pipeline, with all seven plugin slots",
                HipdnnPipeline::textualOptions,
                (pm, o) -> HipdnnPipeline.build(pm, HipdnnPipeline.fromTextual(o), slotHook), OWNER);
        return registry;
    }
}
