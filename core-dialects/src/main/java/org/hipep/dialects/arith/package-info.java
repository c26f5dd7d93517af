/** The {@code arith} dialect: integer and floating-point arithmetic, comparisons and casts. */
package org.hipep.dialects.arith;
