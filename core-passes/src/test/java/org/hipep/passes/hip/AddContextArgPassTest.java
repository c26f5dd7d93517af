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
import org.junit.jupiter.api.Test;

/** {@code hip-add-context-arg} checks every call site before it changes anything. */
class AddContextArgPassTest {
    private final Context ctx = new Context(CoreDialects.register(new DialectRegistry()));
    private final List<Diagnostic> errors = new ArrayList<>();

    AddContextArgPassTest() {
        ctx.diagnostics().registerHandler(d -> {
            if (d.severity() == Severity.ERROR) {
                errors.add(d);
            }
            return true;
        });
    }

    @Test
    void aCallFromOffTheDevicePathLeavesTheModuleUnchanged() {
        Operation module = IrParser.parse(ctx, """
                func.func @main_graph(%x: tensor<2xf32>) -> tensor<2xf32> {
                  %r = func.call @body(%x) : (tensor<2xf32>) -> tensor<2xf32>
                  return %r : tensor<2xf32>
                }
                func.func private @body(%x: tensor<2xf32>) -> tensor<2xf32> {
                  return %x : tensor<2xf32>
                }
                func.func private @orphan(%x: tensor<2xf32>) -> tensor<2xf32> {
                  %r = func.call @body(%x) : (tensor<2xf32>) -> tensor<2xf32>
                  return %r : tensor<2xf32>
                }
                """, "orphan.mlir");
        String before = module.toString();
        PassManager pm = new PassManager();
        pm.addPass(AddContextArgPass::new);
        assertThat(pm.run(module).succeeded()).isFalse();
        assertThat(errors).singleElement().satisfies(d -> {
            assertThat(d.message()).isEqualTo("'func.call' op names @body, which takes a !hip.context, "
                    + "from outside the device path (no context to pass)");
            assertThat(d.filePosition().line()).isEqualTo(9);
        });
        assertThat(module.toString()).isEqualTo(before);
    }
}
