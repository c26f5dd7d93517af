package org.hipep.host.osgi;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentSkipListMap;
import org.hipep.host.plugins.PluginDiscovery;
import org.hipep.host.plugins.PluginException;
import org.hipep.host.plugins.PluginSnapshot;
import org.hipep.host.plugins.PluginSources;
import org.hipep.host.session.HostModelCompiler;
import org.hipep.plugin.CompilerPlugin;
import org.hipep.plugin.DialectRegistrationExtension;
import org.hipep.plugin.LibraryExtension;
import org.hipep.plugin.PipelineSlotExtension;
import org.hipep.plugin.PluginApi;
import org.hipep.plugin.RuntimeBitcodeExtension;
import org.hipep.runtime.jit.RuntimeFailure;
import org.hipep.runtime.session.ModelCompiler;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The compiler as an OSGi service (Declarative Services component, whiteboard pattern): it tracks
 * every {@link CompilerPlugin} service (registered by plugin bundles through the Service Loader
 * Mediator from their {@code META-INF/services}, or directly, e.g. as DS components) and every
 * extension service ({@link PipelineSlotExtension}, {@link DialectRegistrationExtension},
 * {@link RuntimeBitcodeExtension}, {@link LibraryExtension}) with dynamic, greedy, optional
 * multiple references, and offers the compiler to other bundles as the {@link ModelCompiler}
 * service. Sessions come from it with {@code HipEnvironment.create(modelCompiler)}.
 *
 * <p><b>Hot plugins.</b> Every {@link #plugins} call, and every compile not given the plugin set
 * {@code plugins} returned, starts with an immutable {@link PluginSnapshot} of the services bound
 * at that moment ({@link OsgiPlugins#snapshot}); a session's compile uses the snapshot its
 * {@code plugins} call took, so its model, run-time bitcode and cache key agree:
 * a plugin bundle installed and started before a call is used by it; one stopped or uninstalled
 * is absent from the next call (reported as skipped), while a call already running finishes with
 * the snapshot it started with. Sessions already created own their machine code (their JIT) and
 * keep working.
 *
 * <p>A plugin built against a plugin API version this host does not support is logged when its
 * service appears, and a compile that selects it fails with the registrar's message naming both
 * versions; other plugins and compiles are unaffected.
 */
@Component(service = ModelCompiler.class, immediate = true,
        property = {"service.ranking:Integer=100", "service.description=hip-ep model compiler (plugin whiteboard)"})
public final class OsgiModelCompiler implements ModelCompiler {
    private static final Logger LOG = LoggerFactory.getLogger(OsgiModelCompiler.class);

    /** Bound services of one type, highest service ranking first. */
    private static final class Bound<T> {
        private final ConcurrentSkipListMap<ServiceReference<?>, T> byRef =
                new ConcurrentSkipListMap<>(Comparator.reverseOrder());

        void add(ServiceReference<?> ref, T service) {
            byRef.put(ref, service);
        }

        T remove(ServiceReference<?> ref) {
            return byRef.remove(ref);
        }

        List<T> now() {
            return List.copyOf(byRef.values());
        }
    }

    private final Bound<CompilerPlugin> plugins = new Bound<>();
    private final Bound<PipelineSlotExtension> slots = new Bound<>();
    private final Bound<DialectRegistrationExtension> dialects = new Bound<>();
    private final Bound<RuntimeBitcodeExtension> bitcode = new Bound<>();
    private final Bound<LibraryExtension> libraries = new Bound<>();
    private final OsgiPlugins registrar = new OsgiPlugins(this::sources);
    private final HostModelCompiler compiler = new HostModelCompiler(registrar::snapshot);

    @Override
    public Plugins plugins(List<String> ids) {
        return compiler.plugins(ids);
    }

    @Override
    public CompiledModel compile(byte[] model, Path modelPath, List<String> ids, Path dir) {
        return compiler.compile(model, modelPath, ids, dir);
    }

    /** Compiles with the snapshot {@link #plugins} took (one plugin set per session, even while bundles change). */
    @Override
    public CompiledModel compile(byte[] model, Path modelPath, List<String> ids, Plugins plugins, Path dir) {
        return compiler.compile(model, modelPath, ids, plugins, dir);
    }

    /**
     * The snapshot a compile starting now would use for {@code ids} (what is selected, skipped
     * and contributed); a plugin with an unsupported API version is a {@link RuntimeFailure}.
     */
    public PluginSnapshot snapshot(List<String> ids) {
        try {
            return registrar.snapshot(ids);
        } catch (PluginException e) {
            throw new RuntimeFailure(e.getMessage(), e);
        }
    }

    /** The plugin entries and extension services bound now. */
    public PluginSources sources() {
        return new PluginSources(plugins.now(), slots.now(), dialects.now(), bitcode.now(), libraries.now(), List.of());
    }

    @Reference(service = CompilerPlugin.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addPlugin(ServiceReference<CompilerPlugin> ref, CompilerPlugin plugin) {
        plugins.add(ref, plugin);
        if (PluginApi.isSupported(plugin.apiVersion())) {
            LOG.info("[plugin] available: '{}' (plugin API {}, {}, bundle {})", plugin.id(), plugin.apiVersion(),
                    PluginDiscovery.origin(plugin), bundleName(ref));
        } else {
            LOG.warn("[plugin] bundle {} offers plugin '{}' ({}) built against plugin API version {}, but this host"
                    + " supports versions {} to {}: a compile that selects it is refused", bundleName(ref), plugin.id(),
                    plugin.getClass().getName(), plugin.apiVersion(), PluginApi.OLDEST_SUPPORTED, PluginApi.VERSION);
        }
    }

    void removePlugin(ServiceReference<CompilerPlugin> ref, CompilerPlugin plugin) {
        plugins.remove(ref);
        registrar.forget(plugin);
        LOG.info("[plugin] gone: '{}' (bundle {}); compiles already running keep it", plugin.id(), bundleName(ref));
    }

    @Reference(service = PipelineSlotExtension.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addSlotExtension(ServiceReference<PipelineSlotExtension> ref, PipelineSlotExtension e) {
        slots.add(ref, e);
    }

    void removeSlotExtension(ServiceReference<PipelineSlotExtension> ref) {
        slots.remove(ref);
    }

    @Reference(service = DialectRegistrationExtension.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addDialectExtension(ServiceReference<DialectRegistrationExtension> ref, DialectRegistrationExtension e) {
        dialects.add(ref, e);
    }

    void removeDialectExtension(ServiceReference<DialectRegistrationExtension> ref) {
        dialects.remove(ref);
    }

    @Reference(service = RuntimeBitcodeExtension.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addBitcodeExtension(ServiceReference<RuntimeBitcodeExtension> ref, RuntimeBitcodeExtension e) {
        bitcode.add(ref, e);
    }

    void removeBitcodeExtension(ServiceReference<RuntimeBitcodeExtension> ref) {
        bitcode.remove(ref);
    }

    @Reference(service = LibraryExtension.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addLibraryExtension(ServiceReference<LibraryExtension> ref, LibraryExtension e) {
        libraries.add(ref, e);
    }

    void removeLibraryExtension(ServiceReference<LibraryExtension> ref) {
        libraries.remove(ref);
    }

    private static String bundleName(ServiceReference<?> ref) {
        return ref.getBundle() == null ? "(unregistered)" : ref.getBundle().getSymbolicName();
    }
}
