package org.hipep.host.osgi;

import java.util.ArrayList;
import java.util.List;
import org.hipep.host.plugins.PluginHost;
import org.hipep.host.plugins.PluginSnapshot;
import org.hipep.host.plugins.PluginSources;
import org.hipep.plugin.CompilerPlugin;
import org.hipep.plugin.DialectRegistrationExtension;
import org.hipep.plugin.LibraryExtension;
import org.hipep.plugin.PipelineSlotExtension;
import org.hipep.plugin.RuntimeBitcodeExtension;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

/**
 * The registrar inside an OSGi framework: plugins are whatever {@link CompilerPlugin} and
 * extension services are registered now (by the bundles themselves, or by the Service Loader
 * Mediator from their {@code META-INF/services}). Each entry registers once per framework; a
 * snapshot holds the contributions of the services present when it was taken, so a bundle that
 * stops is absent from the next snapshot while snapshots already taken stay intact.
 *
 * <p>Selected ids that no active bundle provides are reported as skipped rather than failing:
 * in a framework, bundles come and go.
 */
public final class OsgiPlugins {
    private final BundleContext context;
    private final PluginHost host = new PluginHost();

    /** The registrar of the framework {@code context} belongs to. */
    public OsgiPlugins(BundleContext context) {
        this.context = context;
    }

    /** The plugin entries and extension services registered now. */
    public PluginSources currentSources() {
        return new PluginSources(services(CompilerPlugin.class), services(PipelineSlotExtension.class),
                services(DialectRegistrationExtension.class), services(RuntimeBitcodeExtension.class),
                services(LibraryExtension.class), List.of());
    }

    /** A snapshot of the currently registered plugins for a selection. */
    public PluginSnapshot snapshot(List<String> selection) {
        return host.snapshotOfAvailable(currentSources(), selection);
    }

    private <T> List<T> services(Class<T> type) {
        List<T> out = new ArrayList<>();
        try {
            ServiceReference<?>[] refs = context.getAllServiceReferences(type.getName(), null);
            if (refs == null) {
                return out;
            }
            java.util.Arrays.sort(refs);
            for (int i = refs.length - 1; i >= 0; i--) {
                Object service = context.getService(refs[i]);
                if (type.isInstance(service)) {
                    out.add(type.cast(service));
                }
            }
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException("no filter was given, yet the framework reported a syntax error", e);
        }
        return out;
    }
}
