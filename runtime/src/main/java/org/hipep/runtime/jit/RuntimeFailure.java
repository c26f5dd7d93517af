package org.hipep.runtime.jit;

/**
 * The exception family of model loading and calling: bitcode that does not parse, a symbol two
 * contributors define, a library not found, symbols nothing resolves, a native link that fails,
 * a non-zero status of {@code inference_init}. The message names what and where (contributor,
 * symbol, paths searched, status).
 */
public class RuntimeFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** A failure with its message. */
    public RuntimeFailure(String message) {
        super(message);
    }

    /** A failure with its message and cause. */
    public RuntimeFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
