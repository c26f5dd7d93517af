package org.hipep.passes.hip;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.hipep.dialects.CoreDialects;
import org.hipep.ir.Context;
import org.hipep.ir.Diagnostic;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.Operation;
import org.hipep.ir.Severity;
import org.hipep.ir.text.IrParser;
import org.hipep.pass.PassManager;
import org.hipep.pass.PassRegistry;
import org.hipep.passes.CorePasses;
import org.junit.jupiter.api.Test;

/** The late-carrier guard: a {@code hip.constant} left after externalization fails the pipeline. */
class VerifyNoConstantCarriersPassTest {
    private final Context ctx = new Context(CoreDialects.register(new DialectRegistry()));
    private final List<Diagnostic> errors = new ArrayList<>();

    VerifyNoConstantCarriersPassTest() {
        ctx.diagnostics().registerHandler(d -> {
            if (d.severity() == Severity.ERROR) {
                errors.add(d);
            }
            return true;
        });
    }

    private boolean run(String text) {
        Operation module = IrParser.parse(ctx, text, "late.mlir");
        PassManager pm = new PassManager();
        pm.addPass(VerifyNoConstantCarriersPass::new);
        return pm.run(module).succeeded();
    }

    @Test
    void aSurvivingCarrierFailsOnItsOwnLocation() {
        assertThat(run("""
                func.func @f() -> tensor<2xi8> {
                  %a = hip.constant {value = dense<[1, 2]> : tensor<2xi8>} : tensor<2xi8>
                  return %a : tensor<2xi8>
                }
                """)).isFalse();
        assertThat(errors).filteredOn(d -> d.message().equals("hip.constant survived past hip-externalize-constants;"
                + " plugins must emit carriers at AfterConvertOnnxToHip, not at BeforeBufferization"))
                .singleElement().satisfies(d -> assertThat(d.filePosition().line()).isEqualTo(2));
    }

    @Test
    void noCarrierPasses() {
        assertThat(run("""
                func.func @f() -> tensor<2xi8> {
                  %a = arith.constant dense<[1, 2]> : tensor<2xi8>
                  return %a : tensor<2xi8>
                }
                """)).isTrue();
        assertThat(errors).isEmpty();
    }

    @Test
    void isRegisteredUnderTheNameItPrints() {
        PassRegistry registry = CorePasses.register(new PassRegistry());
        assertThat(registry.contains(new VerifyNoConstantCarriersPass().argument())).isTrue();
        assertThat(new VerifyNoConstantCarriersPass().argument()).isEqualTo("hip-verify-no-constant-carriers");
    }
}
