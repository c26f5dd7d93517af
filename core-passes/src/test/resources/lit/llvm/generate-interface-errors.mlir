// RUN: hip-mlir-opt %s --split-input-file --generate-interface --verify-diagnostics
// RUN: not hip-mlir-opt %s --split-input-file --generate-interface 2>&1 | FileCheck %s
// Each refusal is reported once, on the offending op, and leaves the module unchanged.
// CHECK-NOT: inference_compute(

// @main_graph must already be an llvm.func.
// CHECK: error: generate-interface: @main_graph is still a 'func.func'; it must be lowered to 'llvm.func' (convert-hip-to-llvm) first
// expected-error @+1 {{generate-interface: @main_graph is still a 'func.func'; it must be lowered to 'llvm.func' (convert-hip-to-llvm) first}}
func.func @main_graph(%ctx: !llvm.ptr) {
  return
}

// -----

// CHECK: error: generate-interface: the module has no @main_graph
// expected-error @+1 {{generate-interface: the module has no @main_graph}}
module {
  llvm.func @other(%ctx: !llvm.ptr) {
    llvm.return
  }
}

// -----

// A generated symbol that already exists, be it a function or a global.
// CHECK: error: generate-interface: symbol @inference_init already exists
// expected-error @+1 {{generate-interface: symbol @inference_init already exists}}
llvm.func @inference_init(!llvm.ptr, !llvm.ptr) -> i32
llvm.func @main_graph(%ctx: !llvm.ptr) {
  llvm.return
}

// -----

// CHECK: error: generate-interface: symbol @__metadata_json already exists
// expected-error @+1 {{generate-interface: symbol @__metadata_json already exists}}
llvm.mlir.global private constant @__metadata_json("{}\00") {addr_space = 0 : i32} : !llvm.array<3 x i8>
llvm.func @main_graph(%ctx: !llvm.ptr) {
  llvm.return
}

// -----

// CHECK: error: generate-interface: symbol @hipdnn_ep_set_output_allocator already exists
// expected-error @+1 {{generate-interface: symbol @hipdnn_ep_set_output_allocator already exists}}
llvm.func @hipdnn_ep_set_output_allocator(!llvm.ptr, !llvm.ptr)
llvm.func @main_graph(%ctx: !llvm.ptr) {
  llvm.return
}

// -----

// Argument 0 is the run-time state.
// CHECK: error: generate-interface: argument 0 of @main_graph must be the run-time state (!llvm.ptr)
// expected-error @+1 {{generate-interface: argument 0 of @main_graph must be the run-time state (!llvm.ptr)}}
llvm.func @main_graph(%x: i64) {
  llvm.return
}

// -----

// An argument that is not part of an expanded memref (a memref of rank 1 would need a stride).
// CHECK: error: generate-interface: argument 1 of @main_graph does not start an expanded memref (ptr, ptr, i64 offset, sizes, strides)
// expected-error @+1 {{generate-interface: argument 1 of @main_graph does not start an expanded memref (ptr, ptr, i64 offset, sizes, strides)}}
llvm.func @main_graph(%ctx: !llvm.ptr, %a: !llvm.ptr, %b: !llvm.ptr, %o: i64, %s0: i64) {
  llvm.return
}

// -----

// The recorded input shapes must match the signature: one input of rank 2 is recorded, the
// signature passes one of rank 1.
// CHECK: error: generate-interface: the arguments of @main_graph (inputs of rank [1]) do not match hipdnn.input_shapes (ranks [2])
module attributes {hipdnn.input_shapes = [array<i64: 2, 3>]} {
  // expected-error @+1 {{generate-interface: the arguments of @main_graph (inputs of rank [1]) do not match hipdnn.input_shapes (ranks [2])}}
  llvm.func @main_graph(%ctx: !llvm.ptr, %a: !llvm.ptr, %b: !llvm.ptr, %o: i64, %s0: i64, %t0: i64) {
    llvm.return
  }
}

// -----

// CHECK: error: generate-interface: module attribute 'hipdnn.input_count' is 2 but 'hipdnn.input_shapes' has 1 shapes
// expected-error @+1 {{generate-interface: module attribute 'hipdnn.input_count' is 2 but 'hipdnn.input_shapes' has 1 shapes}}
module attributes {hipdnn.input_count = 2 : i64, hipdnn.input_shapes = [array<i64: 4>]} {
  llvm.func @main_graph(%ctx: !llvm.ptr, %a: !llvm.ptr, %b: !llvm.ptr, %o: i64, %s0: i64, %t0: i64) {
    llvm.return
  }
}

// -----

// A recorded count without shapes must match the signature too.
// CHECK: error: generate-interface: @main_graph takes 1 inputs (ranks [1]) but the module records 2
module attributes {hipdnn.input_count = 2 : i64} {
  // expected-error @+1 {{generate-interface: @main_graph takes 1 inputs (ranks [1]) but the module records 2}}
  llvm.func @main_graph(%ctx: !llvm.ptr, %a: !llvm.ptr, %b: !llvm.ptr, %o: i64, %s0: i64, %t0: i64) {
    llvm.return
  }
}

// -----

// CHECK: error: generate-interface: module attribute 'hipep.plugin_provenance' must be a dictionary of plugin id to an array of pass names
// expected-error @+1 {{generate-interface: module attribute 'hipep.plugin_provenance' must be a dictionary of plugin id to an array of pass names}}
module attributes {hipep.plugin_provenance = {vendor.a = "not-a-list"}} {
  llvm.func @main_graph(%ctx: !llvm.ptr) {
    llvm.return
  }
}

// -----

// CHECK: error: generate-interface: module attribute 'hipdnn.buffer_offsets' must be an integer array of hipdnn.buffer_count (3) entries
// expected-error @+1 {{generate-interface: module attribute 'hipdnn.buffer_offsets' must be an integer array of hipdnn.buffer_count (3) entries}}
module attributes {hipdnn.pool_size = 256 : i64, hipdnn.buffer_count = 3 : i64, hipdnn.buffer_offsets = array<i64: 0>} {
  llvm.func @main_graph(%ctx: !llvm.ptr) {
    llvm.return
  }
}

// -----

// A runtime function the module declares with another type.
// CHECK: error: generate-interface: @hipdnn_ep_stream_sync exists but is not the runtime function 'llvm.func' of type !llvm.func<void (ptr)>
// expected-error @+1 {{generate-interface: @hipdnn_ep_stream_sync exists but is not the runtime function 'llvm.func' of type !llvm.func<void (ptr)>}}
llvm.func @hipdnn_ep_stream_sync(!llvm.ptr) -> i32
llvm.func @main_graph(%ctx: !llvm.ptr) {
  llvm.return
}
