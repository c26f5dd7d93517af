package org.hipep.ir.rewrite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hipep.ir.rewrite.TestDialects.print;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.IntegerAttr;
import org.junit.jupiter.api.Test;

class GreedyDriverTest {
    private final TestDialects.Env env = new TestDialects.Env();

    private static FrozenRewritePatternSet set(RewritePattern... ps) {
        return new RewritePatternSet().add(ps).freeze();
    }

    @Test
    void rewritesToFixpointAndRemovesDeadOps() {
        Operation m = env.parse("""
                "toy.func"() ({
                ^bb0(%a: i64):
                  %z = "toy.constant"() {value = 0 : i64} : () -> i64
                  %n1 = "toy.neg"(%a) : (i64) -> i64
                  %n2 = "toy.neg"(%n1) : (i64) -> i64
                  %n3 = "toy.neg"(%n2) : (i64) -> i64
                  %n4 = "toy.neg"(%n3) : (i64) -> i64
                  %s = "toy.add"(%n4, %z) : (i64, i64) -> i64
                  %t = "toy.add"(%z, %s) : (i64, i64) -> i64
                  "toy.return"(%t) : (i64) -> ()
                }) {function_type = (i64) -> i64, sym_name = "f"} : () -> ()
                """);
        GreedyRewriteResult r = GreedyPatternRewriteDriver.applyPatternsGreedily(m,
                set(TestPatterns.NEG_NEG, TestPatterns.ADD_ZERO));
        assertThat(print(m)).isEqualTo("""
                module {
                  "toy.func"() ({
                  ^bb0(%arg0: i64):
                    "toy.return"(%arg0) : (i64) -> ()
                  }) {function_type = (i64) -> i64, sym_name = "f"} : () -> ()
                }
                """);
        assertThat(r.converged()).isTrue();
        assertThat(r.result().succeeded()).isTrue();
        assertThat(r.changed()).isTrue();
        assertThat(r.numRewrites()).isEqualTo(4);
        assertThat(r.numDeadOpsErased()).isEqualTo(3);
        assertThat(r.iterations()).isEqualTo(2);
    }

    @Test
    void bottomUpTraversalReachesTheSameFixpoint() {
        Operation m = env.parse("""
                %a = "test.arg"() : () -> i64
                %n1 = "toy.neg"(%a) : (i64) -> i64
                %n2 = "toy.neg"(%n1) : (i64) -> i64
                %n3 = "toy.neg"(%n2) : (i64) -> i64
                "test.use"(%n3) : (i64) -> ()
                """);
        GreedyRewriteResult r = GreedyPatternRewriteDriver.applyPatternsGreedily(m, set(TestPatterns.NEG_NEG),
                GreedyRewriteConfig.defaults().withTopDownTraversal(false));
        assertThat(r.converged()).isTrue();
        assertThat(print(m)).isEqualTo("""
                module {
                  %0 = "test.arg"() : () -> i64
                  %1 = "toy.neg"(%0) : (i64) -> i64
                  "test.use"(%1) : (i64) -> ()
                }
                """);
    }

    @Test
    void initialWorklistOrderIsPreOrderOrReversePostOrder() {
        String src = """
                "toy.func"() ({
                  %c = "toy.constant"() {value = 1 : i64} : () -> i64
                  %n = "toy.neg"(%c) : (i64) -> i64
                  "toy.return"(%n) : (i64) -> ()
                }) {function_type = () -> i64, sym_name = "f"} : () -> ()
                """;
        for (boolean topDown : new boolean[] {true, false}) {
            List<String> seen = new ArrayList<>();
            RewritePattern spy = RewritePattern.of(null, 1, (op, r) -> {
                seen.add(op.nameString());
                return LogicalResult.failure();
            });
            GreedyPatternRewriteDriver.applyPatternsGreedily(env.parse(src), set(spy),
                    GreedyRewriteConfig.defaults().withTopDownTraversal(topDown));
            if (topDown) {
                assertThat(seen).containsExactly("toy.func", "toy.constant", "toy.neg", "toy.return");
            } else {
                assertThat(seen).containsExactly("toy.func", "toy.return", "toy.neg", "toy.constant");
            }
        }
    }

    @Test
    void deadCodeRemovalErasesOnlyRegisteredPureUnusedOps() {
        String src = """
                %c = "toy.constant"() {value = 1 : i64} : () -> i64
                %d = "toy.constant"() {value = 2 : i64} : () -> i64
                %m = "toy.mul"(%d, %d) : (i64, i64) -> i64
                %u = "test.unknown"(%c) : (i64) -> i64
                """;
        Operation m = env.parse(src);
        GreedyRewriteResult r = GreedyPatternRewriteDriver.applyPatternsGreedily(m, FrozenRewritePatternSet.empty());
        assertThat(print(m)).isEqualTo("""
                module {
                  %0 = "toy.constant"() {value = 1 : i64} : () -> i64
                  %1 = "test.unknown"(%0) : (i64) -> i64
                }
                """);
        assertThat(r.numDeadOpsErased()).isEqualTo(2);
        assertThat(r.numRewrites()).isZero();
        assertThat(r.converged()).isTrue();

        Operation kept = env.parse(src);
        String before = print(kept);
        GreedyRewriteResult none = GreedyPatternRewriteDriver.applyPatternsGreedily(kept,
                FrozenRewritePatternSet.empty(), GreedyRewriteConfig.defaults().withRemoveDeadOps(false));
        assertThat(print(kept)).isEqualTo(before);
        assertThat(none.changed()).isFalse();
        assertThat(none.iterations()).isEqualTo(1);
    }

