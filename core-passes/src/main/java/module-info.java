/** Every in-tree pass and the named pipelines with the seven plugin slots. */
module org.hipep.passes {
    requires transitive org.hipep.dialects;

    exports org.hipep.passes;
    exports org.hipep.passes.bufferization;
    exports org.hipep.passes.hip;
    exports org.hipep.passes.llvm;
    exports org.hipep.passes.memory;
    exports org.hipep.passes.onnx;
    exports org.hipep.passes.transforms;
}
