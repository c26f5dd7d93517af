package org.hipep.ir;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Predicate;

/**
 * Routes diagnostics to handlers. Handlers form a stack: the most recently registered one sees
 * a diagnostic first and returns {@code true} when it handled it. A diagnostic nobody handles is
 * printed to standard error (errors and warnings) as MLIR does. Thread-safe.
 */
public final class DiagnosticEngine {
    private final Deque<Predicate<Diagnostic>> handlers = new ArrayDeque<>();

    /** A registered handler; closing it unregisters it. */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    /** Registers a handler on top of the stack. */
    public Registration registerHandler(Predicate<Diagnostic> handler) {
        synchronized (handlers) {
            handlers.push(handler);
        }
        return () -> {
            synchronized (handlers) {
                handlers.remove(handler);
            }
        };
    }

    /** Sends a diagnostic to the handlers. */
    public void emit(Diagnostic d) {
        Predicate<Diagnostic>[] snapshot;
        synchronized (handlers) {
            @SuppressWarnings("unchecked")
            Predicate<Diagnostic>[] a = handlers.toArray(new Predicate[0]);
            snapshot = a;
        }
        for (Predicate<Diagnostic> h : snapshot) {
            if (h.test(d)) {
                return;
            }
        }
        if (d.severity() == Severity.ERROR || d.severity() == Severity.WARNING) {
            System.err.println(d.render());
        }
    }

    /** Emits an error and returns failure. */
    public LogicalResult emitError(Location loc, String message) {
        emit(new Diagnostic(Severity.ERROR, loc, message));
        return LogicalResult.FAILURE;
    }

    /** Emits a warning. */
    public void emitWarning(Location loc, String message) {
        emit(new Diagnostic(Severity.WARNING, loc, message));
    }

    /** Emits a remark. */
    public void emitRemark(Location loc, String message) {
        emit(new Diagnostic(Severity.REMARK, loc, message));
    }
}
