package org.hipep.host.plugins;

import java.util.List;
import org.hipep.plugin.CompilerPlugin;
import org.hipep.plugin.DialectRegistrationExtension;
import org.hipep.plugin.LibraryExtension;
import org.hipep.plugin.PipelineSlotExtension;
import org.hipep.plugin.RuntimeBitcodeExtension;

/**
 * The plugin entries and extension services available at one moment (from {@code ServiceLoader},
 * or the services an OSGi tracker holds).
 *
 * @param plugins plugin entries
 * @param slotExtensions directly published slot contributions
 * @param dialectExtensions directly published dialect registrations
 * @param bitcodeExtensions directly published runtime bitcode
 * @param libraryExtensions directly published libraries
 * @param brokenProviders providers that could not be loaded, with why
 */
public record PluginSources(List<CompilerPlugin> plugins, List<PipelineSlotExtension> slotExtensions,
        List<DialectRegistrationExtension> dialectExtensions, List<RuntimeBitcodeExtension> bitcodeExtensions,
        List<LibraryExtension> libraryExtensions, List<String> brokenProviders) {
    public PluginSources {
        plugins = List.copyOf(plugins);
        slotExtensions = List.copyOf(slotExtensions);
        dialectExtensions = List.copyOf(dialectExtensions);
        bitcodeExtensions = List.copyOf(bitcodeExtensions);
        libraryExtensions = List.copyOf(libraryExtensions);
        brokenProviders = List.copyOf(brokenProviders);
    }

    /** Sources with only plugin entries. */
    public static PluginSources of(List<CompilerPlugin> plugins) {
        return new PluginSources(plugins, List.of(), List.of(), List.of(), List.of(), List.of());
    }
}
