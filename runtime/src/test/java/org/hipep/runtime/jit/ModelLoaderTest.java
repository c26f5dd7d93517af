package org.hipep.runtime.jit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hipep.runtime.jit.JitTestModules.*;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.LongPointer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ModelLoader#loadJit}: the generated interface called through {@link NativeCalls}, plugins, libraries. */
class ModelLoaderTest {
    private static final LoadOptions O2 = LoadOptions.defaults();

    private static final String PLUGIN_SCALE_X3 = """
            define float @hipep_scale_f32(float %x) {
              %r = fmul float %x, 3.0
              ret float %r
            }
            """;

    @Test
    void initComputeCleanupThroughTheBindingReadTheResultBack() {
        try (LoadedModel model = ModelLoader.loadJit(model(), runtime(), O2)) {
            assertThat(computeOnce(model, 1f, 2f, 3.5f)).isEqualTo(13f);
            assertThat(model.metadataJson()).isEqualTo("{\"name\":\"fake\"}");
            assertThat(model.errorMessage(0)).isEqualTo("fake error");
            List<LoadedModel.Output> outs = model.outputList(0);
            assertThat(outs).hasSize(1);
            assertThat(outs.get(0).shape()).containsExactly(3, 5);
            assertThat(outs.get(0).elementSize()).isEqualTo(4);
            assertThat(outs.get(0).runtimeOwned()).isTrue();
            long[] n = new long[1];
            assertThat(model.outputs(0, n)).isNotNull();
            assertThat(n[0]).isEqualTo(1);
        }
    }

    @Test
    void setOutputAllocatorPassesThePointerAndFreeReachesTheRuntime() {
        try (LoadedModel model = ModelLoader.loadJit(model(), runtime(), O2);
                LongPointer allocator = new LongPointer(2)) {
            long global = model.symbol("last_allocator");
            assertThat(global).isNotZero();
            model.setOutputAllocator(0, allocator);
            assertThat(word(global)).isEqualTo(allocator.address());
            model.setOutputAllocator(0, null);
            assertThat(word(global)).isZero();
            long state = model.init(null);
            model.free(state);
            assertThat(word(model.symbol("last_freed"))).isEqualTo(state);
        }
    }

    /**
     * The fake runtime as a prebuilt object beside the model: the model computes as with the bitcode
     * linked in, from the JIT and from the compile cache's objects (the model's object linked with
     * the runtime by {@code ld.lld -r --gc-sections}).
     */
    @Test
    void aPrebuiltRuntimeObjectServesTheModelAsTheLinkedBitcodeDoes() {
        PrebuiltRuntime prebuilt = fakePrebuilt(Set.of());
        try (LoadedModel model = ModelLoader.loadJit(model(), null, prebuilt, O2)) {
            assertThat(model.toString()).contains("prebuilt fake-level runtime");
            assertThat(computeOnce(model, 1f, 2f, 3.5f)).isEqualTo(13f);
            assertThat(model.errorMessage(0)).isEqualTo("fake error");
        }
        List<byte[]> objects = ModelLoader.compileObjects(model(), null, prebuilt, O2);
        assertThat(objects).hasSize(1);
        try (LoadedModel model = ModelLoader.loadObjects(objects, O2)) {
            assertThat(computeOnce(model, 1f, 2f, 3.5f)).isEqualTo(13f);
        }
    }

    @Test
    void aPrebuiltRuntimesSymbolsCollideAndItsNeedsMustResolve() {
        PrebuiltRuntime prebuilt = fakePrebuilt(Set.of());
        byte[] plugin = bitcode(PLUGIN_SCALE_X3, "plugin");
        assertThatThrownBy(() -> ModelLoader.loadJit(model(), null, prebuilt, O2.withBitcode(RuntimeBitcode.of("p", plugin))))
                .isInstanceOf(RuntimeFailure.class)
                .hasMessageContaining("'hipep_scale_f32' is defined by both 'runtime' and 'p'");
        PrebuiltRuntime needy = fakePrebuilt(Set.of("hipep_no_such_library_function"));
        assertThatThrownBy(() -> ModelLoader.loadJit(model(), null, needy, O2))
                .isInstanceOf(RuntimeFailure.class)
                .hasMessageContaining("no runtime kernel for hipep_no_such_library_function (used by runtime)");
    }

    /** {@link JitTestModules#RUNTIME} compiled to an object, with its symbols and {@code moreNeeds}. */
    private static PrebuiltRuntime fakePrebuilt(Set<String> moreNeeds) {
        byte[] bitcode = runtime();
        byte[] object;
        org.bytedeco.llvm.LLVM.LLVMContextRef ctx = org.bytedeco.llvm.global.LLVM.LLVMContextCreate();
        try {
            org.bytedeco.llvm.LLVM.LLVMModuleRef mod = ModelLinker.parse(ctx, bitcode, "fake runtime");
            org.hipep.runtime.llvm.LlvmModule.optimize(mod, 2);
            object = NativeArtifact.emitObject(mod, 2);
            org.bytedeco.llvm.global.LLVM.LLVMDisposeModule(mod);
        } finally {
            org.bytedeco.llvm.global.LLVM.LLVMContextDispose(ctx);
        }
        PrebuiltRuntime.Symbols symbols = PrebuiltRuntime.symbols(bitcode);
        Set<String> undefined = new java.util.TreeSet<>(symbols.undefined());
        undefined.addAll(moreNeeds);
        return new PrebuiltRuntime("fake-level", object, symbols.defined(), undefined);
    }

