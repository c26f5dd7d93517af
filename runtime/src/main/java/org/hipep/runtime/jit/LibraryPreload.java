package org.hipep.runtime.jit;

import java.util.concurrent.atomic.AtomicBoolean;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.Pointer;

/**
 * Loads the native libraries a session links against, OpenBLAS, oneDNN and, for a JIT-loaded
 * model, LLVM, on a thread of their own while the caller finds its cache entry, so that the two
 * overlap: in a fresh JVM OpenBLAS and oneDNN take ~100-150 ms (class loading, JavaCPP,
 * {@code dlopen}) and LLVM's class another 40-60, one after the other before. Once per process
 * and library; later calls return at once.
 *
 * <p>Nothing here reports a failure: each library is loaded again where a session needs it, and
 * that load throws its own error. {@link OpenBlasLibrary#path} and {@link DnnlLibrary#path} are
 * synchronized, so a session that gets there first waits for the preload's load instead of
 * making another, and a failed one is tried again. LLVM is JavaCPP's class initialiser: a session
 * that needs the class while the preload initialises it waits, and should that fail, the session's
 * {@link NoClassDefFoundError} carries the preload's error as its cause.
 *
 * <p>JavaCPP's {@link Pointer} and {@link BytePointer} are initialised on the caller's thread
 * before the preload starts. Their initialisers load JavaCPP's library under its {@code Loader}'s
 * lock, and each JNI library JavaCPP loads initialises {@code Pointer} under that lock: a thread in
 * {@code Pointer}'s initialiser and a preload in a JNI library's load waited for each other for
 * good (JavaCPP issue 737; it happened to one fresh process in twenty here, the session's
 * constants taking a {@code BytePointer} while the preload loaded our {@link NativeCalls}).
 */
public final class LibraryPreload {
    private static final AtomicBoolean LIBRARIES = new AtomicBoolean();
    private static final AtomicBoolean LLVM = new AtomicBoolean();
    private static final String LLVM_CLASS = "org.bytedeco.llvm.global.LLVM";

    private LibraryPreload() {
    }

    /**
     * Starts loading OpenBLAS and oneDNN, and with {@code llvm} LLVM, on a daemon thread, unless an
     * earlier call did. A native {@code .so} from the cache needs no LLVM (40-48 MB of resident
     * memory), so its sessions pass {@code false}.
     */
    public static void start(boolean llvm) {
        boolean libraries = !LIBRARIES.getAndSet(true);
        boolean withLlvm = llvm && !LLVM.getAndSet(true);
        if (!libraries && !withLlvm) {
            return;
        }
        // JavaCPP's own classes first, on the caller's thread (see the class comment)
        initialise(Pointer.class);
        initialise(BytePointer.class);
        Thread t = new Thread(() -> {
            if (libraries) {
                quietly(OpenBlasLibrary::path);
            }
            if (withLlvm) {
                quietly(() -> {
                    try {
                        Class.forName(LLVM_CLASS, true, LibraryPreload.class.getClassLoader());
                    } catch (ClassNotFoundException e) {
                        // the session's own use of LLVM reports it
                    }
                });
            }
            if (libraries) {
                quietly(DnnlLibrary::path);
            }
        }, "hipep-library-preload");
        t.setDaemon(true);
        t.start();
    }

    private static void initialise(Class<?> c) {
        try {
            Class.forName(c.getName(), true, c.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(c.getName() + " is loaded but cannot be found by name", e);
        }
    }

    private static void quietly(Runnable load) {
        try {
            load.run();
        } catch (RuntimeException | LinkageError e) {
            // the session's own load of this library reports it
        }
    }
}
