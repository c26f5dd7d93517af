/** The {@code hip} dialect. */
package org.hipep.dialects.hip;
