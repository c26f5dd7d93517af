package org.hipep.plugin;

/**
 * The version of the plugin contract in this package.
 *
 * <p>Bumped whenever a method is added to or changed in the plugin-facing interfaces. The host
 * compares it with what a plugin was built against and refuses a mismatch with a message that
 * names both versions.
 */
public final class PluginApi {
    /** The plugin API version this host and API jar implement. */
    public static final int VERSION = 1;

    private PluginApi() {
    }
}
