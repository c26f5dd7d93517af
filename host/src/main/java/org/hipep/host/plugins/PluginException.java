package org.hipep.host.plugins;

/**
 * A plugin selection or contribution that the host refuses: an unknown id, a duplicate pass
 * argument, an unsupported API version. The message names the plugins involved.
 */
public final class PluginException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** An error with a message naming what and which plugin. */
    public PluginException(String message) {
        super(message);
    }
}
