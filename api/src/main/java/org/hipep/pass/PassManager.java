package org.hipep.pass;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;

/**
 * The top-level pass manager, after MLIR's {@code PassManager}: an {@link OpPassManager} that can
 * {@link #run} on a root op, with the verifier (on by default) and instrumentation.
 *
 * <p>A run stops at the first failing pass: a pass that called {@link Pass#signalPassFailure()}
 * or threw a {@link RuntimeException} gets an error at the op it ran on ({@link
 * PassMessages#passFailed}); with the verifier enabled, the IR is verified after each pass and a
 * verification failure is reported as {@link PassMessages#verificationFailed}. Diagnostics go to
 * the context's {@code DiagnosticEngine} in the same order whether nested pipelines ran in
 * parallel or not.
 */
public final class PassManager extends OpPassManager {

    private final List<PassInstrumentation> instrumentations = new ArrayList<>();
    private boolean verifierEnabled = true;

    /** A pass manager anchored on {@code builtin.module}. */
    public PassManager() {
        this("builtin.module");
    }

    /** A pass manager anchored on {@code anchor} ({@value OpPassManager#ANY} for any op). */
    public PassManager(String anchor) {
        super(anchor);
    }

    /** Enables or disables verifying the IR after each pass (enabled by default). */
    public PassManager enableVerifier(boolean enabled) {
        this.verifierEnabled = enabled;
        return this;
    }

    /** Whether the IR is verified after each pass. */
    public boolean verifierEnabled() {
        return verifierEnabled;
    }

    /** Adds an instrumentation; "before" hooks run in the order added, "after" hooks in reverse. */
    public PassManager addInstrumentation(PassInstrumentation instrumentation) {
        instrumentations.add(Objects.requireNonNull(instrumentation, "instrumentation"));
        return this;
    }

    /** Adds and returns a new {@link PassTiming} ({@code --mlir-timing}). */
    public PassTiming enableTiming() {
        PassTiming timing = new PassTiming();
        addInstrumentation(timing);
        return timing;
    }

    /** The instrumentations, in the order added. */
    public List<PassInstrumentation> instrumentations() {
        return List.copyOf(instrumentations);
    }

    /**
     * Runs the pipeline on {@code root}.
     *
     * @return failure when {@code root} is not an op this manager is anchored on ({@link
     *     PassMessages#cannotRunOn}, emitted at {@code root}) or when a pass failed; the failure
     *     was reported through the context's diagnostics
     * @throws IllegalStateException when an {@link IrPrintingInstrumentation} prints at module
     *     scope while the context allows multithreading
     */
    public LogicalResult run(Operation root) {
        if (!isOpAgnostic() && !root.is(anchor())) {
            root.emitError(PassMessages.cannotRunOn(anchor(), root.nameString()));
            return LogicalResult.FAILURE;
        }
        for (PassInstrumentation instrumentation : instrumentations) {
            if (instrumentation instanceof IrPrintingInstrumentation printing
                    && printing.printsModuleScope() && root.context().isMultithreadingEnabled()) {
                throw new IllegalStateException(
                        "IR printing can't be setup on a pass-manager without disabling multi-threading first.");
            }
        }
        return LogicalResult.of(new PipelineRunner(instrumentations, verifierEnabled).runPipeline(this, root));
    }
}
