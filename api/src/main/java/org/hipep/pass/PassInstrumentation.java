package org.hipep.pass;

import org.hipep.ir.Operation;

/**
 * Hooks called around pipelines and passes while a {@link PassManager} runs, after MLIR's {@code
 * PassInstrumentation}. Before/after calls for one op come in properly nested pairs on the thread
 * that processes that op; nested pipelines may run on other threads at the same time, so
 * implementations must be thread-safe. An exception thrown by a hook aborts the run.
 */
public interface PassInstrumentation {

    /**
     * Called before {@code pipeline} runs on {@code op}: once on the root op for the top-level
     * manager ({@code pipeline.parent() == null}), and once per child op for a nested manager.
     */
    default void runBeforePipeline(OpPassManager pipeline, Operation op) {
    }

    /** Called after {@code pipeline} ran on {@code op}, whether it succeeded or not. */
    default void runAfterPipeline(OpPassManager pipeline, Operation op) {
    }

    /** Called before {@code pass} (a fresh instance) runs on {@code op}. */
    default void runBeforePass(Pass pass, Operation op) {
    }

    /** Called after {@code pass} ran on {@code op} successfully (and the IR verified, if enabled). */
    default void runAfterPass(Pass pass, Operation op) {
    }

    /** Called after {@code pass} failed on {@code op} (or the verifier rejected the IR after it). */
    default void runAfterPassFailed(Pass pass, Operation op) {
    }
}