    private static long word(long at) {
        return new LongPointer(new org.bytedeco.javacpp.Pointer() {
            {
                address = at;
            }
        }).get(0);
    }

    @Test
    void statusOfComputeIsReturnedAndUnknownSymbolsAreZero() {
        try (LoadedModel model = ModelLoader.loadJit(model(), runtime(), O2); LongPointer span = new LongPointer(2)) {
            long state = model.init(null);
            span.put(0, 0L).put(1, 5L);
            assertThat(model.compute(state, span)).isEqualTo(4097);
            model.cleanup(state);
            assertThat(model.symbol("no_such_symbol")).isZero();
        }
    }

    @Test
    void unusedRuntimeKernelsAreInternalizedAndDroppedUnlessTurnedOff() {
        try (LoadedModel model = ModelLoader.loadJit(model(), runtime(), O2)) {
            assertThat(model.symbol("hipep_unused_f32")).isZero();
            assertThat(model.symbol("hipep_scale_f32")).isZero();
            assertThat(model.symbol("hipep_free")).isNotZero();
        }
        try (LoadedModel model = ModelLoader.loadJit(model(), runtime(), O2.withInternalizeRuntime(false))) {
            assertThat(model.symbol("hipep_unused_f32")).isNotZero();
            assertThat(computeOnce(model, 1f)).isEqualTo(2f);
        }
    }

    @Test
    void pluginBitcodeCollidingWithTheRuntimeNamesBothContributors() {
        LoadOptions options = O2.withBitcode(RuntimeBitcode.of("plugin-a", bitcode(PLUGIN_SCALE_X3, "a")));
        assertThatThrownBy(() -> ModelLoader.loadJit(model(), runtime(), options))
                .isInstanceOf(RuntimeFailure.class)
                .hasMessageContaining("'hipep_scale_f32'")
                .hasMessageContaining("'runtime'")
                .hasMessageContaining("'plugin-a'");
    }

    @Test
    void aModelDefiningARuntimeSymbolNamesModelAndRuntime() {
        String ir = MODEL.replace("declare float @hipep_scale_f32(float)",
                "define float @hipep_scale_f32(float %x) {\n  ret float %x\n}");
        assertThatThrownBy(() -> ModelLoader.loadJit(bitcode(ir, "model"), runtime(), O2))
                .isInstanceOf(RuntimeFailure.class)
                .hasMessageContaining("'hipep_scale_f32' is defined by both 'model' and 'runtime'");
    }

