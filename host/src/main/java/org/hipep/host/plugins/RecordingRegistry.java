package org.hipep.host.plugins;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.hipep.host.plugins.Contributions.BitcodeContribution;
import org.hipep.host.plugins.Contributions.DialectContribution;
import org.hipep.host.plugins.Contributions.LibraryContribution;
import org.hipep.host.plugins.Contributions.LibraryPathContribution;
import org.hipep.host.plugins.Contributions.PassContribution;
import org.hipep.host.plugins.Contributions.PipelineBuilderContribution;
import org.hipep.host.plugins.Contributions.SlotRequest;
import org.hipep.ir.DialectRegistry;
import org.hipep.pass.Pass;
import org.hipep.plugin.PipelineBuilder;
import org.hipep.plugin.PipelineSlot;
import org.hipep.plugin.PluginRegistry;

/**
 * The registry one plugin's {@code register} call records into. Copies everything, warns (with
 * the seed's texts) about what it drops, and refuses calls once registration is over.
 */
final class RecordingRegistry implements PluginRegistry {
    /** Everything one plugin recorded. */
    record Recorded(String pluginId, List<PassContribution> passes, List<SlotRequest> slots,
            List<DialectContribution> dialects, List<BitcodeContribution> bitcode, List<LibraryPathContribution> libraryPaths,
            List<LibraryContribution> libraries, List<PipelineBuilderContribution> pipelines, List<String> warnings) {
        Recorded {
            passes = List.copyOf(passes);
            slots = List.copyOf(slots);
            dialects = List.copyOf(dialects);
            bitcode = List.copyOf(bitcode);
            libraryPaths = List.copyOf(libraryPaths);
            libraries = List.copyOf(libraries);
            pipelines = List.copyOf(pipelines);
            warnings = List.copyOf(warnings);
        }
    }

    private final String pluginId;
    private final List<PassContribution> passes = new ArrayList<>();
    private final List<SlotRequest> slots = new ArrayList<>();
    private final List<DialectContribution> dialects = new ArrayList<>();
    private final List<BitcodeContribution> bitcode = new ArrayList<>();
    private final List<LibraryPathContribution> libraryPaths = new ArrayList<>();
    private final List<LibraryContribution> libraries = new ArrayList<>();
    private final List<PipelineBuilderContribution> pipelines = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private boolean closed;

    RecordingRegistry(String pluginId) {
        this.pluginId = pluginId;
    }

    @Override
    public String pluginId() {
        return pluginId;
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("plugin '" + pluginId + "' used its PluginRegistry after register() returned");
        }
    }

    void warn(String text) {
        warnings.add(text);
    }

    Recorded close() {
        closed = true;
        return new Recorded(pluginId, passes, slots, dialects, bitcode, libraryPaths, libraries, pipelines, warnings);
    }

    @Override
    public synchronized void registerPass(Supplier<? extends Pass> factory) {
        checkOpen();
        if (factory == null) {
            throw new IllegalArgumentException("registerPass called with a null factory");
        }
        Pass probe = factory.get();
        if (probe == null) {
            throw new IllegalArgumentException("the pass factory returned null");
        }
        passes.add(new PassContribution(pluginId, probe.argument(), probe.description(), factory));
    }

    @Override
    public synchronized void requestPipelineSlot(PipelineSlot slot, String pipelineText) {
        checkOpen();
        if (slot == null) {
            warn(outOfRange("null", pipelineText));
            return;
        }
        slots.add(new SlotRequest(pluginId, slot, String.valueOf(pipelineText)));
    }

    @Override
    public synchronized void requestPipelineSlot(int slot, String pipelineText) {
        checkOpen();
        PipelineSlot s = PipelineSlot.fromIndex(slot);
        if (s == null) {
            warn(outOfRange(Integer.toString(slot), pipelineText));
            return;
        }
        slots.add(new SlotRequest(pluginId, s, String.valueOf(pipelineText)));
    }

    private static String outOfRange(String slot, String name) {
        return "[plugin] WARNING: requestPipelineSlot(slot=" + slot + ", name='" + name + "') -- slot value is out of"
                + " range [0, " + PipelineSlot.COUNT + "). Dropping this request.";
    }

    @Override
    public synchronized void addDialectRegistration(java.util.function.Consumer<DialectRegistry> registration) {
        checkOpen();
        if (registration == null) {
            warn("[plugin] WARNING: addDialectRegistration called with a null callback; skipping.");
            return;
        }
        dialects.add(new DialectContribution(pluginId, registration));
    }

    @Override
    public synchronized void addRuntimeBitcode(byte[] bc) {
        addRuntimeBitcodeWithOverrides(bc, Set.of());
    }

    @Override
    public synchronized void addRuntimeBitcodeWithOverrides(byte[] bc, Set<String> overriddenSymbols) {
        checkOpen();
        if (bc == null || bc.length == 0) {
            warn("[plugin] WARNING: addRuntimeBitcode called with an empty buffer (size=" + (bc == null ? 0 : bc.length)
                    + "); skipping. Wrap the addRuntimeBitcode call in `if (bitcode.length != 0)` if your plugin"
                    + " produces bitcode conditionally.");
            return;
        }
        bitcode.add(new BitcodeContribution(pluginId, bc, overriddenSymbols == null ? Set.of() : overriddenSymbols));
    }

    @Override
    public synchronized void addLibraryPath(String directory) {
        checkOpen();
        if (directory == null || directory.isEmpty()) {
            warn("[plugin] WARNING: addLibraryPath called with an empty path; skipping.");
            return;
        }
        libraryPaths.add(new LibraryPathContribution(pluginId, directory));
    }

    @Override
    public synchronized void addLibrary(String nameOrPath) {
        checkOpen();
        if (nameOrPath == null || nameOrPath.isEmpty()) {
            warn("[plugin] WARNING: addLibrary called with an empty name; skipping.");
            return;
        }
        libraries.add(new LibraryContribution(pluginId, nameOrPath));
    }

    @Override
    public synchronized void registerPipelineBuilder(String name, String description, PipelineBuilder builder) {
        checkOpen();
        if (name == null || name.isEmpty() || builder == null) {
            throw new IllegalArgumentException("registerPipelineBuilder needs a name and a builder");
        }
        pipelines.add(new PipelineBuilderContribution(pluginId, name, description == null ? "" : description, builder));
    }
}
