package org.hipep.pass;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import org.hipep.pass.options.PassOptions;
import org.hipep.pass.text.PipelineParser;

/**
 * The passes and named pipelines a session knows, keyed by argument, after MLIR's {@code
 * PassRegistry.cpp} but instance-based: the host builds one registry per session and plugins add
 * to it. Passes and pipelines share one namespace; an argument can be registered once, whoever
 * tries again gets an {@link IllegalStateException} naming both owners. Thread-safe.
 */
public final class PassRegistry {

    private final Map<String, Object> entries = new TreeMap<>();

    /** Creates an empty registry. */
    public PassRegistry() {
    }

    /**
     * Registers a pass under its {@link Pass#argument()}.
     *
     * @param factory creates a new pass on each call (called here to read argument and
     *     description)
     * @param owner who registers it (a plugin or module name)
     * @throws IllegalStateException when the argument is already registered ({@link
     *     PassMessages#duplicateArgument})
     * @throws IllegalArgumentException when the argument is not a valid pipeline name or the
     *     supplier does not create a new pass on each call
     */
    public PassInfo registerPass(Supplier<? extends Pass> factory, String owner) {
        Objects.requireNonNull(factory, "factory");
        Objects.requireNonNull(owner, "owner");
        Pass pass = factory.get();
        if (pass == null || factory.get() == pass) {
            throw new IllegalArgumentException("the pass supplier of " + owner + " must create a new pass on each call");
        }
        checkArgument(pass.argument());
        PassInfo info = new PassInfo(pass.argument(), pass.description(), owner, factory);
        add(info.argument(), owner, info);
        return info;
    }

    /**
     * Registers a named pipeline.
     *
     * @param options creates fresh default options on each call (the text between the
     *     element's braces is parsed into them)
     * @param builder adds the pipeline's passes to the manager the element appears in
     * @throws IllegalStateException when the argument is already registered
     * @throws IllegalArgumentException when the argument is not a valid pipeline name or the
     *     options supplier does not create new options on each call
     */
    public PassPipelineInfo registerPipeline(
            String argument,
            String description,
            Supplier<PassOptions> options,
            BiConsumer<OpPassManager, PassOptions> builder,
            String owner) {
        checkArgument(argument);
        PassOptions first = options.get();
        if (first == null || options.get() == first) {
            throw new IllegalArgumentException("the options supplier of pipeline '" + argument
                    + "' must create new options on each call");
        }
        PassPipelineInfo info = new PassPipelineInfo(argument, description, owner, options, builder);
        add(argument, owner, info);
        return info;
    }

    /** The pass registered under {@code argument}, if any. */
    public synchronized Optional<PassInfo> lookupPass(String argument) {
        return entries.get(argument) instanceof PassInfo info ? Optional.of(info) : Optional.empty();
    }

    /** The pipeline registered under {@code argument}, if any. */
    public synchronized Optional<PassPipelineInfo> lookupPipeline(String argument) {
        return entries.get(argument) instanceof PassPipelineInfo info ? Optional.of(info) : Optional.empty();
    }

    /** Whether a pass or pipeline is registered under {@code argument}. */
    public synchronized boolean contains(String argument) {
        return entries.containsKey(argument);
    }

    /** The registered passes, sorted by argument. */
    public synchronized List<PassInfo> passes() {
        List<PassInfo> result = new ArrayList<>();
        for (Object entry : entries.values()) {
            if (entry instanceof PassInfo info) {
                result.add(info);
            }
        }
        return result;
    }

    /** The registered pipelines, sorted by argument. */
    public synchronized List<PassPipelineInfo> pipelines() {
        List<PassPipelineInfo> result = new ArrayList<>();
        for (Object entry : entries.values()) {
            if (entry instanceof PassPipelineInfo info) {
                result.add(info);
            }
        }
        return result;
    }

    /**
     * The {@code --help} listing: a {@code Passes:} and a {@code Pass Pipelines:} section (each
     * only when not empty), entries sorted by argument as {@code "  --arg - description"},
     * each followed by its options' {@link PassOptions#describe()} lines indented by two more
     * spaces.
     */
    public List<String> helpLines() {
        List<String> lines = new ArrayList<>();
        List<PassInfo> passes = passes();
        if (!passes.isEmpty()) {
            lines.add("Passes:");
            for (PassInfo info : passes) {
                addHelp(lines, info.argument(), info.description(), info.defaultOptions());
            }
        }
        List<PassPipelineInfo> pipelines = pipelines();
        if (!pipelines.isEmpty()) {
            lines.add("Pass Pipelines:");
            for (PassPipelineInfo info : pipelines) {
                addHelp(lines, info.argument(), info.description(), info.defaultOptions());
            }
        }
        return lines;
    }

    private static void addHelp(List<String> lines, String argument, String description, PassOptions options) {
        lines.add(description.isEmpty() ? "  --" + argument : "  --" + argument + " - " + description);
        for (String line : options.describe()) {
            lines.add("  " + line);
        }
    }

    private synchronized void add(String argument, String owner, Object info) {
        Object previous = entries.get(argument);
        if (previous != null) {
            String previousOwner = previous instanceof PassInfo p ? p.owner() : ((PassPipelineInfo) previous).owner();
            throw new IllegalStateException(PassMessages.duplicateArgument(argument, previousOwner, owner));
        }
        entries.put(argument, info);
    }

    private static void checkArgument(String argument) {
        if (argument == null || argument.isEmpty() || !argument.chars().allMatch(c -> PipelineParser.isNameChar((char) c))) {
            throw new IllegalArgumentException("invalid pass or pipeline argument '" + argument + "'");
        }
    }
}
