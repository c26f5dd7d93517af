package org.hipep.pass;

import java.util.ArrayList;
import java.util.List;
import org.hipep.ir.Diagnostic;
import org.hipep.ir.DiagnosticEngine;

/**
 * Internal: keeps diagnostics deterministic when ops are processed in parallel. While op {@code
 * i} is processed on some thread, every diagnostic emitted on that thread is buffered for op
 * {@code i}; {@link #replay()} re-emits the buffers in op order once all ops are done, from the
 * calling thread (so an enclosing collector, or the handlers below this one, see them in order).
 */
final class ParallelDiagnostics implements AutoCloseable {

    /** Which collector and op the current thread is working for. */
    private record Slot(ParallelDiagnostics owner, int index) {
    }

    private static final ThreadLocal<Slot> CURRENT = new ThreadLocal<>();

    private final DiagnosticEngine engine;
    private final List<List<Diagnostic>> buffers;
    private final DiagnosticEngine.Registration registration;

    /** Starts buffering diagnostics of {@code count} ops emitted through {@code engine}. */
    ParallelDiagnostics(DiagnosticEngine engine, int count) {
        this.engine = engine;
        this.buffers = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            buffers.add(new ArrayList<>());
        }
        this.registration = engine.registerHandler(this::capture);
    }

    /** Runs {@code work} for op {@code index} on the current thread, buffering its diagnostics. */
    void runFor(int index, Runnable work) {
        Slot previous = CURRENT.get();
        CURRENT.set(new Slot(this, index));
        try {
            work.run();
        } finally {
            if (previous == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(previous);
            }
        }
    }

    private boolean capture(Diagnostic diagnostic) {
        Slot slot = CURRENT.get();
        if (slot == null || slot.owner() != this) {
            return false;
        }
        List<Diagnostic> buffer = buffers.get(slot.index());
        synchronized (buffer) {
            buffer.add(diagnostic);
        }
        return true;
    }

    /** Stops buffering. */
    @Override
    public void close() {
        registration.close();
    }

    /** Stops buffering and emits the buffered diagnostics in op order. */
    void replay() {
        close();
        for (List<Diagnostic> buffer : buffers) {
            synchronized (buffer) {
                for (Diagnostic diagnostic : buffer) {
                    engine.emit(diagnostic);
                }
                buffer.clear();
            }
        }
    }
}