    @Test
    void iterationBoundReportsNonConvergence() {
        Operation m = env.parse("""
                %a = "test.arg"() : () -> i64
                %n = "toy.neg"(%a) : (i64) -> i64
                "test.use"(%n) : (i64) -> ()
                """);
        int[] count = {0};
        // Always claims success (changing an attribute behind the driver's back), so every round
        // changes something and no fixpoint is reached.
        RewritePattern always = RewritePattern.of("toy.neg", 1, (op, r) -> {
            op.setAttribute("n", IntegerAttr.i64(++count[0]));
            return LogicalResult.success();
        });
        GreedyRewriteResult r = GreedyPatternRewriteDriver.applyPatternsGreedily(m, set(always));
        assertThat(r.converged()).isFalse();
        assertThat(r.result().failed()).isTrue();
        assertThat(r.iterations()).isEqualTo(10);
        assertThat(r.numRewrites()).isEqualTo(10);

        GreedyRewriteResult three = GreedyPatternRewriteDriver.applyPatternsGreedily(m, set(always),
                GreedyRewriteConfig.defaults().withMaxIterations(3));
        assertThat(three.converged()).isFalse();
        assertThat(three.iterations()).isEqualTo(3);
    }

    @Test
    void rewriteBoundLimitsEachRound() {
        Operation m = env.parse("""
                %a = "test.arg"() : () -> i64
                %n = "toy.neg"(%a) : (i64) -> i64
                "test.use"(%n) : (i64) -> ()
                """);
        // Modifies the op in place through the rewriter: the op goes back onto the worklist, so
        // without a rewrite bound a round would never end.
        RewritePattern inPlace = RewritePattern.of("toy.neg", 1, (op, r) -> {
            r.modifyOpInPlace(op, () -> op.setAttribute("touched", IntegerAttr.i64(1)));
            return LogicalResult.success();
        });
        GreedyRewriteResult r = GreedyPatternRewriteDriver.applyPatternsGreedily(m, set(inPlace),
                GreedyRewriteConfig.defaults().withMaxNumRewrites(3).withMaxIterations(4));
        assertThat(r.converged()).isFalse();
        assertThat(r.numRewrites()).isEqualTo(12);
    }

    @Test
    void tightIterationBoundNeedsAConfirmingRound() {
        String src = """
                %a = "test.arg"() : () -> i64
                %n1 = "toy.neg"(%a) : (i64) -> i64
                %n2 = "toy.neg"(%n1) : (i64) -> i64
                "test.use"(%n2) : (i64) -> ()
                """;
        GreedyRewriteResult one = GreedyPatternRewriteDriver.applyPatternsGreedily(env.parse(src),
                set(TestPatterns.NEG_NEG), GreedyRewriteConfig.defaults().withMaxIterations(1));
        assertThat(one.converged()).isFalse();
        assertThat(one.changed()).isTrue();
        GreedyRewriteResult two = GreedyPatternRewriteDriver.applyPatternsGreedily(env.parse(src),
                set(TestPatterns.NEG_NEG), GreedyRewriteConfig.defaults().withMaxIterations(2));
        assertThat(two.converged()).isTrue();
    }

    @Test
    void higherBenefitPatternWins() {
        Operation m = env.parse("""
                %a = "test.arg"() : () -> i64
                %n = "toy.neg"(%a) : (i64) -> i64
                "test.use"(%n) : (i64) -> ()
                """);
        RewritePattern low = RewritePattern.of("toy.neg", 1, (op, r) -> {
            r.replaceOpWithNewOp(op, new OperationState(op.location(), "test.low", r.context())
                    .addOperands(op.operands()).addTypes(op.resultTypes()));
            return LogicalResult.success();
        });
        RewritePattern high = RewritePattern.of("toy.neg", 2, (op, r) -> {
            r.replaceOpWithNewOp(op, new OperationState(op.location(), "test.high", r.context())
                    .addOperands(op.operands()).addTypes(op.resultTypes()));
            return LogicalResult.success();
        });
        GreedyPatternRewriteDriver.applyPatternsGreedily(m, set(low, high));
        assertThat(print(m)).isEqualTo("""
                module {
                  %0 = "test.arg"() : () -> i64
                  %1 = "test.high"(%0) : (i64) -> i64
                  "test.use"(%1) : (i64) -> ()
                }
                """);
    }

