/**
 * The memory passes after bufferization (hip-ep-contracts §4.4): {@code hip-use-output-allocator}
 * (returned buffers from the caller's output allocator), {@code hip-materialize-host-scalars}
 * (small integer buffers in host-mapped scratch) and {@code hip-pool-allocs} (transient buffers
 * as views into lifetime-planned pool domains).
 */
package org.hipep.passes.memory;
