/**
 * The runtime: llvm dialect to LLVM IR through the JavaCPP LLVM C API, optimisation, ORC JIT,
 * native artifacts, CPU kernels and the Session API.
 */
module org.hipep.runtime {
    requires transitive org.hipep.passes;
    requires transitive org.bytedeco.llvm;

    requires org.bytedeco.openblas;
    requires org.bytedeco.dnnl;

    exports org.hipep.runtime.jit;
    exports org.hipep.runtime.llvm;
    exports org.hipep.runtime.session;
    exports org.hipep.runtime.toolchain;

    uses org.hipep.runtime.session.ModelCompiler;
}
