/** Plugin discovery and the host-side model of what plugins contribute. */
package org.hipep.host;
