/** The {@code llvm} dialect. */
package org.hipep.dialects.llvm;
