package org.hipep.host.plugins;

import java.util.Arrays;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.hipep.ir.DialectRegistry;
import org.hipep.pass.Pass;
import org.hipep.plugin.PipelineBuilder;
import org.hipep.plugin.PipelineSlot;

/** The kinds of contribution a plugin makes, each tagged with the plugin's id. */
public final class Contributions {
    private Contributions() {
    }

    /** A pass, by its argument. */
    public record PassContribution(String pluginId, String argument, String description,
            Supplier<? extends Pass> factory) {
    }

    /** A textual pipeline requested at a slot. */
    public record SlotRequest(String pluginId, PipelineSlot slot, String pipelineText) {
    }

    /**
     * A dialect registration callback.
     *
     * @param pluginId the contributing plugin
     * @param registration the callback
     * @param code a class of the plugin's code that the callback runs (the compile cache digests
     *     where it comes from): the callback's own class unless it wraps an extension service
     */
    public record DialectContribution(String pluginId, Consumer<DialectRegistry> registration, Class<?> code) {
        /** A callback of the plugin's own. */
        public DialectContribution(String pluginId, Consumer<DialectRegistry> registration) {
            this(pluginId, registration, registration.getClass());
        }
    }

    /**
     * Runtime bitcode (a private copy) and the symbols it may override.
     *
     * @param pluginId the contributing plugin
     * @param bytes the bitcode; {@link #bitcode()} returns a copy
     * @param overriddenSymbols symbols that may replace in-tree ones
     */
    public record BitcodeContribution(String pluginId, byte[] bytes, Set<String> overriddenSymbols) {
        public BitcodeContribution {
            bytes = bytes.clone();
            overriddenSymbols = Set.copyOf(overriddenSymbols);
        }

        /** A copy of the bitcode. */
        public byte[] bitcode() {
            return bytes.clone();
        }

        /** The size in bytes. */
        public int size() {
            return bytes.length;
        }

        /** Whether the buffer starts with the bitcode magic {@code 42 43 C0 DE}. */
        public boolean hasBitcodeMagic() {
            return bytes.length >= 4 && bytes[0] == 0x42 && bytes[1] == 0x43 && bytes[2] == (byte) 0xC0
                    && bytes[3] == (byte) 0xDE;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof BitcodeContribution b && b.pluginId.equals(pluginId) && Arrays.equals(b.bytes, bytes)
                    && b.overriddenSymbols.equals(overriddenSymbols);
        }

        @Override
        public int hashCode() {
            return pluginId.hashCode() * 31 + Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return "BitcodeContribution[" + pluginId + ", " + bytes.length + " bytes, overrides=" + overriddenSymbols + "]";
        }
    }

    /** A library search directory. */
    public record LibraryPathContribution(String pluginId, String path) {
    }

    /** A library (bare name or absolute path). */
    public record LibraryContribution(String pluginId, String nameOrPath) {
    }

    /** A named pipeline composed in Java. */
    public record PipelineBuilderContribution(String pluginId, String name, String description,
            PipelineBuilder builder) {
    }
}
