/**
 * The runtime: llvm dialect to LLVM IR through the JavaCPP LLVM C API, optimisation, ORC JIT,
 * native artifacts, CPU kernels and the Session API.
 */
module org.hipep.runtime {
    requires transitive org.hipep.passes;
    requires transitive org.bytedeco.llvm;

    requires org.bytedeco.openblas;
    requires org.bytedeco.dnnl;
    // No class of ours names it, but the dnnl preset's @Properties inherit its OpenCL preset
    // (libdnnl links libOpenCL.so.1): Loader.load(dnnl) needs the module resolved, and requiring it
    // here makes launchers and hip-assemble resolve it and add its linux-x86_64 natives.
    requires org.bytedeco.opencl;

    exports org.hipep.runtime.jit;
    exports org.hipep.runtime.llvm;
    exports org.hipep.runtime.session;
    exports org.hipep.runtime.toolchain;

    uses org.hipep.runtime.session.ModelCompiler;
}
