package org.hipep.vendor;

import java.util.List;

/**
 * The definition of one vendor op: the plugin's small, declarative op table in the spirit of
 * MLIR's ODS. Every vendor op is an elementwise binary op on f32, f16 or bf16 with numpy
 * broadcasting; one record is all the Java side needs, because the dialect
 * ({@link VendorDialect}: verifier, traits), the conversion pass
 * ({@link ConvertOnnxToVendorPass}), the bufferization model ({@link VendorBufferization}) and the
 * to-LLVM model ({@link VendorToLLVM}) all read this table. A second op is one more line in
 * {@link #ALL} and its C wrapper and kernel, e.g.
 * {@code new VendorOp("mul", "Elementwise a * b with numpy broadcasting", "onnx.Mul", "wrap_hip_ep_vendor_mul")}.
 *
 * <p>Forms: on tensors {@code %r = "vendor.add"(%a, %b) : (tensor<...>, tensor<...>) -> tensor<...>};
 * after {@code one-shot-bufferize}, destination-passing on memrefs:
 * {@code "vendor.add"(%a, %b, %out) : (memref<...>, memref<...>, memref<...>) -> ()}.
 *
 * @param name the op's name without the {@code vendor.} namespace
 * @param summary a one-line description
 * @param onnxOp the ONNX op {@code convert-onnx-add-to-vendor} claims for it (e.g. {@code onnx.Add})
 * @param wrapper the runtime wrapper the op lowers to a call of (defined in the plugin's bitcode)
 */
public record VendorOp(String name, String summary, String onnxOp, String wrapper) {
    /** The ops of the {@code vendor} dialect. */
    public static final List<VendorOp> ALL = List.of(
            new VendorOp("add", "Elementwise a + b with numpy broadcasting (f32, f16, bf16)", "onnx.Add",
                    "wrap_hip_ep_vendor_add"));

    /** The full name, {@code vendor.<name>}. */
    public String fullName() {
        return VendorDialect.NAMESPACE + "." + name;
    }

    /** The op defined for {@code fullName}, or {@code null}. */
    static VendorOp byFullName(String fullName) {
        for (VendorOp op : ALL) {
            if (op.fullName().equals(fullName)) {
                return op;
            }
        }
        return null;
    }
}
