package org.hipep.passes.llvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.hipep.dialects.CoreDialects;
import org.hipep.dialects.hip.ContextType;
import org.hipep.dialects.llvm.LLVMTypes;
import org.hipep.ir.Context;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.Operation;
import org.hipep.ir.Verifier;
import org.hipep.ir.rewrite.ConversionTarget;
import org.hipep.ir.rewrite.DialectConversion;
import org.hipep.ir.rewrite.RewritePatternSet;
import org.hipep.ir.text.AsmPrinterOptions;
import org.hipep.ir.text.IrParser;
import org.hipep.ir.text.IrPrinter;
import org.hipep.pass.PassManager;
import org.junit.jupiter.api.Test;

/** The hip dialect's to-LLVM model, as the shared collection finds and runs it. */
class HipToLLVMTest {
    private final Context ctx = new Context(CoreDialects.register(new DialectRegistry()));
    private final List<String> errors = new ArrayList<>();

    HipToLLVMTest() {
        ctx.diagnostics().registerHandler(d -> errors.add(d.message()) || true);
    }

    @Test
    void theHipModelIsCollectedLikeAnyDialects() {
        IrParser.parse(ctx, "func.func @f(%c: !hip.context) {\n  return\n}\n", "f.mlir");
        LLVMConversion.prepare(ctx);
        List<String> names = new ArrayList<>();
        LLVMConversion.dialectsWithModels(ctx, ns -> true).forEach(d -> names.add(d.namespace()));
        assertThat(names).contains("hip", "func");
    }

    /**
     * With a type converter that lowers {@code !hip.context} (as the shared one will), the
     * function becomes an {@code llvm.func} in the same conversion and the call takes its
     * pointer argument directly.
     */
    @Test
    void aConvertedContextArgumentIsPassedDirectly() {
        Operation module = IrParser.parse(ctx, """
                func.func @f(%ctx: !hip.context) {
                  %a = memref.alloc() : memref<2xf32>
                  hip.exp %a, %a : (memref<2xf32>, memref<2xf32>) -> ()
                  return
                }
                """, "f.mlir");
        LLVMConversion.prepare(ctx);
        LLVMTypeConverter types = new LLVMTypeConverter();
        types.addSimpleConversion(t -> t instanceof ContextType ? LLVMTypes.PointerType.DEFAULT : null);
        ConversionTarget target = LLVMConversion.newTarget();
        RewritePatternSet patterns = new RewritePatternSet();
        LLVMConversion.populate(ctx, ns -> true, target, types, patterns);
        assertThat(DialectConversion.applyPartialConversion(module, target, patterns.freeze()).succeeded()).isTrue();
        assertThat(Verifier.verify(module).succeeded()).isTrue();
        String printed = IrPrinter.print(module, AsmPrinterOptions.defaults());
        assertThat(printed).contains("llvm.func @hipep_exp_f32(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr)",
                "llvm.func @f(%arg0: !llvm.ptr)", "llvm.call @hipep_exp_f32(%arg0, ")
                .doesNotContain("hip.exp", "!hip.context");
        assertThat(errors).isEmpty();
    }

    /** convert-to-llvm uses the same model: a carrier left is an illegal op it names. */
    @Test
    void convertToLlvmNamesALeftCarrier() {
        Operation module = IrParser.parse(ctx, """
                func.func @f() {
                  %a = hip.constant {value = dense<[1, 2]> : tensor<2xi8>} : tensor<2xi8>
                  return
                }
                """, "f.mlir");
        PassManager pm = new PassManager();
        pm.addPass(ConvertToLLVMPass::new);
        assertThat(pm.run(module).succeeded()).isFalse();
        assertThat(errors).contains("failed to legalize operation 'hip.constant' that was explicitly marked illegal");
    }
}
