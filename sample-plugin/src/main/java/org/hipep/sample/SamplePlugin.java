package org.hipep.sample;

import org.hipep.plugin.CompilerPlugin;
import org.hipep.plugin.PipelineSlot;
import org.hipep.plugin.PluginApi;
import org.hipep.plugin.PluginRegistry;

/**
 * The in-tree sample plugin (id {@code sample}), the seed's sample translated: two passes
 * requested at AfterConvertOnnxToHip and BeforeBufferization, the {@code hip_ep_sample} dialect
 * with a to-LLVM model, runtime bitcode built from C at build time, and a static library.
 *
 * <p>Published for JPMS ({@code provides} in module-info), for the class path
 * ({@code META-INF/services}) and for OSGi (the Service Loader Mediator capability bnd derives
 * from that services file).
 */
public final class SamplePlugin implements CompilerPlugin {
    /** The id users select the plugin by. */
    public static final String ID = "sample";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public int apiVersion() {
        return PluginApi.VERSION;
    }

    @Override
    public void register(PluginRegistry registry) {
        registry.registerPass(SamplePrintFunctionsPass::new);
        registry.registerPass(SampleEmitLateConstantPass::new);
        registry.requestPipelineSlot(PipelineSlot.AFTER_CONVERT_ONNX_TO_HIP, "func.func(hip-ep-sample-print-functions)");
        registry.requestPipelineSlot(PipelineSlot.BEFORE_BUFFERIZATION, "func.func(hip-ep-sample-emit-late-constant)");
        registry.addDialectRegistration(SampleDialect::register);
        byte[] bitcode = SampleNativeLibrary.bitcode();
        if (bitcode.length != 0) {
            registry.addRuntimeBitcode(bitcode);
        }
        registry.addLibraryPath(SampleNativeLibrary.libraryDirectory().toString());
        registry.addLibrary(SampleNativeLibrary.LIBRARY);
    }
}
