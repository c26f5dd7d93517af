/** The registrar inside an OSGi framework: plugins and extensions as services. */
package org.hipep.host.osgi;
