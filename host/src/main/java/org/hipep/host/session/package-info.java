/** The plugin host's model compiler for the runtime's sessions. */
package org.hipep.host.session;
