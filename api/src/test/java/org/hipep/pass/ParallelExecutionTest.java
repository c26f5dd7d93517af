package org.hipep.pass;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import org.hipep.ir.Context;
import org.hipep.ir.Operation;
import org.hipep.ir.text.AsmPrinterOptions;
import org.hipep.ir.text.IrPrinter;
import org.hipep.pass.TestPasses.RendezvousPass;
import org.junit.jupiter.api.Test;

class ParallelExecutionTest {

    private static final PassRegistry REGISTRY = TestRegistry.create();

    /** The outcome of one run: success, printed IR and rendered diagnostics in emission order. */
    private record Outcome(boolean succeeded, String ir, List<String> diagnostics) {
    }

    private static Outcome run(boolean multithreading, String ir, Consumer<PassManager> setup) {
        Context ctx = TestDialect.context(multithreading);
        Operation module = TestDialect.parse(ctx, ir);
        List<String> diagnostics = Collections.synchronizedList(new ArrayList<>());
        ctx.diagnostics().registerHandler(d -> diagnostics.add(d.render()));
        PassManager pm = new PassManager();
        setup.accept(pm);
        boolean ok = pm.run(module).succeeded();
        return new Outcome(ok, IrPrinter.print(module, AsmPrinterOptions.genericForm()), List.copyOf(diagnostics));
    }

    /** Sleeps longer on earlier functions, so parallel ops finish out of order; emits remarks. */
    static final class StaggerPass extends Pass {
        @Override
        public String argument() {
            return "test-stagger";
        }

        @Override
        protected void runOnOperation() {
            String name = TestPasses.symbol(getOperation());
            getOperation().emitRemark("start " + name);
            int index = name.startsWith("f") ? Integer.parseInt(name.substring(1)) : 0;
            try {
                Thread.sleep(Math.max(0, 12 - index));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            getOperation().emitWarning("end " + name);
        }
    }

    private static void pipeline(PassManager pm) {
        pm.nest("test.func").addPass(StaggerPass::new);
        PassPipelines.parse("test.func(test-mark{tag=z},test-count-ops,test-fail{on=f5}),any(test-count-ops),"
                + "test.func(test-throw)", REGISTRY, pm);
    }

    @Test
    void parallelRunMatchesSequentialRun() {
        String ir = TestDialect.module(12);
        Outcome sequential = run(false, ir, ParallelExecutionTest::pipeline);
        Outcome parallel = run(true, ir, ParallelExecutionTest::pipeline);
        assertThat(sequential.succeeded()).isFalse();
        assertThat(parallel).isEqualTo(sequential);
        // The failing function reports its own error once, on the worker thread as sequentially.
        assertThat(sequential.diagnostics()).hasSize(12 * 2 + 12 * 2 + 1)
                .contains("in.mlir:28:3: error: custom failure")
                .noneMatch(d -> d.contains("pass 'test-fail' failed"));
        assertThat(sequential.ir()).contains("marked = \"z\"");
    }

    @Test
    void successfulParallelRunMatchesSequentialRun() {
        String ir = TestDialect.module(9);
        Consumer<PassManager> setup = pm -> PassPipelines.parse(
                "test.func(test-mark{tag=q level=2}),any(test-count-ops)", REGISTRY, pm);
        Outcome sequential = run(false, ir, setup);
        assertThat(sequential.succeeded()).isTrue();
        assertThat(run(true, ir, setup)).isEqualTo(sequential);
    }

    @Test
    void exceptionsOnEveryOpAreReportedInOpOrder() {
        String ir = TestDialect.module(8);
        Consumer<PassManager> setup = pm -> PassPipelines.parse("test.func(test-throw)", REGISTRY, pm);
        Outcome parallel = run(true, ir, setup);
        assertThat(parallel.diagnostics()).hasSize(8).first()
                .isEqualTo("in.mlir:2:3: error: pass 'test-throw' failed on 'test.func': boom on f0");
        assertThat(parallel.diagnostics().get(7)).endsWith("boom on f7");
        assertThat(parallel).isEqualTo(run(false, ir, setup));
    }

