/** The {@code bufferization} dialect: the tensor/buffer boundary ops. */
package org.hipep.dialects.bufferization;
