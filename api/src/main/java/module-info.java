/**
 * The hip-ep API: everything a compiler plugin compiles against.
 *
 * <p>This module depends on no other module of the project. Plugins depend on it (and on
 * {@code org.hipep.dialects} when they match onnx/hip ops), never on the host or the runtime.
 */
module org.hipep.api {
    exports org.hipep.api;
    exports org.hipep.plugin;
}
