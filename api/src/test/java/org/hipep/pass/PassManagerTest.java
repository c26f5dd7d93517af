package org.hipep.pass;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.hipep.ir.Context;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.pass.TestPasses.CountOpsPass;
import org.hipep.pass.TestPasses.MarkFuncPass;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class PassManagerTest {

    private static final PassRegistry REGISTRY = TestRegistry.create();

    private Context ctx;
    private Operation module;
    private final List<String> diagnostics = Collections.synchronizedList(new ArrayList<>());

    @BeforeEach
    void setUp() {
        ctx = TestDialect.context(false);
        module = TestDialect.parse(ctx, TestDialect.module(3));
        ctx.diagnostics().registerHandler(d -> diagnostics.add(d.render()));
    }

    private LogicalResult run(String pipeline) {
        return PassPipelines.parsePassManager(pipeline, REGISTRY).run(module);
    }

    private Operation func(int i) {
        List<Operation> funcs = new ArrayList<>();
        module.walk(op -> {
            if (op.is("test.func")) {
                funcs.add(op);
            }
        });
        return funcs.get(i);
    }

    @Test
    void nestedPipelineRunsOnEachMatchingChild() {
        assertThat(run("builtin.module(test.func(test-mark{tag=a level=7}))").succeeded()).isTrue();
        for (int i = 0; i < 3; i++) {
            assertThat(func(i).attribute("marked")).isEqualTo(new StringAttr("a"));
        }
        assertThat(module.toString()).contains("level = 7 : i64");
        assertThat(diagnostics).containsExactly(
                "in.mlir:2:3: remark: marked @f0",
                "in.mlir:6:3: remark: marked @f1",
                "in.mlir:11:3: remark: marked @f2");
    }

    @Test
    void passesRunInOrderOnTheAnchor() {
        assertThat(run("builtin.module(test-count-ops,test.func(test-mark{only=1}),test-count-ops)").succeeded())
                .isTrue();
        assertThat(diagnostics).containsExactly(
                "in.mlir:1:1: remark: ? has 13 nested ops",
                "in.mlir:6:3: remark: marked @f1",
                "in.mlir:1:1: remark: ? has 13 nested ops");
    }

    @Test
    void opAgnosticNestedManagerRunsOnIsolatedChildrenOnly() {
        assertThat(run("builtin.module(any(test-count-ops))").succeeded()).isTrue();
        assertThat(diagnostics).containsExactly(
                "in.mlir:2:3: remark: f0 has 2 nested ops",
                "in.mlir:6:3: remark: f1 has 3 nested ops",
                "in.mlir:11:3: remark: f2 has 4 nested ops");
    }

    @Test
    void signalledFailureIsReportedOnceAndStopsThatOp() {
        // The pass's own error says what went wrong; the manager adds nothing (as MLIR), so
        // -verify-diagnostics can pin pass errors.
        assertThat(run("builtin.module(test.func(test-fail{on=f1},test-mark),test-count-ops)").failed()).isTrue();
        assertThat(diagnostics).containsExactly(
                "in.mlir:2:3: remark: marked @f0",
                "in.mlir:6:3: error: custom failure",
                "in.mlir:11:3: remark: marked @f2");
        assertThat(func(1).attribute("marked")).isNull();
    }

    @Test
    void silentFailureIsNamedByTheManager() {
        PassManager pm = new PassManager();
        pm.addPass(() -> new Pass() {
            @Override
            public String argument() {
                return "test-silent-fail";
            }

            @Override
            protected void runOnOperation() {
                signalPassFailure();
            }
        });
        assertThat(pm.run(module).failed()).isTrue();
        assertThat(diagnostics).containsExactly("in.mlir:1:1: error: pass 'test-silent-fail' failed on 'builtin.module'");
    }

    @Test
    void exceptionsBecomeFailures() {
        assertThat(run("builtin.module(test-throw,test-count-ops)").failed()).isTrue();
        assertThat(diagnostics).containsExactly(
                "in.mlir:1:1: error: pass 'test-throw' failed on 'builtin.module': boom on ?");

        diagnostics.clear();
        PassManager pm = new PassManager();
        pm.addPass(() -> new Pass() {
            @Override
            public String argument() {
                return "anonymous";
            }

            @Override
            protected void runOnOperation() {
                throw new UnsupportedOperationException();
            }
        });
        assertThat(pm.run(module).failed()).isTrue();
        assertThat(diagnostics).containsExactly("in.mlir:1:1: error: pass 'anonymous' failed on 'builtin.module'");
    }

    @Test
    void verifierRunsAfterEachPass() {
        assertThat(run("builtin.module(test-break,test-count-ops)").failed()).isTrue();
        assertThat(diagnostics).hasSize(3);
        assertThat(diagnostics.get(0)).isEqualTo("in.mlir:6:3: error: redefinition of symbol named 'dup'\n"
                + "in.mlir:2:3: note: see existing symbol definition here");
        assertThat(diagnostics.get(1)).startsWith("in.mlir:11:3: error: redefinition of symbol named 'dup'");
        assertThat(diagnostics.get(2))
                .isEqualTo("in.mlir:1:1: error: verification failed after running pass 'test-break'");
    }

    @Test
    void verifierCanBeDisabled() {
        PassManager pm = PassPipelines.parsePassManager("builtin.module(test-break,test-count-ops)", REGISTRY);
        assertThat(pm.verifierEnabled()).isTrue();
        assertThat(pm.enableVerifier(false).run(module).succeeded()).isTrue();
        assertThat(diagnostics).containsExactly("in.mlir:1:1: remark: ? has 13 nested ops");
    }

    @Test
    void managerAnchoredElsewhereRefusesToRun() {
        assertThat(new PassManager("test.func").run(module).failed()).isTrue();
        assertThat(diagnostics).containsExactly("in.mlir:1:1: error: can't run 'test.func' pass manager on "
                + "'builtin.module' op");
        diagnostics.clear();
        assertThat(new PassManager(OpPassManager.ANY).addPass(MarkFuncPass::new)).isNotNull();
        PassManager any = new PassManager(OpPassManager.ANY);
        any.addPass(MarkFuncPass::new);
        assertThat(any.run(module).failed()).isTrue();
        assertThat(diagnostics).containsExactly("in.mlir:1:1: error: 'builtin.module' op trying to schedule pass "
                + "'test-mark' on an unsupported operation");
    }

    @Test
    void everyOpGetsAFreshPassInstance() {
        AtomicInteger created = new AtomicInteger();
        PassManager pm = new PassManager();
        pm.nest("test.func").addPass(() -> {
            created.incrementAndGet();
            return new CountOpsPass();
        });
        assertThat(created).hasValue(2);
        assertThat(pm.run(module).succeeded()).isTrue();
        assertThat(created).hasValue(5);
    }

    @Test
    void emptyManagersSucceed() {
        PassManager pm = new PassManager();
        pm.nest("test.func");
        pm.nest("nothing.here").addPass(CountOpsPass::new);
        assertThat(pm.run(module).succeeded()).isTrue();
        assertThat(diagnostics).isEmpty();
    }

    @Test
    void instrumentationHooksNestAndAfterHooksRunInReverse() {
        List<String> events = Collections.synchronizedList(new ArrayList<>());
        PassManager pm = PassPipelines.parsePassManager(
                "builtin.module(test-count-ops,test.func(test-fail{on=f1}))", REGISTRY);
        pm.addInstrumentation(recorder("A", events)).addInstrumentation(recorder("B", events));
        assertThat(pm.run(module).failed()).isTrue();
        List<String> expected = new ArrayList<>(List.of(
                "A before-pipeline builtin.module ?", "B before-pipeline builtin.module ?",
                "A before-pass test-count-ops ?", "B before-pass test-count-ops ?",
                "B after-pass test-count-ops ?", "A after-pass test-count-ops ?"));
        for (int i = 0; i < 3; i++) {
            String f = "f" + i;
            String after = i == 1 ? "after-failed" : "after-pass";
            expected.addAll(List.of(
                    "A before-pipeline test.func " + f, "B before-pipeline test.func " + f,
                    "A before-pass test-fail " + f, "B before-pass test-fail " + f,
                    "B " + after + " test-fail " + f, "A " + after + " test-fail " + f,
                    "B after-pipeline test.func " + f, "A after-pipeline test.func " + f));
        }
        expected.addAll(List.of("B after-pipeline builtin.module ?", "A after-pipeline builtin.module ?"));
        assertThat(events).containsExactlyElementsOf(expected);
        assertThat(pm.instrumentations()).hasSize(2);
    }

    static PassInstrumentation recorder(String id, List<String> events) {
        return new PassInstrumentation() {
            @Override
            public void runBeforePipeline(OpPassManager pipeline, Operation op) {
                events.add(id + " before-pipeline " + pipeline.anchor() + " " + TestPasses.symbol(op));
            }

            @Override
            public void runAfterPipeline(OpPassManager pipeline, Operation op) {
                events.add(id + " after-pipeline " + pipeline.anchor() + " " + TestPasses.symbol(op));
            }

            @Override
            public void runBeforePass(Pass pass, Operation op) {
                events.add(id + " before-pass " + pass.argument() + " " + TestPasses.symbol(op));
            }

            @Override
            public void runAfterPass(Pass pass, Operation op) {
                events.add(id + " after-pass " + pass.argument() + " " + TestPasses.symbol(op));
            }

            @Override
            public void runAfterPassFailed(Pass pass, Operation op) {
                events.add(id + " after-failed " + pass.argument() + " " + TestPasses.symbol(op));
            }
        };
    }

    @Test
    void passDefaults() {
        Pass pass = new MarkFuncPass();
        assertThat(pass.name()).isEqualTo("MarkFuncPass");
        assertThat(pass.printAsTextualPipeline()).isEqualTo("test-mark{level=1 tag=x}");
        assertThat(pass.canScheduleOn(module)).isFalse();
        assertThat(new CountOpsPass().canScheduleOn(module)).isTrue();
        assertThat(new CountOpsPass().anchorName()).isNull();
        assertThat(new CountOpsPass().printAsTextualPipeline()).isEqualTo("test-count-ops");
    }
}
