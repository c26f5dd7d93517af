package org.hipep.plugin;

import org.hipep.ir.DialectRegistry;

/**
 * A dialect contribution published directly as a service; the direct form of
 * {@link PluginRegistry#addDialectRegistration}. Used only when {@link #pluginId()} is selected.
 */
public interface DialectRegistrationExtension {
    /** The id of the plugin this contribution belongs to. */
    String pluginId();

    /**
     * Registers dialects, extensions and interface models into {@code registry}. Called for every
     * context the host creates, possibly on several threads; must only add to {@code registry}.
     */
    void registerDialects(DialectRegistry registry);
}
