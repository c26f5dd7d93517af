package org.hipep.runtime.session;

/** How a session reads the constants sidecar. */
public enum ConstantsPolicy {
    /** Map the sidecar into memory copy-on-write (the default): pages are read when first used. */
    MAP,
    /** Read the whole sidecar into native memory when the session is created. */
    LOAD
}
