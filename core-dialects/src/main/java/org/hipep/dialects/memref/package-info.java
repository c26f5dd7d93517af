/** The {@code memref} dialect: buffers, globals, loads/stores and views. */
package org.hipep.dialects.memref;
