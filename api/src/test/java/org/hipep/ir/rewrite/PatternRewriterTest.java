package org.hipep.ir.rewrite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hipep.ir.rewrite.TestDialects.print;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hipep.ir.Block;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.IntegerAttr;
import org.junit.jupiter.api.Test;

class PatternRewriterTest {
    private final TestDialects.Env env = new TestDialects.Env();
    private final List<String> events = new ArrayList<>();
    private final RewriterListener recorder = new RewriterListener() {
        @Override
        public void notifyOperationInserted(Operation op) {
            events.add("inserted " + op.nameString());
        }

        @Override
        public void notifyBlockInserted(Block block) {
            events.add("block inserted");
        }

        @Override
        public void notifyOperationModified(Operation op) {
            events.add("modified " + op.nameString());
        }

        @Override
        public void notifyOperationReplaced(Operation op, List<? extends Value> replacements) {
            events.add("replaced " + op.nameString());
        }

        @Override
        public void notifyOperationErased(Operation op) {
            events.add("erased " + op.nameString());
        }

        @Override
        public void notifyBlockErased(Block block) {
            events.add("block erased");
        }

        @Override
        public void notifyMatchFailure(Operation op, String reason) {
            events.add("failure " + reason);
        }
    };
    private final PatternRewriter rewriter = new PatternRewriter(env.ctx, recorder);

    private static Operation find(Operation root, String name) {
        List<Operation> found = new ArrayList<>();
        root.walk(op -> {
            if (op.is(name)) {
                found.add(op);
            }
        });
        return found.get(0);
    }

    @Test
    void inlineBlockBeforeReplacesArgumentsAndMovesOps() {
        Operation m = env.parse("""
                %x = "toy.constant"() {value = 2 : i64} : () -> i64
                %r = "test.scope"(%x) ({
                ^bb0(%arg: i64):
                  %n = "toy.neg"(%arg) : (i64) -> i64
                  "test.yield"(%n) : (i64) -> ()
                }) : (i64) -> i64
                "test.use"(%r) : (i64) -> ()
                """);
        Operation scope = find(m, "test.scope");
        Block body = scope.region(0).front();
        Operation yield = body.back();
        List<Value> results = yield.operands();
        rewriter.eraseOp(yield);
        rewriter.inlineBlockBefore(body, scope, scope.operands());
        rewriter.replaceOp(scope, results);
        assertThat(print(m)).isEqualTo("""
                module {
                  %0 = "toy.constant"() {value = 2 : i64} : () -> i64
                  %1 = "toy.neg"(%0) : (i64) -> i64
                  "test.use"(%1) : (i64) -> ()
                }
                """);
        assertThat(events).containsExactly("erased test.yield", "modified toy.neg", "inserted toy.neg",
                "block erased", "replaced test.scope", "modified test.use", "erased test.scope");
    }

    @Test
    void mergeBlocksAppendsTheSourceBlock() {
        Operation m = env.parse("""
                "test.two_blocks"() ({
                  %a = "test.arg"() : () -> i64
                  "test.sep"() : () -> ()
                ^bb1(%b: i64):
                  "test.use"(%b) : (i64) -> ()
                }) : () -> ()
                """);
        Operation holder = find(m, "test.two_blocks");
        Block first = holder.region(0).blocks().get(0);
        Block second = holder.region(0).blocks().get(1);
        rewriter.eraseOp(first.back());
        rewriter.mergeBlocks(second, first, List.of(first.front().result(0)));
        assertThat(print(m)).isEqualTo("""
                module {
                  "test.two_blocks"() ({
                    %0 = "test.arg"() : () -> i64
                    "test.use"(%0) : (i64) -> ()
                  }) : () -> ()
                }
                """);
        assertThat(holder.region(0).blocks()).hasSize(1);
    }

