package org.hipep.plugin;

/**
 * The entry point of a compiler plugin: the Java form of the seed's
 * {@code HIP_EP_DEFINE_PLUGIN(id)}.
 *
 * <p>Published with {@code provides org.hipep.plugin.CompilerPlugin with ...} in the plugin's
 * {@code module-info} (JPMS), {@code META-INF/services/org.hipep.plugin.CompilerPlugin} (class
 * path) and, in OSGi, as a service (the build derives a Service Loader Mediator capability from
 * the services file, or the bundle registers the service itself). The host finds it, and runs it
 * only when its id is selected ({@code --plugins a,b}, system property {@code hipep.plugins}).
 *
 * <p>Implementations need a public no-argument constructor (or a public static
 * {@code provider()} method under JPMS). Construction must be cheap and free of side effects:
 * the host may instantiate a plugin only to read its id and version and then not select it.
 */
public interface CompilerPlugin {
    /**
     * The plugin's id: lowercase letters, digits, {@code -} and {@code _}, unique among the
     * plugins of a distribution. Called any number of times, from any thread; must return the
     * same constant every time and must not fail.
     */
    String id();

    /**
     * The plugin API version the plugin was compiled against. Implement it as
     * {@code return PluginApi.VERSION;}: the compiler copies the constant into the plugin's class,
     * so the host sees the version of the API jar the plugin was built with. Must not fail.
     */
    int apiVersion();

    /**
     * Records the plugin's contributions. Called by the host at most once per process (per OSGi
     * framework), after the plugin was selected, in the order of the selection list, on one
     * thread at a time; the host never calls back into the plugin afterwards except through the
     * passes, dialect registrations and pipeline builders it recorded.
     *
     * <p>May only call methods of {@code registry} (and read its own resources). Must not run
     * passes, load dialects into a context, keep {@code registry} after returning, or start
     * threads. An exception skips the whole plugin (nothing it recorded is kept) with a
     * {@code [plugin] WARNING}; the other plugins still register.
     */
    void register(PluginRegistry registry);
}
