package org.hipep.ir.testdialect;

import java.util.List;
import java.util.Map;
import org.hipep.ir.Operation;
import org.hipep.pass.OpPassManager;
import org.hipep.pass.Pass;
import org.hipep.pass.PassRegistry;
import org.hipep.pass.options.Option;
import org.hipep.pass.options.OptionType;
import org.hipep.pass.options.PassOptions;

/** Passes for the pass-infrastructure lit tests (in the manner of MLIR's test-* passes). */
public final class LitTestPasses {
    private LitTestPasses() {
    }

    /** A registry with every test pass and the {@code test-pipeline} pipeline. */
    public static PassRegistry registry() {
        PassRegistry r = new PassRegistry();
        r.registerPass(ModulePass::new, "lit test passes");
        r.registerPass(FunctionPass::new, "lit test passes");
        r.registerPass(OpPass::new, "lit test passes");
        r.registerPass(OptionsPass::new, "lit test passes");
        r.registerPass(FailPass::new, "lit test passes");
        r.registerPass(RemarkPass::new, "lit test passes");
        r.registerPipeline("test-pipeline", "runs test-function-pass on every test.func, n times",
                () -> {
                    PassOptions o = new PassOptions();
                    o.intOption("times", "how often to run test-function-pass", 1);
                    return o;
                },
                (OpPassManager pm, PassOptions o) -> {
                    OpPassManager nested = pm.nest("test.func");
                    int times = (Integer) o.find("times").orElseThrow().get();
                    for (int i = 0; i < times; i++) {
                        nested.addPass(FunctionPass::new);
                    }
                }, "lit test passes");
        return r;
    }

    /** Anchored on {@code builtin.module}; does nothing. */
    static final class ModulePass extends Pass {
        @Override
        public String argument() {
            return "test-module-pass";
        }

        @Override
        public String name() {
            return "TestModulePass";
        }

        @Override
        public String description() {
            return "Test a module pass in the pass manager";
        }

        @Override
        public String anchorName() {
            return "builtin.module";
        }

        @Override
        protected void runOnOperation() {
        }
    }

    /** Anchored on {@code test.func}; does nothing. */
    static final class FunctionPass extends Pass {
        @Override
        public String argument() {
            return "test-function-pass";
        }

        @Override
        public String name() {
            return "TestFunctionPass";
        }

        @Override
        public String description() {
            return "Test a function pass in the pass manager";
        }

        @Override
        public String anchorName() {
            return "test.func";
        }

        @Override
        protected void runOnOperation() {
        }
    }

    /** Op-agnostic; does nothing. */
    static final class OpPass extends Pass {
        @Override
        public String argument() {
            return "test-op-pass";
        }

        @Override
        public String name() {
            return "TestOpPass";
        }

        @Override
        public String description() {
            return "Test an op-agnostic pass";
        }

        @Override
        protected void runOnOperation() {
        }
    }

    /** Declares options of every kind; does nothing with them. */
    static final class OptionsPass extends Pass {
        enum Level { ZERO, ONE, TWO }

        final Option<List<Integer>> list = options().listOption("list", "A list of integers", OptionType.INT);
        final Option<List<String>> strings = options().listOption("string-list", "A list of strings", OptionType.STRING);
        final Option<String> string = options().stringOption("string", "A string", "");
        final Option<Level> level = options().enumOption("enum", "An enum", Map.of("zero", Level.ZERO, "one", Level.ONE,
                "two", Level.TWO), Level.ZERO);
        final Option<Boolean> flag = options().boolOption("flag", "A flag", false);
        final Option<Integer> number = options().intOption("number", "An integer", 0);

        @Override
        public String argument() {
            return "test-options-pass";
        }

        @Override
        public String name() {
            return "TestOptionsPass";
        }

        @Override
        public String description() {
            return "Test options parsing capabilities";
        }

        @Override
        protected void runOnOperation() {
        }
    }

    /** Always fails. */
    static final class FailPass extends Pass {
        @Override
        public String argument() {
            return "test-fail-pass";
        }

        @Override
        public String name() {
            return "TestFailPass";
        }

        @Override
        protected void runOnOperation() {
            signalPassFailure();
        }
    }

    /** Emits a remark naming each op it runs on (for diagnostic-order tests). */
    static final class RemarkPass extends Pass {
        @Override
        public String argument() {
            return "test-remark-pass";
        }

        @Override
        public String name() {
            return "TestRemarkPass";
        }

        @Override
        public String anchorName() {
            return "test.func";
        }

        @Override
        protected void runOnOperation() {
            Operation op = getOperation();
            op.emitRemark("ran on @" + org.hipep.ir.SymbolTable.symbolName(op));
        }
    }
}
