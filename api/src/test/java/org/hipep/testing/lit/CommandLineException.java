package org.hipep.testing.lit;

/** A RUN line that cannot be split into commands (bad quoting, dangling operator, ...). */
public final class CommandLineException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** @param message what is wrong */
    public CommandLineException(String message) {
        super(message);
    }
}
