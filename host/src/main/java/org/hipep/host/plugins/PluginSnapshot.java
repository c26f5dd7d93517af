package org.hipep.host.plugins;

import java.util.ArrayList;
import java.util.List;
import org.hipep.host.plugins.Contributions.BitcodeContribution;
import org.hipep.host.plugins.Contributions.DialectContribution;
import org.hipep.host.plugins.Contributions.LibraryContribution;
import org.hipep.host.plugins.Contributions.LibraryPathContribution;
import org.hipep.host.plugins.Contributions.PassContribution;
import org.hipep.host.plugins.Contributions.PipelineBuilderContribution;
import org.hipep.host.plugins.Contributions.SlotRequest;
import org.hipep.ir.DialectRegistry;
import org.hipep.pass.OpPassManager;
import org.hipep.pass.PassPipelines;
import org.hipep.pass.PassRegistry;
import org.hipep.plugin.PipelineSlot;
import org.hipep.plugin.PipelineSlotHook;
import org.hipep.plugin.PipelineStages;

/**
 * Everything the selected plugins contributed, fixed at one moment: immutable, each contribution
 * tagged with its plugin id, in selection order. A compile keeps the snapshot it started with
 * even if plugins come or go afterwards (OSGi).
 *
 * @param report what was found, selected and skipped, and the warnings
 * @param passes registered passes
 * @param slotRequests pipeline texts requested per slot
 * @param dialects dialect registration callbacks
 * @param bitcode runtime bitcode buffers
 * @param libraryPaths library search directories
 * @param libraries libraries to link
 * @param pipelineBuilders named pipelines composed in Java
 */
public record PluginSnapshot(PluginReport report, List<PassContribution> passes, List<SlotRequest> slotRequests,
        List<DialectContribution> dialects, List<BitcodeContribution> bitcode, List<LibraryPathContribution> libraryPaths,
        List<LibraryContribution> libraries, List<PipelineBuilderContribution> pipelineBuilders) {
    public PluginSnapshot {
        passes = List.copyOf(passes);
        slotRequests = List.copyOf(slotRequests);
        dialects = List.copyOf(dialects);
        bitcode = List.copyOf(bitcode);
        libraryPaths = List.copyOf(libraryPaths);
        libraries = List.copyOf(libraries);
        pipelineBuilders = List.copyOf(pipelineBuilders);
    }

    /** A snapshot with no plugin selected. */
    public static PluginSnapshot empty(PluginReport report) {
        return new PluginSnapshot(report, List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
    }

    /** The ids of the plugins whose contributions are in this snapshot, in selection order. */
    public List<String> pluginIds() {
        return report.initialized();
    }

    /** The pipeline texts requested for a slot, in registration order (the seed's accessor). */
    public List<String> passesForSlot(PipelineSlot slot) {
        List<String> out = new ArrayList<>();
        for (SlotRequest r : slotRequests) {
            if (r.slot() == slot) {
                out.add(r.pipelineText());
            }
        }
        return out;
    }

    /** The library search directories, in order. */
    public List<String> libraryPathStrings() {
        return libraryPaths.stream().map(LibraryPathContribution::path).toList();
    }

    /** The libraries, in order. */
    public List<String> libraryNames() {
        return libraries.stream().map(LibraryContribution::nameOrPath).toList();
    }

    /** Runs every dialect registration, in order, on {@code registry}; returns it. */
    public DialectRegistry applyDialects(DialectRegistry registry) {
        for (DialectContribution d : dialects) {
            d.registration().accept(registry);
        }
        return registry;
    }

    /**
     * Registers the plugins' passes and pipeline builders in {@code registry}, each owned by
     * {@code plugin '<id>'} (so a collision with an in-tree name names both owners); returns it.
     */
    public PassRegistry registerPasses(PassRegistry registry) {
        for (PassContribution p : passes) {
            registry.registerPass(p.factory(), owner(p.pluginId()));
        }
        for (PipelineBuilderContribution b : pipelineBuilders) {
            PipelineStages stages = (pm, text) -> PassPipelines.parse(text, registry, pm);
            registry.registerPipeline(b.name(), b.description(), org.hipep.pass.options.PassOptions::new,
                    (OpPassManager pm, org.hipep.pass.options.PassOptions o) -> b.builder().build(pm, stages),
                    owner(b.pluginId()));
        }
        return registry;
    }

    /**
     * The slot hook the pipeline builders call: adds each request's text to the pass manager,
     * resolving names in {@code registry}. Text that does not parse or resolve is skipped with the
     * seed's warning (and the parser's message), leaving the pass manager as it was; the compile
     * goes on.
     */
    public PipelineSlotHook slotHook(PassRegistry registry, java.util.function.Consumer<String> warnings) {
        return (pm, slot) -> {
            for (SlotRequest r : slotRequests) {
                if (r.slot() != slot) {
                    continue;
                }
                try {
                    // Parse into a scratch manager first so that a failure adds nothing.
                    PassPipelines.parse(r.pipelineText(), registry, new OpPassManager(pm.anchor()));
                    PassPipelines.parse(r.pipelineText(), registry, pm);
                } catch (org.hipep.pass.text.PipelineParseException | IllegalArgumentException e) {
                    String detail = e instanceof org.hipep.pass.text.PipelineParseException p ? p.render() : e.getMessage();
                    warnings.accept(detail);
                    warnings.accept("[plugin] WARNING: could not add pass pipeline '" + r.pipelineText()
                            + "' requested for pipeline slot " + slot.index() + ". Check that the pass was registered"
                            + " (registerPass()) and the plugin is selected into this host, and that the string carries"
                            + " the right anchor nesting (e.g. func.func(<arg>) for a func.func pass).");
                }
            }
        };
    }

    /** How a plugin is named as the owner of a registration. */
    public static String owner(String pluginId) {
        return "plugin '" + pluginId + "'";
    }
}
