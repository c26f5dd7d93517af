package org.hipep.pass;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.hipep.ir.Operation;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.pass.options.Option;
import org.hipep.pass.options.OptionType;

/** Passes used by the pass infrastructure tests. */
final class TestPasses {

    private TestPasses() {
    }

    /** The {@code sym_name} of an op, or {@code ?}. */
    static String symbol(Operation op) {
        return op.attribute("sym_name") instanceof StringAttr s ? s.value() : "?";
    }

    /** Op-agnostic: emits a remark with the number of ops nested in the op it runs on. */
    static final class CountOpsPass extends Pass {
        @Override
        public String argument() {
            return "test-count-ops";
        }

        @Override
        public String description() {
            return "Count the nested operations";
        }

        @Override
        protected void runOnOperation() {
            int[] count = {0};
            getOperation().walk(op -> count[0]++);
            getOperation().emitRemark(symbol(getOperation()) + " has " + (count[0] - 1) + " nested ops");
        }
    }

    /** On {@code test.func}: sets {@code marked} to the {@code tag} option; has options. */
    static final class MarkFuncPass extends Pass {
        final Option<String> tag = options().stringOption("tag", "The value of the attribute", "x");
        final Option<Integer> level = options().intOption("level", "The mark level", 1);
        final Option<List<Integer>> only =
                options().listOption("only", "Mark only these function numbers", OptionType.INT);

        @Override
        public String argument() {
            return "test-mark";
        }

        @Override
        public String description() {
            return "Mark test functions";
        }

        @Override
        public String anchorName() {
            return "test.func";
        }

        @Override
        protected void runOnOperation() {
            Operation op = getOperation();
            String name = symbol(op);
            if (!only.get().isEmpty() && !only.get().contains(Integer.parseInt(name.substring(1)))) {
                return;
            }
            op.setAttribute("marked", new StringAttr(tag.get()));
            op.setAttribute("level", IntegerAttr.i64(level.get()));
            op.emitRemark("marked @" + name);
        }
    }

    /** Op-agnostic: fails on the ops whose symbol is {@code on} (all ops when empty). */
    static final class FailPass extends Pass {
        final Option<String> on = options().stringOption("on", "Symbol to fail on", "");

        @Override
        public String argument() {
            return "test-fail";
        }

        @Override
        protected void runOnOperation() {
            if (on.get().isEmpty() || on.get().equals(symbol(getOperation()))) {
                getOperation().emitError("custom failure");
                signalPassFailure();
            }
        }
    }

    /** Op-agnostic: throws. */
    static final class ThrowPass extends Pass {
        @Override
        public String argument() {
            return "test-throw";
        }

        @Override
        protected void runOnOperation() {
            throw new IllegalStateException("boom on " + symbol(getOperation()));
        }
    }

    /** On {@code builtin.module}: gives every {@code test.func} the same symbol. */
    static final class BreakIrPass extends Pass {
        @Override
        public String argument() {
            return "test-break";
        }

        @Override
        public String anchorName() {
            return "builtin.module";
        }

        @Override
        protected void runOnOperation() {
            getOperation().walk(op -> {
                if (op.is("test.func")) {
                    op.setAttribute("sym_name", new StringAttr("dup"));
                }
            });
        }
    }

    /**
     * Op-agnostic: records the thread it runs on; the first two instances wait (up to a second)
     * for each other, so that two threads take part when they can.
     */
    static final class RendezvousPass extends Pass {
        static final Set<String> THREADS = ConcurrentHashMap.newKeySet();
        static volatile CountDownLatch latch = new CountDownLatch(2);

        @Override
        public String argument() {
            return "test-rendezvous";
        }

        @Override
        protected void runOnOperation() {
            THREADS.add(Thread.currentThread().getName());
            CountDownLatch current = latch;
            current.countDown();
            try {
                current.await(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
