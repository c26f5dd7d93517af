// RUN: hip-mlir-opt %s --split-input-file --convert-hip-to-llvm | FileCheck %s

// Each compute op in memref form becomes one call of its kernel (docs/kernel-abi.md): the
// context first, then (rank, descriptor) per memref operand, the descriptor an alloca'd copy
// in the entry block, then the attributes. Each kernel is declared once, at the start of the
// module. Functions with a !hip.context and memref arguments stay func.func here.
// The call sits between the profiler's begin (the start time; 0 when the state does not profile)
// and end, which names the call site: a constant string of the ONNX node names in the op's
// location ("add_1"; none for the others), a tab, the op, a tab, the kernel.

// CHECK-DAG: llvm.func @hipep_add_f32(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr)
// CHECK-DAG: llvm.func @hipep_matmul_f32_in2(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr)
// CHECK-DAG: llvm.func @hipep_cast_f32_to_i64(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr)
// CHECK-DAG: llvm.func @hipep_profile_begin(!llvm.ptr) -> i64
// CHECK-DAG: llvm.func @hipep_profile_end(!llvm.ptr, i64, !llvm.ptr)
// CHECK-DAG: llvm.mlir.global private constant @[[$SITE_ADD1:hipep_profile_site[_0-9]*]](dense<[97, 100, 100, 95, 49, 9, 104, 105, 112, 46, 97, 100, 100, 9, 104, 105, 112, 101, 112, 95, 97, 100, 100, 95, 102, 51, 50, 0]> : tensor<28xi8>) {addr_space = 0 : i32} : !llvm.array<28 x i8>
// CHECK-DAG: llvm.mlir.global private constant @[[$SITE_MM:hipep_profile_site[_0-9]*]](dense<[9, 104, 105, 112, 46, 109, 97, 116, 109, 117, 108, 9, 104, 105, 112, 101, 112, 95, 109, 97, 116, 109, 117, 108, 95, 102, 51, 50, 95, 105, 110, 50, 0]> : tensor<33xi8>) {addr_space = 0 : i32} : !llvm.array<33 x i8>
// CHECK-LABEL: llvm.func @elementwise
// CHECK-SAME: (%[[CTX:[a-z0-9]+]]: !llvm.ptr
// CHECK: llvm.store %{{.*}}, %[[A:.*]] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr
// CHECK: %[[RA:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK: llvm.store %{{.*}}, %[[B:.*]] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
// CHECK: %[[RB:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK: llvm.store %{{.*}}, %[[O:.*]] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr
// CHECK: %[[RO:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: %[[T0:.*]] = llvm.call @hipep_profile_begin(%[[CTX]]) : (!llvm.ptr) -> i64
// CHECK-NEXT: llvm.call @hipep_add_f32(%[[CTX]], %[[RA]], %[[A]], %[[RB]], %[[B]], %[[RO]], %[[O]]) : (!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr) -> ()
// CHECK-NEXT: %[[S0:.*]] = llvm.mlir.addressof @[[$SITE_ADD1]] : !llvm.ptr
// CHECK-NEXT: llvm.call @hipep_profile_end(%[[CTX]], %[[T0]], %[[S0]]) : (!llvm.ptr, i64, !llvm.ptr) -> ()
// CHECK: %[[T1:.*]] = llvm.call @hipep_profile_begin(%[[CTX]])
// CHECK-NEXT: llvm.call @hipep_matmul_f32_in2(
// CHECK-NEXT: %[[S1:.*]] = llvm.mlir.addressof @[[$SITE_MM]] : !llvm.ptr
// CHECK-NEXT: llvm.call @hipep_profile_end(%[[CTX]], %[[T1]], %[[S1]])
// CHECK: llvm.call @hipep_cast_f32_to_i64(
// CHECK: llvm.call @hipep_add_f32(
// CHECK-NEXT: llvm.mlir.addressof @hipep_profile_site
// CHECK-NEXT: llvm.call @hipep_profile_end(
// CHECK-NEXT: llvm.return
func.func @elementwise(%ctx: !hip.context, %a: memref<2x3xf32>, %b: memref<3xf32>, %out: memref<2x3xf32>,
                       %w: memref<3x4xf32>, %mm: memref<2x4xf32>, %i: memref<2x3xi64>) {
  hip.add %a, %b, %out : (memref<2x3xf32>, memref<3xf32>, memref<2x3xf32>) -> () loc("add_1")
  hip.matmul %a, %w, %mm : (memref<2x3xf32>, memref<3x4xf32>, memref<2x4xf32>) -> ()
  hip.cast %a, %i {to = i64} : (memref<2x3xf32>, memref<2x3xi64>) -> ()
  hip.add %a, %b, %out : (memref<2x3xf32>, memref<3xf32>, memref<2x3xf32>) -> ()
  return
}

