/**
 * Plugin discovery and the registrar: which plugins exist, which are selected, and the
 * immutable snapshot of what the selected ones contributed.
 */
package org.hipep.host.plugins;
