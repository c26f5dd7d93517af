/**
 * The compiler plugin SPI: the entry a plugin publishes ({@link org.hipep.plugin.CompilerPlugin}),
 * the registry it records contributions into ({@link org.hipep.plugin.PluginRegistry}), the seven
 * {@link org.hipep.plugin.PipelineSlot}s, the contract's version
 * ({@link org.hipep.plugin.PluginApi}), and one extension service per contribution kind for
 * bundles that publish contributions directly.
 *
 * <p>A plugin is published in both module worlds: with {@code provides
 * org.hipep.plugin.CompilerPlugin with ...} in its {@code module-info} (JPMS and, through
 * {@code META-INF/services}, the class path) and, in OSGi, as a service registered from the
 * Service Loader Mediator capability that the build derives from the same services file.
 */
package org.hipep.plugin;
