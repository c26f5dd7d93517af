/**
 * The in-tree dialects: builtin, func, arith, math, cf, scf, tensor, memref, bufferization,
 * llvm, onnx (with the protobuf ONNX loader) and hip. Plugins that match onnx/hip ops may
 * depend on this module.
 */
module org.hipep.dialects {
    requires transitive org.hipep.api;
    // An automatic module; transitive because the loader's API hands out the generated
    // protobuf messages (ModelProto, GraphProto, ...), whose supertypes live there.
    requires transitive com.google.protobuf;

    exports org.hipep.dialects;
    exports org.hipep.dialects.arith;
    exports org.hipep.dialects.math;
    exports org.hipep.dialects.func;
    exports org.hipep.dialects.hip;
    exports org.hipep.dialects.scf;
    exports org.hipep.dialects.cf;
    exports org.hipep.dialects.llvm;
    exports org.hipep.dialects.memref;
    exports org.hipep.dialects.tensor;
    exports org.hipep.dialects.bufferization;
    exports org.hipep.dialects.onnx;
    exports org.hipep.dialects.onnx.importer;
    exports org.hipep.dialects.onnx.load;
    exports org.hipep.dialects.onnx.proto;
    exports org.hipep.dialects.onnx.schema;
}