// -----

// Array attributes are private constant globals (pointer, length), shared when equal; an
// absent one is (null, -1); an absent scalar is the ONNX default (group 1, auto_pad NOTSET = 0).
// An op with a variable number of inputs says how many in its symbol.

// CHECK-DAG: llvm.mlir.global private constant @hipep_conv_f32_in2_kernel_shape(dense<3> : tensor<2xi64>) {addr_space = 0 : i32} : !llvm.array<2 x i64>
// CHECK-DAG: llvm.mlir.global private constant @hipep_conv_f32_in2_strides(dense<1> : tensor<2xi64>) {addr_space = 0 : i32} : !llvm.array<2 x i64>
// CHECK-DAG: llvm.mlir.global private constant @hipep_conv_f32_in3_strides(dense<1> : tensor<2xi64>) {addr_space = 0 : i32} : !llvm.array<2 x i64>
// CHECK-DAG: llvm.func @hipep_conv_f32_in2(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64)
// CHECK-DAG: llvm.func @hipep_conv_f32_in3(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64)
// CHECK-NOT: @hipep_conv_f32_in2_kernel_shape_0
// CHECK-LABEL: llvm.func @conv
// CHECK: %[[KS:.*]] = llvm.mlir.addressof @hipep_conv_f32_in2_kernel_shape : !llvm.ptr
// CHECK-NEXT: %[[KL:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: %[[ST:.*]] = llvm.mlir.addressof @hipep_conv_f32_in2_strides : !llvm.ptr
// CHECK-NEXT: %[[SL:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: %[[PADS:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[PL:.*]] = llvm.mlir.constant(-1 : i64) : i64
// CHECK-NEXT: %[[DIL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[DL:.*]] = llvm.mlir.constant(-1 : i64) : i64
// CHECK-NEXT: %[[GROUP:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[AUTO:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: llvm.call @hipep_profile_begin(
// CHECK-NEXT: llvm.call @hipep_conv_f32_in2(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[KS]], %[[KL]], %[[ST]], %[[SL]], %[[PADS]], %[[PL]], %[[DIL]], %[[DL]], %[[GROUP]], %[[AUTO]])
// CHECK: llvm.mlir.addressof @hipep_conv_f32_in2_kernel_shape : !llvm.ptr
// CHECK: llvm.call @hipep_conv_f32_in2(
// CHECK: llvm.mlir.constant(3 : i64) : i64
// CHECK: llvm.call @hipep_conv_f32_in3(
func.func @conv(%ctx: !hip.context, %x: memref<1x1x5x5xf32>, %w: memref<1x1x3x3xf32>, %y: memref<1x1x3x3xf32>,
                %bias: memref<1xf32>) {
  hip.conv %x, %w, %y {kernel_shape = array<i64: 3, 3>, strides = array<i64: 1, 1>} : (memref<1x1x5x5xf32>, memref<1x1x3x3xf32>, memref<1x1x3x3xf32>) -> ()
  hip.conv %x, %w, %y {kernel_shape = array<i64: 3, 3>, strides = array<i64: 1, 1>} : (memref<1x1x5x5xf32>, memref<1x1x3x3xf32>, memref<1x1x3x3xf32>) -> ()
  hip.conv %x, %w, %bias, %y {strides = array<i64: 1, 1>, group = 1 : i64, auto_pad = "VALID"} : (memref<1x1x5x5xf32>, memref<1x1x3x3xf32>, memref<1xf32>, memref<1x1x3x3xf32>) -> ()
  return
}

// -----

// A conv with a fused clamp (canonicalize's conv activation fusion) calls the _clamp kernel,
// which takes both bounds as f64 after the other attributes (an absent one -inf / +inf), then the
// three bound slots as i64 (x_bound_slot, acc_bound_slot, bound_slot; an absent one -1); a conv
// without a clamp keeps the plain symbol and signature.

