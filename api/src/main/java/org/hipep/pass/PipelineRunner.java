package org.hipep.pass;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.hipep.ir.Block;
import org.hipep.ir.Diagnostic;
import org.hipep.ir.DiagnosticEngine;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Operation;
import org.hipep.ir.Region;
import org.hipep.ir.Severity;
import org.hipep.ir.Verifier;

/**
 * Internal: executes one {@link PassManager} run, after MLIR's {@code OpToOpPassAdaptor}. A
 * failure stops the pipeline on the op it happened on; the siblings of that op in a nested
 * pipeline are still processed (sequentially as in parallel, so both produce the same
 * diagnostics), then the enclosing pipeline stops.
 */
final class PipelineRunner {

    private static final AtomicInteger WORKER_IDS = new AtomicInteger();

    private final List<PassInstrumentation> instrumentations;
    private final boolean verify;

    PipelineRunner(List<PassInstrumentation> instrumentations, boolean verify) {
        this.instrumentations = List.copyOf(instrumentations);
        this.verify = verify;
    }

    /** Runs {@code pipeline} on {@code op}; returns whether every element succeeded. */
    boolean runPipeline(OpPassManager pipeline, Operation op) {
        for (PassInstrumentation instrumentation : instrumentations) {
            instrumentation.runBeforePipeline(pipeline, op);
        }
        boolean ok = true;
        for (PipelineStep step : pipeline.steps()) {
            ok = step instanceof PassEntry entry ? runPass(entry, op) : runNested((OpPassManager) step, op);
            if (!ok) {
                break;
            }
        }
        for (int i = instrumentations.size() - 1; i >= 0; i--) {
            instrumentations.get(i).runAfterPipeline(pipeline, op);
        }
        return ok;
    }

    private boolean runPass(PassEntry entry, Operation op) {
        Pass pass = entry.instantiate();
        if (!pass.canScheduleOn(op)) {
            op.emitOpError(PassMessages.unsupportedOperation(pass.argument()));
            return false;
        }
        for (PassInstrumentation instrumentation : instrumentations) {
            instrumentation.runBeforePass(pass, op);
        }
        boolean ok;
        String exceptionMessage = null;
        boolean threw = false;
        ErrorWitness witness = new ErrorWitness(Thread.currentThread());
        try (DiagnosticEngine.Registration ignored = op.context().diagnostics().registerHandler(witness)) {
            ok = pass.execute(op);
        } catch (RuntimeException e) {
            ok = false;
            threw = true;
            exceptionMessage = e.getMessage();
        }
        if (!ok && (threw || !witness.sawError)) {
            // A pass that already said what went wrong is not repeated (MLIR adds nothing at all);
            // one that failed silently or threw gets a line naming it.
            op.emitError(PassMessages.passFailed(pass.argument(), op.nameString(), exceptionMessage));
        } else if (verify && Verifier.verify(op).failed()) {
            op.emitError(PassMessages.verificationFailed(pass.argument()));
            ok = false;
        }
        for (int i = instrumentations.size() - 1; i >= 0; i--) {
            if (ok) {
                instrumentations.get(i).runAfterPass(pass, op);
            } else {
                instrumentations.get(i).runAfterPassFailed(pass, op);
            }
        }
        return ok;
    }

    private boolean runNested(OpPassManager nested, Operation parent) {
        List<Operation> targets = new ArrayList<>();
        boolean allIsolated = true;
        for (Region region : parent.regions()) {
            for (Block block : region.blocks()) {
                for (Operation child : block) {
                    if (nested.canScheduleOn(child)) {
                        targets.add(child);
                        allIsolated &= child.hasTrait(OpTrait.IsolatedFromAbove.class);
                    }
                }
            }
        }
        int threads = Math.min(targets.size(), Runtime.getRuntime().availableProcessors());
        if (threads > 1 && allIsolated && parent.context().isMultithreadingEnabled()) {
            return runParallel(nested, targets, threads, parent);
        }
        boolean ok = true;
        for (Operation target : targets) {
            ok &= runPipeline(nested, target);
        }
        return ok;
    }

    private boolean runParallel(OpPassManager nested, List<Operation> targets, int threads, Operation parent) {
        int count = targets.size();
        boolean[] results = new boolean[count];
        AtomicInteger next = new AtomicInteger();
        AtomicBoolean aborted = new AtomicBoolean();
        ParallelDiagnostics diagnostics = new ParallelDiagnostics(parent.context().diagnostics(), count);
        Runnable worker = () -> {
            try {
                for (int i = next.getAndIncrement(); i < count && !aborted.get(); i = next.getAndIncrement()) {
                    int index = i;
                    diagnostics.runFor(index, () -> results[index] = runPipeline(nested, targets.get(index)));
                }
            } catch (RuntimeException | Error e) {
                aborted.set(true);
                throw e;
            }
        };
        ExecutorService pool = Executors.newFixedThreadPool(threads, WORKER_FACTORY);
        Throwable thrown;
        try {
            List<Future<?>> futures = new ArrayList<>(threads);
            for (int t = 0; t < threads; t++) {
                futures.add(pool.submit(worker));
            }
            thrown = awaitAll(futures);
        } finally {
            pool.shutdownNow();
            diagnostics.replay();
        }
        if (thrown instanceof RuntimeException e) {
            throw e;
        }
        if (thrown instanceof Error e) {
            throw e;
        }
        boolean ok = true;
        for (boolean result : results) {
            ok &= result;
        }
        return ok;
    }

    /** Waits for every future, without giving up on interrupts; returns the first failure. */
    private static Throwable awaitAll(List<Future<?>> futures) {
        Throwable first = null;
        boolean interrupted = false;
        for (Future<?> future : futures) {
            while (true) {
                try {
                    future.get();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    if (first == null) {
                        first = e.getCause();
                    }
                    break;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return first;
    }

    private static final ThreadFactory WORKER_FACTORY = runnable -> {
        Thread thread = new Thread(runnable, "hipep-pass-worker-" + WORKER_IDS.incrementAndGet());
        thread.setDaemon(true);
        return thread;
    };

    /**
     * Notes whether an error was emitted on the pass's own thread while it ran; never consumes the
     * diagnostic.
     */
    private static final class ErrorWitness implements Predicate<Diagnostic> {
        private final Thread thread;
        private volatile boolean sawError;

        ErrorWitness(Thread thread) {
            this.thread = thread;
        }

        @Override
        public boolean test(Diagnostic d) {
            if (d.severity() == Severity.ERROR && Thread.currentThread() == thread) {
                sawError = true;
            }
            return false;
        }
    }
}
