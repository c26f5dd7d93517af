package org.hipep.host.assembly;

import java.lang.module.Configuration;
import java.lang.module.FindException;
import java.lang.module.ModuleFinder;
import java.lang.module.ResolutionException;
import java.lang.module.ResolvedModule;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import org.hipep.host.plugins.PluginSources;
import org.hipep.plugin.CompilerPlugin;
import org.hipep.plugin.DialectRegistrationExtension;
import org.hipep.plugin.LibraryExtension;
import org.hipep.plugin.PipelineSlotExtension;
import org.hipep.plugin.RuntimeBitcodeExtension;

/**
 * The plugin modules of a {@link ModuleSource}, resolved by the JPMS resolver and defined in a
 * module layer of their own above the host's, so that the host's registrar can ask them what
 * they contribute. The plugin modules are always taken from the source (even when a module of
 * the same name runs in the host's own layer); what they require comes from the host's layer
 * when it has it, else from the source.
 *
 * <p>When the host runs on the class path (an embedder, the unit tests), its modules are unnamed:
 * the plugins' requirements are then stand-ins (same names, exports and packages, no content) in a
 * layer whose loader delegates to the class path, and the plugin modules read the class path, so
 * the plugins implement the host's own {@code CompilerPlugin} type in both cases.
 */
final class PluginLayer {
    private final ModuleLayer layer;
    private final PluginSources sources;
    private final Map<String, String> unloadable;

    private PluginLayer(ModuleLayer layer, PluginSources sources, Map<String, String> unloadable) {
        this.layer = layer;
        this.sources = sources;
        this.unloadable = unloadable;
    }

    /** Resolves and loads every plugin module of {@code source}; one that cannot be resolved is left out with why. */
    static PluginLayer load(ModuleSource source) {
        Set<String> candidates = source.pluginModules();
        Module api = CompilerPlugin.class.getModule();
        ClassLoader hostLoader = CompilerPlugin.class.getClassLoader();
        ModuleLayer parent = api.isNamed() ? api.getLayer() : ModuleLayer.boot();
        ModuleFinder plugins = source.finder(candidates::contains);
        ModuleFinder requirements = api.isNamed() ? source.finder(n -> !candidates.contains(n))
                : source.standIns(n -> !candidates.contains(n));
        Map<String, String> unloadable = new LinkedHashMap<>();
        Set<String> loadable = new TreeSet<>();
        for (String name : candidates) {
            try {
                parent.configuration().resolve(plugins, requirements, Set.of(name));
                loadable.add(name);
            } catch (ResolutionException | FindException e) {
                unloadable.put(name, e.getMessage());
            }
        }
        if (!api.isNamed()) {
            // The stand-ins the plugins need, in a layer of their own whose loader is the class path's.
            Set<String> needed = new TreeSet<>();
            parent.configuration().resolve(plugins, requirements, loadable).modules().stream()
                    .map(ResolvedModule::name).filter(n -> !candidates.contains(n)).forEach(needed::add);
            Configuration standIns = parent.configuration().resolve(ModuleFinder.of(), requirements, needed);
            ClassLoader classPath = new ClassLoader("hipep-class-path", hostLoader) {
            };
            parent = ModuleLayer.defineModules(standIns, List.of(parent), n -> classPath).layer();
        }
        // Named host: what the host's layer lacks comes from the source. Class path: the stand-ins' layer has it all.
        Configuration cf = parent.configuration().resolve(plugins, api.isNamed() ? requirements : ModuleFinder.of(), loadable);
        ModuleLayer.Controller controller = ModuleLayer.defineModulesWithOneLoader(cf, List.of(parent), hostLoader);
        ModuleLayer layer = controller.layer();
        if (!api.isNamed()) {
            for (Module m : layer.modules()) {
                controller.addReads(m, hostLoader.getUnnamedModule());
            }
        }
        List<String> broken = new ArrayList<>();
        PluginSources sources = new PluginSources(
                load(layer, CompilerPlugin.class, broken),
                load(layer, PipelineSlotExtension.class, broken),
                load(layer, DialectRegistrationExtension.class, broken),
                load(layer, RuntimeBitcodeExtension.class, broken),
                load(layer, LibraryExtension.class, broken),
                broken);
        return new PluginLayer(layer, sources, unloadable);
    }

    /** The providers of {@code type} in the layer itself (not its parents). */
    private static <T> List<T> load(ModuleLayer layer, Class<T> type, List<String> broken) {
        List<T> out = new ArrayList<>();
        Iterator<ServiceLoader.Provider<T>> it = ServiceLoader.load(layer, type).stream().iterator();
        while (true) {
            ServiceLoader.Provider<T> p;
            try {
                if (!it.hasNext()) {
                    return out;
                }
                p = it.next();
            } catch (ServiceConfigurationError e) {
                broken.add(type.getSimpleName() + " provider: " + e.getMessage());
                continue;
            }
            if (p.type().getModule().getLayer() != layer) {
                continue;
            }
            try {
                out.add(p.get());
            } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
                broken.add(p.type().getName() + " in module " + p.type().getModule().getName() + ": " + e);
            }
        }
    }

    /** What the plugin modules offer. */
    PluginSources sources() {
        return sources;
    }

    /** The plugin modules that could not be resolved, with the resolver's message. */
    Map<String, String> unloadable() {
        return unloadable;
    }

    /** The module an object of the layer comes from (its name), or null for a host object. */
    String moduleOf(Object o) {
        Module m = o.getClass().getModule();
        return m.getLayer() == layer ? m.getName() : null;
    }
}
