package org.hipep.host.plugins;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.hipep.plugin.CompilerPlugin;
import org.hipep.plugin.DialectRegistrationExtension;
import org.hipep.plugin.LibraryExtension;
import org.hipep.plugin.PipelineSlotExtension;
import org.hipep.plugin.RuntimeBitcodeExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds plugins and extension services through {@link ServiceLoader}: providers declared with
 * {@code provides} on the module path and with {@code META-INF/services} on the class path. A
 * provider that cannot be loaded is reported and skipped; the others are still found.
 */
public final class PluginDiscovery {
    private static final Logger LOG = LoggerFactory.getLogger(PluginDiscovery.class);

    private PluginDiscovery() {
    }

    /** Discovers what this module's class loader (or layer) offers. */
    public static PluginSources discover() {
        return discover(ServiceLoader::load);
    }

    /** Discovers what a class loader offers (for custom loaders and tests). */
    public static PluginSources discover(ClassLoader loader) {
        return discover(type -> ServiceLoader.load(type, loader));
    }

    /** A way to get a {@link ServiceLoader} for a service type. */
    @FunctionalInterface
    public interface Loaders {
        /** The loader for {@code type}. */
        ServiceLoader<?> load(Class<?> type);
    }

    /** Discovers with the given loaders. */
    public static PluginSources discover(Loaders loaders) {
        List<String> broken = new ArrayList<>();
        List<CompilerPlugin> plugins = load(loaders, CompilerPlugin.class, broken);
        for (CompilerPlugin p : plugins) {
            LOG.debug("[plugin] found '{}' ({} in {})", p.id(), p.getClass().getName(), origin(p));
        }
        return new PluginSources(plugins,
                load(loaders, PipelineSlotExtension.class, broken),
                load(loaders, DialectRegistrationExtension.class, broken),
                load(loaders, RuntimeBitcodeExtension.class, broken),
                load(loaders, LibraryExtension.class, broken),
                broken);
    }

    /** Where an object's class comes from: {@code module <name>} or {@code class path}. */
    public static String origin(Object o) {
        return Optional.ofNullable(o.getClass().getModule().getName()).map(n -> "module " + n).orElse("class path");
    }

    private static <T> List<T> load(Loaders loaders, Class<T> type, List<String> broken) {
        List<T> out = new ArrayList<>();
        var it = loaders.load(type).iterator();
        while (true) {
            Object next;
            try {
                if (!it.hasNext()) {
                    break;
                }
                next = it.next();
            } catch (ServiceConfigurationError e) {
                String msg = e.getMessage() + (e.getCause() != null ? " (" + e.getCause() + ")" : "");
                LOG.warn("[plugin] WARNING: skipping a {} provider that cannot be loaded: {}", type.getSimpleName(), msg);
                broken.add(msg);
                continue;
            }
            out.add(type.cast(next));
        }
        return out;
    }
}
