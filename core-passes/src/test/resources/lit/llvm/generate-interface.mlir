// RUN: hip-mlir-opt %s --split-input-file --generate-interface | FileCheck %s
// RUN: hip-mlir-opt %s --split-input-file --generate-interface='constants-file=model.bin' | FileCheck %s --check-prefix=OPT

// The option names the constants file when the module has no hip.constants_file; the module's
// attribute wins (last module).
// OPT: @__metadata_json("{\0A  \22version\22: 1,\0A  \22constants_filename\22: \22model.bin\22,
// OPT: @__metadata_json("{\0A  \22version\22: 1,\0A  \22constants_filename\22: \22model.bin\22,
// OPT: @__metadata_json("{\0A  \22version\22: 1,\0A  \22constants_filename\22: \22model.bin\22,
// OPT: @__metadata_json("{\0A  \22version\22: 1,\0A  \22constants_filename\22: \22m.constants.bin\22,

// One input whose static shape the module records (hipdnn.input_shapes, as convert-onnx-to-hip
// records it): the count, the rank and both dimensions are checked before the input is prepared,
// the descriptor gets the static sizes and row-major strides as constants. No pool attributes,
// so inference_init returns the state initialization's status directly.
// CHECK-LABEL: module attributes
// CHECK: llvm.mlir.global private constant @__metadata_json("{\0A  \22version\22: 1,\0A  \22constants_filename\22: \22constants.bin\22,{{.*}}\22shape\22: [2, 3],{{.*}}\0A}\00") {addr_space = 0 : i32} : !llvm.array<418 x i8>
// CHECK-NOT: __hipdnn_buffer_offsets
// CHECK-LABEL: llvm.func @inference_init(%arg0: !llvm.ptr, %arg1: !llvm.ptr) -> i32 attributes {llvm.emit_c_interface} {
// CHECK-NEXT:    %0 = llvm.mlir.addressof @__metadata_json : !llvm.ptr
// CHECK-NEXT:    %1 = llvm.mlir.constant(417 : i64) : i64
// CHECK-NEXT:    %2 = llvm.call @hipdnn_ep_state_init_with_fs(%arg0, %arg1, %0, %1) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64) -> i32
// CHECK-NEXT:    llvm.return %2 : i32
// CHECK-NEXT:  }
// CHECK-LABEL: llvm.func @inference_compute(%arg0: !llvm.ptr, %arg1: !llvm.ptr) -> i32 attributes {llvm.emit_c_interface} {
// CHECK-NEXT:    %0 = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT:    %[[SLOT:.*]] = llvm.alloca %0 x !llvm.ptr {alignment = 8 : i64} : (i64) -> !llvm.ptr
// CHECK-NEXT:    llvm.call @hipdnn_ep_runtime_begin_compute(%arg0) : (!llvm.ptr) -> ()
// CHECK-NEXT:    %[[CP:.*]] = llvm.getelementptr %arg1[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<"hipdnn_span_t", (ptr, i64)>
// CHECK-NEXT:    %[[COUNT:.*]] = llvm.load %[[CP]] : !llvm.ptr -> i64
// CHECK-NEXT:    %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT:    %[[BADC:.*]] = llvm.icmp "ne" %[[COUNT]], %[[ONE]] : i64
// CHECK-NEXT:    %[[E1:.*]] = llvm.mlir.constant(4097 : i32) : i32
// CHECK-NEXT:    llvm.cond_br %[[BADC]], ^[[FAIL:bb[0-9]+]](%[[E1]] : i32), ^bb1
// CHECK:       ^bb1:
// CHECK-NEXT:    %[[DP:.*]] = llvm.getelementptr %arg1[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<"hipdnn_span_t", (ptr, i64)>
// CHECK-NEXT:    %[[DATA:.*]] = llvm.load %[[DP]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:    %[[T0:.*]] = llvm.getelementptr %[[DATA]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<"hipdnn_tensor_t", (ptr, ptr, i64, i64, i32, array<4 x i8>)>
// CHECK-NEXT:    %[[RP:.*]] = llvm.getelementptr %[[T0]][0, 2]
// CHECK-NEXT:    %[[RANK:.*]] = llvm.load %[[RP]] : !llvm.ptr -> i64
// CHECK-NEXT:    %[[TWO:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT:    %[[BADR:.*]] = llvm.icmp "ne" %[[RANK]], %[[TWO]] : i64
// CHECK-NEXT:    %[[E2:.*]] = llvm.mlir.constant(4098 : i32) : i32
// CHECK-NEXT:    llvm.cond_br %[[BADR]], ^[[FAIL]](%[[E2]] : i32), ^bb2
// CHECK:       ^bb2:
// CHECK-NEXT:    %[[SP:.*]] = llvm.getelementptr %[[T0]][0, 1]
// CHECK-NEXT:    %[[SHAPE:.*]] = llvm.load %[[SP]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:    %[[D0P:.*]] = llvm.getelementptr %[[SHAPE]][0] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK-NEXT:    %[[D0:.*]] = llvm.load %[[D0P]] : !llvm.ptr -> i64
// CHECK-NEXT:    %[[S0:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT:    %[[B0:.*]] = llvm.icmp "ne" %[[D0]], %[[S0]] : i64
// CHECK-NEXT:    %[[D1P:.*]] = llvm.getelementptr %[[SHAPE]][1] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK-NEXT:    %[[D1:.*]] = llvm.load %[[D1P]] : !llvm.ptr -> i64
// CHECK-NEXT:    %[[S1:.*]] = llvm.mlir.constant(3 : i64) : i64
// CHECK-NEXT:    %[[B1:.*]] = llvm.icmp "ne" %[[D1]], %[[S1]] : i64
// CHECK-NEXT:    %[[BADS:.*]] = llvm.or %[[B0]], %[[B1]] : i1
// CHECK-NEXT:    %[[E3:.*]] = llvm.mlir.constant(4099 : i32) : i32
// CHECK-NEXT:    llvm.cond_br %[[BADS]], ^[[FAIL]](%[[E3]] : i32), ^bb3
// CHECK:       ^bb3:
// CHECK-NEXT:    %[[ST:.*]] = llvm.call @hipdnn_ep_tensor_prepare_input(%arg0, %[[T0]], %[[SLOT]]) : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> i32
// CHECK-NEXT:    %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT:    %[[BADP:.*]] = llvm.icmp "ne" %[[ST]], %[[Z]] : i32
// CHECK-NEXT:    llvm.cond_br %[[BADP]], ^[[UNWIND:bb[0-9]+]](%[[ST]] : i32), ^bb4
// CHECK:       ^bb4:
// CHECK-NEXT:    %[[P:.*]] = llvm.load %[[SLOT]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:    %[[OFF:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT:    %[[STR1:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT:    %[[STR0:.*]] = llvm.mlir.constant(3 : i64) : i64
// CHECK-NEXT:    llvm.call @hipdnn_ep_state_reset_error_flag(%arg0) : (!llvm.ptr) -> ()
// CHECK-NEXT:    llvm.call @main_graph(%arg0, %[[P]], %[[P]], %[[OFF]], %[[S0]], %[[S1]], %[[STR0]], %[[STR1]]) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> ()
// CHECK-NEXT:    llvm.call @hipdnn_ep_stream_sync(%arg0) : (!llvm.ptr) -> ()
// CHECK-NEXT:    %[[RC:.*]] = llvm.call @hipdnn_ep_state_read_and_clear_error_flag(%arg0) : (!llvm.ptr) -> i32
// CHECK-NEXT:    llvm.call @hipdnn_ep_tensor_free_input(%arg0, %[[T0]], %[[P]]) : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
// CHECK-NEXT:    llvm.return %[[RC]] : i32
// CHECK-NEXT:  ^[[UNWIND]](%[[US:.*]]: i32):
// CHECK-NEXT:    llvm.return %[[US]] : i32
// CHECK-NEXT:  ^[[FAIL]](%[[FS:.*]]: i32):
// CHECK-NEXT:    llvm.return %[[FS]] : i32
// CHECK-NEXT:  }
// CHECK-LABEL: llvm.func @inference_cleanup(%arg0: !llvm.ptr) -> i32 attributes {llvm.emit_c_interface} {
// CHECK-NEXT:    %0 = llvm.call @hipdnn_ep_state_cleanup(%arg0) : (!llvm.ptr) -> i32
// CHECK-NEXT:    llvm.return %0 : i32
// CHECK-LABEL: llvm.func @inference_get_metadata_json() -> !llvm.ptr attributes {llvm.emit_c_interface} {
// CHECK-NEXT:    %0 = llvm.mlir.addressof @__metadata_json : !llvm.ptr
// CHECK-NEXT:    llvm.return %0 : !llvm.ptr
// CHECK-LABEL: llvm.func @hipdnn_ep_set_output_allocator(%arg0: !llvm.ptr, %arg1: !llvm.ptr) attributes {llvm.emit_c_interface} {
// CHECK-NEXT:    llvm.call @hipdnn_ep_state_set_output_allocator(%arg0, %arg1) : (!llvm.ptr, !llvm.ptr) -> ()
// CHECK-NEXT:    llvm.return
module attributes {hipdnn.input_count = 1 : i64, hipdnn.input_shapes = [array<i64: 2, 3>],
    hipdnn.input_element_sizes = array<i64: 4>, hipdnn.output_count = 1 : i64,
    hipdnn.output_shapes = [array<i64: 2, 3>]} {
  llvm.func @main_graph(%ctx: !llvm.ptr, %a: !llvm.ptr, %b: !llvm.ptr, %o: i64, %s0: i64, %s1: i64, %t0: i64,
      %t1: i64) {
    llvm.return
  }
}

