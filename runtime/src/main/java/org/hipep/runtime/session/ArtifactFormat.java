package org.hipep.runtime.session;

/** How a compiled model is loaded (hip-ep-contracts §4.5). */
public enum ArtifactFormat {
    /** Bitcode (the default): linked with the runtime and plugin bitcode and run by ORC LLJIT in-process. */
    LLVM_IR,
    /** A shared object linked with the bundled {@code ld.lld}, loaded and run the same way. */
    NATIVE
}
