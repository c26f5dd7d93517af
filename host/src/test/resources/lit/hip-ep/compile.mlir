// RUN: hip-ep %shared/models/mnist-8/model.onnx -o %t | FileCheck %s
// RUN: cat %t/model.mlir | FileCheck %s --check-prefix=IR
// RUN: cat %t/model.metadata.json | FileCheck %s --check-prefix=META
// RUN: not hip-ep %t/missing.onnx -o %t 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not hip-ep %shared/models/mnist-8/model.onnx -o %t --pipeline 'builtin.module(no-such-pass)' 2>&1 | FileCheck %s --check-prefix=PARSE
// RUN: not hip-ep %shared/models/mnist-8/model.onnx -o %t --pipeline 'builtin.module(func.func(canonicalize))' 2>&1 | FileCheck %s --check-prefix=GUARD
// RUN: not hip-ep %shared/models/mnist-8/model.onnx -o %t --pipeline 'builtin.module(hip-infer-shapes)' 2>&1 | FileCheck %s --check-prefix=GUARD
// RUN: hip-ep %shared/models/mnist-8/model.onnx -o %t --pipeline 'hipdnn-pipeline{constants-dir=%t externalize-min-num-elements=1}' | FileCheck %s --check-prefix=NAMED

// hip-ep compiles a model with the built-in pipeline and says what came out and where.
// CHECK: model: {{.*}}mnist-8/model.onnx
// CHECK: compile: {{[0-9.]+}} ms
// CHECK: ops by dialect: {llvm=
// CHECK: entry point inference_compute: yes
// CHECK: module: {{.*}}model.mlir
// CHECK: translate and optimise (O2): {{[0-9.]+}} ms
// CHECK: bitcode: {{.*}}model.bc ({{[0-9]+}} bytes)
// CHECK: metadata: {{.*}}model.metadata.json
// CHECK: constants: {{.*}}model.constants.bin
// CHECK: constants: {{.*}}model.constants.json

// The written module is the compiled one: the llvm dialect, the hip ops as kernel calls, the
// generated entry points, no onnx op left.
// IR: module attributes {
// IR: llvm.func @main_graph
// IR: llvm.call @hipep_conv_f32_in3_clamp
// IR: llvm.func @inference_compute
// IR-NOT: onnx.{{[A-Z]}}

// The metadata names the constants file and the model's input and output.
// META: "constants_filename": "model.constants.bin"
// META: "name": "Input3"
// META: "shape": [1, 1, 28, 28]
// META: "name": "Plus214_Output_0"

// HIPDNN_EP_PIPELINE's cases (--pipeline sets the same override): an unknown pass fails before
// anything runs; a pipeline that parses but produces no inference_compute fails after; a named
// pipeline runs in its place.
// PARSE: error: HIPDNN_EP_PIPELINE: failed to parse pipeline 'builtin.module(no-such-pass)':
// GUARD: error: HIPDNN_EP_PIPELINE: the custom pipeline did not produce an 'inference_compute' entry point (did it omit generate-interface?)
// NAMED: pipeline: HIPDNN_EP_PIPELINE=hipdnn-pipeline{
// NAMED: entry point inference_compute: yes

// A missing model is an error that names the file.
// MISSING: error: {{.*}}missing.onnx
