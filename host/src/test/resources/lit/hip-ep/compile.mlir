// RUN: hip-ep %shared/models/mnist-8/model.onnx -o %t | FileCheck %s
// RUN: cat %t/model.mlir | FileCheck %s --check-prefix=IR
// RUN: not hip-ep %t/missing.onnx -o %t 2>&1 | FileCheck %s --check-prefix=MISSING

// hip-ep compiles a model with the built-in pipeline and says what came out and where.
// CHECK: model: {{.*}}mnist-8/model.onnx
// CHECK: compile: {{[0-9.]+}} ms
// CHECK: ops by dialect: {
// CHECK: module: {{.*}}model.mlir
// CHECK: constants: {{.*}}model.constants.bin
// CHECK: constants: {{.*}}model.constants.json

// The written module is the compiled one: no onnx op is left.
// IR: module attributes {
// IR: func.func @main_graph
// IR-NOT: onnx.{{[A-Z]}}

// A missing model is an error that names the file.
// MISSING: error: {{.*}}missing.onnx
