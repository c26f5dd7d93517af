package org.hipep.runtime.session;

import java.nio.ByteBuffer;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.Pointer;

/** Addresses of direct buffers and buffers over native addresses, through JavaCPP. */
final class NativeMemory {
    private NativeMemory() {
    }

    /** A direct buffer over {@code bytes} bytes at {@code address} (no copy; the memory must outlive it). */
    static ByteBuffer wrap(long address, long bytes) {
        return new Raw(address).capacity(bytes).asByteBuffer();
    }

    /** The address of the first remaining byte of a direct buffer. */
    static long address(ByteBuffer direct) {
        if (!direct.isDirect()) {
            throw new IllegalArgumentException("not a direct buffer");
        }
        return new BytePointer(direct).address();
    }

    /** Frees memory from the C library's allocator (what the runtime allocated outputs with). */
    static void free(long address) {
        if (address != 0) {
            Pointer.free(new Raw(address));
        }
    }

    /** A pointer at an address; JavaCPP's fields are protected, hence the subclass. */
    static final class Raw extends BytePointer {
        Raw(long address) {
            this.address = address;
        }
    }
}
