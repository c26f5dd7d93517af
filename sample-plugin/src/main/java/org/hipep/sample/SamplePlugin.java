package org.hipep.sample;

import org.hipep.plugin.CompilerPlugin;

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
}
