/** {@code one-shot-bufferize}: tensor ops to buffer ops, with in-place analysis and function-boundary bufferization. */
package org.hipep.passes.bufferization;
