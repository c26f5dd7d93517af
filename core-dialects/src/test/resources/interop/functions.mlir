module {
  func.func private @decl(i32, f32) -> i32
  func.func @callee(%arg0: i32, %arg1: f32) -> (i32, f32) {
    return %arg0, %arg1 : i32, f32
  }
  func.func @caller(%arg0: i32) -> i32 {
    %cst = "arith.constant"() <{value = 1.500000e+00 : f32}> : () -> f32
    %0:2 = call @callee(%arg0, %cst) : (i32, f32) -> (i32, f32)
    %1 = "arith.addi"(%0#0, %arg0) : (i32, i32) -> i32
    %2 = call @decl(%1, %0#1) : (i32, f32) -> i32
    return %2 : i32
  }
}
