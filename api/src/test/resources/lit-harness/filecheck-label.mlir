// RUN: FileCheck --input-file=%s %s --check-prefix=POS
// RUN: not FileCheck --input-file=%s %s --check-prefix=LEAK 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LEAK-ERR

func.func @first() {
  %0 = "test.op_a"() : () -> i32
}
func.func @second() {
  %0 = "test.op_b"() : () -> i32
}

// Each label opens a block; [[V]] is local to its block (var-scope).
// POS-LABEL: func.func @{{first}}
// POS: %[[V:[0-9]+]] = "test.{{op_a}}"
// POS-LABEL: func.func @{{second}}
// POS: %[[V:[0-9]+]] = "test.{{op_b}}"

// "test.op_b" only occurs in @second, so it cannot satisfy a check in @first.
// LEAK-LABEL: func.func @{{first}}
// LEAK: "test.{{op_b}}"
// LEAK-LABEL: func.func @{{second}}
// LEAK-ERR: {{.*}}filecheck-label.mlir:[[@LINE-2]]:10: error: LE{{AK}}: expected string not found in input
// LEAK-ERR: {{.*}}filecheck-label.mlir:5:17: note: scanning from here
// LEAK-ERR-NEXT: {{^}}func.func @first() {
// LEAK-ERR: {{.*}}filecheck-label.mlir:6:7: note: possible intended match here
// LEAK-ERR-NEXT: {{^}} %0 = "test.op_a"() : () -> i32
// LEAK-ERR-NOT: error:
