package org.hipep.runtime.jit;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Loads the native libraries every session links against, OpenBLAS and oneDNN, on a thread of
 * their own while the caller finds its cache entry, so that the two overlap: in a fresh JVM each
 * takes ~100 ms (class loading, JavaCPP, {@code dlopen}), one after the other before. Once per
 * process; later calls return at once.
 *
 * <p>Nothing here reports a failure: each library is loaded again where a session needs it
 * ({@link OpenBlasLibrary#path}, {@link DnnlLibrary#path}), and that load throws its own error.
 * Both are synchronized, so a session that gets there first waits for the preload's load instead
 * of making another. LLVM is not preloaded: JavaCPP loads it in its class's initialiser, and a
 * failure there would leave the class unusable, its reason lost to the session that needs it.
 */
public final class LibraryPreload {
    private static final AtomicBoolean STARTED = new AtomicBoolean();

    private LibraryPreload() {
    }

    /** Starts loading OpenBLAS and oneDNN on a daemon thread, unless an earlier call did. */
    public static void start() {
        if (STARTED.getAndSet(true)) {
            return;
        }
        Thread t = new Thread(() -> {
            quietly(OpenBlasLibrary::path);
            quietly(DnnlLibrary::path);
        }, "hipep-library-preload");
        t.setDaemon(true);
        t.start();
    }

    private static void quietly(Runnable load) {
        try {
            load.run();
        } catch (RuntimeException | LinkageError e) {
            // the session's own load of this library reports it
        }
    }
}
