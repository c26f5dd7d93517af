package org.hipep.sample;

import org.hipep.plugin.CompilerPlugin;
import org.hipep.plugin.PluginApi;
import org.hipep.plugin.PluginRegistry;

/**
 * The in-tree sample plugin. Published for JPMS ({@code provides} in module-info), for the class
 * path ({@code META-INF/services}) and for OSGi (the Service Loader Mediator capability bnd
 * derives from that services file).
 */
public final class SamplePlugin implements CompilerPlugin {
    /** The id users select the plugin by. */
    public static final String ID = "sample";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public int apiVersion() {
        return PluginApi.VERSION;
    }

    @Override
    public void register(PluginRegistry registry) {
    }
}
