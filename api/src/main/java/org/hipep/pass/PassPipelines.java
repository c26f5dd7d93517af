package org.hipep.pass;

import java.util.List;
import java.util.Optional;
import org.hipep.pass.text.NestedPipeline;
import org.hipep.pass.text.PassElement;
import org.hipep.pass.text.PipelineElement;
import org.hipep.pass.text.PipelineParseException;
import org.hipep.pass.text.PipelineParser;

/**
 * Builds pass managers from textual pipelines, resolving names against a {@link PassRegistry}
 * (MLIR's {@code parsePassPipeline}). Nested pipelines become nested managers; a pass's option
 * text is parsed by its {@link org.hipep.pass.options.PassOptions}; a registered pipeline is
 * expanded through its builder (so printing the result shows its passes, not its name).
 *
 * <p>Every error is a {@link PipelineParseException} whose column points into the whole text:
 * an unknown name ({@link PassMessages#unknownPassOrPipeline}) and a pass anchored on another op
 * than the manager ({@link PassMessages#wrongAnchor}) point at the element, invalid options
 * ({@link PassMessages#failedToAdd}) at the offending option.
 */
public final class PassPipelines {

    private PassPipelines() {
    }

    /**
     * Parses an un-anchored element list ({@code cse,func.func(canonicalize)}) and appends it to
     * {@code into}; blank text adds nothing. On error, the elements before the failing one stay
     * added.
     *
     * @throws PipelineParseException on a syntax error or an element that cannot be added
     */
    public static void parse(String text, PassRegistry registry, OpPassManager into) {
        addAll(PipelineParser.parseUnanchored(text), text, registry, into);
    }

    /**
     * Parses an anchored pipeline ({@code builtin.module(func.func(cse))}) into a new {@link
     * PassManager} anchored on its outer op name.
     *
     * @throws PipelineParseException on a syntax error or an element that cannot be added
     */
    public static PassManager parsePassManager(String text, PassRegistry registry) {
        NestedPipeline top = PipelineParser.parse(text);
        PassManager manager = new PassManager(top.anchor());
        addAll(top.elements(), text, registry, manager);
        return manager;
    }

    private static void addAll(List<PipelineElement> elements, String text, PassRegistry registry, OpPassManager into) {
        for (PipelineElement element : elements) {
            if (element instanceof NestedPipeline nested) {
                addAll(nested.elements(), text, registry, into.nest(nested.anchor()));
            } else {
                add((PassElement) element, text, registry, into);
            }
        }
    }

    private static void add(PassElement element, String text, PassRegistry registry, OpPassManager into) {
        int start = element.where().start();
        Optional<PassInfo> pass = registry.lookupPass(element.name());
        if (pass.isPresent()) {
            PassEntry entry;
            try {
                entry = new PassEntry(pass.get().factory(), element.options());
            } catch (PipelineParseException e) {
                throw optionError(element, text, e);
            }
            try {
                into.addStep(entry);
            } catch (IllegalArgumentException e) {
                throw PipelineParseException.at(text, start, e.getMessage());
            }
            return;
        }
        Optional<PassPipelineInfo> pipeline = registry.lookupPipeline(element.name());
        if (pipeline.isEmpty()) {
            throw PipelineParseException.at(text, start, PassMessages.unknownPassOrPipeline(element.name()));
        }
        var options = pipeline.get().options().get();
        if (element.options() != null) {
            try {
                options.parse(element.options());
            } catch (PipelineParseException e) {
                throw optionError(element, text, e);
            }
        }
        try {
            pipeline.get().builder().accept(into, options);
        } catch (IllegalArgumentException | PipelineParseException e) {
            PipelineParseException located = PipelineParseException.at(text, start, e.getMessage());
            located.initCause(e);
            throw located;
        }
    }

    private static PipelineParseException optionError(PassElement element, String text, PipelineParseException e) {
        String message = PassMessages.failedToAdd(element.name(), element.options(), e.getMessage());
        PipelineParseException located =
                PipelineParseException.at(text, element.optionsStart() + e.column(), message);
        located.initCause(e);
        return located;
    }
}
