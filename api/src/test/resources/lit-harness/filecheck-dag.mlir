// RUN: FileCheck --input-file=%s %s --check-prefix=POS
// RUN: not FileCheck --input-file=%s %s --check-prefix=TWICE 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TWICE-ERR
// RUN: not FileCheck --input-file=%s %s --check-prefix=NOTDAG 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOTDAG-ERR

%c1 = arith.constant 1 : i32
%c2 = arith.constant 2 : i32
%sum = arith.addi %c2, %c1 : i32

// CHECK-DAG matches in any order; the values are captured for later use.
// POS-DAG: %[[B:c[0-9]]] = arith.constant {{2}}
// POS-DAG: %[[A:c[0-9]]] = arith.constant {{1}}
// POS: %sum = arith.{{addi}} %[[B]], %[[A]]

// Two identical DAG patterns need two distinct occurrences.
// TWICE-DAG: arith.{{addi}}
// TWICE-DAG: arith.{{addi}}
// TWICE-ERR: {{.*}}filecheck-dag.mlir:[[@LINE-1]]:15: error: TW{{I}}CE-DAG: expected string not found in input
// TWICE-ERR-NEXT: // TW{{I}}CE-DAG: arith.{{[{][{]}}addi{{[}][}]}}
// TWICE-ERR-NEXT: {{^}} ^{{$}}
// TWICE-ERR-NEXT: {{.*}}filecheck-dag.mlir:9:18: note: scanning from here

// A CHECK-NOT between two DAG groups covers the gap between them.
// NOTDAG-DAG: %c1 = {{arith}}
// NOTDAG-NOT: {{arith.constant}}
// NOTDAG-DAG: %sum = {{arith}}
// NOTDAG-ERR: {{.*}}filecheck-dag.mlir:[[@LINE-2]]:16: error: NOT{{DAG}}-NOT: excluded string found in input
// NOTDAG-ERR: {{.*}}filecheck-dag.mlir:8:7: note: found here
// NOTDAG-ERR-NEXT: {{^}}%c2 = arith.constant 2 : i32
// NOTDAG-ERR-NEXT: {{^}} ^~~~~~~~~~~~~~{{$}}
