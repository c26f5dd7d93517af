package org.hipep.runtime.llvm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LlvmLibraryTest {
    @Test
    void loadsTheNativeLlvmOfThePinnedPresets() {
        // The presets pinned in the parent POM are LLVM 20.1.x on JavaCPP 1.5.12; a different
        // native here means the build picked up another release of the stack.
        assertThat(LlvmLibrary.version()).startsWith("20.1.");
        assertThat(LlvmLibrary.javacppVersion()).isEqualTo("1.5.12");
    }
}
