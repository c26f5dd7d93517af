// Pass options round-trip through --dump-pass-pipeline in MLIR's canonical form.

// RUN: hip-mlir-opt %s --pass-pipeline='builtin.module(test-options-pass{list=3 string=foo enum=one flag})' --dump-pass-pipeline 2>&1 | FileCheck %s --check-prefix=ALL
// ALL: builtin.module(test-options-pass{enum=one flag=true list={3} number=0 string=foo})

// RUN: hip-mlir-opt %s --pass-pipeline='builtin.module(test-options-pass{list={1,2,3} string-list={a,b} string="with space"})' --dump-pass-pipeline 2>&1 | FileCheck %s --check-prefix=LISTS
// LISTS: builtin.module(test-options-pass{enum=zero flag=false list={1,2,3} number=0 string="with space" string-list={a,b}})

// A list option given twice appends; a scalar given twice keeps the last.
// RUN: hip-mlir-opt %s --pass-pipeline='builtin.module(test-options-pass{list=1 list=2 number=1 number=2})' --dump-pass-pipeline 2>&1 | FileCheck %s --check-prefix=REPEAT
// REPEAT: builtin.module(test-options-pass{enum=zero flag=false list={1,2} number=2 string=})

// Options of a pass flag.
// RUN: hip-mlir-opt %s --test-options-pass='number=7 enum=two' --dump-pass-pipeline 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: builtin.module(test-options-pass{enum=two flag=false number=7 string=})

// The printed pipeline parses back to itself.
// RUN: hip-mlir-opt %s --pass-pipeline='builtin.module(test-options-pass{enum=one flag=true list={3} number=0 string=foo})' --dump-pass-pipeline 2>&1 | FileCheck %s --check-prefix=ALL

"test.func"() ({
  "test.return"() : () -> ()
}) {sym_name = "f"} : () -> ()
