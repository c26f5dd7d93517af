package org.hipep.vendor;

import org.hipep.plugin.CompilerPlugin;
import org.hipep.plugin.PipelineSlot;
import org.hipep.plugin.PluginApi;
import org.hipep.plugin.PluginRegistry;

/**
 * The vendor plugin (id {@code vendor}): a custom op carried through the whole pipeline. It
 * registers {@code convert-onnx-add-to-vendor} and requests it at AfterSimplifyOnnx, the
 * {@code vendor} dialect with its bufferization and to-LLVM models, the runtime wrapper bitcode
 * and the kernel library {@code libhip_ep_vendor.a}. The native parts are checked here (fail
 * fast: a broken jar is reported when the plugin registers, and the host then skips it).
 *
 * <p>Published for JPMS ({@code provides} in module-info), for the class path
 * ({@code META-INF/services}) and for OSGi (the Service Loader Mediator capability bnd derives
 * from that services file).
 */
public final class VendorPlugin implements CompilerPlugin {
    /** The id users select the plugin by. */
    public static final String ID = "vendor";
    /** The text requested at the AfterSimplifyOnnx slot. */
    public static final String SLOT_PIPELINE = "func.func(" + ConvertOnnxToVendorPass.ARGUMENT + ")";

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
        byte[] bitcode = VendorNatives.bitcode();
        String libraryDirectory = VendorNatives.libraryDirectory().toString();
        registry.registerPass(ConvertOnnxToVendorPass::new);
        registry.requestPipelineSlot(PipelineSlot.AFTER_SIMPLIFY_ONNX, SLOT_PIPELINE);
        registry.addDialectRegistration(VendorDialect::register);
        registry.addRuntimeBitcode(bitcode);
        registry.addLibraryPath(libraryDirectory);
        registry.addLibrary(VendorNatives.LIBRARY);
    }
}
