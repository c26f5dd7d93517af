/**
 * The compiler plugin SPI: the entry a plugin publishes and the version of this contract.
 *
 * <p>A plugin is published in both module worlds: with {@code provides
 * org.hipep.plugin.CompilerPlugin with ...} in its {@code module-info} (JPMS and, through
 * {@code META-INF/services}, the class path) and, in OSGi, as a service registered from the
 * Service Loader Mediator capability that the build derives from the same services file.
 */
package org.hipep.plugin;
