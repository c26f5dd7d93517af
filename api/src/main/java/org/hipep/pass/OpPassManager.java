package org.hipep.pass;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Operation;
import org.hipep.pass.text.NestedPipeline;
import org.hipep.pass.text.PipelineElement;
import org.hipep.pass.text.PipelinePrinter;
import org.hipep.pass.text.SourceRange;

/**
 * A pipeline of passes anchored on an op name ({@code builtin.module}, {@code func.func}) or on
 * {@value #ANY} (op-agnostic), after MLIR's {@code OpPassManager}. Its elements are passes, run
 * in order on the anchor op, and nested managers ({@link #nest(String)}), each of which runs on
 * every direct child op (of every region of the anchor op) that it can be scheduled on: ops with
 * its anchor name, or, for an op-agnostic manager, isolated-from-above ops that all its passes
 * accept. Children run in parallel when the context allows multithreading and all of them are
 * isolated from above.
 *
 * <p>Not thread-safe while being built; immutable in effect while a {@link PassManager} runs it.
 */
public class OpPassManager implements PipelineStep {

    /** The anchor of an op-agnostic manager. */
    public static final String ANY = "any";

    private final String anchor;
    private final List<PipelineStep> steps = new ArrayList<>();
    private OpPassManager parent;

    /**
     * Creates an empty manager.
     *
     * @param anchor the op name the manager runs on, or {@value #ANY}
     */
    public OpPassManager(String anchor) {
        Objects.requireNonNull(anchor, "anchor");
        if (anchor.isEmpty()) {
            throw new IllegalArgumentException("a pass manager needs an anchor op name (or '" + ANY + "')");
        }
        this.anchor = anchor;
    }

    /** The op name this manager runs on, or {@value #ANY}. */
    public final String anchor() {
        return anchor;
    }

    /** Whether this manager is op-agnostic (anchored on {@value #ANY}). */
    public final boolean isOpAgnostic() {
        return ANY.equals(anchor);
    }

    /** The manager this one is nested in, or {@code null} for a top-level manager. */
    public final OpPassManager parent() {
        return parent;
    }

    /**
     * Appends a pass. {@code factory} is called now (to check the pass) and again for every op the
     * pass runs on.
     *
     * @throws IllegalArgumentException when the pass is anchored on another op than this
     *     (op-specific) manager ({@link PassMessages#wrongAnchor}) or the supplier does not create
     *     a new pass on each call
     * @return this manager
     */
    public final OpPassManager addPass(Supplier<? extends Pass> factory) {
        return addStep(new PassEntry(factory, null));
    }

    /**
     * Appends a pass configured by option text ({@code max-iterations=3}), applied to every
     * instance.
     *
     * @throws org.hipep.pass.text.PipelineParseException when the option text is invalid (the
     *     column is an offset into {@code optionsText})
     * @throws IllegalArgumentException as {@link #addPass(Supplier)}
     * @return this manager
     */
    public final OpPassManager addPass(Supplier<? extends Pass> factory, String optionsText) {
        return addStep(new PassEntry(factory, Objects.requireNonNull(optionsText, "optionsText")));
    }

    /** Appends a new manager anchored on {@code opName} and returns it. */
    public final OpPassManager nest(String opName) {
        OpPassManager nested = new OpPassManager(opName);
        nested.parent = this;
        steps.add(nested);
        return nested;
    }

    /** Appends a new op-agnostic manager and returns it. */
    public final OpPassManager nestAny() {
        return nest(ANY);
    }

    /** The number of elements (passes and nested managers) at this level. */
    public final int size() {
        return steps.size();
    }

    /** Whether this manager has no elements. */
    public final boolean isEmpty() {
        return steps.isEmpty();
    }

    /** Removes every element. */
    public final void clear() {
        steps.clear();
    }

    /**
     * The pipeline as text, nested managers as {@code anchor(...)} and passes with their current
     * options, e.g. {@code builtin.module(func.func(cse,canonicalize{max-iterations=10}))}.
     * Parsing the text with {@link PassPipelines#parsePassManager} yields a manager that prints
     * the same.
     */
    public final String printAsTextualPipeline() {
        return PipelinePrinter.print(toElement());
    }

    /**
     * What {@code mlir-opt --dump-pass-pipeline} prints: {@code Pass Manager with N passes:},
     * the textual pipeline, each followed by a newline; N is {@link #size()}.
     */
    public final String dumpPassPipeline() {
        return "Pass Manager with " + size() + " passes:\n" + printAsTextualPipeline() + "\n";
    }

    /**
     * This manager as a textual pipeline element ({@code anchor(...)} with its passes and their
     * current options), with empty source ranges; {@link #printAsTextualPipeline()} prints it.
     */
    @Override
    public final NestedPipeline toElement() {
        List<PipelineElement> elements = new ArrayList<>(steps.size());
        for (PipelineStep step : steps) {
            elements.add(step.toElement());
        }
        return new NestedPipeline(anchor, elements, new SourceRange(0, 0));
    }

    @Override
    public String toString() {
        return printAsTextualPipeline();
    }

    /** The elements, in order. */
    final List<PipelineStep> steps() {
        return Collections.unmodifiableList(steps);
    }

    /** Appends a pass entry after checking its anchor against this manager's. */
    final OpPassManager addStep(PassEntry entry) {
        Pass pass = entry.prototype();
        String passAnchor = pass.anchorName();
        if (passAnchor != null && !isOpAgnostic() && !passAnchor.equals(anchor)) {
            throw new IllegalArgumentException(PassMessages.wrongAnchor(pass.name(), passAnchor, anchor));
        }
        steps.add(entry);
        return this;
    }

    /**
     * Whether this (nested) manager runs on {@code op}: op-specific managers on ops with their
     * anchor name; op-agnostic ones on isolated-from-above ops that all their passes accept.
     */
    final boolean canScheduleOn(Operation op) {
        if (!isOpAgnostic()) {
            return op.is(anchor);
        }
        if (!op.hasTrait(OpTrait.IsolatedFromAbove.class)) {
            return false;
        }
        for (PipelineStep step : steps) {
            if (step instanceof PassEntry entry && !entry.prototype().canScheduleOn(op)) {
                return false;
            }
        }
        return true;
    }
}
