package org.hipep.runtime.jit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.bytedeco.llvm.global.LLVM.LLVMDisposeMessage;
import static org.bytedeco.llvm.global.LLVM.LLVMGetHostCPUFeatures;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.llvm.LLVM.LLVMContextRef;
import org.bytedeco.llvm.LLVM.LLVMModuleRef;
import org.junit.jupiter.api.Test;

/** {@link PrebuiltRuntime}: the objects the build compiled, which host gets which, and their symbols. */
class PrebuiltRuntimeTest {
    /** x86-64-v2 and v3 of the x86-64 psABI, in LLVM's feature names. */
    private static final Set<String> PSABI_V3 = Set.of("cx16", "popcnt", "sahf", "sse3", "sse4.1", "sse4.2", "ssse3",
            "avx", "avx2", "bmi", "bmi2", "f16c", "fma", "lzcnt", "movbe", "xsave");
    /** What x86-64-v4 adds. */
    private static final Set<String> PSABI_V4 = Set.of("avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl");

    @Test
    void theJarCarriesAnObjectAndItsFeaturesForEachLevel() {
        Set<String> v3 = required("x86-64-v3");
        Set<String> v4 = required("x86-64-v4");
        assertThat(v3).containsAll(PSABI_V3).doesNotContainAnyElementsOf(PSABI_V4);
        assertThat(v4).containsAll(PSABI_V3).containsAll(PSABI_V4);
        for (String level : PrebuiltRuntime.LEVELS) {
            byte[] object = PrebuiltRuntime.resource(level + "/hipep_runtime.o");
            assertThat(object).as(level).isNotNull().hasSizeGreaterThan(1 << 20);
            assertThat(new String(object, 1, 3, java.nio.charset.StandardCharsets.US_ASCII)).as(level + " is ELF")
                    .isEqualTo("ELF");
        }
    }

    @Test
    void aHostGetsTheMostCapableLevelWhoseFeaturesItHas() {
        Function<String, String> jar = PrebuiltRuntime::resourceText;
        Set<String> v4 = required("x86-64-v4");
        assertThat(PrebuiltRuntime.levelFor(host(v4, Set.of()), jar, PrebuiltRuntime.LEVELS)).contains("x86-64-v4");
        assertThat(PrebuiltRuntime.levelFor(host(v4, Set.of("avx512bw")), jar, PrebuiltRuntime.LEVELS)).contains("x86-64-v3");
        assertThat(PrebuiltRuntime.levelFor(host(v4, Set.of("avx512f", "fma")), jar, PrebuiltRuntime.LEVELS)).isEmpty();
        // an AVX2 host names the AVX-512 features it lacks, as LLVM's host detection does
        Set<String> avx2Host = new TreeSet<>(v4);
        assertThat(PrebuiltRuntime.levelFor(host(avx2Host, PSABI_V4), jar, PrebuiltRuntime.LEVELS)).contains("x86-64-v3");
        // a feature the host string does not name (LLVM does not report x87) counts as present;
        // one it names as absent does not
        Set<String> withoutX87 = new TreeSet<>(v4);
        withoutX87.remove("x87");
        assertThat(PrebuiltRuntime.levelFor(host(withoutX87, Set.of()), jar, PrebuiltRuntime.LEVELS)).contains("x86-64-v4");
        assertThat(PrebuiltRuntime.levelFor(host(withoutX87, Set.of()) + ",-x87", jar, PrebuiltRuntime.LEVELS)).isEmpty();
        // no resources: no level
        assertThat(PrebuiltRuntime.levelFor(host(v4, Set.of()), name -> null, PrebuiltRuntime.LEVELS)).isEmpty();
        assertThatThrownBy(() -> PrebuiltRuntime.levelFor(host(v4, Set.of()), name -> "define void @f() {}", PrebuiltRuntime.LEVELS))
                .isInstanceOf(RuntimeFailure.class).hasMessageContaining("x86-64-v4/target.ll")
                .hasMessageContaining("target-features");
    }

    /** The psABI says what this host can run; the prebuilt runtime must then be there. */
    @Test
    void thisHostUsesTheLevelItsFeaturesAllow() {
        BytePointer features = LLVMGetHostCPUFeatures();
        Set<String> enabled;
        try {
            enabled = List.of(features.getString().split(",")).stream().filter(f -> f.startsWith("+"))
                    .map(f -> f.substring(1)).collect(Collectors.toSet());
        } finally {
            LLVMDisposeMessage(features);
        }
        Optional<PrebuiltRuntime> prebuilt = PrebuiltRuntime.forHost();
        if (enabled.containsAll(PSABI_V3) && enabled.containsAll(PSABI_V4)) {
            assertThat(prebuilt).map(PrebuiltRuntime::level).contains("x86-64-v4");
        } else if (enabled.containsAll(PSABI_V3)) {
            assertThat(prebuilt).map(PrebuiltRuntime::level).contains("x86-64-v3");
        } else {
            assertThat(prebuilt).isEmpty();
        }
    }