// -----

// Two inputs with dynamic dimensions, and pool attributes: sizes of '?' dimensions come from
// shape[k], a stride over a dynamic dimension is the size itself; a failure to prepare the
// second input frees the first; inference_init initializes the pool after a successful state
// initialization, with the buffer offsets in a private constant global. @main_graph's result,
// which inference_compute ignores, is dropped.
// CHECK-LABEL: module attributes
// CHECK:       llvm.func @main_graph(%arg0: !llvm.ptr, {{.*}}, %arg16: i64) {
// CHECK-NEXT:    llvm.mlir.poison
// CHECK-NEXT:    llvm.return{{$}}
// CHECK-NEXT:  }
// CHECK: llvm.mlir.global private constant @__hipdnn_buffer_offsets(dense<[0, 512]> : tensor<2xi64>) {addr_space = 0 : i32} : !llvm.array<2 x i64>
// CHECK-LABEL: llvm.func @inference_init(
// CHECK:         %[[ST:.*]] = llvm.call @hipdnn_ep_state_init_with_fs(
// CHECK-NEXT:    %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT:    %[[BAD:.*]] = llvm.icmp "ne" %[[ST]], %[[Z]] : i32
// CHECK-NEXT:    llvm.cond_br %[[BAD]], ^bb2(%[[ST]] : i32), ^bb1
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[STATE:.*]] = llvm.load %arg0 : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:    %[[OFFS:.*]] = llvm.mlir.addressof @__hipdnn_buffer_offsets : !llvm.ptr
// CHECK-NEXT:    %[[SIZE:.*]] = llvm.mlir.constant(1024 : i64) : i64
// CHECK-NEXT:    %[[N:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT:    %[[PS:.*]] = llvm.call @hipdnn_ep_pool_init(%[[STATE]], %[[SIZE]], %[[OFFS]], %[[N]]) : (!llvm.ptr, i64, !llvm.ptr, i64) -> i32
// CHECK-NEXT:    llvm.br ^bb2(%[[PS]] : i32)
// CHECK-NEXT:  ^bb2(%[[R:.*]]: i32):
// CHECK-NEXT:    llvm.return %[[R]] : i32
// CHECK-LABEL: llvm.func @inference_compute(
// CHECK:         %[[SLOT0:.*]] = llvm.alloca
// CHECK:         %[[SLOT1:.*]] = llvm.alloca
// CHECK:         llvm.mlir.constant(2 : i64) : i64
// Input 0 (?x4): dimension 0 is loaded, dimension 1 checked.
// CHECK:         %[[T0:.*]] = llvm.getelementptr %{{.*}}[0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<"hipdnn_tensor_t"
// CHECK:         llvm.getelementptr %{{.*}}[0] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK-NEXT:    %[[A0:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
// CHECK-NEXT:    llvm.getelementptr %{{.*}}[1] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK-NEXT:    llvm.load
// CHECK-NEXT:    %[[A1:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK-NEXT:    llvm.icmp "ne"
// Input 1 (3x?x?): the tensor is element 1 of the array (40-byte stride).
// CHECK:         %[[T1:.*]] = llvm.getelementptr %{{.*}}[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<"hipdnn_tensor_t"
// CHECK:         llvm.getelementptr %{{.*}}[0] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK-NEXT:    llvm.load
// CHECK-NEXT:    %[[B0:.*]] = llvm.mlir.constant(3 : i64) : i64
// CHECK-NEXT:    llvm.icmp "ne"
// CHECK-NEXT:    llvm.getelementptr %{{.*}}[1] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK-NEXT:    %[[B1:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
// CHECK-NEXT:    llvm.getelementptr %{{.*}}[2] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK-NEXT:    %[[B2:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
// CHECK:         %[[P0S:.*]] = llvm.call @hipdnn_ep_tensor_prepare_input(%arg0, %[[T0]], %[[SLOT0]])
// CHECK:         llvm.cond_br %{{.*}}, ^[[UNWIND0:bb[0-9]+]](%[[P0S]] : i32), ^bb6
// CHECK:         %[[P1S:.*]] = llvm.call @hipdnn_ep_tensor_prepare_input(%arg0, %[[T1]], %[[SLOT1]])
// CHECK:         llvm.cond_br %{{.*}}, ^[[UNWIND1:bb[0-9]+]](%[[P1S]] : i32), ^bb7
// CHECK:         %[[D0:.*]] = llvm.load %[[SLOT0]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:    %[[O0:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT:    %[[ONE0:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT:    %[[FOUR:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK-NEXT:    %[[D1:.*]] = llvm.load %[[SLOT1]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:    %[[O1:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT:    %[[ONE1:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT:    %[[ST0:.*]] = llvm.mul %[[B2]], %[[B1]] : i64
// CHECK-NEXT:    llvm.call @hipdnn_ep_state_reset_error_flag(%arg0)
// CHECK-NEXT:    llvm.call @main_graph(%arg0, %[[D0]], %[[D0]], %[[O0]], %[[A0]], %[[A1]], %[[FOUR]], %[[ONE0]], %[[D1]], %[[D1]], %[[O1]], %[[B0]], %[[B1]], %[[B2]], %[[ST0]], %[[B2]], %[[ONE1]]) : {{.*}} -> ()
// CHECK-NEXT:    llvm.call @hipdnn_ep_stream_sync(%arg0)
// CHECK-NEXT:    %[[RC:.*]] = llvm.call @hipdnn_ep_state_read_and_clear_error_flag(%arg0)
// CHECK-NEXT:    llvm.call @hipdnn_ep_tensor_free_input(%arg0, %[[T0]], %[[D0]])
// CHECK-NEXT:    llvm.call @hipdnn_ep_tensor_free_input(%arg0, %[[T1]], %[[D1]])
// CHECK-NEXT:    llvm.return %[[RC]] : i32
// CHECK-NEXT:  ^[[UNWIND0]](%[[U0:.*]]: i32):
// CHECK-NEXT:    llvm.return %[[U0]] : i32
// CHECK-NEXT:  ^[[UNWIND1]](%[[U1:.*]]: i32):
// CHECK-NEXT:    %[[PREV:.*]] = llvm.load %[[SLOT0]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:    llvm.call @hipdnn_ep_tensor_free_input(%arg0, %[[T0]], %[[PREV]])
// CHECK-NEXT:    llvm.br ^[[UNWIND0]](%[[U1]] : i32)
module attributes {hipdnn.input_count = 2 : i64, hipdnn.input_shapes = [array<i64: -1, 4>, array<i64: 3, -1, -1>],
    hipdnn.pool_size = 1024 : i64, hipdnn.buffer_count = 2 : i64, hipdnn.buffer_offsets = array<i64: 0, 512>} {
  llvm.func @main_graph(%ctx: !llvm.ptr, %a: !llvm.ptr, %b: !llvm.ptr, %o: i64, %s0: i64, %s1: i64, %t0: i64,
      %t1: i64, %c: !llvm.ptr, %d: !llvm.ptr, %o2: i64, %u0: i64, %u1: i64, %u2: i64, %v0: i64, %v1: i64,
      %v2: i64) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> {
    %r = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.return %r : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  }
}

