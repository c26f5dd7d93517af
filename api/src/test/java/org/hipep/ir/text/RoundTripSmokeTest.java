package org.hipep.ir.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.hipep.ir.Context;
import org.hipep.ir.Operation;
import org.junit.jupiter.api.Test;

class RoundTripSmokeTest {
    private static String roundTrip(String text, boolean generic) {
        Context ctx = new Context();
        ctx.allowUnregisteredDialects(true);
        Operation m = IrParser.parse(ctx, text, "in.mlir");
        return IrPrinter.print(m, AsmPrinterOptions.defaults().withGeneric(generic));
    }

    @Test
    void genericFormRoundTrips() {
        String src = """
                "builtin.module"() ({
                  "foo.func"() ({
                  ^bb0(%arg0: i32, %arg1: tensor<2x?xf32>):
                    %0:2 = "foo.op"(%arg0, %arg1) {a = 1 : i64, b, c = dense<[1.0, 2.5]> : tensor<2xf32>} : (i32, tensor<2x?xf32>) -> (i32, f32)
                    "foo.br"(%0#1)[^bb1] : (f32) -> ()
                  ^bb1:  // pred: ^bb0
                    "foo.ret"(%0#0) <{x = array<i64: 1, 2>}> : (i32) -> ()
                  }) {sym_name = "f"} : () -> ()
                }) : () -> ()
                """;
        String once = roundTrip(src, true);
        assertThat(roundTrip(once, true)).isEqualTo(once);
        String custom = roundTrip(src, false);
        assertThat(roundTrip(custom, false)).isEqualTo(custom);
    }
}