    /** {@code hipep.runtime.prebuilt}: off, a level by name (only where the host has it), or nothing else. */
    @Test
    void thePropertyTurnsThePrebuiltRuntimeOffOrPicksALevel() {
        String before = System.getProperty(PrebuiltRuntime.PROPERTY);
        try {
            System.setProperty(PrebuiltRuntime.PROPERTY, "false");
            assertThat(PrebuiltRuntime.forHost()).isEmpty();
            System.setProperty(PrebuiltRuntime.PROPERTY, "x86-64-v5");
            assertThatThrownBy(PrebuiltRuntime::forHost).isInstanceOf(RuntimeFailure.class)
                    .hasMessageContaining("hipep.runtime.prebuilt is 'x86-64-v5': one of true, false, x86-64-v4, x86-64-v3");
            for (String level : PrebuiltRuntime.LEVELS) {
                System.setProperty(PrebuiltRuntime.PROPERTY, level);
                if (hostHas(level)) {
                    assertThat(PrebuiltRuntime.forHost()).map(PrebuiltRuntime::level).contains(level);
                } else {
                    assertThatThrownBy(PrebuiltRuntime::forHost).isInstanceOf(RuntimeFailure.class)
                            .hasMessageContaining("this host lacks its CPU features");
                }
            }
        } finally {
            if (before == null) {
                System.clearProperty(PrebuiltRuntime.PROPERTY);
            } else {
                System.setProperty(PrebuiltRuntime.PROPERTY, before);
            }
        }
    }

    private static boolean hostHas(String level) {
        BytePointer features = LLVMGetHostCPUFeatures();
        try {
            return PrebuiltRuntime.missing(features.getString(), required(level)).isEmpty();
        } finally {
            LLVMDisposeMessage(features);
        }
    }

    /** The lazily read symbol table is the one a full parse of the runtime bitcode gives. */
    @Test
    void itsSymbolsAreTheRuntimeBitcodes() {
        byte[] bitcode = ModelLinker.runtimeBitcode();
        PrebuiltRuntime.Symbols symbols = PrebuiltRuntime.symbols(bitcode);
        Set<String> defined = symbols.defined();
        Set<String> declared = symbols.undefined();
        LLVMContextRef ctx = org.bytedeco.llvm.global.LLVM.LLVMContextCreate();
        try {
            LLVMModuleRef full = ModelLinker.parse(ctx, bitcode, ModelLinker.RUNTIME);
            assertThat(defined).isEqualTo(ModelLinker.externalDefinitions(full).keySet());
            assertThat(declared).isEqualTo(ModelLinker.referenced(full).keySet());
            org.bytedeco.llvm.global.LLVM.LLVMDisposeModule(full);
        } finally {
            org.bytedeco.llvm.global.LLVM.LLVMContextDispose(ctx);
        }
        assertThat(defined).contains("hipep_parallel_for", "hipdnn_ep_pool_init", "hipep_free")
                .doesNotContain("dn_run", "st_error");
        assertThat(declared).contains("cblas_sgemm", "dnnl_primitive_execute", "malloc");
        // what the build wrote beside the objects, and what a process that loads a level reads
        String file = PrebuiltRuntime.resourceText(PrebuiltRuntime.SYMBOLS);
        assertThat(file).as("prebuilt/" + PrebuiltRuntime.SYMBOLS + " in the runtime jar").isNotNull();
        assertThat(PrebuiltRuntime.Symbols.parse(file)).isEqualTo(symbols);
        PrebuiltRuntime.forHost().ifPresent(p -> {
            assertThat(p.defined()).isEqualTo(defined);
            assertThat(p.undefined()).isEqualTo(declared);
        });
    }

    @Test
    void theSymbolsFileReadsBackAndFailsOnALineItDoesNotKnow() {
        PrebuiltRuntime.Symbols symbols = new PrebuiltRuntime.Symbols(Set.of("a", "hipep_b"), Set.of("malloc"));
        assertThat(PrebuiltRuntime.Symbols.parse(symbols.text())).isEqualTo(symbols);
        assertThatThrownBy(() -> PrebuiltRuntime.Symbols.parse("# symbols\nD a\nX b\n")).isInstanceOf(RuntimeFailure.class)
                .hasMessageContaining("symbols.txt, line 3: 'X b'").hasMessageContaining("the runtime jar is damaged");
    }

    @Test
    void aPluginThatOverridesARuntimeSymbolNeedsTheLinkedRuntime() {
        PrebuiltRuntime runtime = new PrebuiltRuntime("test", new byte[0], Set.of("hipep_relu_f32"), Set.of());
        LoadOptions none = LoadOptions.defaults();
        assertThat(runtime.serves(none)).isTrue();
        assertThat(runtime.serves(none.withBitcode(new RuntimeBitcode("p", new byte[0], Set.of("p_kernel"))))).isTrue();
        assertThat(runtime.serves(none.withBitcode(new RuntimeBitcode("p", new byte[0], Set.of("hipep_relu_f32")))))
                .isFalse();
    }

    private static Set<String> required(String level) {
        return PrebuiltRuntime.requiredFeatures(PrebuiltRuntime.resourceText(level + "/target.ll"), level);
    }

    /** A host feature string: {@code features} enabled but {@code absent}. */
    private static String host(Set<String> features, Set<String> absent) {
        return features.stream().map(f -> (absent.contains(f) ? "-" : "+") + f).collect(Collectors.joining(","));
    }
}