    @Test
    void replaceOpUpdatesEveryUse() {
        Operation m = env.parse("""
                %a = "test.arg"() : () -> i64
                %sq = "toy.mul"(%a, %a) : (i64, i64) -> i64
                %s = "toy.add"(%sq, %a) : (i64, i64) -> i64
                "test.use"(%sq, %s) : (i64, i64) -> ()
                """);
        RewritePattern square = RewritePattern.of("toy.mul", 1, (op, r) -> {
            if (op.operand(0) != op.operand(1)) {
                return r.notifyMatchFailure(op, "not a square");
            }
            Operation sq = r.create(op.location(), "test.square", List.of(op.operand(0)), op.resultTypes(), Map.of());
            r.replaceOp(op, sq);
            return LogicalResult.success();
        });
        GreedyRewriteResult res = GreedyPatternRewriteDriver.applyPatternsGreedily(m, set(square));
        assertThat(res.numRewrites()).isEqualTo(1);
        assertThat(print(m)).isEqualTo("""
                module {
                  %0 = "test.arg"() : () -> i64
                  %1 = "test.square"(%0) : (i64) -> i64
                  %2 = "toy.add"(%1, %0) : (i64, i64) -> i64
                  "test.use"(%1, %2) : (i64, i64) -> ()
                }
                """);
    }

    @Test
    void mergeBlocksThroughTheDriver() {
        Operation m = env.parse("""
                "toy.func"() ({
                ^bb0(%a: i64):
                  "test.br"(%a)[^bb1] : (i64) -> ()
                ^bb1(%b: i64):
                  %n = "toy.neg"(%b) : (i64) -> i64
                  "toy.return"(%n) : (i64) -> ()
                }) {function_type = (i64) -> i64, sym_name = "f"} : () -> ()
                """);
        RewritePattern fold = RewritePattern.of("test.br", 1, (op, r) -> {
            var succ = op.successor(0);
            if (succ.predecessors().size() != 1) {
                return r.notifyMatchFailure(op, "successor has other predecessors");
            }
            var args = op.operands();
            var dest = op.block();
            r.eraseOp(op);
            r.mergeBlocks(succ, dest, args);
            return LogicalResult.success();
        });
        GreedyRewriteResult res = GreedyPatternRewriteDriver.applyPatternsGreedily(m, set(fold));
        assertThat(res.converged()).isTrue();
        assertThat(print(m)).isEqualTo("""
                module {
                  "toy.func"() ({
                  ^bb0(%arg0: i64):
                    %0 = "toy.neg"(%arg0) : (i64) -> i64
                    "toy.return"(%0) : (i64) -> ()
                  }) {function_type = (i64) -> i64, sym_name = "f"} : () -> ()
                }
                """);
    }

    @Test
    void observerSeesChangesAndMatchFailures() {
        Operation m = env.parse("""
                %a = "test.arg"() : () -> i64
                %n1 = "toy.neg"(%a) : (i64) -> i64
                %n2 = "toy.neg"(%n1) : (i64) -> i64
                "test.use"(%n2) : (i64) -> ()
                """);
        List<String> events = new ArrayList<>();
        RewriterListener observer = new RewriterListener() {
            @Override
            public void notifyOperationReplaced(Operation op, List<? extends Value> values) {
                events.add("replaced " + op.nameString());
            }

            @Override
            public void notifyOperationErased(Operation op) {
                events.add("erased " + op.nameString());
            }

            @Override
            public void notifyOperationModified(Operation op) {
                events.add("modified " + op.nameString());
            }

            @Override
            public void notifyMatchFailure(Operation op, String reason) {
                events.add("failure " + op.nameString() + ": " + reason);
            }
        };
        GreedyPatternRewriteDriver.applyPatternsGreedily(m, set(TestPatterns.NEG_NEG), GreedyRewriteConfig.defaults(),
                observer);
        assertThat(events).containsExactly(
                "failure toy.neg: operand is not a toy.neg",
                "replaced toy.neg",
                "modified test.use",
                "erased toy.neg",
                "erased toy.neg");
    }

    @Test
    void conversionPatternsDoNotRunInTheGreedyDriver() {
        Operation m = env.parse("""
                %c = "toy.constant"() {value = 1 : i64} : () -> i64
                "test.use"(%c) : (i64) -> ()
                """);
        ConversionPattern p = ConversionPattern.of("toy.constant", 1, null,
                (op, operands, r) -> LogicalResult.success());
        assertThatThrownBy(() -> GreedyPatternRewriteDriver.applyPatternsGreedily(m, set(p)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("can only run in a dialect conversion");
    }

    @Test
    void configValidatesBounds() {
        assertThat(GreedyRewriteConfig.defaults()).isEqualTo(new GreedyRewriteConfig(10, -1, true, true));
        assertThatThrownBy(() -> GreedyRewriteConfig.defaults().withMaxIterations(0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(GreedyRewriteConfig.defaults().withMaxIterations(GreedyRewriteConfig.NO_LIMIT).maxIterations())
                .isEqualTo(GreedyRewriteConfig.NO_LIMIT);
    }
}
