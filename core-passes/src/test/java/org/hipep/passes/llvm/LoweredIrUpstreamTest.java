package org.hipep.passes.llvm;

import static org.hipep.testing.upstream.UpstreamTool.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.hipep.dialects.CoreDialects;
import org.hipep.ir.Context;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.Operation;
import org.hipep.ir.Verifier;
import org.hipep.ir.text.AsmPrinterOptions;
import org.hipep.ir.text.IrParser;
import org.hipep.ir.text.IrPrinter;
import org.hipep.pass.Pass;
import org.hipep.pass.PassManager;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * What the to-LLVM passes produce is IR upstream accepts: the generic print of the lowered
 * end-to-end input parses and verifies in {@code mlir-opt-22}, and lowering the same input with
 * upstream's passes prints the same in {@code mlir-opt-22}; so do smaller inputs lowered by one
 * pass. Skipped, with the reason, when
 * neither {@code mlir-opt-22} nor {@code mlir-opt} is on the PATH, unless
 * {@code hipep.require.mlir-opt=true} turns that into a failure (as in core-dialects'
 * interop test).
 */
class LoweredIrUpstreamTest {
    private static final Path LIT = Path.of("src/test/resources/lit/llvm");
    private static final Path E2E = LIT.resolve("convert-to-llvm-e2e.mlir");
    private static final Path MEMREF_E2E = LIT.resolve("convert-to-llvm-memref-e2e.mlir");

    @Test
    void loweredModuleVerifiesUpstreamAndMatchesUpstreamLowering() throws Exception {
        Path tool = mlirOpt();
        String input = Files.readString(E2E);
        Operation module = lower(input, SCFToControlFlowPass::new, ConvertToLLVMPass::new,
                ReconcileUnrealizedCastsPass::new);
        String generic = IrPrinter.print(module, AsmPrinterOptions.genericForm());
        String upstreamOfOurs = run(tool, generic, "--verify-each");
        String upstreamLowering = run(tool, input, "--convert-scf-to-cf", "--convert-to-llvm",
                "--reconcile-unrealized-casts");
        assertThat(opNames(upstreamOfOurs)).as("llvm ops of our lowering, as mlir-opt reads them")
                .isNotEmpty().allMatch(n -> n.startsWith("llvm."));
        assertThat(upstreamOfOurs).as("mlir-opt's print of our lowering").isEqualTo(upstreamLowering);
    }

    /**
     * Memref arguments, allocations, loops over loads and stores, math, a subview, a copy and a
     * call with two results, lowered to llvm only: upstream verifies our result and prints it as
     * it prints its own lowering of the same input, pass by pass or through convert-to-llvm.
     */
    @Test
    void memrefModuleLowersAsUpstream() throws Exception {
        Path tool = mlirOpt();
        String input = Files.readString(MEMREF_E2E);
        Operation module = lower(input, SCFToControlFlowPass::new, ExpandStridedMetadataPass::new,
                ConvertToLLVMPass::new, ReconcileUnrealizedCastsPass::new);
        String generic = IrPrinter.print(module, AsmPrinterOptions.genericForm());
        String upstreamOfOurs = run(tool, generic, "--verify-each");
        assertThat(opNames(upstreamOfOurs)).as("llvm ops of our lowering, as mlir-opt reads them")
                .isNotEmpty().allMatch(n -> n.startsWith("llvm."));
        assertThat(upstreamOfOurs).as("mlir-opt's print of our lowering").isEqualTo(run(tool, input,
                "--convert-scf-to-cf", "--expand-strided-metadata", "--convert-to-llvm", "--reconcile-unrealized-casts"));
        Operation perDialect = lower(input, SCFToControlFlowPass::new, ExpandStridedMetadataPass::new,
                ConvertToLLVMPass::memref, ConvertToLLVMPass::math, ConvertToLLVMPass::arith, ConvertToLLVMPass::cf,
                ConvertToLLVMPass::func, ReconcileUnrealizedCastsPass::new);
        assertThat(run(tool, IrPrinter.print(perDialect, AsmPrinterOptions.genericForm()), "--verify-each"))
                .as("mlir-opt's print of our per-dialect lowering")
                .isEqualTo(run(tool, input, "--convert-scf-to-cf", "--expand-strided-metadata",
                        "--finalize-memref-to-llvm", "--convert-math-to-llvm", "--convert-arith-to-llvm",
                        "--convert-cf-to-llvm", "--convert-func-to-llvm", "--reconcile-unrealized-casts"));
    }

