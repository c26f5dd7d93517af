// RUN: hip-mlir-opt %s --symbol-dce | FileCheck %s

// CHECK-NOT: @dead
// CHECK-NOT: @only_used_by_dead
// CHECK-DAG: func.func private @used
// CHECK-DAG: func.func @public_entry
func.func private @only_used_by_dead() {
  return
}
func.func private @dead() {
  call @only_used_by_dead() : () -> ()
  return
}
func.func private @used() {
  return
}
func.func @public_entry() {
  call @used() : () -> ()
  return
}
