// RUN: hip-mlir-opt %s --split-input-file --convert-func-to-llvm | FileCheck %s

// Argument attributes as mlir-opt-22 keeps them: a scalar argument keeps its own, the parameters
// a memref expands into get none; a single result keeps its attributes.
// CHECK-LABEL: llvm.func @f
// CHECK-SAME: (%arg0: i64 {test.a = 1 : i64}, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64) -> (!llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> {onnx.name = "y"})
func.func @f(%c: i64 {test.a = 1}, %a: memref<2xf32> {onnx.name = "x"}) -> (memref<2xf32> {onnx.name = "y"}) {
  return %a : memref<2xf32>
}

// -----

// Only memref arguments carry attributes: none is left; several results packed in a struct lose theirs.
// CHECK-LABEL: llvm.func @g
// CHECK-SAME: (%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64) -> !llvm.struct<(i64, i64)> {
func.func @g(%a: memref<2xf32> {onnx.name = "x"}, %c: i64) -> (i64 {onnx.name = "y"}, i64 {onnx.name = "z"}) {
  return %c, %c : i64, i64
}
