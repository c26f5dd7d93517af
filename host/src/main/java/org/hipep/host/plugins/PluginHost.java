package org.hipep.host.plugins;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hipep.host.plugins.Contributions.BitcodeContribution;
import org.hipep.host.plugins.Contributions.DialectContribution;
import org.hipep.host.plugins.Contributions.LibraryContribution;
import org.hipep.host.plugins.Contributions.LibraryPathContribution;
import org.hipep.host.plugins.Contributions.PassContribution;
import org.hipep.host.plugins.Contributions.PipelineBuilderContribution;
import org.hipep.host.plugins.Contributions.SlotRequest;
import org.hipep.plugin.CompilerPlugin;
import org.hipep.plugin.DialectRegistrationExtension;
import org.hipep.plugin.LibraryExtension;
import org.hipep.plugin.PipelineSlotExtension;
import org.hipep.plugin.PluginApi;
import org.hipep.plugin.RuntimeBitcodeExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The registrar: selects plugins by id, runs each selected entry's {@code register} once (per
 * host: once per process for {@link #processWide()}, once per framework in OSGi), in selection
 * order and one at a time, and turns what they recorded, plus the extension services of the
 * selected ids, into an immutable {@link PluginSnapshot}.
 *
 * <p>Errors ({@link PluginException}): an unknown id (the message lists the available ones), a
 * plugin built against an API version this host does not support (both versions named), two
 * plugins registering the same pass or pipeline name (both named), an id selected twice or
 * provided by two different entries. A plugin whose {@code register} throws is skipped with a
 * {@code [plugin] WARNING}, and nothing it recorded is kept; the others still register.
 */
public final class PluginHost {
    private static final Logger LOG = LoggerFactory.getLogger(PluginHost.class);
    private static PluginHost processWide;
    private static PluginSources processSources;

    /** What one dispatch of a plugin entry gave. */
    private record Outcome(RecordingRegistry.Recorded recorded, String failure) {
    }

    private final Map<CompilerPlugin, Outcome> dispatched = new IdentityHashMap<>();

    /** A host with its own dispatch record (one per OSGi framework, or per test). */
    public PluginHost() {
    }

    /** The host of this process, over what {@link PluginDiscovery#discover()} finds (once). */
    public static synchronized PluginHost processWide() {
        if (processWide == null) {
            processWide = new PluginHost();
            processSources = PluginDiscovery.discover();
        }
        return processWide;
    }

    /** The sources the process-wide host discovered. */
    public static synchronized PluginSources processSources() {
        processWide();
        return processSources;
    }

    /** A snapshot of the process-wide plugins for a selection. */
    public static PluginSnapshot processSnapshot(List<String> selection) {
        return processWide().snapshot(processSources(), selection);
    }

    /**
     * Selects {@code selection} (ids, in order) among {@code sources}, dispatches the plugins not
     * dispatched yet, and returns the snapshot.
     *
     * @throws PluginException for an unknown id, an unsupported API version, a duplicate id or
     *     a duplicate pass name
     */
    public synchronized PluginSnapshot snapshot(PluginSources sources, List<String> selection) {
        Map<String, CompilerPlugin> byId = new LinkedHashMap<>();
        for (CompilerPlugin p : sources.plugins()) {
            CompilerPlugin prev = byId.putIfAbsent(p.id(), p);
            if (prev != null && prev.getClass() != p.getClass()) {
                throw new PluginException("plugin id '" + p.id() + "' is provided twice: by " + prev.getClass().getName()
                        + " and by " + p.getClass().getName());
            }
        }
        List<String> extensionOnly = extensionIds(sources).stream().filter(id -> !byId.containsKey(id)).toList();
        List<PluginReport.Available> available = new ArrayList<>();
        byId.values().forEach(p -> available.add(new PluginReport.Available(p.id(), p.apiVersion(), PluginDiscovery.origin(p))));
        extensionOnly.forEach(id -> available.add(new PluginReport.Available(id, PluginApi.VERSION, "extension services")));
        List<String> knownIds = available.stream().map(PluginReport.Available::id).sorted().toList();

        List<String> seen = new ArrayList<>();
        for (String id : selection) {
            if (seen.contains(id)) {
                throw new PluginException("plugin '" + id + "' is selected twice");
            }
            seen.add(id);
            if (!knownIds.contains(id)) {
                throw new PluginException("unknown plugin id '" + id + "'; available: "
                        + (knownIds.isEmpty() ? "(none)" : String.join(", ", knownIds)));
            }
            CompilerPlugin p = byId.get(id);
            if (p != null && !PluginApi.isSupported(p.apiVersion())) {
                throw new PluginException("plugin '" + id + "' (" + p.getClass().getName() + ") was built against plugin API"
                        + " version " + p.apiVersion() + ", but this host supports versions " + PluginApi.OLDEST_SUPPORTED
                        + " to " + PluginApi.VERSION);
            }
        }

        List<String> initialized = new ArrayList<>();
        List<PluginReport.Skipped> skipped = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        List<PassContribution> passes = new ArrayList<>();
        List<SlotRequest> slots = new ArrayList<>();
        List<DialectContribution> dialects = new ArrayList<>();
        List<BitcodeContribution> bitcode = new ArrayList<>();
        List<LibraryPathContribution> libraryPaths = new ArrayList<>();
        List<LibraryContribution> libraries = new ArrayList<>();
        List<PipelineBuilderContribution> pipelines = new ArrayList<>();
        for (String id : selection) {
            CompilerPlugin p = byId.get(id);
            if (p != null) {
                Outcome o = dispatch(p);
                warnings.addAll(o.recorded() != null ? o.recorded().warnings() : List.of());
                if (o.failure() != null) {
                    warnings.add(o.failure());
                    skipped.add(new PluginReport.Skipped(id, o.failure()));
                    continue;
                }
                RecordingRegistry.Recorded r = o.recorded();
                passes.addAll(r.passes());
                slots.addAll(r.slots());
                dialects.addAll(r.dialects());
                bitcode.addAll(r.bitcode());
                libraryPaths.addAll(r.libraryPaths());
                libraries.addAll(r.libraries());
                pipelines.addAll(r.pipelines());
            }
            addExtensions(sources, id, passes, slots, dialects, bitcode, libraryPaths, libraries, warnings);
            initialized.add(id);
        }
        checkUniqueNames(passes, pipelines);
        PluginReport report = new PluginReport(available, selection, initialized, skipped, warnings);
        return new PluginSnapshot(report, passes, slots, dialects, bitcode, libraryPaths, libraries, pipelines);
    }

    /**
     * Like {@link #snapshot}, but selected ids that {@code sources} does not provide now are
     * reported as skipped instead of failing (for frameworks where plugins come and go).
     */
    public synchronized PluginSnapshot snapshotOfAvailable(PluginSources sources, List<String> selection) {
        List<String> present = new ArrayList<>();
        sources.plugins().forEach(p -> present.add(p.id()));
        present.addAll(extensionIds(sources));
        List<String> kept = selection.stream().filter(present::contains).toList();
        PluginSnapshot s = snapshot(sources, kept);
        List<PluginReport.Skipped> skipped = new ArrayList<>(s.report().skipped());
        selection.stream().filter(id -> !present.contains(id))
                .forEach(id -> skipped.add(new PluginReport.Skipped(id, "no plugin or extension service with this id is registered now")));
        PluginReport r = s.report();
        PluginReport report = new PluginReport(r.available(), selection, r.initialized(), skipped, r.warnings());
        return new PluginSnapshot(report, s.passes(), s.slotRequests(), s.dialects(), s.bitcode(), s.libraryPaths(),
                s.libraries(), s.pipelineBuilders());
    }

    /**
     * Drops what {@code plugin}'s {@code register} recorded (its service went away in OSGi), so
     * that this host keeps no reference to it; snapshots already taken keep their contributions.
     */
    public synchronized void forget(CompilerPlugin plugin) {
        dispatched.remove(plugin);
    }

    private Outcome dispatch(CompilerPlugin p) {
        Outcome o = dispatched.get(p);
        if (o != null) {
            return o;
        }
        LOG.debug("[plugin] initializing '{}'", p.id());
        RecordingRegistry registry = new RecordingRegistry(p.id());
        try {
            p.register(registry);
            o = new Outcome(registry.close(), null);
        } catch (RuntimeException | LinkageError e) {
            RecordingRegistry.Recorded partial = registry.close();
            // Nothing the plugin recorded before it threw is kept: a half-registered plugin never
            // takes effect (the seed keeps the partial state; dropping it is the safer reading).
            RecordingRegistry.Recorded warningsOnly = new RecordingRegistry.Recorded(p.id(), List.of(), List.of(), List.of(),
                    List.of(), List.of(), List.of(), List.of(), partial.warnings());
            o = new Outcome(warningsOnly, "[plugin] WARNING: plugin '" + p.id() + "' threw " + e.getClass().getName()
                    + ": " + e.getMessage() + "; skipping this plugin.");
        }
        for (String w : o.recorded().warnings()) {
            LOG.warn(w);
        }
        if (o.failure() != null) {
            LOG.warn(o.failure());
        }
        dispatched.put(p, o);
        return o;
    }

    private static List<String> extensionIds(PluginSources s) {
        List<String> ids = new ArrayList<>();
        s.slotExtensions().forEach(e -> ids.add(e.pluginId()));
        s.dialectExtensions().forEach(e -> ids.add(e.pluginId()));
        s.bitcodeExtensions().forEach(e -> ids.add(e.pluginId()));
        s.libraryExtensions().forEach(e -> ids.add(e.pluginId()));
        return ids.stream().distinct().toList();
    }

    private static void addExtensions(PluginSources s, String id, List<PassContribution> passes, List<SlotRequest> slots,
            List<DialectContribution> dialects, List<BitcodeContribution> bitcode, List<LibraryPathContribution> libraryPaths,
            List<LibraryContribution> libraries, List<String> warnings) {
        for (PipelineSlotExtension e : s.slotExtensions()) {
            if (e.pluginId().equals(id)) {
                RecordingRegistry r = new RecordingRegistry(id);
                e.passes().forEach(r::registerPass);
                e.slotRequests().forEach((slot, texts) -> texts.forEach(t -> r.requestPipelineSlot(slot, t)));
                RecordingRegistry.Recorded rec = r.close();
                passes.addAll(rec.passes());
                slots.addAll(rec.slots());
                warnings.addAll(rec.warnings());
            }
        }
        for (DialectRegistrationExtension e : s.dialectExtensions()) {
            if (e.pluginId().equals(id)) {
                dialects.add(new DialectContribution(id, e::registerDialects, e.getClass()));
            }
        }
        for (RuntimeBitcodeExtension e : s.bitcodeExtensions()) {
            if (e.pluginId().equals(id)) {
                RecordingRegistry r = new RecordingRegistry(id);
                r.addRuntimeBitcodeWithOverrides(e.bitcode(), e.overriddenSymbols());
                RecordingRegistry.Recorded rec = r.close();
                bitcode.addAll(rec.bitcode());
                warnings.addAll(rec.warnings());
            }
        }
        for (LibraryExtension e : s.libraryExtensions()) {
            if (e.pluginId().equals(id)) {
                e.libraryPaths().forEach(p -> libraryPaths.add(new LibraryPathContribution(id, p)));
                e.libraries().forEach(l -> libraries.add(new LibraryContribution(id, l)));
            }
        }
    }

    private static void checkUniqueNames(List<PassContribution> passes, List<PipelineBuilderContribution> pipelines) {
        Map<String, String> owners = new LinkedHashMap<>();
        for (PassContribution p : passes) {
            claim(owners, p.argument(), p.pluginId(), "pass");
        }
        for (PipelineBuilderContribution b : pipelines) {
            claim(owners, b.name(), b.pluginId(), "pipeline");
        }
    }

    private static void claim(Map<String, String> owners, String name, String pluginId, String kind) {
        String prev = owners.putIfAbsent(name, pluginId);
        if (prev != null) {
            throw new PluginException(kind + " argument '" + name + "' is registered by both plugin '" + prev
                    + "' and plugin '" + pluginId + "'" + (prev.equals(pluginId) ? " (twice)" : "")
                    + "; prefix plugin pass names with the plugin id");
        }
    }
}