    /** The lit inputs of the newer lowerings, each lowered here and upstream by the same passes. */
    @Test
    void memrefMathAndControlFlowLoweringsPrintTheSameUpstream() throws Exception {
        Path tool = mlirOpt();
        assertSameUpstream(tool, lit("finalize-memref-to-llvm.mlir"), ConvertToLLVMPass::memref,
                "--finalize-memref-to-llvm");
        assertSameUpstream(tool, lit("convert-math-to-llvm.mlir"), ConvertToLLVMPass::math, "--convert-math-to-llvm");
        assertSameUpstream(tool, lit("convert-arith-to-llvm-minmax.mlir"), ConvertToLLVMPass::arith,
                "--convert-arith-to-llvm");
        assertSameUpstream(tool, lit("convert-cf-to-llvm-switch.mlir"), ConvertToLLVMPass::cf, "--convert-cf-to-llvm");
        assertSameUpstream(tool, lit("convert-scf-to-cf-while.mlir"), SCFToControlFlowPass::new, "--convert-scf-to-cf");
        String funcs = lit("convert-func-to-llvm-memref.mlir");
        assertThat(run(tool, IrPrinter.print(lower(funcs, ConvertToLLVMPass::func, ReconcileUnrealizedCastsPass::new),
                AsmPrinterOptions.genericForm()), "--verify-each")).as("memref signatures")
                .isEqualTo(run(tool, funcs, "--convert-func-to-llvm", "--reconcile-unrealized-casts"));
        String unranked = lit("convert-to-llvm-unranked.mlir");
        assertThat(run(tool, IrPrinter.print(lower(unranked, ConvertToLLVMPass::new,
                ReconcileUnrealizedCastsPass::new), AsmPrinterOptions.genericForm()), "--verify-each"))
                .as("unranked memrefs").isEqualTo(run(tool, unranked, "--convert-to-llvm", "--reconcile-unrealized-casts"));
        // The static cases only: upstream computes dynamic values with affine.apply.
        String views = lit("expand-strided-metadata.mlir");
        views = views.substring(0, views.lastIndexOf("func.func @dynamic"));
        assertSameUpstream(tool, views, ExpandStridedMetadataPass::new, "--expand-strided-metadata");
    }

    private static String lit(String name) throws Exception {
        return Files.readString(LIT.resolve(name));
    }

    /** Smaller inputs, each lowered by one pass here and upstream: mlir-opt prints both the same. */
    @Test
    void singlePassLoweringsPrintTheSameUpstream() throws Exception {
        Path tool = mlirOpt();
        String scalars = """
                func.func @f(%a: i32, %x: f32, %i: index) -> f32 {
                  %c = arith.constant 3 : i32
                  %0 = arith.subi %a, %c overflow<nsw> : i32
                  %1 = arith.cmpi sge, %0, %a : i32
                  %2 = arith.select %1, %0, %a : i32
                  %3 = arith.sitofp %2 : i32 to f32
                  %4 = arith.mulf %3, %x fastmath<nnan, ninf> : f32
                  %5 = arith.cmpf ult, %4, %x : f32
                  %6 = arith.index_cast %i : index to i32
                  %7 = arith.addi %6, %a : i32
                  return %4 : f32
                }
                """;
        String attrs = """
                func.func private @g(index) -> index
                func.func @f(%a: i32 {llvm.signext}, %b: index) -> (i32 {llvm.zeroext}) {
                  %0 = call @g(%b) : (index) -> index
                  return %a : i32
                }
                """;
        String asserts = """
                func.func @f(%c: i1, %d: i1) {
                  cf.assert %c, "first"
                  cf.assert %d, "second"
                  return
                }
                """;
        assertSameUpstream(tool, scalars, ConvertToLLVMPass::arith, "--convert-arith-to-llvm");
        assertSameUpstream(tool, attrs, ConvertToLLVMPass::func, "--convert-func-to-llvm");
        assertSameUpstream(tool, asserts, ConvertToLLVMPass::cf, "--convert-cf-to-llvm");
    }

