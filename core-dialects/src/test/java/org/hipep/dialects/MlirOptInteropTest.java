package org.hipep.dialects;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.hipep.ir.Context;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.Operation;
import org.hipep.ir.Verifier;
import org.hipep.ir.text.AsmPrinterOptions;
import org.hipep.ir.text.IrParser;
import org.hipep.ir.text.IrPrinter;
import org.hipep.testing.upstream.UpstreamTool;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Exchanges IR with upstream {@code mlir-opt} (Debian {@code mlir-22-tools}) in both directions,
 * over the files in {@code src/test/resources/interop} (builtin, func and arith ops):
 * <ul>
 * <li>what we print in generic form parses in mlir-opt, and mlir-opt's re-print of it reads back
 *     to the same IR here;</li>
 * <li>what mlir-opt prints with {@code --mlir-print-op-generic --mlir-print-debuginfo} (location
 *     aliases at the end of the file, inline block-argument locations) parses here, and our print
 *     of it is accepted by mlir-opt again and reads back to the same IR.</li>
 * </ul>
 * When neither {@code mlir-opt-22} nor {@code mlir-opt} is on the PATH the test is skipped, with
 * the reason shown; CI installs the package and sets {@code hipep.require.mlir-opt=true}, which
 * turns a missing tool into a failure.
 */
class MlirOptInteropTest {
    private static final Path CORPUS = Path.of("src/test/resources/interop");

    @TestFactory
    Stream<DynamicTest> roundTripsThroughUpstreamMlirOpt() throws IOException {
        Optional<Path> tool = findMlirOpt();
        if (tool.isEmpty()) {
            String msg = "mlir-opt-22 / mlir-opt is not on the PATH (Debian package mlir-22-tools)";
            if (Boolean.getBoolean("hipep.require.mlir-opt")) {
                throw new AssertionError(msg + ", but hipep.require.mlir-opt=true");
            }
            Assumptions.abort(msg);
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(CORPUS)) {
            files = s.filter(p -> p.toString().endsWith(".mlir")).sorted().toList();
        }
        assertThat(files).as("interop corpus in %s", CORPUS).isNotEmpty();
        return files.stream().flatMap(f -> Stream.of(
                DynamicTest.dynamicTest(f.getFileName() + ": ours -> mlir-opt -> ours", () -> oursToUpstream(tool.get(), f)),
                DynamicTest.dynamicTest(f.getFileName() + ": mlir-opt -> ours -> mlir-opt", () -> upstreamToOurs(tool.get(), f))));
    }

    private static Context context() {
        Context ctx = new Context(CoreDialects.register(new DialectRegistry()));
        ctx.allowUnregisteredDialects(true);
        return ctx;
    }

    private static String ours(String text, String name, AsmPrinterOptions options) {
        Context ctx = context();
        Operation m = IrParser.parse(ctx, text, name);
        assertThat(Verifier.verify(m).succeeded()).as("our verifier accepts %s", name).isTrue();
        return IrPrinter.print(m, options);
    }

    /**
     * Our generic print must parse upstream. mlir-opt may add what it knows and we do not (the
     * default properties of arith ops, say), so the comparison is taken after one upstream
     * normalisation: ours(upstream(ours(x))) must survive another trip unchanged.
     */
    private static void oursToUpstream(Path tool, Path file) throws Exception {
        String g1 = ours(Files.readString(file), file.toString(), AsmPrinterOptions.genericForm());
        String m1 = UpstreamTool.run(tool, g1, "--allow-unregistered-dialect", "--mlir-print-op-generic");
        String g2 = ours(m1, "upstream.mlir", AsmPrinterOptions.genericForm());
        String m2 = UpstreamTool.run(tool, g2, "--allow-unregistered-dialect", "--mlir-print-op-generic");
        assertThat(m2).as("mlir-opt's print of our print of its output").isEqualTo(m1);
        assertThat(ours(m2, "upstream.mlir", AsmPrinterOptions.genericForm())).as("IR after a trip through mlir-opt")
                .isEqualTo(g2);
    }

    private static void upstreamToOurs(Path tool, Path file) throws Exception {
        AsmPrinterOptions withLocs = AsmPrinterOptions.genericForm().withDebugInfo(true);
        String m1 = UpstreamTool.run(tool, Files.readString(file), "--allow-unregistered-dialect", "--mlir-print-op-generic",
                "--mlir-print-debuginfo");
        String g1 = ours(m1, "upstream.mlir", withLocs);
        String m2 = UpstreamTool.run(tool, g1, "--allow-unregistered-dialect", "--mlir-print-op-generic", "--mlir-print-debuginfo");
        String g2 = ours(m2, "upstream.mlir", withLocs);
        assertThat(g2).as("IR with locations after mlir-opt -> ours -> mlir-opt").isEqualTo(g1);
    }

    static Optional<Path> findMlirOpt() {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String name : List.of("mlir-opt-22", "mlir-opt")) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }
}