    @Test
    void nestedParallelPipelinesKeepDiagnosticOrder() {
        StringBuilder ir = new StringBuilder("\"builtin.module\"() ({\n");
        for (int i = 0; i < 4; i++) {
            ir.append("  \"test.func\"() ({\n");
            for (int j = 0; j < 3; j++) {
                ir.append("    \"test.func\"() ({\n      \"test.return\"() : () -> ()\n    }) {sym_name = \"g")
                        .append(i).append(j).append("\"} : () -> ()\n");
            }
            ir.append("    \"test.return\"() : () -> ()\n  }) {sym_name = \"f").append(i).append("\"} : () -> ()\n");
        }
        ir.append("}) : () -> ()\n");
        Consumer<PassManager> setup = pm -> {
            OpPassManager outer = pm.nest("test.func");
            outer.addPass(StaggerPass::new);
            outer.nest("test.func").addPass(StaggerPass::new).addPass(TestPasses.CountOpsPass::new);
        };
        Outcome sequential = run(false, ir.toString(), setup);
        assertThat(sequential.succeeded()).isTrue();
        assertThat(sequential.diagnostics()).hasSize(4 * 2 + 12 * 3);
        assertThat(run(true, ir.toString(), setup)).isEqualTo(sequential);
    }

    @Test
    void isolatedOpsRunOnSeveralThreads() {
        assumeTrue(Runtime.getRuntime().availableProcessors() > 1, "needs two processors");
        RendezvousPass.THREADS.clear();
        RendezvousPass.latch = new CountDownLatch(2);
        Outcome outcome = run(true, TestDialect.module(6), pm -> pm.nest("test.func").addPass(RendezvousPass::new));
        assertThat(outcome.succeeded()).isTrue();
        assertThat(RendezvousPass.THREADS).hasSizeGreaterThan(1).allMatch(t -> t.startsWith("hipep-pass-worker-"));
    }

    @Test
    void withoutMultithreadingEverythingRunsOnTheCallingThread() {
        Set<String> threads = ConcurrentHashMap.newKeySet();
        Outcome outcome = run(false, TestDialect.module(6), pm -> pm.nest("test.func").addPass(() -> recorder(threads)));
        assertThat(outcome.succeeded()).isTrue();
        assertThat(threads).containsExactly(Thread.currentThread().getName());
    }

    @Test
    void childrenThatAreNotIsolatedRunSequentially() {
        Set<String> threads = ConcurrentHashMap.newKeySet();
        String ir = "\"builtin.module\"() ({\n" + "  \"foo.global\"() : () -> ()\n".repeat(5) + "}) : () -> ()\n";
        Outcome outcome = run(true, ir, pm -> pm.nest("foo.global").addPass(() -> recorder(threads)));
        assertThat(outcome.succeeded()).isTrue();
        assertThat(threads).containsExactly(Thread.currentThread().getName());
    }

    @Test
    void instrumentationExceptionsAbortTheRunInBothModes() {
        for (boolean multithreading : new boolean[] {false, true}) {
            PassInstrumentation failing = new PassInstrumentation() {
                @Override
                public void runBeforePass(Pass pass, Operation op) {
                    if ("f2".equals(TestPasses.symbol(op))) {
                        throw new IllegalStateException("instrumentation broke");
                    }
                }
            };
            assertThatThrownBy(() -> run(multithreading, TestDialect.module(5), pm -> {
                pm.nest("test.func").addPass(TestPasses.CountOpsPass::new);
                pm.addInstrumentation(failing);
            })).isInstanceOf(IllegalStateException.class).hasMessage("instrumentation broke");
        }
    }

    private static Pass recorder(Set<String> threads) {
        return new Pass() {
            @Override
            public String argument() {
                return "test-thread-recorder";
            }

            @Override
            protected void runOnOperation() {
                threads.add(Thread.currentThread().getName());
            }
        };
    }
}
