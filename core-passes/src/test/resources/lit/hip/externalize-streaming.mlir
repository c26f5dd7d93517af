// RUN: hip-mlir-opt %s --hip-externalize-constants='min-num-elements=1 skip-constant-data=true output-dir=%t' | FileCheck %s
// Streaming: no bulk blob and no manifest. The splat is recorded by its element value (0x3c00,
// f16 1.0, in 2 bytes), the file range by path and offset without opening the file (it does not
// exist), and the non-splat inline bytes go into a partial blob referenced by mem_offset.
// Kinds: Bulk=0 Splat=1 File=2 Memory=3.

// CHECK: module attributes {
// CHECK-SAME: hip.constants_file = "model.constants.bin"
// CHECK-SAME: hipdnn.constant_file_offsets = array<i64: 0, 128, 0>
// CHECK-SAME: hipdnn.constant_file_paths = ["", "weights/not-opened.bin", ""]
// CHECK-SAME: hipdnn.constant_mem_offsets = array<i64: 0, 0, 0>
// CHECK-SAME: hipdnn.constant_offsets = array<i64: 0, 0, 0>
// CHECK-SAME: hipdnn.constant_sizes = array<i64: 16, 16, 3>
// CHECK-SAME: hipdnn.constant_source_kinds = array<i32: 1, 2, 3>
// CHECK-SAME: hipdnn.constant_splat_elem_sizes = array<i64: 2, 0, 0>
// CHECK-SAME: hipdnn.constant_splat_elem_values = array<i64: 15360, 0, 0>
// CHECK-NEXT: memref.global "private" @hip_ext_constant_0 : memref<8xf16> {alignment = 64 : i64, hip.external_data = {index = 0 : i64, offset = 0 : i64, size = 16 : i64}}
// CHECK-NEXT: memref.global "private" @hip_ext_constant_1 : memref<4xf32> {alignment = 64 : i64, hip.external_data = {index = 1 : i64, offset = 0 : i64, size = 16 : i64}}
// CHECK-NEXT: memref.global "private" @hip_ext_constant_2 : memref<3xi8> {alignment = 64 : i64, hip.external_data = {index = 2 : i64, offset = 0 : i64, size = 3 : i64}}
func.func @f() -> (tensor<8xf16>, tensor<4xf32>, tensor<3xi8>) {
  %a = hip.constant {value = dense<1.0> : tensor<8xf16>} : tensor<8xf16>
  %b = hip.constant {location = "weights/not-opened.bin", offset = 128 : i64, size = 16 : i64} : tensor<4xf32>
  %c = hip.constant {value = dense<[1, 2, 3]> : tensor<3xi8>} : tensor<3xi8>
  return %a, %b, %c : tensor<8xf16>, tensor<4xf32>, tensor<3xi8>
}