    private static void assertSameUpstream(Path tool, String input, Supplier<? extends Pass> ours, String flag)
            throws Exception {
        String generic = IrPrinter.print(lower(input, ours), AsmPrinterOptions.genericForm());
        assertThat(run(tool, generic, "--verify-each")).as("mlir-opt's print of our %s", flag)
                .isEqualTo(run(tool, input, flag));
    }

    /**
     * Kernel calls of hip ops (convert-hip-to-llvm, then reconcile-unrealized-casts) in an
     * llvm.func whose argument 0 is the context: mlir-opt verifies the result, llvm ops only
     * (the declarations, the constant globals, the descriptor allocas and stores, the calls).
     */
    @Test
    void hipKernelCallsVerifyUpstream() throws Exception {
        Path tool = mlirOpt();
        String input = """
                llvm.func @f(%ctx: !llvm.ptr, %sa: !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>,
                             %sb: !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>) {
                  %a = "builtin.unrealized_conversion_cast"(%sa) : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>) -> memref<2x3xf32>
                  %b = "builtin.unrealized_conversion_cast"(%sb) : (!llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>) -> memref<3xf32>
                  hip.add %a, %b, %a : (memref<2x3xf32>, memref<3xf32>, memref<2x3xf32>) -> ()
                  hip.reduce_max %a, %b {axes = array<i64: 0>, keepdims = false} : (memref<2x3xf32>, memref<3xf32>) -> ()
                  hip.einsum %a, %a {equation = "ij->ij"} : (memref<2x3xf32>, memref<2x3xf32>) -> ()
                  hip.clip %a, %a {min = 0.0 : f32} : (memref<2x3xf32>, memref<2x3xf32>) -> ()
                  llvm.return
                }
                """;
        Operation module = lower(input, ConvertHipToLLVMPass::new, ReconcileUnrealizedCastsPass::new);
        String upstream = run(tool, IrPrinter.print(module, AsmPrinterOptions.genericForm()), "--verify-each");
        assertThat(opNames(upstream)).as("ops of our lowering, as mlir-opt reads them").isNotEmpty()
                .allMatch(n -> n.startsWith("llvm."));
        assertThat(upstream).contains("llvm.call @hipep_add_f32(", "llvm.call @hipep_reduce_max_f32(",
                "llvm.call @hipep_einsum_f32_in1(", "llvm.call @hipep_clip_f32(",
                "llvm.mlir.global private constant @hipep_einsum_f32_in1_equation(dense<[105, 106, 45, 62, 105, 106, 0]>"
                        + " : tensor<7xi8>) {addr_space = 0 : i32} : !llvm.array<7 x i8>");
    }

    @SafeVarargs
    private static Operation lower(String text, Supplier<? extends Pass>... passes) {
        Context ctx = new Context(CoreDialects.register(new DialectRegistry()));
        Operation module = IrParser.parse(ctx, text, "input.mlir");
        PassManager pm = new PassManager();
        for (Supplier<? extends Pass> p : passes) {
            pm.addPass(p);
        }
        assertThat(pm.run(module).succeeded()).as("lowering succeeds").isTrue();
        assertThat(Verifier.verify(module).succeeded()).as("our verifier accepts the result").isTrue();
        return module;
    }

    /** The op names of a module printed in the custom form, in order, without the module. */
    private static List<String> opNames(String text) {
        List<String> names = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("(?m)^\\s*(?:%[\\w#:, %]+= )?\"?([a-z_]+\\.[a-z_.]+)").matcher(text);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    private static Path mlirOpt() {
        Optional<Path> tool = Optional.empty();
        String path = System.getenv().getOrDefault("PATH", "");
        for (String name : List.of("mlir-opt-22", "mlir-opt")) {
            for (String dir : path.split(File.pathSeparator)) {
                Path p = Path.of(dir, name);
                if (tool.isEmpty() && Files.isExecutable(p)) {
                    tool = Optional.of(p);
                }
            }
        }
        if (tool.isEmpty()) {
            String msg = "mlir-opt-22 / mlir-opt is not on the PATH (Debian package mlir-22-tools)";
            if (Boolean.getBoolean("hipep.require.mlir-opt")) {
                throw new AssertionError(msg + ", but hipep.require.mlir-opt=true");
            }
            Assumptions.abort(msg);
        }
        return tool.get();
    }
}
