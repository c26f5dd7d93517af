// RUN: hip-mlir-opt %s --plugins=sample --print-plugin-info -o /dev/null 2>&1 | FileCheck %s
// RUN: not hip-mlir-opt %s --print-plugin-info -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not hip-mlir-opt %s --plugins=sample,nope 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// CHECK: [plugins] available: 'sample' (plugin API 1, class path)
// CHECK-NEXT: [plugins] selected: sample
// CHECK-NEXT: [plugins] initialized 'sample', which contributed:
// CHECK-NEXT:   pass: hip-ep-sample-print-functions - Sample plugin pass: emit a remark for every function
// CHECK-NEXT:   pass: hip-ep-sample-emit-late-constant - Sample plugin pass: emit a constant carrier too late (negative fixture)
// CHECK-NEXT:   slot AfterConvertOnnxToHip (2): func.func(hip-ep-sample-print-functions)
// CHECK-NEXT:   slot BeforeBufferization (3): func.func(hip-ep-sample-emit-late-constant)
// CHECK-NEXT:   dialect registrations: 1
// CHECK-NEXT:   runtime bitcode: {{[0-9]+}} bytes
// CHECK-NEXT:   library path: {{.*}}sample-plugin-{{[0-9a-f]+}}
// CHECK-NEXT:   library: hip_ep_sample_lib

// NONE: [plugins] available: 'sample'
// NONE-NEXT: [plugins] selected: (none)
// NONE-NOT: initialized

// UNKNOWN: error: unknown plugin id 'nope'; available: sample

// The plugin's dialect is known to the tool when the plugin is selected.
// RUN: hip-mlir-opt %s --plugins=sample | FileCheck %s --check-prefix=DIALECT
// RUN: not hip-mlir-opt %s 2>&1 | FileCheck %s --check-prefix=NODIALECT
// DIALECT: "hip_ep_sample.marker"() : () -> ()
// NODIALECT: error: operation being parsed with an unregistered dialect
func.func @m() {
  "hip_ep_sample.marker"() : () -> ()
  return
}
