/** The command-line tools' entry points. */
package org.hipep.host.tools;
