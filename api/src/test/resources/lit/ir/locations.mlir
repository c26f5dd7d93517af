// RUN: hip-mlir-opt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic | FileCheck %s
// RUN: hip-mlir-opt %s --allow-unregistered-dialect --mlir-print-debuginfo | hip-mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic | FileCheck %s

// CHECK: "t.unknown"() : () -> () loc(unknown)
"t.unknown"() : () -> () loc(unknown)
// CHECK: "t.file"() : () -> () loc("a.mlir":3:14)
"t.file"() : () -> () loc("a.mlir":3:14)
// CHECK: "t.name"() : () -> () loc("conv1")
"t.name"() : () -> () loc("conv1")
// CHECK: "t.name_child"() : () -> () loc("conv1"("model.onnx":0:0))
"t.name_child"() : () -> () loc("conv1"("model.onnx":0:0))
// CHECK: "t.fused"() : () -> () loc(fused["a.mlir":1:1, "b.mlir":2:2])
"t.fused"() : () -> () loc(fused["a.mlir":1:1, "b.mlir":2:2])
// CHECK: "t.fused_meta"() : () -> () loc(fused<"pass">["a.mlir":1:1, unknown])
"t.fused_meta"() : () -> () loc(fused<"pass">["a.mlir":1:1, unknown])
// CHECK: "t.callsite"() : () -> () loc(callsite("f.mlir":1:1 at "main.mlir":9:3))
"t.callsite"() : () -> () loc(callsite("f.mlir":1:1 at "main.mlir":9:3))
// Location aliases may be defined after their use, as mlir-opt prints them.
// CHECK: "t.alias"() : () -> () loc("aliased.mlir":7:7)
"t.alias"() : () -> () loc(#loc7)
// Without a trailing location an op gets its position in the input.
// CHECK: "t.implicit"() : () -> () loc("{{.*}}locations.mlir":[[@LINE+1]]:1)
"t.implicit"() : () -> ()
#loc7 = loc("aliased.mlir":7:7)