// CHECK-DAG: llvm.func @hipep_conv_f32_in3_clamp(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, f64, f64, i64, i64, i64)
// CHECK-DAG: llvm.func @hipep_conv_f32_in2_clamp(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, f64, f64, i64, i64, i64)
// CHECK-DAG: llvm.func @hipep_conv_f32_in2(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64)
// CHECK-LABEL: llvm.func @conv_clamp
// CHECK: %[[AUTO:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %[[LO:.*]] = llvm.mlir.constant(0.000000e+00 : f64) : f64
// CHECK-NEXT: %[[HI:.*]] = llvm.mlir.constant(6.000000e+00 : f64) : f64
// CHECK-NEXT: %[[XS:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[AS:.*]] = llvm.mlir.constant(-1 : i64) : i64
// CHECK-NEXT: %[[OS:.*]] = llvm.mlir.constant(3 : i64) : i64
// CHECK-NEXT: llvm.call @hipep_profile_begin(
// CHECK-NEXT: llvm.call @hipep_conv_f32_in3_clamp({{.*}}, %[[AUTO]], %[[LO]], %[[HI]], %[[XS]], %[[AS]], %[[OS]])
// CHECK: %[[LO2:.*]] = llvm.mlir.constant(0.000000e+00 : f64) : f64
// CHECK-NEXT: %[[HI2:.*]] = llvm.mlir.constant(0x7FF0000000000000 : f64) : f64
// CHECK-NEXT: %[[XS2:.*]] = llvm.mlir.constant(-1 : i64) : i64
// CHECK-NEXT: %[[AS2:.*]] = llvm.mlir.constant(-1 : i64) : i64
// CHECK-NEXT: %[[OS2:.*]] = llvm.mlir.constant(-1 : i64) : i64
// CHECK-NEXT: llvm.call @hipep_profile_begin(
// CHECK-NEXT: llvm.call @hipep_conv_f32_in2_clamp({{.*}}, %[[LO2]], %[[HI2]], %[[XS2]], %[[AS2]], %[[OS2]])
// CHECK: llvm.call @hipep_conv_f32_in2({{.*}}) : (
func.func @conv_clamp(%ctx: !hip.context, %x: memref<1x1x5x5xf32>, %w: memref<1x1x3x3xf32>, %y: memref<1x1x3x3xf32>,
                %bias: memref<1xf32>) {
  hip.conv %x, %w, %bias, %y {clamp_min = 0.0 : f64, clamp_max = 6.0 : f64, x_bound_slot = 1 : i64, bound_slot = 3 : i64} : (memref<1x1x5x5xf32>, memref<1x1x3x3xf32>, memref<1xf32>, memref<1x1x3x3xf32>) -> ()
  hip.conv %x, %w, %y {clamp_min = 0.0 : f64} : (memref<1x1x5x5xf32>, memref<1x1x3x3xf32>, memref<1x1x3x3xf32>) -> ()
  hip.conv %x, %w, %y : (memref<1x1x5x5xf32>, memref<1x1x3x3xf32>, memref<1x1x3x3xf32>) -> ()
  return
}

// -----

// A matmul with a fused bias row (the MatMul + Add fusion) calls the _in3 kernel: the bias is the
// third memref operand, before the destination; without one, _in2.

// CHECK-DAG: llvm.func @hipep_matmul_f32_in3(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr)
// CHECK-LABEL: llvm.func @matmul_bias
// CHECK: llvm.call @hipep_matmul_f32_in3(
// CHECK: llvm.call @hipep_matmul_f32_in2(
func.func @matmul_bias(%ctx: !hip.context, %a: memref<2x3xf32>, %w: memref<3x4xf32>, %c: memref<4xf32>,
                       %y: memref<2x4xf32>) {
  hip.matmul %a, %w, %c, %y : (memref<2x3xf32>, memref<3x4xf32>, memref<4xf32>, memref<2x4xf32>) -> ()
  hip.matmul %a, %w, %y : (memref<2x3xf32>, memref<3x4xf32>, memref<2x4xf32>) -> ()
  return
}

// -----

// A matmul with a fused Gelu calls the _gelu / _gelu_tanh kernel: in the symbol only, the same
// arguments as the symbol without it.

