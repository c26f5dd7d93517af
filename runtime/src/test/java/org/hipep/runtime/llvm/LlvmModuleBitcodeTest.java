package org.hipep.runtime.llvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.hipep.runtime.jit.LoadOptions;
import org.hipep.runtime.jit.ModelLoader;
import org.hipep.runtime.jit.RuntimeBitcode;
import org.hipep.runtime.jit.RuntimeFailure;
import org.junit.jupiter.api.Test;

/**
 * Reading bitcode back: a round trip, and bytes that are not bitcode are exceptions with LLVM's
 * message (LLVM's default diagnostic handler would print and exit the JVM).
 */
class LlvmModuleBitcodeTest {
    private static final String IR = "@__metadata_json = private constant [8 x i8] c\"{\\22a\\22:1}\\00\"\n"
            + "define i32 @f(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n";

    @Test
    void bitcodeRoundTripsWithItsStringGlobal() {
        byte[] bc;
        try (LlvmModule m = LlvmModule.parseIr(IR, "t")) {
            bc = m.bitcode();
        }
        try (LlvmModule back = LlvmModule.parseBitcode(bc, "t.bc")) {
            assertThat(back.definedFunctions()).containsKey("f");
            assertThat(back.stringGlobal("__metadata_json")).contains("{\"a\":1}");
            assertThat(back.stringGlobal("missing")).isEmpty();
        }
    }

    @Test
    void bytesThatAreNotBitcodeAreAnException() {
        byte[] text = "not bitcode at all".getBytes(StandardCharsets.US_ASCII);
        assertThatThrownBy(() -> LlvmModule.parseBitcode(text, "model.onnx"))
                .isInstanceOf(LlvmTranslationException.class)
                .hasMessageStartingWith("model.onnx (18 bytes) is not LLVM bitcode LLVM")
                .hasMessageContaining("bitcode");
    }

    @Test
    void pluginBitcodeWithTheMagicButABrokenBodyIsARuntimeFailureNamingThePlugin() {
        byte[] model;
        try (LlvmModule m = LlvmModule.parseIr(IR, "t")) {
            model = m.bitcode();
        }
        byte[] broken = {0x42, 0x43, (byte) 0xC0, (byte) 0xDE, 1, 2, 3, 4, 5, 6, 7, 8};
        LoadOptions options = LoadOptions.defaults().withBitcode(new RuntimeBitcode("plugin 'broken'", broken, Set.of()));
        assertThatThrownBy(() -> ModelLoader.loadJit(model, options))
                .isInstanceOf(RuntimeFailure.class)
                .hasMessageContaining("the bitcode of 'plugin 'broken''")
                .hasMessageContaining("is not LLVM bitcode");
    }
}
