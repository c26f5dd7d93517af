package org.hipep.host.compiler;

import java.util.List;
import org.hipep.ir.Diagnostic;

/**
 * A compile that did not produce a module: a model that does not load or import, a pipeline
 * override that does not parse, a pass that failed, or an override that produced no
 * {@code inference_compute}. {@link #getMessage()} says what went wrong;
 * {@link #diagnostics()} holds the IR diagnostics (with their locations) that led to it.
 */
public final class CompileException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient List<Diagnostic> diagnostics;

    /** A failure with the diagnostics reported before it. */
    public CompileException(String message, List<Diagnostic> diagnostics) {
        super(message);
        this.diagnostics = List.copyOf(diagnostics);
    }

    /** The diagnostics reported while compiling, in order. */
    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }

    /** The message followed by each rendered diagnostic on its own line. */
    public String render() {
        StringBuilder sb = new StringBuilder(getMessage());
        for (Diagnostic d : diagnostics) {
            sb.append('\n').append(d.render());
        }
        return sb.toString();
    }
}
