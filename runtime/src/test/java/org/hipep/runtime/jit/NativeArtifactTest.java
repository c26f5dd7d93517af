package org.hipep.runtime.jit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hipep.runtime.jit.JitTestModules.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ModelLoader#writeNative} and {@link ModelLoader#loadNative}: the same results as the JIT. */
class NativeArtifactTest {
    private static final String PLUGIN_SCALE_X3 = """
            define float @hipep_scale_f32(float %x) {
              %r = fmul float %x, 3.0
              ret float %r
            }
            """;

    @Test
    void aWrittenSharedLibraryLoadsAndGivesTheJitsResults(@TempDir Path dir) throws Exception {
        byte[] model = bitcode(MODEL + ModelLoaderTest.GEMM, "model");
        LoadOptions options = LoadOptions.defaults().withBitcode(new RuntimeBitcode("plugin-a",
                bitcode(PLUGIN_SCALE_X3, "a"), Set.of("hipep_scale_f32")));
        float jitResult;
        float[] jitGemm;
        try (LoadedModel jit = ModelLoader.loadJit(model, runtime(), options)) {
            jitResult = computeOnce(jit, 1f, 2f, 3.5f);
            jitGemm = ModelLoaderTest.gemm(jit);
        }
        Path so = dir.resolve("fake-model.so");
        ModelLoader.writeNative(model, runtime(), options, so);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("fake-model.so");
        }
        assertThat(Files.readAllBytes(so)).startsWith(0x7f, 'E', 'L', 'F');
        try (LoadedModel nat = ModelLoader.loadNative(so, options)) {
            assertThat(computeOnce(nat, 1f, 2f, 3.5f)).isEqualTo(jitResult).isEqualTo(19.5f);
            assertThat(ModelLoaderTest.gemm(nat)).containsExactly(jitGemm).containsExactly(19f, 22f, 43f, 50f);
            assertThat(nat.metadataJson()).isEqualTo("{\"name\":\"fake\"}");
            assertThat(nat.errorMessage(0)).isEqualTo("fake error");
            assertThat(nat.symbol("hipep_unused_f32")).as("internalized, not exported").isZero();
        }
    }

    @Test
    void aPluginSharedLibraryIsLinkedWithItsRunPath(@TempDir Path dir) throws Exception {
        Path libs = Files.createDirectory(dir.resolve("libs"));
        sharedLibrary(libs, "tripler", "int triple_it(int x) { return 3 * x; }\n");
        String ir = MODEL + """
                declare i32 @triple_it(i32)
                define i32 @use_so(ptr %p) {
                  %x = load i32, ptr %p
                  %r = call i32 @triple_it(i32 %x)
                  ret i32 %r
                }
                """;
        LoadOptions options = LoadOptions.defaults()
                .withLibraries(LibrarySearch.none().withDirectory("plugin-so", libs).withLibrary("plugin-so", "tripler"));
        Path so = dir.resolve("uses-lib.so");
        ModelLoader.writeNative(bitcode(ir, "model"), runtime(), options, so);
        try (LoadedModel nat = ModelLoader.loadNative(so, options);
                org.bytedeco.javacpp.IntPointer five = new org.bytedeco.javacpp.IntPointer(new int[] {5})) {
            assertThat(NativeCalls.i32Ptr(nat.symbol("use_so"), five.address())).isEqualTo(15);
        }
    }

    /**
     * A libm function referenced from the {@code .so} is the one the JIT calls: glibc's default
     * version ({@code logf@@GLIBC_2.27}), not the compat {@code logf@GLIBC_2.2.5} an unversioned
     * reference is bound to; likewise {@code memcpy@@GLIBC_2.14}. (The addresses are of the resolved
     * functions: both loaders resolve the IFUNCs.)
     */
    @Test
    void libcAndLibmReferencesBindTheJitsSymbolVersions(@TempDir Path dir) throws Exception {
        assertThat(NativeArtifact.loadedGlibc()).extracting(p -> p.getFileName().toString())
                .containsExactly("libc.so.6", "libm.so.6");
        String ir = MODEL + """
                declare float @logf(float)
                declare ptr @memcpy(ptr, ptr, i64)
                define ptr @logf_address() {
                  ret ptr @logf
                }
                define ptr @memcpy_address() {
                  ret ptr @memcpy
                }
                """;
        byte[] model = bitcode(ir, "model");
        long jitLogf;
        long jitMemcpy;
        try (LoadedModel jit = ModelLoader.loadJit(model, runtime(), LoadOptions.defaults())) {
            jitLogf = NativeCalls.ptr(jit.symbol("logf_address"));
            jitMemcpy = NativeCalls.ptr(jit.symbol("memcpy_address"));
        }
        Path so = dir.resolve("versions.so");
        ModelLoader.writeNative(model, runtime(), LoadOptions.defaults(), so);
        try (LoadedModel nat = ModelLoader.loadNative(so, LoadOptions.defaults())) {
            assertThat(NativeCalls.ptr(nat.symbol("logf_address"))).as("logf").isNotZero().isEqualTo(jitLogf);
            assertThat(NativeCalls.ptr(nat.symbol("memcpy_address"))).as("memcpy").isNotZero().isEqualTo(jitMemcpy);
        }
    }

    @Test
    void undefinedSymbolsFailBeforeAnythingIsWritten(@TempDir Path dir) throws Exception {
        String ir = MODEL + """
                declare void @hipep_foo_bf16()
                define void @uses_missing() {
                  call void @hipep_foo_bf16()
                  ret void
                }
                """;
        Path so = dir.resolve("broken.so");
        assertThatThrownBy(() -> ModelLoader.writeNative(bitcode(ir, "model"), runtime(), LoadOptions.defaults(), so))
                .isInstanceOf(RuntimeFailure.class)
                .hasMessageContaining("no runtime kernel for hipep_foo_bf16");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void aNativeModelLoadsWithoutLlvm(@TempDir Path dir) throws Exception {
        byte[] model = bitcode(MODEL, "model");
        float jitResult;
        try (LoadedModel jit = ModelLoader.loadJit(model, runtime(), LoadOptions.defaults())) {
            jitResult = computeOnce(jit, 1f, 2f, 3.5f);
        }
        Path so = dir.resolve("fake-model.so");
        ModelLoader.writeNative(model, runtime(), LoadOptions.defaults(), so);
        // a JVM of its own: this one has LLVM loaded (it just wrote the model)
        String out = ForkedJvm.run(NativeLoadProbe.class, e -> { }, so.toString());
        assertThat(out).contains("result " + jitResult).contains("libLLVM absent");
    }

    @Test
    void aFileThatIsNoSharedLibraryFailsWithTheLoadersReason(@TempDir Path dir) throws Exception {
        Path notElf = Files.writeString(dir.resolve("not-a-model.so"), "not an ELF file\n");
        assertThatThrownBy(() -> ModelLoader.loadNative(notElf, LoadOptions.defaults()))
                .isInstanceOf(RuntimeFailure.class)
                .hasMessageStartingWith("loading the native model " + notElf + " failed: ")
                .hasMessageContaining("not-a-model.so: ") // dlerror names the file, then why
                .hasMessageNotContaining("gave no reason")
                .hasMessageNotContaining("null");
    }

    @Test
    void loadingAMissingFileNamesIt(@TempDir Path dir) {
        assertThatThrownBy(() -> ModelLoader.loadNative(dir.resolve("absent.so"), LoadOptions.defaults()))
                .isInstanceOf(RuntimeFailure.class)
                .hasMessageContaining("absent.so");
    }

    /**
     * The bundled ld.lld is remembered with its files' stamps: the memo gives the tool back while
     * the tool, libLLVM and the versioned link to it are as they were, and nothing once a file was
     * rewritten (its size and modification time kept), the link is gone or the tool cannot run.
     */
    @Test
    void theBundledLinkerIsRememberedWhileItsFilesAreUnchanged(@TempDir Path dir) throws Exception {
        Path tool = Files.write(dir.resolve("ld.lld"), new byte[] {1, 2, 3});
        assertThat(tool.toFile().setExecutable(true)).isTrue();
        Path lib = Files.write(dir.resolve("libLLVM.so"), new byte[] {4, 5});
        assertThat(NativeArtifact.toolMemo(tool, lib)).as("no versioned link yet").isNull();
        Path link = Files.createSymbolicLink(dir.resolve("libLLVM.so.20.1"), Path.of("libLLVM.so"));
        String memo = NativeArtifact.toolMemo(tool, lib);
        assertThat(NativeArtifact.rememberedTool(memo)).isEqualTo(tool);

        Files.delete(link);
        assertThat(NativeArtifact.rememberedTool(memo)).as("the link gone").isNull();
        Files.createSymbolicLink(link, Path.of("libLLVM.so"));
        assertThat(NativeArtifact.rememberedTool(memo)).isEqualTo(tool);

        assertThat(tool.toFile().setExecutable(false)).isTrue();
        assertThat(NativeArtifact.rememberedTool(memo)).as("not executable").isNull();
        assertThat(tool.toFile().setExecutable(true)).isTrue();

        FileTime modified = Files.getLastModifiedTime(lib);
        Thread.sleep(20);
        Files.write(lib, new byte[] {4, 6});
        Files.setLastModifiedTime(lib, modified);
        assertThat(NativeArtifact.rememberedTool(memo)).as("libLLVM rewritten").isNull();
        assertThat(NativeArtifact.rememberedTool("no tab here")).isNull();
        assertThat(NativeArtifact.rememberedTool(null)).isNull();
    }

    /** The linker runs as found: through JavaCPP while there is no memo, then through the memo. */
    @Test
    void theBundledLinkerRunsFromTheMemoToo() throws Exception {
        for (int i = 0; i < 2; i++) {
            Path lld = NativeArtifact.lld();
            Process p = new ProcessBuilder(lld.toString(), "--version").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertThat(p.waitFor()).as(out).isZero();
            assertThat(out).contains("LLD 20.1");
        }
    }
}
