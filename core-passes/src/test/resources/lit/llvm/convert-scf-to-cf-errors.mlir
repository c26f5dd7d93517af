// RUN: hip-mlir-opt %s --convert-scf-to-cf --verify-diagnostics

// A region without terminator holds a single block: an scf op there cannot become blocks.
func.func @no_terminator(%c: i1) {
  "test.region"() ({
    // expected-error @+1 {{'scf.if' op cannot be lowered to blocks here: its block has no terminator}}
    scf.if %c {
      "test.effect"() : () -> ()
    }
  }) : () -> ()
  return
}
