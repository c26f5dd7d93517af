/** The {@code scf} dialect. */
package org.hipep.dialects.scf;
