package org.hipep.runtime.llvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.bytedeco.llvm.global.LLVM;
import org.hipep.dialects.CoreDialects;
import org.hipep.dialects.onnx.importer.OnnxImporter;
import org.hipep.dialects.onnx.load.OnnxModelLoader;
import org.hipep.ir.Context;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.Operation;
import org.hipep.ir.Verifier;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.pass.PassManager;
import org.hipep.passes.HipdnnPipeline;
import org.hipep.plugin.PipelineSlotHook;
import org.hipep.testing.data.SharedData;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shared mnist-8 model end to end: imported, brought to the llvm dialect by
 * {@code hipdnn-pipeline}, translated, verified by LLVM, optimised at O2 and emitted as bitcode;
 * and, where {@code mlir-translate-22} is installed, the same module translated by upstream has
 * the same functions with the same LLVM types. Fails, never skips, when the shared model is
 * missing; skips the upstream part without the tool unless {@code hipep.require.mlir-opt=true}.
 */
class MnistTranslationTest {
    private static Operation lowerMnist(Path constantsDir) {
        Path model = SharedData.dir(SharedData.MODELS).resolve("mnist-8/model.onnx");
        assertThat(model).as("the shared mnist-8 model").isRegularFile();
        Context ctx = new Context(CoreDialects.register(new DialectRegistry()));
        Operation module = OnnxImporter.importModel(ctx, OnnxModelLoader.load(model));
        PassManager pm = new PassManager();
        HipdnnPipeline.build(pm, new HipdnnPipeline.Options("constants.bin", constantsDir.toString(), 1L, false),
                PipelineSlotHook.NONE);
        assertThat(pm.run(module).succeeded()).as("hipdnn-pipeline on mnist-8").isTrue();
        assertThat(Verifier.verify(module).succeeded()).isTrue();
        return module;
    }

    /** The {@code llvm.func} ops of the module: name to whether it has a body. */
    private static Map<String, Boolean> dialectFunctions(Operation module) {
        Map<String, Boolean> out = new TreeMap<>();
        for (Operation op : module.region(0).front()) {
            if (op.is("llvm.func")) {
                out.put(((StringAttr) op.attribute("sym_name")).value(), !op.region(0).isEmpty());
            }
        }
        return out;
    }

    @Test
    void mnistTranslatesVerifiesOptimisesAndEmitsBitcode(@TempDir Path dir) {
        Operation module = lowerMnist(dir);
        Map<String, Boolean> funcs = dialectFunctions(module);
        List<String> runtimeDecls = funcs.entrySet().stream().filter(e -> !e.getValue())
                .map(Map.Entry::getKey).filter(n -> n.startsWith("hipep_") || n.startsWith("hipdnn_ep_")).toList();
        assertThat(runtimeDecls).as("kernel and runtime declarations of the lowered mnist-8")
                .anyMatch(n -> n.startsWith("hipep_conv")).anyMatch(n -> n.startsWith("hipdnn_ep_"));

        long first = System.nanoTime();
        LlvmTranslator.translate(module, "mnist-8").close();
        long start = System.nanoTime();
        try (LlvmModule m = LlvmTranslator.translate(module, "mnist-8")) {
            long translated = System.nanoTime();
            assertThat(m.declaredFunctions()).as("declared in the LLVM module").containsKeys(
                    runtimeDecls.toArray(String[]::new));
            assertThat(m.definedFunctions()).containsKey("inference_compute").containsKey("main_graph");
            m.optimize(2);
            long optimised = System.nanoTime();
            m.verify();
            byte[] bc = m.bitcode();
            assertThat(bc).hasSizeGreaterThan(100).startsWith((byte) 'B', (byte) 'C');
            assertThat(m.definedFunctions()).containsKey("inference_compute");
            System.out.printf("mnist-8: first translation in this JVM %d ms, translate %d ms, O2 %d ms,"
                    + " bitcode %d bytes%n", (start - first) / 1_000_000, (translated - start) / 1_000_000, (optimised - translated) / 1_000_000, bc.length);
        }
    }

    @Test
    void upstreamTranslationHasTheSameFunctionsWithTheSameTypes(@TempDir Path dir) throws Exception {
        Optional<Path> tool = UpstreamTranslate.tool();
        if (tool.isEmpty()) {
            assertThat(Boolean.getBoolean("hipep.require.mlir-opt"))
                    .as("hipep.require.mlir-opt=true but mlir-translate-22 is not installed").isFalse();
            Assumptions.abort("mlir-translate-22 is not installed");
        }
        Operation module = lowerMnist(dir);
        try (LlvmModule ours = LlvmTranslator.translate(module, "mnist-8");
                LlvmModule upstream = LlvmModule.parseIr(UpstreamTranslate.translate(tool.get(), module, dir),
                        "upstream-mnist-8.ll")) {
            upstream.verify();
            assertThat(ours.definedFunctions()).as("defined functions, ours and upstream's")
                    .isEqualTo(upstream.definedFunctions());
            assertThat(ours.declaredFunctions()).as("declared functions, ours and upstream's")
                    .isEqualTo(upstream.declaredFunctions());
            assertThat(ours.globals()).as("globals, ours and upstream's").isNotEmpty()
                    .isEqualTo(upstream.globals());
            // insert/extractvalue aside (see UpstreamTranslate.opcodeCounts): after O2 ours has 5
            // insertvalues in main_graph to upstream's 7.
            assertThat(UpstreamTranslate.opcodeCounts(ours)).as("instructions by opcode per function")
                    .isEqualTo(UpstreamTranslate.opcodeCounts(upstream));
            ours.optimize(2);
            upstream.optimize(2);
            assertThat(UpstreamTranslate.opcodeCounts(ours)).as("the same after O2")
                    .isEqualTo(UpstreamTranslate.opcodeCounts(upstream));
        }
    }
}