    @Test
    void concurrentComputesOnDifferentStates() throws Exception {
        try (LoadedModel model = ModelLoader.loadJit(model(), runtime(), O2)) {
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                List<Future<Float>> results = new ArrayList<>();
                for (int t = 0; t < 4; t++) {
                    float v = t;
                    results.add(pool.submit(() -> {
                        float last = 0;
                        for (int i = 0; i < 200; i++) {
                            last = computeOnce(model, v, 1f);
                        }
                        return last;
                    }));
                }
                for (int t = 0; t < 4; t++) {
                    assertThat(results.get(t).get()).isEqualTo(2f * (t + 1));
                }
            } finally {
                pool.shutdown();
            }
        }
    }

    @Test
    void pluginBitcodeCollidingWithAnEarlierPluginNamesBothContributors() {
        String helper = "define i32 @shared_helper(i32 %x) {\n  ret i32 %x\n}\n";
        LoadOptions options = O2.withBitcode(RuntimeBitcode.of("plugin-a", bitcode(helper, "a")))
                .withBitcode(RuntimeBitcode.of("plugin-b", bitcode(helper, "b")));
        assertThatThrownBy(() -> ModelLoader.loadJit(model(), runtime(), options))
                .isInstanceOf(RuntimeFailure.class)
                .hasMessageContaining("'shared_helper' is defined by both 'plugin-a' and 'plugin-b'");
    }

    @Test
    void anOverrideReplacesTheRuntimeDefinition() {
        LoadOptions options = O2.withBitcode(new RuntimeBitcode("plugin-a", bitcode(PLUGIN_SCALE_X3, "a"),
                Set.of("hipep_scale_f32")));
        try (LoadedModel model = ModelLoader.loadJit(model(), runtime(), options)) {
            assertThat(computeOnce(model, 1f, 2f, 3.5f)).isEqualTo(19.5f);
            assertThat(model.symbol("hipep_scale_f32")).as("the plugin's definition, exported").isNotZero();
        }
    }

    @Test
    void aMissingLibraryNamesItsContributorAndEveryPathSearched(@TempDir Path dir) {
        LibrarySearch search = LibrarySearch.none().withDirectory("plugin-b", dir).withDirectory("plugin-c", dir.resolve("x"))
                .withLibrary("plugin-b", "nosuch");
        assertThatThrownBy(() -> ModelLoader.loadJit(model(), runtime(), O2.withLibraries(search)))
                .isInstanceOf(RuntimeFailure.class)
                .hasMessageContaining("'nosuch'")
                .hasMessageContaining("'plugin-b'")
                .hasMessageContaining(dir.resolve("libnosuch.so").toString())
                .hasMessageContaining(dir.resolve("libnosuch.a").toString())
                .hasMessageContaining(dir.resolve("x/libnosuch.so").toString())
                .hasMessageContaining(dir.resolve("x/libnosuch.a").toString());
    }

    private static final String USES_LIBRARIES = """
            declare i32 @triple_it(i32)
            declare i32 @quad_it(i32)
            define i32 @use_so(ptr %p) {
              %x = load i32, ptr %p
              %r = call i32 @triple_it(i32 %x)
              ret i32 %r
            }
            define i32 @use_a(ptr %p) {
              %x = load i32, ptr %p
              %r = call i32 @quad_it(i32 %x)
              ret i32 %r
            }
            """;

    @Test
    void sharedAndStaticLibrariesAreFoundByNameInContributedDirectories(@TempDir Path dir) throws Exception {
        sharedLibrary(dir, "tripler", "int triple_it(int x) { return 3 * x; }\n");
        staticLibrary(dir, "quadder", "int quad_it(int x) { return 4 * x; }\n");
        LibrarySearch search = LibrarySearch.none().withDirectory("plugin-so", dir.resolve("empty"))
                .withDirectory("plugin-so", dir).withLibrary("plugin-so", "tripler").withLibrary("plugin-a", "quadder");
        byte[] model = bitcode(MODEL + USES_LIBRARIES, "model");
        try (LoadedModel m = ModelLoader.loadJit(model, runtime(), O2.withLibraries(search));
                IntPointer seven = new IntPointer(new int[] {7})) {
            assertThat(NativeCalls.i32Ptr(m.symbol("use_so"), seven.address())).isEqualTo(21);
            assertThat(NativeCalls.i32Ptr(m.symbol("use_a"), seven.address())).isEqualTo(28);
        }
    }

    @Test
    void undefinedSymbolsAreOneClearFailureBeforeAnythingIsGenerated() {
        String ir = MODEL + """
                declare i16 @hipep_foo_bf16(i16)
                declare i32 @mystery_fn()
                define i32 @uses_missing(ptr %p) {
                  %a = call i16 @hipep_foo_bf16(i16 1)
                  %b = call i32 @mystery_fn()
                  ret i32 %b
                }
                """;
        assertThatThrownBy(() -> ModelLoader.loadJit(bitcode(ir, "model"), runtime(), O2))
                .isInstanceOf(RuntimeFailure.class)
                .hasMessageContaining("2 symbol(s)")
                .hasMessageContaining("no runtime kernel for hipep_foo_bf16 (used by model)")
                .hasMessageContaining("undefined symbol mystery_fn (used by model)")
                .hasMessageNotContaining("malloc");
    }

    static final String GEMM = """
            declare void @cblas_sgemm(i32, i32, i32, i32, i32, i32, float, ptr, i32, ptr, i32, float, ptr, i32)
            define i32 @gemm_2x2(ptr %ab, ptr %c) {
              %b = getelementptr float, ptr %ab, i64 4
              call void @cblas_sgemm(i32 101, i32 111, i32 111, i32 2, i32 2, i32 2, float 1.0, ptr %ab, i32 2,
                                     ptr %b, i32 2, float 0.0, ptr %c, i32 2)
              ret i32 0
            }
            """;

    static float[] gemm(LoadedModel m) {
        try (FloatPointer ab = new FloatPointer(1, 2, 3, 4, 5, 6, 7, 8); FloatPointer c = new FloatPointer(4)) {
            assertThat(NativeCalls.i32PtrPtr(m.symbol("gemm_2x2"), ab.address(), c.address())).isZero();
            float[] out = new float[4];
            c.get(out);
            return out;
        }
    }

    @Test
    void openBlasSgemmFromJitCode() {
        try (LoadedModel m = ModelLoader.loadJit(bitcode(MODEL + GEMM, "model"), runtime(), O2)) {
            assertThat(gemm(m)).containsExactly(19f, 22f, 43f, 50f);
        }
    }

    @Test
    void closedModelsRefuseCalls() {
        LoadedModel model = ModelLoader.loadJit(model(), runtime(), O2);
        model.close();
        assertThatThrownBy(model::metadataJson).isInstanceOf(IllegalStateException.class);
        model.close();
    }
}
