/** The {@code cf} dialect. */
package org.hipep.dialects.cf;
