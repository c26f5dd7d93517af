package org.hipep.plugin;

/**
 * The entry point of a compiler plugin: the Java form of the seed's
 * {@code HIP_EP_DEFINE_PLUGIN(id)}.
 *
 * <p>The host discovers implementations through {@link java.util.ServiceLoader} (module path
 * and class path) and, inside an OSGi framework, as services. A plugin is selected by its
 * {@link #id()} from an ordered list ({@code --plugins a,b} or the system property
 * {@code hipep.plugins}).
 *
 * <p>Implementations need a public no-argument constructor (or a public static
 * {@code provider()} method under JPMS). Construction must be cheap and free of side effects:
 * the host may instantiate a plugin only to read its id and then not select it.
 */
public interface CompilerPlugin {
    /**
     * The plugin's id: lowercase letters, digits, {@code -} and {@code _}, unique among the
     * plugins of a distribution. Called any number of times, from any thread; must return the
     * same constant every time and must not fail.
     */
    String id();
}
