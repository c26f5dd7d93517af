package org.hipep.passes.hip;

import java.nio.ByteBuffer;

/**
 * Reads the bytes behind a {@code hip.constant {memory_address = ..., size = ...}} carrier.
 * Memory addresses are process-local, so only a production caller that knows what the addresses
 * mean can supply one (see {@link ExternalizeConstantsPass#create}); the textual pass has none.
 */
@FunctionalInterface
public interface ConstantMemory {
    /**
     * The {@code size} bytes at {@code address}. Called by {@code hip-externalize-constants} during
     * its planning phase, at most once per carrier, before anything is written.
     *
     * @return a buffer whose remaining bytes are the constant's bytes; fewer than {@code size}
     *     bytes, or {@code null}, make the pass fail on that carrier
     */
    ByteBuffer read(long address, long size);
}
