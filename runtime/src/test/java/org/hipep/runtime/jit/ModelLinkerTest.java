package org.hipep.runtime.jit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.bytedeco.llvm.global.LLVM.*;
import static org.hipep.runtime.jit.JitTestModules.*;

import java.nio.file.Files;
import java.nio.file.Path;
import org.bytedeco.llvm.LLVM.LLVMContextRef;
import org.bytedeco.llvm.LLVM.LLVMModuleRef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runtime bitcode resource, target-attribute stripping, and what linking and internalizing cost. */
class ModelLinkerTest {

    @Test
    void theRuntimeBitcodeResourceParsesAndHasNoTargetAttributesAfterStripping() {
        byte[] bc = ModelLinker.runtimeBitcode();
        assertThat(bc).startsWith('B', 'C');
        LLVMContextRef ctx = LLVMContextCreate();
        try {
            LLVMModuleRef mod = ModelLinker.parse(ctx, bc, ModelLinker.RUNTIME);
            ModelLinker.stripTargetAttributes(mod);
            assertThat(ModelLinker.hasTargetAttributes(mod)).isFalse();
            LLVMDisposeModule(mod);
        } finally {
            LLVMContextDispose(ctx);
        }
    }

    @Test
    void strippingRemovesWhatTheBundledClangWrites(@TempDir Path dir) throws Exception {
        Path src = Files.writeString(dir.resolve("k.c"), "float k(float x) { return x * 2.0f; }\n");
        Path out = dir.resolve("k.bc");
        tool("clang", "-O2", "-c", "-emit-llvm", src.toString(), "-o", out.toString());
        LLVMContextRef ctx = LLVMContextCreate();
        try {
            LLVMModuleRef mod = ModelLinker.parse(ctx, Files.readAllBytes(out), "k");
            assertThat(ModelLinker.hasTargetAttributes(mod)).as("clang's target-cpu before stripping").isTrue();
            ModelLinker.stripTargetAttributes(mod);
            assertThat(ModelLinker.hasTargetAttributes(mod)).isFalse();
            LLVMDisposeModule(mod);
        } finally {
            LLVMContextDispose(ctx);
        }
    }

    /**
     * A runtime of 60 kernels of which the model uses one: internalizing lets the optimiser drop
     * the others, so the JIT generates code for one. Prints the timings (not asserted: the
     * machine is shared).
     */
    @Test
    void internalizingDropsUnusedKernelsAndSavesJitTime() {
        byte[] model = model();
        byte[] runtime = bitcode(runtimeWithUnusedKernels(60), "runtime");
        LoadOptions options = LoadOptions.defaults();
        for (int round = 0; round < 2; round++) {
            long t0 = System.nanoTime();
            try (LoadedModel m = ModelLoader.loadJit(model, runtime, options)) {
                long t1 = System.nanoTime();
                assertThat(m.symbol("hipep_generated_7")).isZero();
                assertThat(computeOnce(m, 1f, 2f)).isEqualTo(6f);
                long t2 = System.nanoTime();
                try (LoadedModel all = ModelLoader.loadJit(model, runtime, options.withInternalizeRuntime(false))) {
                    long t3 = System.nanoTime();
                    assertThat(all.symbol("hipep_generated_7")).isNotZero();
                    System.out.printf("JIT of the fake model + 60-kernel runtime at O2: internalized %.1f ms, "
                            + "not internalized %.1f ms (round %d)%n", (t1 - t0) / 1e6, (t3 - t2) / 1e6, round);
                }
            }
        }
        for (int level : new int[] {0, 2}) {
            LLVMContextRef ctx = LLVMContextCreate();
            try {
                long t0 = System.nanoTime();
                ModelLinker.Linked linked = ModelLinker.link(ctx, model, runtime, options.withOptLevel(level));
                long t1 = System.nanoTime();
                assertThat(ModelLinker.externalDefinitions(linked.main().module())).containsKey("inference_compute");
                assertThat(org.bytedeco.llvm.global.LLVM.LLVMGetNamedFunction(linked.main().module(), "hipep_generated_7"))
                        .as("an unused kernel is gone at O%d", level).isNull();
                linked.dispose();
                System.out.printf("linking the 60-kernel runtime into the fake model, internalizing, O%d: %.1f ms%n",
                        level, (t1 - t0) / 1e6);
            } finally {
                LLVMContextDispose(ctx);
            }
        }
        byte[] real = ModelLinker.runtimeBitcode();
        byte[] small = bitcode(MODEL.replace("declare float @hipep_scale_f32(float)",
                "define float @hipep_scale_f32(float %x) {\n  ret float %x\n}"), "small");
        for (int level : new int[] {0, 2}) {
            long t0 = System.nanoTime();
            try (LoadedModel m = ModelLoader.loadJit(small, real, LoadOptions.defaults().withOptLevel(level))) {
                long t1 = System.nanoTime();
                assertThat(computeOnce(m, 4f)).isEqualTo(4f);
                System.out.printf("JIT of the small model with the real runtime bitcode (%d bytes) at O%d: %.1f ms%n",
                        real.length, level, (t1 - t0) / 1e6);
            }
        }
    }
}
