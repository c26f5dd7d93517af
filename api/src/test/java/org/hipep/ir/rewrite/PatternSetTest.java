package org.hipep.ir.rewrite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.hipep.ir.LogicalResult;
import org.junit.jupiter.api.Test;

class PatternSetTest {
    private static RewritePattern named(String root, int benefit, String name) {
        return RewritePattern.of(root, benefit, name, (op, r) -> LogicalResult.failure());
    }

    @Test
    void patternsAreOrderedByDescendingBenefitStableForTies() {
        RewritePattern p1 = named("toy.add", 1, "p1");
        RewritePattern p2 = named("toy.add", 3, "p2");
        RewritePattern any = named(null, 2, "any");
        RewritePattern p4 = named("toy.add", 3, "p4");
        RewritePattern mul = named("toy.mul", 5, "mul");
        RewritePattern anyTie = named(null, 3, "anyTie");
        FrozenRewritePatternSet frozen = new RewritePatternSet().add(p1, p2, any, p4, mul, anyTie).freeze();

        assertThat(frozen.patternsFor("toy.add")).containsExactly(p2, p4, anyTie, any, p1);
        assertThat(frozen.patternsFor("toy.mul")).containsExactly(mul, anyTie, any);
        assertThat(frozen.patternsFor("toy.neg")).containsExactly(anyTie, any);
        assertThat(frozen.opSpecificPatterns("toy.add")).containsExactly(p2, p4, p1);
        assertThat(frozen.anyOpPatterns()).containsExactly(anyTie, any);
        assertThat(frozen.patterns()).containsExactly(p1, p2, any, p4, mul, anyTie);
    }

    @Test
    void frozenSetIsAnImmutableCopy() {
        RewritePatternSet set = new RewritePatternSet();
        set.add(named("toy.add", 1, "a"));
        FrozenRewritePatternSet frozen = set.freeze();
        set.add(named("toy.add", 9, "b"));
        assertThat(frozen.size()).isEqualTo(1);
        assertThat(frozen.patternsFor("toy.add")).extracting(RewritePattern::debugName).containsExactly("a");
        assertThatThrownBy(() -> frozen.patterns().add(named(null, 1, "c")))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void patternsHaveNamesAndRejectNegativeBenefit() {
        RewritePattern lambda = RewritePattern.of("toy.neg", 2, (op, r) -> LogicalResult.failure());
        assertThat(lambda.debugName()).isEqualTo("lambda(toy.neg)");
        assertThat(lambda.rootName()).isEqualTo("toy.neg");
        assertThat(lambda.benefit()).isEqualTo(2);
        assertThat(lambda.matchesAnyOp()).isFalse();
        assertThat(RewritePattern.of(null, 0, (op, r) -> LogicalResult.failure()).matchesAnyOp()).isTrue();
        assertThatThrownBy(() -> named("toy.neg", -1, "bad")).isInstanceOf(IllegalArgumentException.class);
    }
}