// CHECK-DAG: llvm.func @hipep_matmul_f32_in3_gelu(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr)
// CHECK-DAG: llvm.func @hipep_matmul_f32_in2_gelu_tanh(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr)
// CHECK-LABEL: llvm.func @matmul_gelu
// CHECK: llvm.call @hipep_matmul_f32_in3_gelu(
// CHECK: llvm.call @hipep_matmul_f32_in2_gelu_tanh(
func.func @matmul_gelu(%ctx: !hip.context, %a: memref<2x3xf32>, %w: memref<3x4xf32>, %c: memref<4xf32>,
                       %y: memref<2x4xf32>) {
  hip.matmul %a, %w, %c, %y {activation = "gelu"} : (memref<2x3xf32>, memref<3x4xf32>, memref<4xf32>, memref<2x4xf32>) -> ()
  hip.matmul %a, %w, %y {activation = "gelu_tanh"} : (memref<2x3xf32>, memref<3x4xf32>, memref<2x4xf32>) -> ()
  return
}

// -----

// A float add / sub / mul / div with a fused clamp (a Relu or Clip after it) calls its _clamp kernel:
// both bounds as f64 after the operands (an absent one -inf / +inf); without one, the plain symbol.

// CHECK-DAG: llvm.func @hipep_add_f32_clamp(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, f64, f64)
// CHECK-DAG: llvm.func @hipep_div_f64_clamp(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, f64, f64)
// CHECK-DAG: llvm.func @hipep_sub_f32(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr)
// CHECK-LABEL: llvm.func @arith_clamp
// CHECK: %[[LO:.*]] = llvm.mlir.constant(0.000000e+00 : f64) : f64
// CHECK-NEXT: %[[HI:.*]] = llvm.mlir.constant(0x7FF0000000000000 : f64) : f64
// CHECK-NEXT: llvm.call @hipep_profile_begin(
// CHECK-NEXT: llvm.call @hipep_add_f32_clamp({{.*}}, %[[LO]], %[[HI]])
// CHECK: %[[LO2:.*]] = llvm.mlir.constant(0xFFF0000000000000 : f64) : f64
// CHECK-NEXT: %[[HI2:.*]] = llvm.mlir.constant(6.000000e+00 : f64) : f64
// CHECK-NEXT: llvm.call @hipep_profile_begin(
// CHECK-NEXT: llvm.call @hipep_div_f64_clamp({{.*}}, %[[LO2]], %[[HI2]])
// CHECK: llvm.call @hipep_sub_f32({{.*}}) : (
func.func @arith_clamp(%ctx: !hip.context, %a: memref<2x3xf32>, %b: memref<3xf32>, %y: memref<2x3xf32>,
                       %c: memref<4xf64>, %z: memref<4xf64>) {
  hip.add %a, %b, %y {clamp_min = 0.0 : f64} : (memref<2x3xf32>, memref<3xf32>, memref<2x3xf32>) -> ()
  hip.div %c, %c, %z {clamp_max = 6.0 : f64} : (memref<4xf64>, memref<4xf64>, memref<4xf64>) -> ()
  hip.sub %a, %b, %y : (memref<2x3xf32>, memref<3xf32>, memref<2x3xf32>) -> ()
  return
}

// -----

// Reductions: axes as an attribute, or as a parameter operand (a memref argument of the kernel,
// named in the symbol; its attribute slot then null, -1). Flags are i64 0/1.

// CHECK-DAG: llvm.mlir.global private constant @hipep_reduce_max_f32_axes(dense<1> : tensor<1xi64>)
// CHECK-DAG: llvm.func @hipep_reduce_max_f32(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, !llvm.ptr, i64, i64, i64)
// CHECK-DAG: llvm.func @hipep_reduce_sum_f32_p_axes(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, !llvm.ptr, i64, i64, i64)
// CHECK-LABEL: llvm.func @reduce
// CHECK: %[[AX:.*]] = llvm.mlir.addressof @hipep_reduce_max_f32_axes : !llvm.ptr
// CHECK-NEXT: %[[AXN:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[KEEP:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %[[NOOP:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: llvm.call @hipep_profile_begin(
// CHECK-NEXT: llvm.call @hipep_reduce_max_f32(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[AX]], %[[AXN]], %[[KEEP]], %[[NOOP]])
// CHECK: llvm.store %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
// CHECK: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[MINUS1:.*]] = llvm.mlir.constant(-1 : i64) : i64
// CHECK-NEXT: %[[KEEP2:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK: llvm.call @hipep_reduce_sum_f32_p_axes(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[NULL]], %[[MINUS1]], %[[KEEP2]], %{{.*}})
func.func @reduce(%ctx: !hip.context, %x: memref<2x3xf32>, %r: memref<2xf32>, %axes: memref<1xi64>,
                  %k: memref<2x1xf32>) {
  hip.reduce_max %x, %r {axes = array<i64: 1>, keepdims = false} : (memref<2x3xf32>, memref<2xf32>) -> ()
  hip.reduce_sum %x, %axes, %k : (memref<2x3xf32>, memref<1xi64>, memref<2x1xf32>) -> ()
  return
}

