package org.hipep.testing.lit;

/** Wraps an exception thrown by a tool, remembering which tool threw it. */
final class ToolCrashException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String tool;

    ToolCrashException(String tool, Exception cause) {
        super("'" + tool + "' threw " + cause, cause);
        this.tool = tool;
    }

    String tool() {
        return tool;
    }
}
