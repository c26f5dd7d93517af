// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// One case per verifier rule of the onnx dialect. Modules declare their opset in
// onnx.opset_import; the schema in force at that opset is the one checked.

module attributes {onnx.opset_import = {"" = 14 : i64}} {
  func.func @too_few_operands(%a: tensor<2xf32>) {
    // expected-error@+1 {{'onnx.Add' op has 1 operands, but Add-14 expects exactly 2}}
    %0 = "onnx.Add"(%a) : (tensor<2xf32>) -> tensor<2xf32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @too_many_operands(%a: tensor<2xf32>) {
    // expected-error@+1 {{'onnx.Conv' op has 4 operands, but Conv-11 expects 2 to 3}}
    %0 = "onnx.Conv"(%a, %a, %a, %a) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @variadic_needs_one(%a: tensor<2xf32>) {
    // expected-error@+1 {{'onnx.Concat' op has 0 operands, but Concat-13 expects at least 1}}
    %0 = "onnx.Concat"() {axis = 0 : i64} : () -> tensor<2xf32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @none_in_required_position(%x: tensor<1x1x4x4xf32>) {
    %n = "onnx.NoValue"() : () -> none
    // expected-error@+1 {{'onnx.Conv' op operand #1 ('W') is none, but Conv-11 does not allow it to be omitted}}
    %0 = "onnx.Conv"(%x, %n) : (tensor<1x1x4x4xf32>, none) -> tensor<1x1x4x4xf32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @result_count(%x: tensor<4xf32>, %k: tensor<1xi64>) {
    // expected-error@+1 {{'onnx.TopK' op has 1 results, but TopK-11 expects exactly 2}}
    %0 = "onnx.TopK"(%x, %k) : (tensor<4xf32>, tensor<1xi64>) -> tensor<2xf32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @none_result_in_required_position(%x: tensor<4xf32>, %k: tensor<1xi64>) {
    // expected-error@+1 {{'onnx.TopK' op result #0 ('Values') is none, but TopK-11 does not allow it to be omitted}}
    %0:2 = "onnx.TopK"(%x, %k) : (tensor<4xf32>, tensor<1xi64>) -> (none, tensor<2xi64>)
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @missing_required_attribute(%x: tensor<4xf32>) {
    // expected-error@+1 {{'onnx.Cast' op requires attribute 'to' (an i64 integer, required by Cast-13)}}
    %0 = "onnx.Cast"(%x) : (tensor<4xf32>) -> tensor<4xf16>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @ints_kind(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>) {
    // expected-error@+1 {{'onnx.Conv' op requires attribute 'kernel_shape' to be an array of i64}}
    %0 = "onnx.Conv"(%x, %w) {kernel_shape = 3 : i64} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @int_kind(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>) {
    // expected-error@+1 {{'onnx.Conv' op requires attribute 'group' to be an i64 integer}}
    %0 = "onnx.Conv"(%x, %w) {group = 1 : i32} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 16 : i64}} {
  func.func @float_kind(%x: tensor<4xf32>) {
    // expected-error@+1 {{'onnx.LeakyRelu' op requires attribute 'alpha' to be an f32 float}}
    %0 = "onnx.LeakyRelu"(%x) {alpha = 0.1 : f64} : (tensor<4xf32>) -> tensor<4xf32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @string_kind(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>) {
    // expected-error@+1 {{'onnx.Conv' op requires attribute 'auto_pad' to be a string}}
    %0 = "onnx.Conv"(%x, %w) {auto_pad = 0 : i64} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @floats_kind(%x: tensor<1x1x2x2xf32>) {
    // expected-error@+1 {{'onnx.Constant' op requires attribute 'value_floats' to be an array of f32}}
    %0 = "onnx.Constant"() {value_floats = array<f64: 1.0>} : () -> tensor<1xf32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @tensor_kind(%s: tensor<2xi64>) {
    // expected-error@+1 {{'onnx.ConstantOfShape' op requires attribute 'value' to be a tensor (dense elements or #onnx.external)}}
    %0 = "onnx.ConstantOfShape"(%s) {value = 1.0 : f32} : (tensor<2xi64>) -> tensor<2x2xf32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @strings_kind() {
    // expected-error@+1 {{'onnx.Constant' op requires attribute 'value_strings' to be an array of strings}}
    %0 = "onnx.Constant"() {value_strings = ["a", 1 : i64]} : () -> tensor<2xi8>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @unknown_attribute(%x: tensor<4xf32>) {
    // expected-error@+1 {{'onnx.Relu' op has unknown attribute 'alpha' (Relu-13 defines: none)}}
    %0 = "onnx.Relu"(%x) {alpha = 1.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @graph_as_value(%c: tensor<i1>) {
    // expected-error@+1 {{'onnx.If' op has graph attribute 'then_branch' as a value; it must be a region named in 'onnx.region_names'}}
    %0 = "onnx.If"(%c) {then_branch = "g"} : (tensor<i1>) -> tensor<f32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @element_type_not_allowed(%x: tensor<4xi32>) {
    // expected-error@+1 {{'onnx.Relu' op operand #0 has element type i32 but type constraint 'T' of Relu-13 allows only f32, f16, f64, bf16}}
    %0 = "onnx.Relu"(%x) : (tensor<4xi32>) -> tensor<4xi32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 14 : i64}} {
  func.func @constraint_binds_one_type(%a: tensor<4xf32>, %b: tensor<4xi32>) {
    // expected-error@+1 {{'onnx.Add' op operand #1 has element type i32 but type constraint 'T' binds f32 from operand #0}}
    %0 = "onnx.Add"(%a, %b) : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @fixed_type_input(%x: tensor<2x3xf32>, %s: tensor<2xi32>) {
    // expected-error@+1 {{'onnx.Reshape' op operand #1 has element type i32 but type constraint 'tensor(int64)' of Reshape-13 allows only i64}}
    %0 = "onnx.Reshape"(%x, %s) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 14 : i64}} {
  func.func @container_not_allowed(%s: !onnx.seq<tensor<4xf32>>) {
    // expected-error@+1 {{'onnx.Relu' op operand #0 has type !onnx.seq<tensor<4xf32>> but type constraint 'T' of Relu-14 allows only tensors}}
    %0 = "onnx.Relu"(%s) : (!onnx.seq<tensor<4xf32>>) -> tensor<4xf32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 14 : i64}} {
  func.func @not_an_onnx_value(%x: f32) {
    // expected-error@+1 {{'onnx.Relu' op operand #0 has type f32, which is not an ONNX value (a tensor, !onnx.seq, !onnx.opt or !onnx.map)}}
    %0 = "onnx.Relu"(%x) : (f32) -> f32
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 19 : i64}} {
  func.func @not_yet_defined(%x: tensor<4xf32>) {
    // expected-error@+1 {{'onnx.Gelu' op is not defined in opset 19 of the default domain (Gelu first appears in opset 20)}}
    %0 = "onnx.Gelu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 10 : i64}} {
  func.func @clip_inputs_before_11(%x: tensor<4xf32>, %lo: tensor<f32>) {
    // expected-error@+1 {{'onnx.Clip' op has 2 operands, but Clip-6 expects exactly 1}}
    %0 = "onnx.Clip"(%x, %lo) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 11 : i64}} {
  func.func @clip_attributes_from_11(%x: tensor<4xf32>) {
    // expected-error@+1 {{'onnx.Clip' op has unknown attribute 'max' (Clip-11 defines: none)}}
    %0 = "onnx.Clip"(%x) {max = 6.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 17 : i64}} {
  func.func @split_num_outputs_from_18(%x: tensor<4xf32>) {
    // expected-error@+1 {{'onnx.Split' op has unknown attribute 'num_outputs' (Split-13 defines: axis)}}
    %0:2 = "onnx.Split"(%x) {num_outputs = 2 : i64} : (tensor<4xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 12 : i64}} {
  func.func @squeeze_axes_input_from_13(%x: tensor<1x4xf32>, %axes: tensor<1xi64>) {
    // expected-error@+1 {{'onnx.Squeeze' op has 2 operands, but Squeeze-11 expects exactly 1}}
    %0 = "onnx.Squeeze"(%x, %axes) : (tensor<1x4xf32>, tensor<1xi64>) -> tensor<4xf32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @regions_need_names(%c: tensor<i1>, %x: tensor<f32>) {
    // expected-error@+1 {{'onnx.If' op requires attribute 'onnx.region_names' to be an array of strings naming its 2 regions}}
    %0 = "onnx.If"(%c) ({
      "onnx.Yield"(%x) : (tensor<f32>) -> ()
    }, {
      "onnx.Yield"(%x) : (tensor<f32>) -> ()
    }) : (tensor<i1>) -> tensor<f32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @one_name_per_region(%c: tensor<i1>, %x: tensor<f32>) {
    // expected-error@+1 {{'onnx.If' op has 2 regions, but 'onnx.region_names' names 1}}
    %0 = "onnx.If"(%c) ({
      "onnx.Yield"(%x) : (tensor<f32>) -> ()
    }, {
      "onnx.Yield"(%x) : (tensor<f32>) -> ()
    }) {onnx.region_names = ["then_branch"]} : (tensor<i1>) -> tensor<f32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @region_name_not_a_graph(%c: tensor<i1>, %x: tensor<f32>) {
    // expected-error@+1 {{'onnx.If' op region #1 is named 'body', which is not a graph attribute of If-13}}
    %0 = "onnx.If"(%c) ({
      "onnx.Yield"(%x) : (tensor<f32>) -> ()
    }, {
      "onnx.Yield"(%x) : (tensor<f32>) -> ()
    }) {onnx.region_names = ["then_branch", "body"]} : (tensor<i1>) -> tensor<f32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @region_named_twice(%c: tensor<i1>, %x: tensor<f32>) {
    // expected-error@+1 {{'onnx.If' op names region 'then_branch' twice in 'onnx.region_names'}}
    %0 = "onnx.If"(%c) ({
      "onnx.Yield"(%x) : (tensor<f32>) -> ()
    }, {
      "onnx.Yield"(%x) : (tensor<f32>) -> ()
    }) {onnx.region_names = ["then_branch", "then_branch"]} : (tensor<i1>) -> tensor<f32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @required_graph_missing(%c: tensor<i1>, %x: tensor<f32>) {
    // expected-error@+1 {{'onnx.If' op requires graph attribute 'else_branch' as a region named in 'onnx.region_names'}}
    %0 = "onnx.If"(%c) ({
      "onnx.Yield"(%x) : (tensor<f32>) -> ()
    }) {onnx.region_names = ["then_branch"]} : (tensor<i1>) -> tensor<f32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @constant_needs_one_value() {
    // expected-error@+1 {{'onnx.Constant' op requires exactly one of the attributes value, sparse_value, value_float, value_floats, value_int, value_ints, value_string, value_strings (Constant-13), but has value, value_int}}
    %0 = "onnx.Constant"() {value = dense<1> : tensor<i64>, value_int = 1 : i64} : () -> tensor<i64>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @constant_without_value() {
    // expected-error@+1 {{'onnx.Constant' op requires exactly one of the attributes}}
    %0 = "onnx.Constant"() : () -> tensor<i64>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 8 : i64}} {
  func.func @constant_value_required_before_11() {
    // expected-error@+1 {{'onnx.Constant' op requires attribute 'value' (a tensor (dense elements or #onnx.external), required by Constant-1)}}
    %0 = "onnx.Constant"() : () -> tensor<i64>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @constant_result_type() {
    // expected-error@+1 {{'onnx.Constant' op result type tensor<3xf32> does not match the type of 'value' tensor<2xf32>}}
    %0 = "onnx.Constant"() {value = #onnx.external<"w.bin", offset = 0, length = 8> : tensor<2xf32>} : () -> tensor<3xf32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @constant_value_int_type() {
    // expected-error@+1 {{'onnx.Constant' op result element type i32 does not match 'value_int' (i64)}}
    %0 = "onnx.Constant"() {value_int = 1 : i64} : () -> tensor<i32>
    return
  }
}

// -----

func.func @no_value_type() {
  // expected-error@+1 {{'onnx.NoValue' op expects no operands and one result of type none}}
  %0 = "onnx.NoValue"() : () -> tensor<f32>
  return
}

// -----

func.func @yield_outside_onnx(%x: tensor<f32>) {
  "other.region"() ({
    // expected-error@+1 {{'onnx.Yield' op expects to end a region of an onnx op (a graph attribute such as If's branches)}}
    "onnx.Yield"(%x) : (tensor<f32>) -> ()
  }) : () -> ()
  return
}

// -----

func.func @return_count(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  // expected-error@+1 {{'onnx.Return' op has 1 operands, but the enclosing function returns 2}}
  "onnx.Return"(%x) : (tensor<2xf32>) -> ()
}

// -----

func.func @return_type(%x: tensor<2xi32>) -> tensor<?xf32> {
  // expected-error@+1 {{'onnx.Return' op operand #0 has type tensor<2xi32>, which is not compatible with the function result type tensor<?xf32>}}
  "onnx.Return"(%x) : (tensor<2xi32>) -> ()
}

// -----

"other.container"() ({
  // expected-error@+1 {{'onnx.Return' op expects parent op 'func.func'}}
  "onnx.Return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{unknown onnx type 'list' (expected seq, opt or map)}}
func.func private @bad_type(!onnx.list<tensor<f32>>)

// -----

func.func @external_needs_a_type() {
  // expected-error@+1 {{expected ':' and the tensor type of the external data}}
  %0 = "onnx.Constant"() {value = #onnx.external<"w.bin", offset = 0, length = 8>} : () -> tensor<2xf32>
  return
}