// -----

// Several destinations: split's symbol counts them; einsum's equation is a NUL-terminated
// string global and its length; clip's absent bound is -inf; gelu's choice is its index.

// CHECK-DAG: llvm.func @hipep_split_f32_out2(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64)
// CHECK-DAG: llvm.mlir.global private constant @hipep_split_f32_out2_split(dense<[2, 4]> : tensor<2xi64>)
// CHECK-DAG: llvm.mlir.global private constant @hipep_einsum_f32_in2_equation(dense<[105, 106, 44, 106, 107, 45, 62, 105, 107, 0]> : tensor<10xi8>) {addr_space = 0 : i32} : !llvm.array<10 x i8>
// CHECK-DAG: llvm.func @hipep_clip_f32(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, f64, f64)
// CHECK-DAG: llvm.func @hipep_gelu_f32(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64)
// CHECK-DAG: llvm.func @hipep_fill_i32(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64)
// CHECK-LABEL: llvm.func @misc
// CHECK: %[[AXIS:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %[[SPLIT:.*]] = llvm.mlir.addressof @hipep_split_f32_out2_split : !llvm.ptr
// CHECK-NEXT: %[[N:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: llvm.call @hipep_profile_begin(
// CHECK-NEXT: llvm.call @hipep_split_f32_out2(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[AXIS]], %[[SPLIT]], %[[N]])
// CHECK: %[[EQ:.*]] = llvm.mlir.addressof @hipep_einsum_f32_in2_equation : !llvm.ptr
// CHECK-NEXT: %[[EQN:.*]] = llvm.mlir.constant(9 : i64) : i64
// CHECK-NEXT: llvm.call @hipep_profile_begin(
// CHECK-NEXT: llvm.call @hipep_einsum_f32_in2({{.*}}, %[[EQ]], %[[EQN]])
// CHECK: %[[V:.*]] = llvm.mlir.constant(7 : i64) : i64
// CHECK: llvm.call @hipep_fill_i32(%{{.*}}, %{{.*}}, %{{.*}}, %[[V]], %{{.*}}, %{{.*}})
// CHECK: %[[LO:.*]] = llvm.mlir.constant(0xFFF0000000000000 : f64) : f64
// CHECK-NEXT: %[[HI:.*]] = llvm.mlir.constant(6.000000e+00 : f64) : f64
// CHECK-NEXT: llvm.call @hipep_profile_begin(
// CHECK-NEXT: llvm.call @hipep_clip_f32({{.*}}, %[[LO]], %[[HI]])
// CHECK: %[[TANH:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: llvm.call @hipep_profile_begin(
// CHECK-NEXT: llvm.call @hipep_gelu_f32({{.*}}, %[[TANH]])
func.func @misc(%ctx: !hip.context, %s: memref<6x4xf32>, %s1: memref<2x4xf32>, %s2: memref<4x4xf32>,
                %e: memref<2x3xf32>, %e2: memref<3x4xf32>, %eo: memref<2x4xf32>, %f: memref<2x2xi32>,
                %c: memref<2x3xf32>) {
  hip.split %s, %s1, %s2 {axis = 0 : i64, split = array<i64: 2, 4>} : (memref<6x4xf32>, memref<2x4xf32>, memref<4x4xf32>) -> ()
  hip.einsum %e, %e2, %eo {equation = "ij,jk->ik"} : (memref<2x3xf32>, memref<3x4xf32>, memref<2x4xf32>) -> ()
  hip.fill %f {value = 7 : i32, shape = array<i64: 2, 2>} : (memref<2x2xi32>) -> ()
  hip.clip %e, %c {max = 6.0 : f32} : (memref<2x3xf32>, memref<2x3xf32>) -> ()
  hip.gelu %e, %c {approximate = "tanh"} : (memref<2x3xf32>, memref<2x3xf32>) -> ()
  return
}

// -----

