/**
 * The vendor plugin example, id {@code vendor}: dialect {@code vendor} with {@code vendor.add},
 * carried across the whole pipeline (conversion from {@code onnx.Add} at AfterSimplifyOnnx,
 * bufferization and to-LLVM models, a runtime wrapper as bitcode, a vendor static library).
 * Depends only on the API and the core dialects.
 */
module org.hipep.vendor {
    requires org.hipep.api;
    requires org.hipep.dialects;

    exports org.hipep.vendor;

    provides org.hipep.plugin.CompilerPlugin with org.hipep.vendor.VendorPlugin;
}