// -----

// Nothing recorded: the inputs come from the signature (a rank-0 input here), every dimension
// unknown; a zero pool size means no pool initialization; a runtime function the module already
// declares with the right type is reused.
// CHECK-LABEL: module attributes {hipdnn.buffer_count = 0 : i64
// CHECK-NEXT:    llvm.func @hipdnn_ep_stream_sync(!llvm.ptr)
// CHECK-NOT:     llvm.func @hipdnn_ep_stream_sync
// CHECK:         llvm.mlir.global private constant @__metadata_json({{.*}}\22shape\22: [],{{.*}}\22pool_size\22: 0,{{.*}})
// CHECK-LABEL: llvm.func @inference_init(
// CHECK-NOT:     hipdnn_ep_pool_init
// CHECK:       llvm.func @inference_compute(
// CHECK:         llvm.getelementptr %{{.*}}[0, 2]
// CHECK-NEXT:    %[[RANK:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
// CHECK-NEXT:    %[[ZERO:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT:    llvm.icmp "ne" %[[RANK]], %[[ZERO]] : i64
// CHECK:         %[[P:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:    %[[O:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT:    llvm.call @hipdnn_ep_state_reset_error_flag(%arg0)
// CHECK-NEXT:    llvm.call @main_graph(%arg0, %[[P]], %[[P]], %[[O]]) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64) -> ()
module attributes {hipdnn.buffer_count = 0 : i64, hipdnn.buffer_offsets = array<i64>, hipdnn.pool_size = 0 : i64} {
  llvm.func @hipdnn_ep_stream_sync(!llvm.ptr)
  llvm.func @main_graph(%ctx: !llvm.ptr, %a: !llvm.ptr, %b: !llvm.ptr, %o: i64) {
    llvm.call @hipdnn_ep_stream_sync(%ctx) : (!llvm.ptr) -> ()
    llvm.return
  }
}

// -----

// The constants file the externalization recorded, and its constants, in bulk (full mode).
// CHECK-LABEL: module attributes {hip.constants_file = "m.constants.bin"
// CHECK: @__metadata_json("{{.*}}\22constants_filename\22: \22m.constants.bin\22,\0A  \22constants\22: [\0A    {\0A      \22size\22: 24,\0A      \22offset\22: 0,\0A      \22source_type\22: \22NONE\22\0A    }\0A  ],
module attributes {hip.constants_file = "m.constants.bin", hipdnn.constant_offsets = array<i64: 0>,
    hipdnn.constant_sizes = array<i64: 24>} {
  llvm.func @main_graph(%ctx: !llvm.ptr) {
    llvm.return
  }
}
