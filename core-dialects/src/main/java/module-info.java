/**
 * The in-tree dialects: builtin, func, arith, math, cf, scf, tensor, memref, bufferization,
 * llvm, onnx (with the protobuf ONNX loader) and hip. Plugins that match onnx/hip ops may
 * depend on this module.
 */
module org.hipep.dialects {
    requires transitive org.hipep.api;

    exports org.hipep.dialects;
    exports org.hipep.dialects.func;
    exports org.hipep.dialects.onnx;
    exports org.hipep.dialects.onnx.schema;
}
