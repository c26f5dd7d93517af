package org.hipep.runtime.jit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.bytedeco.llvm.global.LLVM.*;

import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.bytedeco.llvm.LLVM.LLVMContextRef;
import org.bytedeco.llvm.LLVM.LLVMModuleRef;
import org.hipep.dialects.CoreDialects;
import org.hipep.dialects.onnx.importer.OnnxImporter;
import org.hipep.dialects.onnx.load.OnnxModelLoader;
import org.hipep.ir.Context;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.Operation;
import org.hipep.pass.PassManager;
import org.hipep.passes.HipdnnPipeline;
import org.hipep.plugin.PipelineSlotHook;
import org.hipep.runtime.llvm.LlvmModule;
import org.hipep.runtime.llvm.LlvmTranslator;
import org.hipep.testing.data.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shared mnist-8 model through {@code hipdnn-pipeline}, translated and JIT-loaded with the
 * real runtime bitcode: the runtime defines every kernel and runtime function it calls, and it
 * loads with its metadata and entry points (libc and libm come from the process).
 */
class MnistJitTest {
    @Test
    void mnistLoadsWithTheRuntime(@TempDir Path dir) {
        Path onnx = SharedData.dir(SharedData.MODELS).resolve("mnist-8/model.onnx");
        Context ctx = new Context(CoreDialects.register(new DialectRegistry()));
        Operation module = OnnxImporter.importModel(ctx, OnnxModelLoader.load(onnx));
        PassManager pm = new PassManager();
        HipdnnPipeline.build(pm, new HipdnnPipeline.Options("constants.bin", dir.toString(), 1L, false),
                PipelineSlotHook.NONE);
        assertThat(pm.run(module).succeeded()).as("hipdnn-pipeline on mnist-8").isTrue();
        byte[] bitcode;
        Set<String> runtimeCalls = new TreeSet<>();
        try (LlvmModule m = LlvmTranslator.translate(module, "mnist-8")) {
            bitcode = m.bitcode();
            m.declaredFunctions().keySet().stream()
                    .filter(n -> n.startsWith("hipep_") || n.startsWith("hipdnn_ep_"))
                    .forEach(runtimeCalls::add);
        }
        assertThat(runtimeCalls).as("mnist-8 calls runtime kernels").isNotEmpty();
        Set<String> lacking = new TreeSet<>(runtimeCalls);
        LLVMContextRef llvm = LLVMContextCreate();
        try {
            LLVMModuleRef rt = ModelLinker.parse(llvm, ModelLinker.runtimeBitcode(), ModelLinker.RUNTIME);
            lacking.removeAll(ModelLinker.externalDefinitions(rt).keySet());
            LLVMDisposeModule(rt);
        } finally {
            LLVMContextDispose(llvm);
        }
        assertThat(lacking).as("kernels and runtime functions mnist-8 calls that the runtime does not define").isEmpty();
        try (LoadedModel loaded = ModelLoader.loadJit(bitcode, LoadOptions.defaults())) {
            assertThat(loaded.metadataJson()).startsWith("{").contains("\"Input3\"");
            assertThat(loaded.symbol("inference_compute")).isNotZero();
        }
    }
}
