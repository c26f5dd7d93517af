package org.hipep.passes.llvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hipep.dialects.CoreDialects;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.DialectExtension;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Verifier;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.interfaces.ConvertToLLVMPatternInterface;
import org.hipep.ir.rewrite.ConversionPattern;
import org.hipep.ir.text.AsmPrinterOptions;
import org.hipep.ir.text.IrParser;
import org.hipep.ir.text.IrPrinter;
import org.hipep.pass.PassManager;
import org.junit.jupiter.api.Test;

/**
 * A dialect from outside core-dialects (as a plugin brings one) is lowered by the same
 * collection as the in-tree ones: its model, attached by its own extension, runs in the same
 * partial conversion as arith's and func's, and a dialect that only promises the interface is
 * skipped, its ops staying.
 */
class PluginDialectLoweringTest {
    /** {@code toy.answer : i32}, lowered by its model to {@code llvm.mlir.constant(42 : i32)}. */
    static final class ToyDialect extends Dialect {
        ToyDialect(Context ctx) {
            super("toy", ctx);
        }

        @Override
        protected void initialize() {
            addOperation("answer").summary("the answer").register();
        }
    }

    /** Promises a to-LLVM model that no extension attaches. */
    static final class PromiserDialect extends Dialect {
        PromiserDialect(Context ctx) {
            super("promiser", ctx);
        }

        @Override
        protected void initialize() {
            addOperation("op").summary("an op without lowering").register();
            declarePromisedInterface(ConvertToLLVMPatternInterface.class);
        }
    }

    static final ConvertToLLVMPatternInterface TOY_TO_LLVM = (target, tc, patterns) -> {
        target.addIllegalDialect("toy");
        patterns.add(ConversionPattern.of("toy.answer", 1, tc, "ToyAnswerToLLVM", (op, operands, r) -> {
            Operation c = r.create(op.location(), "llvm.mlir.constant", List.of(), List.of(IntegerType.I32),
                    Map.of("value", IntegerAttr.of(IntegerType.I32, 42)));
            r.replaceOp(op, c.results());
            return LogicalResult.success();
        }));
    };

    static final DialectExtension TOY_EXTENSION = DialectExtension.of(Set.of("toy"),
            ctx -> ctx.getLoadedDialect("toy").attachInterface(ConvertToLLVMPatternInterface.class, TOY_TO_LLVM));

    private static final String INPUT = """
            func.func @f(%a: i32) -> i32 {
              %0 = "toy.answer"() : () -> i32
              %1 = arith.addi %0, %a : i32
              "promiser.op"(%1) : (i32) -> ()
              return %1 : i32
            }
            """;

    private static Context context() {
        DialectRegistry registry = CoreDialects.register(new DialectRegistry())
                .insert("toy", ToyDialect::new).insert("promiser", PromiserDialect::new).addExtension(TOY_EXTENSION);
        return new Context(registry);
    }

    @Test
    void pluginModelRunsWithTheInTreeOnesAndAPromiseIsSkipped() {
        Context ctx = context();
        Operation module = IrParser.parse(ctx, INPUT, "input.mlir");
        PassManager pm = new PassManager();
        pm.addPass(ConvertToLLVMPass::new);
        assertThat(pm.run(module).succeeded()).isTrue();
        assertThat(Verifier.verify(module).succeeded()).isTrue();
        assertThat(IrPrinter.print(module, AsmPrinterOptions.defaults())).isEqualTo("""
                module {
                  llvm.func @f(%arg0: i32) -> i32 {
                    %0 = llvm.mlir.constant(42 : i32) : i32
                    %1 = llvm.add %0, %arg0 : i32
                    "promiser.op"(%1) : (i32) -> ()
                    llvm.return %1 : i32
                  }
                }
                """);
    }

    @Test
    void collectionListsTheDialectsWithAModelOnly() {
        Context ctx = context();
        IrParser.parse(ctx, INPUT, "input.mlir");
        LLVMConversion.prepare(ctx);
        List<String> names = new ArrayList<>();
        LLVMConversion.dialectsWithModels(ctx, ns -> true).forEach(d -> names.add(d.namespace()));
        assertThat(names).contains("toy", "arith", "func").doesNotContain("promiser", "llvm", "builtin");
        assertThat(ctx.getLoadedDialect("promiser").hasPromisedInterface(ConvertToLLVMPatternInterface.class))
                .isTrue();
    }

    @Test
    void perDialectPassUsesOnlyThatDialectsModel() {
        Context ctx = context();
        Operation module = IrParser.parse(ctx, INPUT, "input.mlir");
        PassManager pm = new PassManager();
        pm.addPass(ConvertToLLVMPass::arith);
        assertThat(pm.run(module).succeeded()).isTrue();
        String printed = IrPrinter.print(module, AsmPrinterOptions.defaults());
        assertThat(printed).contains("\"toy.answer\"()", "llvm.add", "func.func @f").doesNotContain("arith.");
    }

    @Test
    void fullConversionNamesTheOpNothingLowersAndRollsBack() {
        Context ctx = context();
        Operation module = IrParser.parse(ctx, INPUT, "input.mlir");
        String before = IrPrinter.print(module, AsmPrinterOptions.defaults());
        List<String> errors = new ArrayList<>();
        try (var h = ctx.diagnostics().registerHandler(d -> errors.add(d.message()) || true)) {
            assertThat(LLVMConversion.applyFull(module, ns -> true).failed()).isTrue();
        }
        assertThat(errors).containsExactly("failed to legalize operation 'promiser.op'");
        assertThat(IrPrinter.print(module, AsmPrinterOptions.defaults())).isEqualTo(before);
    }
}
