package org.hipep.plugin;

/**
 * The version of the plugin contract in this package.
 *
 * <p>Bumped whenever a method is added to or changed in the plugin-facing interfaces. A plugin
 * returns this constant from {@link CompilerPlugin#apiVersion()}; because it is a compile-time
 * constant, the value the host sees is the version the plugin was compiled against. The host
 * refuses a plugin whose version it does not support, with a message that names both versions.
 */
public final class PluginApi {
    /** The plugin API version this API jar defines (the Java form of {@code HIP_EP_PLUGIN_API_VERSION}). */
    public static final int VERSION = 1;

    /** The oldest plugin API version a host of this release still accepts. */
    public static final int OLDEST_SUPPORTED = 1;

    private PluginApi() {
    }

    /** Whether a host of this release accepts plugins built against {@code version}. */
    public static boolean isSupported(int version) {
        return version >= OLDEST_SUPPORTED && version <= VERSION;
    }
}
