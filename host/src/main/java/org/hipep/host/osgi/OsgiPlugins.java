package org.hipep.host.osgi;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.function.Supplier;
import org.hipep.host.plugins.PluginHost;
import org.hipep.host.plugins.PluginSnapshot;
import org.hipep.host.plugins.PluginSources;
import org.hipep.plugin.CompilerPlugin;
import org.hipep.plugin.DialectRegistrationExtension;
import org.hipep.plugin.LibraryExtension;
import org.hipep.plugin.PipelineSlotExtension;
import org.hipep.plugin.RuntimeBitcodeExtension;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.wiring.BundleWiring;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The registrar inside an OSGi framework: plugins are whatever {@link CompilerPlugin} and
 * extension services are registered now (by the bundles themselves, or by the Service Loader
 * Mediator from their {@code META-INF/services}). Each entry registers once per framework; a
 * snapshot holds the contributions of the services present when it was taken, so a bundle that
 * stops is absent from the next snapshot while snapshots already taken stay intact.
 *
 * <p>A snapshot must stay usable after its plugin bundles are stopped or uninstalled (a compile
 * in flight finishes with it). Runtime bitcode is already held as bytes and static libraries as
 * files the plugin extracted when it registered; the passes, dialect registrations and pipeline
 * builders are code of the plugin bundle, which a framework can no longer load once the bundle is
 * uninstalled and its wiring disposed. So the first snapshot that includes a bundle's
 * contributions loads every class of that bundle ("pins" it): defined classes stay usable for as
 * long as anything (the snapshot) references them, whatever happens to the bundle.
 *
 * <p>Selected ids that no active bundle provides are reported as skipped rather than failing:
 * in a framework, bundles come and go.
 */
public final class OsgiPlugins {
    private static final Logger LOG = LoggerFactory.getLogger(OsgiPlugins.class);

    private final Supplier<PluginSources> sources;
    private final PluginHost host = new PluginHost();
    /** The plugin class loaders already pinned (weak: an uninstalled bundle's loader may go). */
    private final Set<ClassLoader> pinned = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

    /** The registrar over the services registered in the framework {@code context} belongs to. */
    public OsgiPlugins(BundleContext context) {
        Objects.requireNonNull(context, "context");
        this.sources = () -> new PluginSources(services(context, CompilerPlugin.class),
                services(context, PipelineSlotExtension.class), services(context, DialectRegistrationExtension.class),
                services(context, RuntimeBitcodeExtension.class), services(context, LibraryExtension.class), List.of());
    }

    /** The registrar over the services a tracker holds ({@code sources}: what is registered now). */
    public OsgiPlugins(Supplier<PluginSources> sources) {
        this.sources = Objects.requireNonNull(sources, "sources");
    }

    /** The plugin entries and extension services registered now. */
    public PluginSources currentSources() {
        return sources.get();
    }

    /**
     * A snapshot of the currently registered plugins for a selection; the bundles of the selected
     * plugins are pinned (see the class comment).
     *
     * @throws org.hipep.host.plugins.PluginException for a selected plugin built against an
     *     unsupported API version, or two plugins registering the same pass
     */
    public PluginSnapshot snapshot(List<String> selection) {
        PluginSources now = sources.get();
        PluginSnapshot snapshot = host.snapshotOfAvailable(now, selection);
        List<String> ids = snapshot.pluginIds();
        for (CompilerPlugin p : now.plugins()) {
            if (ids.contains(p.id())) {
                pin(p);
            }
        }
        pinAll(now.slotExtensions(), PipelineSlotExtension::pluginId, ids);
        pinAll(now.dialectExtensions(), DialectRegistrationExtension::pluginId, ids);
        pinAll(now.bitcodeExtensions(), RuntimeBitcodeExtension::pluginId, ids);
        pinAll(now.libraryExtensions(), LibraryExtension::pluginId, ids);
        return snapshot;
    }

    /** Forgets a plugin entry whose service went away (its next registration registers anew). */
    public void forget(CompilerPlugin plugin) {
        host.forget(plugin);
    }

    private <T> void pinAll(Collection<T> services, java.util.function.Function<T, String> id, List<String> ids) {
        for (T s : services) {
            if (ids.contains(id.apply(s))) {
                pin(s);
            }
        }
    }

    /** Loads every class of the bundle that defines {@code service}'s class, once per bundle wiring. */
    private void pin(Object service) {
        ClassLoader loader = service.getClass().getClassLoader();
        if (loader == null || !pinned.add(loader)) {
            return;
        }
        org.osgi.framework.Bundle bundle = FrameworkUtil.getBundle(service.getClass());
        BundleWiring wiring = bundle == null ? null : bundle.adapt(BundleWiring.class);
        if (wiring == null || wiring.getClassLoader() != loader) {
            return; // not a bundle class (framework class path), or the bundle is already gone
        }
        int loaded = 0;
        for (String resource : wiring.listResources("/", "*.class",
                BundleWiring.LISTRESOURCES_LOCAL | BundleWiring.LISTRESOURCES_RECURSE)) {
            if (resource.startsWith("META-INF/") || resource.contains("-")) {
                continue; // module-info, package-info and multi-release copies are no loadable classes
            }
            String name = resource.substring(0, resource.length() - ".class".length()).replace('/', '.');
            try {
                Class.forName(name, false, loader);
                loaded++;
            } catch (ClassNotFoundException | LinkageError e) {
                LOG.debug("[plugin] cannot pin class {} of bundle {}: {}", name, bundle.getSymbolicName(), e.toString());
            }
        }
        LOG.debug("[plugin] pinned {} classes of bundle {} for the snapshots that use it", loaded,
                bundle.getSymbolicName());
    }

    private static <T> List<T> services(BundleContext context, Class<T> type) {
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
