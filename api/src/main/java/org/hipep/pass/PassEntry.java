package org.hipep.pass;

import java.util.Objects;
import java.util.function.Supplier;
import org.hipep.pass.text.PassElement;
import org.hipep.pass.text.PipelineElement;
import org.hipep.pass.text.SourceRange;

/**
 * Internal: a pass scheduled in an {@link OpPassManager}: how to create instances and the option
 * text to apply to each. The prototype (the first instance) answers questions about the pass
 * (argument, anchor, printed options) and is never run.
 */
final class PassEntry implements PipelineStep {

    private final Supplier<? extends Pass> factory;
    private final String optionsText;
    private final Pass prototype;

    /**
     * Creates the entry and its prototype.
     *
     * @param optionsText option text applied to every instance, or {@code null}
     * @throws org.hipep.pass.text.PipelineParseException when the option text is invalid (its
     *     column is an offset into {@code optionsText})
     * @throws IllegalArgumentException when the supplier returns null or the same object twice
     */
    PassEntry(Supplier<? extends Pass> factory, String optionsText) {
        this.factory = Objects.requireNonNull(factory, "factory");
        this.optionsText = optionsText;
        this.prototype = instantiate();
        if (factory.get() == prototype) {
            throw new IllegalArgumentException("the supplier of pass '" + prototype.argument()
                    + "' returned the same instance twice; a pass supplier must create a new pass on each call");
        }
    }

    /** A fresh instance with the option text applied. */
    Pass instantiate() {
        Pass pass = factory.get();
        if (pass == null) {
            throw new IllegalArgumentException("a pass supplier returned null");
        }
        if (optionsText != null) {
            pass.options().parse(optionsText);
        }
        pass.entry = this;
        return pass;
    }

    /** The first instance, used for its argument, anchor, name and options; never run. */
    Pass prototype() {
        return prototype;
    }

    @Override
    public PipelineElement toElement() {
        String printed = prototype.options().print();
        return new PassElement(prototype.argument(), printed.isEmpty() ? null : printed, new SourceRange(0, 0));
    }
}