// Parameter operands: each named in the symbol (in operand order), passed as a memref like the
// inputs, its attribute slot absent (null, -1; INT64_MIN for a scalar such as topk's k). An
// integer operand of resize is its sizes (scales are f32). fill has no input: its <t> is the
// destination's.

// CHECK-DAG: llvm.func @hipep_slice_f32_p_starts(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64)
// CHECK-DAG: llvm.func @hipep_topk_f32_p_k(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i64)
// CHECK-DAG: llvm.func @hipep_fill_f32_p_shape(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, f64, !llvm.ptr, i64)
// CHECK-DAG: llvm.func @hipep_resize_f32_p_sizes(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i64, f64)
// CHECK-DAG: llvm.mlir.global private constant @hipep_slice_f32_p_starts_ends(dense<3> : tensor<1xi64>)
// CHECK-LABEL: llvm.func @params
// CHECK: %[[NOSTARTS:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[NOLEN:.*]] = llvm.mlir.constant(-1 : i64) : i64
// CHECK-NEXT: %[[ENDS:.*]] = llvm.mlir.addressof @hipep_slice_f32_p_starts_ends : !llvm.ptr
// CHECK: llvm.call @hipep_slice_f32_p_starts(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[NOSTARTS]], %[[NOLEN]], %[[ENDS]],
// CHECK: %[[NOK:.*]] = llvm.mlir.constant(-9223372036854775808 : i64) : i64
// CHECK-NEXT: %[[AXIS:.*]] = llvm.mlir.constant(-1 : i64) : i64
// CHECK: llvm.call @hipep_topk_f32_p_k({{.*}}, %[[NOK]], %[[AXIS]], %{{.*}}, %{{.*}})
// CHECK: %[[VALUE:.*]] = llvm.mlir.constant(1.500000e+00 : f64) : f64
// CHECK: llvm.call @hipep_fill_f32_p_shape({{.*}}, %[[VALUE]], %{{.*}}, %{{.*}})
// CHECK: %[[CUBIC:.*]] = llvm.mlir.constant(-7.500000e-01 : f64) : f64
// CHECK-NEXT: llvm.call @hipep_profile_begin(
// CHECK-NEXT: llvm.call @hipep_resize_f32_p_sizes({{.*}}, %[[CUBIC]])
func.func @params(%ctx: !hip.context, %x: memref<20x10xf32>, %starts: memref<1xi64>, %sl: memref<?x10xf32>,
                  %k: memref<1xi64>, %tv: memref<20x?xf32>, %ti: memref<20x?xi64>,
                  %shape: memref<2xi64>, %f: memref<?x?xf32>, %sizes: memref<2xi64>, %rs: memref<?x?xf32>) {
  hip.slice %x, %starts, %sl {ends = array<i64: 3>, axes = array<i64: 0>} : (memref<20x10xf32>, memref<1xi64>, memref<?x10xf32>) -> ()
  hip.topk %x, %k, %tv, %ti : (memref<20x10xf32>, memref<1xi64>, memref<20x?xf32>, memref<20x?xi64>) -> ()
  hip.fill %shape, %f {value = 1.5 : f32} : (memref<2xi64>, memref<?x?xf32>) -> ()
  hip.resize %x, %sizes, %rs : (memref<20x10xf32>, memref<2xi64>, memref<?x?xf32>) -> ()
  return
}

// -----

// Ops on tensors stay (their types do not convert), as upstream leaves ops on tensors; so does
// the function whose signature has tensors.

// CHECK-LABEL: func.func @tensors
// CHECK: hip.exp %arg1, %arg2 : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK-NOT: llvm.call
func.func @tensors(%ctx: !hip.context, %a: tensor<2xf32>, %out: tensor<2xf32>) -> tensor<2xf32> {
  %0 = hip.exp %a, %out : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Pow with an exponent of another element type than the base names it with _exp_<t>; the same
// types need no suffix.
// CHECK-LABEL: llvm.func @mixed_pow
// CHECK: llvm.call @hipep_pow_f32_exp_i64(
// CHECK: llvm.call @hipep_pow_f32(
func.func @mixed_pow(%ctx: !hip.context, %x: memref<3xf32>, %e: memref<3xi64>, %f: memref<3xf32>, %out: memref<3xf32>) {
  hip.pow %x, %e, %out : (memref<3xf32>, memref<3xi64>, memref<3xf32>) -> ()
  hip.pow %x, %f, %out : (memref<3xf32>, memref<3xf32>, memref<3xf32>) -> ()
  return
}
