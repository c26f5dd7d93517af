package org.hipep.pass;

import org.hipep.ir.Context;
import org.hipep.ir.Operation;
import org.hipep.pass.options.PassOptions;

/**
 * A transformation or analysis run on one operation, after MLIR's {@code Pass}.
 *
 * <p><b>Instantiation.</b> A pass object is never shared: pass managers and the {@link
 * PassRegistry} hold a {@code Supplier<? extends Pass>} (typically a constructor reference) and
 * create a fresh instance for every operation the pass runs on, applying the option text the
 * pipeline gave it. A pass may therefore keep per-run state in fields, and never runs on two
 * threads at once. Suppliers must return a new object on each call.
 *
 * <p><b>Options.</b> A pass declares its options in its constructor on {@link #options()}, e.g.
 * {@code maxIterations = options().intOption("max-iterations", "...", 10);}.
 *
 * <p><b>Anchoring.</b> {@link #anchorName()} restricts a pass to one op name ({@code
 * func.func}); {@code null} makes it op-agnostic. A pass is scheduled on an op only when {@link
 * #canScheduleOn(Operation)} accepts it.
 */
public abstract class Pass {

    private final PassOptions options = new PassOptions();
    private Operation operation;
    private boolean failed;
    /** The pipeline step that created this instance, when scheduled by a pass manager. */
    PassEntry entry;

    /** Creates a pass; subclasses declare their options here. */
    protected Pass() {
    }

    /** The textual name used in pipelines and on the command line, e.g. {@code cse}. */
    public abstract String argument();

    /** A one-line description for {@code --help}; empty by default. */
    public String description() {
        return "";
    }

    /**
     * The display name used by instrumentation (IR dumps, timing); the class's simple name by
     * default, or the argument for anonymous classes.
     */
    public String name() {
        String simple = getClass().getSimpleName();
        return simple.isEmpty() ? argument() : simple;
    }

    /** The options of this pass (empty unless declared in the constructor). */
    public final PassOptions options() {
        return options;
    }

    /** The op name this pass is restricted to, or {@code null} for an op-agnostic pass. */
    public String anchorName() {
        return null;
    }

    /**
     * Whether this pass can run on {@code op}: by default when the op has the anchor name, or
     * always for an op-agnostic pass. Op-agnostic passes may narrow this (e.g. to ops with an
     * interface).
     */
    public boolean canScheduleOn(Operation op) {
        String anchor = anchorName();
        return anchor == null || op.is(anchor);
    }

    /**
     * Runs the pass on {@link #getOperation()}. Report failure with {@link #signalPassFailure()}
     * (after emitting diagnostics); a {@link RuntimeException} thrown here is also turned into a
     * failure by the pass manager.
     */
    protected abstract void runOnOperation();

    /**
     * The op the pass is running on.
     *
     * @throws IllegalStateException outside {@link #runOnOperation()}
     */
    protected final Operation getOperation() {
        if (operation == null) {
            throw new IllegalStateException("pass '" + argument() + "' is not running on an operation");
        }
        return operation;
    }

    /** The context of the op the pass is running on. */
    protected final Context getContext() {
        return getOperation().context();
    }

    /** Marks this run as failed; the pass manager stops the pipeline on this op. */
    protected final void signalPassFailure() {
        failed = true;
    }

    /**
     * The textual form of this pass in a pipeline: its argument, followed by its current options
     * in braces when it prints any ({@code canonicalize{max-iterations=10}}).
     */
    public final String printAsTextualPipeline() {
        String printed = options.print();
        return printed.isEmpty() ? argument() : argument() + "{" + printed + "}";
    }

    /** Runs this instance on {@code op}; returns whether it signalled failure. */
    final boolean execute(Operation op) {
        operation = op;
        failed = false;
        try {
            runOnOperation();
            return !failed;
        } finally {
            operation = null;
        }
    }

    @Override
    public String toString() {
        return name() + " (" + argument() + ")";
    }
}
