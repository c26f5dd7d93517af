package org.hipep.pass;

import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import org.hipep.pass.options.PassOptions;

/**
 * A named pass pipeline registered in a {@link PassRegistry}: text such as {@code
 * my-pipeline{opt=1}} expands, through {@code builder}, into the passes it adds.
 *
 * @param argument the textual name
 * @param description the one-line description
 * @param owner who registered it, for collision messages
 * @param options creates the pipeline's (fresh, default) options on each call
 * @param builder adds the pipeline's passes to a manager, given the parsed options
 */
public record PassPipelineInfo(
        String argument,
        String description,
        String owner,
        Supplier<PassOptions> options,
        BiConsumer<OpPassManager, PassOptions> builder) {

    /** Validates the components. */
    public PassPipelineInfo {
        Objects.requireNonNull(argument, "argument");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(builder, "builder");
    }

    /** The pipeline's options with their defaults (for {@code --help}). */
    public PassOptions defaultOptions() {
        return options.get();
    }

    /**
     * Adds the pipeline to {@code into} with the given option text ({@code null} or empty for
     * the defaults).
     *
     * @throws org.hipep.pass.text.PipelineParseException when the option text is invalid (the
     *     column is an offset into {@code optionsText})
     */
    public void addToPipeline(OpPassManager into, String optionsText) {
        PassOptions parsed = options.get();
        if (optionsText != null) {
            parsed.parse(optionsText);
        }
        builder.accept(into, parsed);
    }
}
