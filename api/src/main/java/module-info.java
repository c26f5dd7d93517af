/**
 * The hip-ep API: everything a compiler plugin compiles against.
 *
 * <p>This module depends on no other module of the project. Plugins depend on it (and on
 * {@code org.hipep.dialects} when they match onnx/hip ops), never on the host or the runtime.
 */
module org.hipep.api {
    // Only the command-line front ends (org.hipep.tools.opt) need picocli.
    requires static info.picocli;

    exports org.hipep.api;
    exports org.hipep.ir;
    exports org.hipep.ir.builtin;
    exports org.hipep.ir.interfaces;
    exports org.hipep.ir.rewrite;
    exports org.hipep.ir.text;
    exports org.hipep.pass;
    exports org.hipep.pass.options;
    exports org.hipep.pass.text;
    exports org.hipep.plugin;
    exports org.hipep.tools.diagnostics;
    exports org.hipep.tools.opt;

    opens org.hipep.tools.opt to info.picocli;
}
