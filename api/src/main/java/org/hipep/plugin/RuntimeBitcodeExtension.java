package org.hipep.plugin;

import java.util.Set;

/**
 * A runtime-bitcode contribution published directly as a service; the direct form of
 * {@link PluginRegistry#addRuntimeBitcode} / {@link PluginRegistry#addRuntimeBitcodeWithOverrides}.
 * Used only when {@link #pluginId()} is selected.
 */
public interface RuntimeBitcodeExtension {
    /** The id of the plugin this contribution belongs to. */
    String pluginId();

    /** The bitcode (copied by the host). Called once per snapshot; must not fail. */
    byte[] bitcode();

    /** Symbols this bitcode deliberately replaces in the in-tree runtime. Default: none. */
    default Set<String> overriddenSymbols() {
        return Set.of();
    }
}
