package org.hipep.host;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.hipep.plugin.CompilerPlugin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the {@link CompilerPlugin}s visible to the host through {@link ServiceLoader}: providers
 * declared with {@code provides} on the module path and with {@code META-INF/services} on the
 * class path.
 */
public final class PluginDiscovery {
    private static final Logger LOG = LoggerFactory.getLogger(PluginDiscovery.class);

    /** A plugin found on the path, with where it came from. */
    public record Found(String id, String className, String origin) {
    }

    /** A provider that is declared but could not be loaded or instantiated. */
    public record Broken(String message) {
    }

    /** What one discovery pass saw. */
    public record Result(List<Found> plugins, List<Broken> broken) {
        /** Ids of the plugins found, sorted. */
        public List<String> ids() {
            return plugins.stream().map(Found::id).toList();
        }
    }

    private PluginDiscovery() {
    }

    /** Discovers the plugins visible to this module's class loader. */
    public static Result discover() {
        return discover(ServiceLoader.load(CompilerPlugin.class));
    }

    /** Discovers the plugins a given loader offers; used for custom module layers. */
    public static Result discover(ServiceLoader<CompilerPlugin> loader) {
        List<Found> found = new ArrayList<>();
        List<Broken> broken = new ArrayList<>();
        var it = loader.iterator();
        while (true) {
            CompilerPlugin plugin;
            try {
                if (!it.hasNext()) {
                    break;
                }
                plugin = it.next();
            } catch (ServiceConfigurationError e) {
                String msg = e.getMessage() + (e.getCause() != null ? " (" + e.getCause() + ")" : "");
                LOG.warn("[plugin] WARNING: skipping a CompilerPlugin provider that cannot be loaded: {}", msg);
                broken.add(new Broken(msg));
                continue;
            }
            Class<?> type = plugin.getClass();
            String origin = Optional.ofNullable(type.getModule().getName())
                    .map(name -> "module " + name)
                    .orElse("class path");
            LOG.debug("[plugin] found '{}' ({} in {})", plugin.id(), type.getName(), origin);
            found.add(new Found(plugin.id(), type.getName(), origin));
        }
        found.sort(Comparator.comparing(Found::id));
        return new Result(List.copyOf(found), List.copyOf(broken));
    }
}
