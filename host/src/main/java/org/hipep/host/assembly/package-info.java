/**
 * Distribution assembly ({@code hip-assemble}): the host and a selection of plugin modules
 * resolved from folders of jars by the JPMS resolver, validated as a whole before anything is
 * written (unknown ids, API versions, pass names, bitcode symbols, libraries), then written as
 * {@code dist/}: the module path, launchers, {@code plugins.lock} and optionally a jlink image.
 * Entry point: {@link org.hipep.host.assembly.Assembler}.
 */
package org.hipep.host.assembly;
