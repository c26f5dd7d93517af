// RUN: FileCheck --input-file=%s %s --check-prefix=POS
// RUN: not FileCheck --input-file=%s %s --check-prefix=NEG 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not FileCheck --input-file=%s %s --check-prefix=NEG2 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR2

// This file is its own FileCheck input. Directives use {{...}} (or split
// words such as N{{EG}}) so that no directive line can match itself.

func.func @add(%arg0: i32, %arg1: i32) -> i32 {
  %0 = arith.addi %arg0, %arg1 : i32
  return %0 : i32
}

// POS-LABEL: func.func @{{add}}(
// POS-SAME: %arg0: i32
// POS-NEXT: %[[SUM:[0-9]+]] = arith.{{addi}} %arg0, %arg1
// POS-NEXT: {{return}} %[[SUM]] : i32
// POS-NOT: arith.{{muli}}

// A missing function: FileCheck must point at the directive, the scan start
// and the nearest candidate.
// NEG: func.func @{{sub}}(
// ERR: {{.*}}filecheck-basic.mlir:[[@LINE-1]]:9: error: N{{EG}}: expected string not found in input
// ERR-NEXT: // N{{EG}}: func.func @{{[{][{]}}sub{{[}][}]}}(
// ERR-NEXT: {{^}} ^{{$}}
// ERR-NEXT: {{.*}}filecheck-basic.mlir:1:1: note: scanning from here
// ERR-NEXT: {{^}}// RUN: FileCheck --input-file=%s %s --check-prefix=POS
// ERR-NEXT: {{^}}^{{$}}
// ERR-NEXT: {{.*}}filecheck-basic.mlir:9:1: note: possible intended match here
// ERR-NEXT: {{^}}func.func @add(%arg0: i32, %arg1: i32) -> i32 {
// ERR-NEXT: {{^}}^{{$}}
// ERR-NOT: error

// A CHECK-NEXT whose match is two lines further down.
// NEG2: func.func @{{add}}
// NEG2-NEXT: {{return}} %0
// ERR2: {{.*}}filecheck-basic.mlir:[[@LINE-1]]:15: error: N{{EG}}2-NEXT: is not on the line after the previous match
// ERR2: {{.*}}filecheck-basic.mlir:11:2: note: 'next' match was here
// ERR2: {{.*}}filecheck-basic.mlir:9:15: note: previous match ended here
// ERR2: {{.*}}filecheck-basic.mlir:10:1: note: non-matching line after previous match is here
// ERR2-NEXT: {{^}} %0 = arith.addi %arg0, %arg1 : i32
