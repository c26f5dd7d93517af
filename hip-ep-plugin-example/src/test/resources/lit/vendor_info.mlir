// RUN: hip-mlir-opt %s --plugins=vendor --print-plugin-info -o /dev/null 2>&1 | FileCheck %s

// What the vendor plugin contributes, as --print-plugin-info lists it.
// CHECK: [plugins] available: 'vendor' (plugin API 1, class path)
// CHECK-NEXT: [plugins] selected: vendor
// CHECK-NEXT: [plugins] initialized 'vendor', which contributed:
// CHECK-NEXT:   pass: convert-onnx-add-to-vendor - Vendor plugin: claim onnx.Add on f32/f16/bf16 tensors as vendor.add
// CHECK-NEXT:   slot AfterSimplifyOnnx (0): func.func(convert-onnx-add-to-vendor)
// CHECK-NEXT:   dialect registrations: 1
// CHECK-NEXT:   runtime bitcode: {{[0-9]+}} bytes
// CHECK-NEXT:   library path: {{.*}}vendor-plugin-{{[0-9a-f]+}}
// CHECK-NEXT:   library: hip_ep_vendor
func.func @m() {
  return
}
