package org.hipep.passes.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.hipep.ir.Operation;
import org.hipep.ir.Verifier;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.pass.PassManager;
import org.hipep.passes.OnnxToHipPipeline;
import org.hipep.passes.llvm.ConvertHipToLLVMPass;
import org.hipep.passes.llvm.HipKernelAbi;
import org.hipep.plugin.PipelineSlotHook;
import org.hipep.testing.data.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * mnist-8 end to end as far as the kernel calls: import → {@code onnx-to-hip-pipeline}
 * (constants to a temporary folder; it bufferizes and plans memory) → {@code convert-hip-to-llvm}.
 * Every hip compute op becomes a call of its kernel, between the profiler's two calls; what else is left (memref and func ops,
 * which their own lowerings take) is printed.
 */
class MnistToKernelCallsTest {
    @Test
    void everyHipComputeOpBecomesAKernelCall(@TempDir Path out) throws Exception {
        Map<String, Integer> calls = kernelCalls(out, true);
        assertThat(calls).containsKeys("hipep_matmul_f32_in2", "hipep_add_f32");
        // simplify-onnx: each conv's broadcast bias Add folds into the conv (whose Relu then fuses into it), the
        // Reshape of the classifier's constant weights folds into a constant; left: the classifier's input's
        // Reshape, which hip-reshape-transpose-views turns into a view (no kernel), and the classifier's bias Add.
        // hip-conv-channels-last: the second conv (8 input channels) and its max pool run NHWC, and canonicalize
        // fuses the pool into the conv (its SAME_UPPER pads made explicit); the first conv (one channel, 157k
        // multiply-adds) and its pool stay NCHW; one transpose in, one back before the Reshape
        assertThat(calls).containsEntry("hipep_conv_f32_in3_clamp", 1)
                .containsEntry("hipep_conv_f32_in3_clamp_maxpool_nhwc", 1).containsEntry("hipep_max_pool_f32_out1", 1)
                .doesNotContainKey("hipep_max_pool_f32_out1_nhwc").doesNotContainKey("hipep_conv_f32_in3_clamp_nhwc")
                .containsEntry("hipep_transpose_f32", 2).doesNotContainKey("hipep_conv_f32_in2")
                .doesNotContainKey("hipep_max_f32").containsEntry("hipep_add_f32", 1)
                .doesNotContainKey("hipep_reshape_f32");
    }

    @Test
    void withoutChannelsLastEverythingStaysNchw(@TempDir Path out) throws Exception {
        Map<String, Integer> calls = kernelCalls(out, false);
        assertThat(calls).containsEntry("hipep_conv_f32_in3_clamp", 2).containsEntry("hipep_max_pool_f32_out1", 2)
                .doesNotContainKey("hipep_transpose_f32");
        assertThat(calls.keySet()).noneMatch(k -> k.endsWith("_nhwc"));
    }

    private static Map<String, Integer> kernelCalls(Path out, boolean channelsLast) throws Exception {
        ImportedModel imported = ImportedModel.load(SharedData.dir(SharedData.MODELS).resolve("mnist-8/model.onnx"));
        Operation module = imported.module();
        PassManager pm = new PassManager();
        OnnxToHipPipeline.build(pm, new OnnxToHipPipeline.Options(Files.createDirectories(out.resolve("c")).toString(),
                16L, false, channelsLast), PipelineSlotHook.NONE);
        Map<String, Integer> computeOps = new TreeMap<>();
        PassManager lower = new PassManager();
        lower.addPass(ConvertHipToLLVMPass::new);
        assertThat(pm.run(module).succeeded()).as("pipeline and bufferization: " + imported.errors()).isTrue();
        module.walk(op -> {
            if (op.nameString().startsWith("hip.") && HipKernelAbi.entry(op.nameString()) != null) {
                computeOps.merge(op.nameString(), 1, Integer::sum);
            }
        });
        assertThat(computeOps).as("hip compute ops before the lowering").isNotEmpty();

        assertThat(lower.run(module).succeeded()).as("convert-hip-to-llvm: " + imported.errors()).isTrue();
        assertThat(Verifier.verify(module).succeeded()).isTrue();
        Set<String> hipLeft = new TreeSet<>();
        Map<String, Integer> calls = new TreeMap<>();
        Map<String, Integer> profiler = new TreeMap<>();
        Set<String> declared = new TreeSet<>();
        Map<String, Integer> others = new TreeMap<>();
        module.walk(op -> {
            String name = op.nameString();
            if (name.startsWith("hip.")) {
                hipLeft.add(name);
            } else if (name.equals("llvm.call")) {
                String callee = ((SymbolRefAttr) op.attribute("callee")).rootReference();
                if (callee.startsWith("hipep_profile_")) {
                    profiler.merge(callee, 1, Integer::sum);
                } else if (callee.startsWith("hipep_")) {
                    calls.merge(callee, 1, Integer::sum);
                }
            } else if (name.equals("llvm.func")) {
                String fn = ((StringAttr) op.attribute("sym_name")).value();
                if (fn.startsWith("hipep_")) {
                    declared.add(fn);
                }
            } else if (!name.startsWith("llvm.")) {
                others.merge(name, 1, Integer::sum);
            }
        });
        System.out.println("mnist-8 hip compute ops: " + computeOps);
        System.out.println("mnist-8 kernel calls: " + calls);
        System.out.println("mnist-8 ops left for the other lowerings: " + others);
        assertThat(hipLeft).as("hip ops left").isEmpty();
        int total = computeOps.values().stream().mapToInt(Integer::intValue).sum();
        assertThat(calls.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(total);
        // every kernel call between the profiler's begin and end
        assertThat(profiler).containsExactlyInAnyOrderEntriesOf(Map.of("hipep_profile_begin", total,
                "hipep_profile_end", total));
        Set<String> expected = new TreeSet<>(calls.keySet());
        expected.addAll(profiler.keySet());
        assertThat(declared).isEqualTo(expected);
        assertThat(imported.errors()).isEmpty();
        return calls;
    }
}
