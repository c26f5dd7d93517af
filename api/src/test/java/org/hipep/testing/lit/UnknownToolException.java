package org.hipep.testing.lit;

import java.util.SortedSet;

/** A RUN line names a tool that is not registered. */
public final class UnknownToolException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
      * @param name       the unknown tool name
      * @param registered the registered names
      */
    public UnknownToolException(String name, SortedSet<String> registered) {
        super("'" + name + "': command not found (registered tools: " + String.join(", ", registered)
                + ")");
    }
}
