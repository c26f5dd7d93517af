/** The {@code math} dialect: elementary floating-point functions. */
package org.hipep.dialects.math;
