func.func @select(%arg0: i1, %arg1: i64, %arg2: i64) -> i64 {
  "cf.cond_br"(%arg0, %arg1, %arg2)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i64, i64) -> ()
^bb1(%0: i64):
  "cf.br"(%0)[^bb3] : (i64) -> ()
^bb2(%1: i64):
  %2 = "arith.muli"(%1, %1) : (i64, i64) -> i64
  "cf.br"(%2)[^bb3] : (i64) -> ()
^bb3(%3: i64):
  return %3 : i64
}