    @Test
    void inlineRegionBeforeMovesAllBlocks() {
        Operation m = env.parse("""
                "test.dest"() ({
                  "test.last"() : () -> ()
                }) : () -> ()
                "test.src"() ({
                  "test.a"() : () -> ()
                ^bb1:
                  "test.b"() : () -> ()
                }) : () -> ()
                """);
        Operation dest = find(m, "test.dest");
        Operation src = find(m, "test.src");
        rewriter.inlineRegionBefore(src.region(0), dest.region(0), dest.region(0).front());
        assertThat(src.region(0).isEmpty()).isTrue();
        assertThat(dest.region(0).blocks()).hasSize(3);
        assertThat(dest.region(0).blocks().get(0).front().nameString()).isEqualTo("test.a");
        assertThat(dest.region(0).blocks().get(1).front().nameString()).isEqualTo("test.b");
        assertThat(dest.region(0).blocks().get(2).front().nameString()).isEqualTo("test.last");
        assertThat(events).containsExactly("block inserted", "block inserted");
    }

    @Test
    void eraseOpErasesNestedOpsInnermostFirst() {
        Operation m = env.parse("""
                "test.outer"() ({
                  %a = "test.a"() : () -> i64
                  "test.inner"(%a) ({
                    "test.b"() : () -> ()
                  }) : (i64) -> ()
                }) : () -> ()
                """);
        Operation outer = find(m, "test.outer");
        rewriter.eraseOp(outer);
        assertThat(events).containsExactly("erased test.b", "erased test.inner", "erased test.a", "erased test.outer");
        assertThat(print(m)).isEqualTo("module {\n}\n");
    }

    @Test
    void eraseOpRejectsUsedResults() {
        Operation m = env.parse("""
                %a = "test.a"() : () -> i64
                "test.use"(%a) : (i64) -> ()
                """);
        assertThatThrownBy(() -> rewriter.eraseOp(find(m, "test.a")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("still have uses");
    }

    @Test
    void replaceOpWithNewOpAndModifyInPlaceNotify() {
        Operation m = env.parse("""
                %a = "test.a"() : () -> i64
                "test.use"(%a) : (i64) -> ()
                """);
        Operation a = find(m, "test.a");
        Operation use = find(m, "test.use");
        rewriter.modifyOpInPlace(use, () -> use.setAttribute("k", IntegerAttr.i64(1)));
        rewriter.setInsertionPoint(a);
        Operation b = rewriter.create(a.location(), "test.b", List.of(), a.resultTypes(), Map.of());
        rewriter.replaceOp(a, b);
        assertThat(print(m)).isEqualTo("""
                module {
                  %0 = "test.b"() : () -> i64
                  "test.use"(%0) {k = 1 : i64} : (i64) -> ()
                }
                """);
        assertThat(events).containsExactly("modified test.use", "inserted test.b", "replaced test.a",
                "modified test.use", "erased test.a");
        assertThatThrownBy(() -> rewriter.replaceOp(b, List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void matchFailuresAreRecorded() {
        Operation m = env.parse("""
                %a = "test.a"() : () -> i64
                """);
        Operation a = find(m, "test.a");
        assertThat(rewriter.notifyMatchFailure(a, "not today").failed()).isTrue();
        assertThat(rewriter.matchFailures()).hasSize(1);
        PatternRewriter.MatchFailure f = rewriter.matchFailures().get(0);
        assertThat(f.opName()).isEqualTo("test.a");
        assertThat(f.reason()).isEqualTo("not today");
        assertThat(f.location()).isEqualTo(a.location());
        assertThat(events).containsExactly("failure not today");
        rewriter.clearMatchFailures();
        assertThat(rewriter.matchFailures()).isEmpty();
    }

    @Test
    void splitBlockAndMoveOps() {
        Operation m = env.parse("""
                "test.holder"() ({
                  "test.a"() : () -> ()
                  "test.b"() : () -> ()
                  "test.c"() : () -> ()
                }) : () -> ()
                """);
        Operation holder = find(m, "test.holder");
        Block tail = rewriter.splitBlock(holder.region(0).front(), find(m, "test.b"));
        assertThat(holder.region(0).blocks()).containsExactly(holder.region(0).front(), tail);
        assertThat(tail.operations()).extracting(Operation::nameString).containsExactly("test.b", "test.c");
        rewriter.moveOpBefore(find(m, "test.c"), find(m, "test.b"));
        assertThat(tail.operations()).extracting(Operation::nameString).containsExactly("test.c", "test.b");
        assertThat(events).containsExactly("block inserted", "inserted test.b", "inserted test.c", "inserted test.c");
    }
}
