package org.hipep.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hipep.dialects.CoreDialects;
import org.hipep.ir.Context;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.Operation;
import org.hipep.ir.Verifier;
import org.hipep.ir.text.AsmPrinterOptions;
import org.hipep.ir.text.IrParser;
import org.hipep.ir.text.IrPrinter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Parse + verify + print of a generated module with 100,000 ops and 10 MB of dense constants
 * (hex form), by us and by upstream {@code mlir-opt-22} on the same file, in one run.
 *
 * <p>{@code mlirOpt} runs the tool as a process ({@code --allow-unregistered-dialect
 * --mlir-print-op-generic -o /dev/null}), so its time includes process start-up (a few ms);
 * {@code hipep} is in-process and warmed up. The memory figure is printed at tear-down: heap
 * retained by the parsed module (after GC) divided by the text size.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5)
@Measurement(iterations = 10)
@Fork(value = 1, jvmArgs = {"-Xmx4g"})
public class ParsePrintBenchmark {
    private String text;
    private Path file;
    private DialectRegistry registry;
    private String mlirOpt;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        text = IrCorpus.generate(100, 1000, 10, 1 << 20);
        file = Files.createTempFile("hipep-bench", ".mlir");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        registry = CoreDialects.register(new DialectRegistry());
        mlirOpt = System.getProperty("hipep.mlirOpt", "mlir-opt-22");
        Operation m = parse();
        long ops = m.region(0).countOps();
        System.out.printf("%ncorpus: %,d ops, %,d bytes of text%n", ops, text.length());
    }

    private Operation parse() {
        Context ctx = new Context(registry);
        ctx.allowUnregisteredDialects(true);
        return IrParser.parse(ctx, text, file.toString());
    }

    @Benchmark
    public int hipep() {
        Operation m = parse();
        if (Verifier.verify(m).failed()) {
            throw new IllegalStateException("generated module does not verify");
        }
        return IrPrinter.print(m, AsmPrinterOptions.genericForm()).length();
    }

    @Benchmark
    public int mlirOpt() throws IOException, InterruptedException {
        Process p = new ProcessBuilder(List.of(mlirOpt, "--allow-unregistered-dialect", "--mlir-print-op-generic",
                file.toString(), "-o", "/dev/null")).inheritIO().start();
        int rc = p.waitFor();
        if (rc != 0) {
            throw new IllegalStateException(mlirOpt + " failed with exit code " + rc);
        }
        return rc;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        Runtime rt = Runtime.getRuntime();
        System.gc();
        long before = rt.totalMemory() - rt.freeMemory();
        Operation m = parse();
        System.gc();
        long after = rt.totalMemory() - rt.freeMemory();
        System.out.printf("%nretained by the parsed module: %,d bytes = %.2f x the text size (%d ops)%n",
                after - before, (double) (after - before) / text.length(), m.region(0).countOps());
        Files.deleteIfExists(file);
    }
}
