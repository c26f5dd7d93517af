package org.hipep.passes.llvm;

import static org.hipep.testing.upstream.UpstreamTool.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hipep.dialects.CoreDialects;
import org.hipep.ir.Context;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.Operation;
import org.hipep.ir.Verifier;
import org.hipep.ir.text.AsmPrinterOptions;
import org.hipep.ir.text.IrParser;
import org.hipep.ir.text.IrPrinter;
import org.hipep.pass.PassManager;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The interface {@code generate-interface} emits is IR upstream accepts: the generic print of
 * each module of {@code lit/llvm/generate-interface.mlir} (and of the metadata test's model)
 * verifies here and in {@code mlir-opt-22}, and {@code mlir-translate-22} turns it into LLVM IR
 * with the four entry points, {@code tensor_t} stepping by 40 bytes. Skipped, with the reason,
 * when the tools are not on the PATH, unless {@code hipep.require.mlir-opt=true} (as
 * {@link LoweredIrUpstreamTest}).
 */
class GeneratedInterfaceUpstreamTest {
    private static final Path INPUTS = Path.of("src/test/resources/lit/llvm/generate-interface.mlir");

    @Test
    void generatedInterfaceVerifiesAndTranslatesUpstream() throws Exception {
        Path opt = tool("mlir-opt-22", "mlir-opt");
        Path translate = tool("mlir-translate-22", "mlir-translate");
        List<String> inputs = new ArrayList<>(List.of(Files.readString(INPUTS).split("(?m)^// -----$")));
        inputs.add(GenerateInterfacePassTest.MODEL);
        for (String input : inputs) {
            Context ctx = new Context(CoreDialects.register(new DialectRegistry()));
            Operation module = IrParser.parse(ctx, input, "input.mlir");
            PassManager pm = new PassManager();
            pm.addPass(GenerateInterfacePass::new);
            assertThat(pm.run(module).succeeded()).as("generate-interface succeeds").isTrue();
            assertThat(Verifier.verify(module).succeeded()).as("our verifier accepts the result").isTrue();
            String generic = IrPrinter.print(module, AsmPrinterOptions.genericForm());
            String upstream = run(opt, generic, "--verify-each");
            assertThat(upstream).contains("llvm.func @inference_init(", "llvm.func @inference_compute(",
                    "llvm.func @inference_cleanup(", "llvm.func @inference_get_metadata_json(",
                    "llvm.func @hipdnn_ep_set_output_allocator(");
            String ir = run(translate, upstream, "--mlir-to-llvmir");
            assertThat(ir).contains("define i32 @inference_init(ptr", "define i32 @inference_compute(ptr",
                    "define i32 @inference_cleanup(ptr", "define ptr @inference_get_metadata_json()",
                    "define void @hipdnn_ep_set_output_allocator(ptr");
            if (ir.contains("call i32 @hipdnn_ep_tensor_prepare_input(")) {
                // A model with inputs reads tensor_t, whose tail padding keeps the 40-byte stride.
                assertThat(ir).contains("%hipdnn_tensor_t = type { ptr, ptr, i64, i64, i32, [4 x i8] }");
            }
        }
    }

    /**
     * A {@code @main_graph} with memref arguments lowered by upstream's own passes has the
     * expanded signature the pass expects: our interface calls it and the result translates.
     */
    @Test
    void interfaceOverUpstreamLoweredMainGraph() throws Exception {
        Path opt = tool("mlir-opt-22", "mlir-opt");
        Path translate = tool("mlir-translate-22", "mlir-translate");
        String lowered = run(opt, """
                module attributes {hipdnn.input_shapes = [array<i64: 2, -1>, array<i64: 4>]} {
                  func.func @main_graph(%ctx: !llvm.ptr, %a: memref<2x?xf32>, %b: memref<4xi64>) {
                    return
                  }
                }
                """, "--finalize-memref-to-llvm", "--convert-func-to-llvm", "--reconcile-unrealized-casts");
        Context ctx = new Context(CoreDialects.register(new DialectRegistry()));
        Operation module = IrParser.parse(ctx, lowered, "lowered.mlir");
        PassManager pm = new PassManager();
        pm.addPass(GenerateInterfacePass::new);
        assertThat(pm.run(module).succeeded()).as("generate-interface succeeds").isTrue();
        String upstream = run(opt, IrPrinter.print(module, AsmPrinterOptions.genericForm()), "--verify-each");
        // state, then (data, data, offset, 2 sizes, 2 strides) and (data, data, offset, size, stride).
        assertThat(upstream).containsPattern("llvm\\.call @main_graph\\(%arg0, (%\\d+), \\1(, %\\d+){5}, "
                + "(%\\d+), \\3(, %\\d+){3}\\)");
        assertThat(run(translate, upstream, "--mlir-to-llvmir")).contains("call void @main_graph(ptr %0");
    }

    /** The first of {@code names} on the PATH; skips (or fails under hipep.require.mlir-opt) without one. */
    private static Path tool(String... names) {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String name : names) {
            for (String dir : path.split(File.pathSeparator)) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return p;
                }
            }
        }
        String msg = String.join(" / ", names) + " is not on the PATH (Debian package mlir-22-tools)";
        if (Boolean.getBoolean("hipep.require.mlir-opt")) {
            throw new AssertionError(msg + ", but hipep.require.mlir-opt=true");
        }
        Assumptions.abort(msg);
        return null;
    }
}
