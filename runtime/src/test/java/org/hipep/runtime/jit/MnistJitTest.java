package org.hipep.runtime.jit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.bytedeco.llvm.global.LLVM.*;

import java.nio.file.Path;
import java.util.List;
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
 * real runtime: the runtime defines every kernel and runtime function it calls, and it loads with
 * its metadata and entry points (libc and libm come from the process), with the prebuilt runtime
 * object where this host has one and with the runtime bitcode linked in.
 */
class MnistJitTest {
    @Test
    void mnistLoadsWithTheRuntime(@TempDir Path dir) {
        byte[] bitcode = mnistBitcode(dir, true);
        try (LoadedModel loaded = ModelLoader.loadJit(bitcode, LoadOptions.defaults())) {
            assertThat(loaded.metadataJson()).startsWith("{").contains("\"Input3\"");
            assertThat(loaded.symbol("inference_compute")).isNotZero();
            PrebuiltRuntime prebuilt = PrebuiltRuntime.forHost().orElse(null);
            if (prebuilt != null) {
                assertThat(loaded.toString()).contains("prebuilt " + prebuilt.level() + " runtime");
            } else {
                assertThat(loaded.toString()).doesNotContain("prebuilt");
            }
        }
    }

    @Test
    void theRuntimeBitcodeStillLinksWhenThePrebuiltRuntimeIsOff(@TempDir Path dir) {
        byte[] bitcode = mnistBitcode(dir, false);
        String before = System.getProperty(PrebuiltRuntime.PROPERTY);
        System.setProperty(PrebuiltRuntime.PROPERTY, "false");
        try {
            assertThat(ModelLoader.prebuiltFor(LoadOptions.defaults())).isNull();
            try (LoadedModel loaded = ModelLoader.loadJit(bitcode, LoadOptions.defaults())) {
                assertThat(loaded.toString()).doesNotContain("prebuilt");
                assertThat(loaded.metadataJson()).contains("\"Input3\"");
            }
            List<byte[]> objects = ModelLoader.compileObjects(bitcode, LoadOptions.defaults());
            try (LoadedModel loaded = ModelLoader.loadObjects(objects, LoadOptions.defaults())) {
                assertThat(loaded.symbol("inference_compute")).isNotZero();
            }
        } finally {
            if (before == null) {
                System.clearProperty(PrebuiltRuntime.PROPERTY);
            } else {
                System.setProperty(PrebuiltRuntime.PROPERTY, before);
            }
        }
    }

    /**
     * The compile cache's object of a model with the prebuilt runtime holds the model and only the
     * runtime functions it reaches ({@code ld.lld -r --gc-sections}: the runtime's function
     * sections are still named in it), and loads alone. On a host below x86-64-v3, the object is
     * the linked runtime's (one text section).
     */
    @Test
    void theCachedObjectKeepsOnlyWhatTheModelReaches(@TempDir Path dir) {
        PrebuiltRuntime prebuilt = PrebuiltRuntime.forHost().orElse(null);
        byte[] bitcode = mnistBitcode(dir, false);
        List<byte[]> objects = ModelLoader.compileObjects(bitcode, LoadOptions.defaults());
        assertThat(objects).hasSize(1);
        String text = new String(objects.get(0), java.nio.charset.StandardCharsets.ISO_8859_1);
        if (prebuilt != null) {
            assertThat(text).as("function sections of the prebuilt runtime").contains(".text.hipep_");
            assertThat(objects.get(0).length).as("the model's object against the whole runtime's")
                    .isLessThan(prebuilt.object().length / 4);
        } else {
            assertThat(text).as("no prebuilt runtime on this host").doesNotContain(".text.hipep_");
        }
        try (LoadedModel loaded = ModelLoader.loadObjects(objects, LoadOptions.defaults())) {
            assertThat(loaded.metadataJson()).contains("\"Input3\"");
            for (String s : List.of("inference_init", "inference_compute", "inference_cleanup", "hipep_free",
                    "hipep_state_outputs")) {
                assertThat(loaded.symbol(s)).as(s).isNotZero();
            }
        }
    }

    /**
     * Beside the prebuilt runtime, mnist-8's graph function reaches code generation in the form
     * LLVM's fast instruction selector takes whole: marked {@code optnone}, returning nothing, each
     * kernel operand's descriptor stored field by field (no {@code insertvalue} or
     * {@code extractvalue}, no store of a whole struct). Any of those sends instructions, or with a
     * returned descriptor the whole function, to the slow selector ({@link ModelLinker}).
     */
    @Test
    void theGraphFunctionReachesCodeGenerationAsScalars(@TempDir Path dir) {
        PrebuiltRuntime prebuilt = PrebuiltRuntime.forHost().orElse(null);
        assertThat(prebuilt).as("the prebuilt runtime for this host").isNotNull();
        byte[] bitcode = mnistBitcode(dir, false);
        LLVMContextRef llvm = LLVMContextCreate();
        try {
            ModelLinker.Linked linked = ModelLinker.linkBeside(llvm, bitcode, prebuilt, LoadOptions.defaults());
            try {
                String ir = ModelLinkerTest.functionIr(linked.main().module(), "main_graph");
                assertThat(ir).contains("optnone", "define void @main_graph(", "call void @hipep_conv")
                        .doesNotContain("insertvalue", "extractvalue", "store {");
            } finally {
                linked.dispose();
            }
        } finally {
            LLVMContextDispose(llvm);
        }
    }

    /** mnist-8's bitcode; with {@code checkCalls}, first that the runtime bitcode defines every runtime symbol it calls. */
    private static byte[] mnistBitcode(Path dir, boolean checkCalls) {
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
        if (checkCalls) {
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
            assertThat(lacking).as("kernels and runtime functions mnist-8 calls that the runtime does not define")
                    .isEmpty();
        }
        return bitcode;
    }
}
