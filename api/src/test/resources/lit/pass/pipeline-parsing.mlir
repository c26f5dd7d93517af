// Golden tests of the textual pass-pipeline grammar: one RUN per case; each error message is
// pinned with its own prefix, with the column it points at.

// Round trip through the pipeline printer (--dump-pass-pipeline prints to standard error).
// RUN: hip-mlir-opt %s --pass-pipeline='builtin.module(test.func(test-function-pass),test-module-pass,any(test-op-pass))' --dump-pass-pipeline 2>&1 | FileCheck %s --check-prefix=DUMP
// DUMP: Pass Manager with 3 passes:
// DUMP-NEXT: builtin.module(test.func(test-function-pass),test-module-pass,any(test-op-pass))
// RUN: hip-mlir-opt %s --pass-pipeline=' builtin.module ( test.func ( test-function-pass , test-function-pass ) ) ' --dump-pass-pipeline 2>&1 | FileCheck %s --check-prefix=SPACES
// SPACES: builtin.module(test.func(test-function-pass,test-function-pass))
// A registered pipeline expands in the printed pipeline.
// RUN: hip-mlir-opt %s --pass-pipeline='builtin.module(test-pipeline{times=2})' --dump-pass-pipeline 2>&1 | FileCheck %s --check-prefix=EXPAND
// EXPAND: builtin.module(test.func(test-function-pass,test-function-pass))
// Pass flags run in the order given, on builtin.module.
// RUN: hip-mlir-opt %s --test-op-pass --test-module-pass --dump-pass-pipeline 2>&1 | FileCheck %s --check-prefix=FLAGS
// FLAGS: builtin.module(test-op-pass,test-module-pass)

// RUN: not hip-mlir-opt %s --pass-pipeline='builtin.module(test-module-pass' 2>&1 | FileCheck %s --check-prefix=ERR1
// ERR1: MLIR Textual PassPipeline Parser:1:32: error: encountered unbalanced parentheses while parsing pipeline
// RUN: not hip-mlir-opt %s --pass-pipeline='builtin.module(test-module-pass))' 2>&1 | FileCheck %s --check-prefix=ERR2
// ERR2: MLIR Textual PassPipeline Parser:1:33: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline
// RUN: not hip-mlir-opt %s --pass-pipeline='builtin.module(test-module-pass test-module-pass)' 2>&1 | FileCheck %s --check-prefix=ERR3
// ERR3: MLIR Textual PassPipeline Parser:1:33: error: expected ',' after parsing pipeline
// ERR3-NEXT: builtin.module(test-module-pass test-module-pass)
// ERR3-NEXT: {{^                                \^$}}
// RUN: not hip-mlir-opt %s --pass-pipeline='test-module-pass' 2>&1 | FileCheck %s --check-prefix=ERR4
// ERR4: MLIR Textual PassPipeline Parser:1:1: error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'
// RUN: not hip-mlir-opt %s --pass-pipeline='builtin.module(no-such-pass)' 2>&1 | FileCheck %s --check-prefix=ERR5
// ERR5: MLIR Textual PassPipeline Parser:1:16: error: 'no-such-pass' does not refer to a registered pass or pass pipeline
// RUN: not hip-mlir-opt %s --pass-pipeline='builtin.module(test-function-pass)' 2>&1 | FileCheck %s --check-prefix=ERR6
// ERR6: error: Can't add pass 'TestFunctionPass' restricted to 'test.func' on a PassManager intended to run on 'builtin.module', did you intend to nest?
// RUN: not hip-mlir-opt %s --pass-pipeline='builtin.module(test.func(test-module-pass))' 2>&1 | FileCheck %s --check-prefix=ERR7
// ERR7: error: Can't add pass 'TestModulePass' restricted to 'builtin.module' on a PassManager intended to run on 'test.func', did you intend to nest?
// RUN: not hip-mlir-opt %s --pass-pipeline='builtin.module(,test-module-pass)' 2>&1 | FileCheck %s --check-prefix=ERR8
// ERR8: MLIR Textual PassPipeline Parser:1:16: error: expected pass or pipeline name
// RUN: not hip-mlir-opt %s --pass-pipeline='builtin.module(test-module-pass,)' 2>&1 | FileCheck %s --check-prefix=ERR9
// ERR9: MLIR Textual PassPipeline Parser:1:33: error: expected pass or pipeline name
// RUN: not hip-mlir-opt %s --pass-pipeline='builtin.module(test-module-pass) test-op-pass' 2>&1 | FileCheck %s --check-prefix=ERR10
// ERR10: error: expected end of pipeline text after the anchored pipeline
// RUN: not hip-mlir-opt %s --pass-pipeline='builtin.module(test-options-pass{list=1,2)' 2>&1 | FileCheck %s --check-prefix=ERR11
// ERR11: error: missing closing '}' while processing pass options
// RUN: not hip-mlir-opt %s --pass-pipeline='builtin.module(test-options-pass{bogus=1})' 2>&1 | FileCheck %s --check-prefix=ERR12
// ERR12: error: failed to add `test-options-pass` with options `bogus=1`: no such option 'bogus'
// RUN: not hip-mlir-opt %s --pass-pipeline='builtin.module(test-options-pass{number=seven})' 2>&1 | FileCheck %s --check-prefix=ERR13
// ERR13: error: failed to add `test-options-pass` with options `number=seven`: invalid value 'seven' for option 'number': expected an integer
// RUN: not hip-mlir-opt %s --pass-pipeline='builtin.module(test-options-pass{enum=four})' 2>&1 | FileCheck %s --check-prefix=ERR14
// ERR14: error: failed to add `test-options-pass` with options `enum=four`: invalid value 'four' for option 'enum': expected one of
// RUN: not hip-mlir-opt %s --pass-pipeline='builtin.module(test-options-pass{flag=maybe})' 2>&1 | FileCheck %s --check-prefix=ERR15
// ERR15: error: failed to add `test-options-pass` with options `flag=maybe`: invalid value 'maybe' for option 'flag': expected a boolean (true/false/1/0)
// RUN: not hip-mlir-opt %s --pass-pipeline='builtin.module(test-options-pass{string="open})' 2>&1 | FileCheck %s --check-prefix=ERR16
// ERR16: error: {{.*}}unterminated quoted string while processing pass options
// RUN: not hip-mlir-opt %s --pass-pipeline='builtin.module(test-pipeline{zzz=1})' 2>&1 | FileCheck %s --check-prefix=ERR17
// ERR17: error: failed to add `test-pipeline` with options `zzz=1`: no such option 'zzz'
// RUN: not hip-mlir-opt %s --pass-pipeline='builtin.module(test-module-pass)' --test-op-pass 2>&1 | FileCheck %s --check-prefix=ERR18
// ERR18: error: '--pass-pipeline' option can't be used with individual pass options
// RUN: not hip-mlir-opt %s --pass-pipeline='builtin.module(test.func(test-function-pass)' 2>&1 | FileCheck %s --check-prefix=ERR19
// ERR19: error: encountered unbalanced parentheses while parsing pipeline

"test.func"() ({
  "test.return"() : () -> ()
}) {sym_name = "f"} : () -> ()
