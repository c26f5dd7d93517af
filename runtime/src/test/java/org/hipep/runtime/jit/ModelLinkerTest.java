package org.hipep.runtime.jit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.bytedeco.llvm.global.LLVM.*;
import static org.hipep.runtime.jit.JitTestModules.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.bytedeco.llvm.LLVM.LLVMContextRef;
import org.bytedeco.llvm.LLVM.LLVMModuleRef;
import org.hipep.runtime.llvm.LlvmModule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime bitcode resource, target-attribute stripping, the model's glue left unoptimised, and
 * what linking and internalizing cost.
 */
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

    /**
     * The runtime bitcode is built with {@code -fno-vectorize -fno-slp-vectorize} (runtime/pom.xml):
     * clang would vectorise the kernel loops for generic x86-64 (4 floats) and the host
     * optimisation never re-widens a vectorised loop, so every element-wise, Gelu and LayerNorm
     * loop would run 4 lanes wide on an AVX-512 host (the flags were lost once in a merge: bert-layer
     * Gelu and Add ran in xmm). The plain kernel loops must be scalar in the resource, and vectorised
     * at the host's width (16 floats with AVX-512, 8 with AVX2) once optimised for this host. The
     * float math loops (EW_MATH_LOOP_f32) are the exception: vectorised in the resource, 16 wide and
     * four vectors per iteration, because the host's vectoriser left them at one long dependent
     * chain per iteration.
     */
    @Test
    void kernelLoopsAreLeftScalarInTheBitcodeAndVectorisedAtTheHostWidth() {
        String[] loops = {"ew_body_add_f32", "ew_body_mul_f32", "rd_lnbody_f"};
        String features = LlvmModule.hostDescription();
        int hostLanes = features.contains("+avx512f") && features.contains("+evex512") ? 16
                : features.contains("+avx2") ? 8 : 4;
        LLVMContextRef ctx = LLVMContextCreate();
        try {
            LLVMModuleRef mod = ModelLinker.parse(ctx, ModelLinker.runtimeBitcode(), ModelLinker.RUNTIME);
            for (String f : loops) {
                assertThat(functionIr(mod, f)).as("%s in the runtime bitcode (built without vectorisation)", f)
                        .doesNotContain(" x float>");
            }
            for (String f : new String[] {"ew_body_gelu_erf_f32", "ew_body_exp_f32", "ew_body_tanh_f32"}) {
                String ir = functionIr(mod, f);
                assertThat(widestFloatVector(ir)).as("%s in the runtime bitcode (a math loop)", f).isEqualTo(16);
                assertThat(count(ir, "store <16 x float>")).as("%s: vector stores per iteration", f).isEqualTo(4);
            }
            ModelLinker.stripTargetAttributes(mod);
            LlvmModule.optimize(mod, 2);
            for (String f : loops) {
                assertThat(widestFloatVector(functionIr(mod, f))).as("%s optimised for this host (%s)", f, features)
                        .isGreaterThanOrEqualTo(hostLanes);
            }
            LLVMDisposeModule(mod);
        } finally {
            LLVMContextDispose(ctx);
        }
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    /** The most lanes of any {@code <N x float>} in {@code ir} (0 when none). */
    private static int widestFloatVector(String ir) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<(\\d+) x float>").matcher(ir);
        int widest = 0;
        while (m.find()) {
            widest = Math.max(widest, Integer.parseInt(m.group(1)));
        }
        return widest;
    }

    static String functionIr(LLVMModuleRef mod, String name) {
        var f = LLVMGetNamedFunction(mod, name);
        assertThat(f).as("function %s in the module", name).isNotNull();
        assertThat(f.isNull()).as("function %s in the module", name).isFalse();
        var text = LLVMPrintValueToString(f);
        try {
            return text.getString();
        } finally {
            LLVMDisposeMessage(text);
        }
    }

    /**
     * Functions for {@link ModelLinker#leaveGlueUnoptimised}: the graph function's shape (descriptors
     * stored for calls to declared kernels, a forward branch), a loop, a call to a definition, no
     * call at all, glue that is not the model's and glue marked {@code alwaysinline}.
     */
    private static final String GLUE = """
            declare void @kernel(ptr, i64)

            define void @main_graph(ptr %ctx, i1 %c) {
            entry:
              %d = alloca { ptr, i64 }
              %s = insertvalue { ptr, i64 } poison, ptr %ctx, 0
              %s1 = insertvalue { ptr, i64 } %s, i64 7, 1
              store { ptr, i64 } %s1, ptr %d
              call void @kernel(ptr %d, i64 1)
              br i1 %c, label %then, label %done
            then:
              call void @kernel(ptr %d, i64 2)
              br label %done
            done:
              ret void
            }

            define void @looped(ptr %ctx, i64 %n) {
            entry:
              br label %loop
            loop:
              %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
              call void @kernel(ptr %ctx, i64 %i)
              %i1 = add i64 %i, 1
              %more = icmp slt i64 %i1, %n
              br i1 %more, label %loop, label %done
            done:
              ret void
            }

            define void @calls_definition(ptr %ctx) {
              call void @not_the_models(ptr %ctx)
              ret void
            }

            define i64 @no_call(i64 %x) {
              %y = add i64 %x, 1
              ret i64 %y
            }

            define void @not_the_models(ptr %ctx) {
              call void @kernel(ptr %ctx, i64 3)
              ret void
            }

            define void @always_inlined(ptr %ctx) alwaysinline {
              call void @kernel(ptr %ctx, i64 4)
              ret void
            }
            """;

    private static boolean leftUnoptimised(LLVMModuleRef mod, String function) {
        var f = LLVMGetNamedFunction(mod, function);
        assertThat(f == null || f.isNull()).as("function %s in the module", function).isFalse();
        boolean all = true;
        boolean any = false;
        for (String attr : ModelLinker.GLUE_ATTRIBUTES) {
            boolean has = ModelLinker.hasAttribute(f, attr);
            all &= has;
            any |= has;
        }
        assertThat(any).as("%s has all of %s or none", function, ModelLinker.GLUE_ATTRIBUTES).isEqualTo(all);
        return all;
    }

    @Test
    void onlyTheModelsLoopFreeCallsToDeclarationsAreLeftUnoptimised() {
        try (LlvmModule m = LlvmModule.parseIr(GLUE, "glue")) {
            LLVMModuleRef mod = m.module();
            ModelLinker.leaveGlueUnoptimised(mod,
                    Set.of("main_graph", "looped", "calls_definition", "no_call", "always_inlined", "kernel"));
            assertThat(leftUnoptimised(mod, "main_graph")).as("the graph function's shape").isTrue();
            assertThat(leftUnoptimised(mod, "looped")).as("a loop").isFalse();
            assertThat(leftUnoptimised(mod, "calls_definition")).as("a call to a definition").isFalse();
            assertThat(leftUnoptimised(mod, "no_call")).as("no call").isFalse();
            assertThat(leftUnoptimised(mod, "not_the_models")).as("glue that is not the model's").isFalse();
            assertThat(leftUnoptimised(mod, "kernel")).as("a declaration").isFalse();
            assertThat(leftUnoptimised(mod, "always_inlined")).as("alwaysinline").isFalse();
            m.verify();
            String marked = functionIr(mod, "main_graph");
            assertThat(marked).as("marked: the descriptor's fields stored one by one (%s)", ModelLinker.GLUE_PASSES)
                    .doesNotContain("insertvalue", "store {").contains("store ptr %ctx", "store i64 7");
            LlvmModule.optimize(mod, 2);
            String after = functionIr(mod, "main_graph");
            // The body as it was (O2's module passes may still mark the function local_unnamed_addr).
            assertThat(after.substring(after.indexOf('{'))).as("marked, after O2: the body as it was")
                    .isEqualTo(marked.substring(marked.indexOf('{')));
            m.verify();
        }
        try (LlvmModule m = LlvmModule.parseIr(GLUE, "glue")) {
            LlvmModule.optimize(m.module(), 2);
            assertThat(functionIr(m.module(), "main_graph")).as("not marked, after O2 (the stores split)")
                    .doesNotContain("insertvalue");
        }
    }

    /**
     * Through {@link ModelLinker}: the graph function calls a runtime kernel, which beside the
     * prebuilt runtime is a declaration (left unoptimised) and with the runtime bitcode linked in a
     * definition (optimised: the kernel may inline); at O0 nothing is marked.
     */
    @Test
    void theGraphFunctionIsLeftUnoptimisedBesideThePrebuiltRuntime() {
        PrebuiltRuntime prebuilt = PrebuiltRuntime.forHost().orElse(null);
        assertThat(prebuilt).as("the prebuilt runtime for this host").isNotNull();
        byte[] model = bitcode(MODEL + """
                define float @main_graph(float %x) {
                  %r = call float @hipep_scale_f32(float %x)
                  ret float %r
                }
                """, "model");
        LLVMContextRef ctx = LLVMContextCreate();
        try {
            ModelLinker.Linked beside = ModelLinker.linkBeside(ctx, model, prebuilt, LoadOptions.defaults());
            assertThat(leftUnoptimised(beside.main().module(), "main_graph")).as("beside the prebuilt runtime")
                    .isTrue();
            assertThat(leftUnoptimised(beside.main().module(), "inference_compute")).as("a loop").isFalse();
            beside.dispose();
            ModelLinker.Linked o0 = ModelLinker.linkBeside(ctx, model, prebuilt,
                    LoadOptions.defaults().withOptLevel(0));
            assertThat(leftUnoptimised(o0.main().module(), "main_graph")).as("at O0").isFalse();
            o0.dispose();
            ModelLinker.Linked linked = ModelLinker.link(ctx, model, runtime(), LoadOptions.defaults());
            assertThat(leftUnoptimised(linked.main().module(), "main_graph")).as("the runtime linked in").isFalse();
            linked.dispose();
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
