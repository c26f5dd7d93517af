package org.hipep.ir.rewrite;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An immutable pattern set, indexed by root op name. For an op, {@link #patternsFor(String)}
 * merges the patterns rooted at its name with the any-op patterns, ordered by descending
 * benefit; patterns of equal benefit keep the order in which they were added. Thread-safe.
 */
public final class FrozenRewritePatternSet {
    private final List<RewritePattern> all;
    private final Map<String, List<RewritePattern>> byRoot;
    private final List<RewritePattern> anyOp;
    private final Map<RewritePattern, Integer> order = new HashMap<>();
    private final Map<String, List<RewritePattern>> merged = new ConcurrentHashMap<>();

    FrozenRewritePatternSet(List<RewritePattern> patterns) {
        this.all = List.copyOf(patterns);
        for (RewritePattern p : all) {
            order.putIfAbsent(p, order.size());
        }
        Comparator<RewritePattern> byBenefit = Comparator.comparingInt(RewritePattern::benefit).reversed()
                .thenComparingInt(order::get);
        Map<String, List<RewritePattern>> roots = new LinkedHashMap<>();
        List<RewritePattern> any = new ArrayList<>();
        for (RewritePattern p : all) {
            if (p.matchesAnyOp()) {
                any.add(p);
            } else {
                roots.computeIfAbsent(p.rootName(), k -> new ArrayList<>()).add(p);
            }
        }
        Map<String, List<RewritePattern>> sorted = new LinkedHashMap<>();
        roots.forEach((k, v) -> sorted.put(k, v.stream().sorted(byBenefit).toList()));
        this.byRoot = Map.copyOf(sorted);
        this.anyOp = any.stream().sorted(byBenefit).toList();
    }

    /** An empty set. */
    public static FrozenRewritePatternSet empty() {
        return new FrozenRewritePatternSet(List.of());
    }

    /** Every pattern, in insertion order. */
    public List<RewritePattern> patterns() {
        return all;
    }

    /** The patterns rooted at {@code opName}, by descending benefit. */
    public List<RewritePattern> opSpecificPatterns(String opName) {
        return byRoot.getOrDefault(opName, List.of());
    }

    /** The patterns that may match any op, by descending benefit. */
    public List<RewritePattern> anyOpPatterns() {
        return anyOp;
    }

    /**
     * The patterns to try on an op named {@code opName}: its specific patterns and the any-op
     * patterns, by descending benefit, ties broken by insertion order.
     */
    public List<RewritePattern> patternsFor(String opName) {
        return merged.computeIfAbsent(opName, this::merge);
    }

    private List<RewritePattern> merge(String opName) {
        List<RewritePattern> specific = opSpecificPatterns(opName);
        if (anyOp.isEmpty()) {
            return specific;
        }
        if (specific.isEmpty()) {
            return anyOp;
        }
        List<RewritePattern> out = new ArrayList<>(specific.size() + anyOp.size());
        int i = 0;
        int j = 0;
        while (i < specific.size() || j < anyOp.size()) {
            boolean takeSpecific = j >= anyOp.size()
                    || i < specific.size() && precedes(specific.get(i), anyOp.get(j));
            out.add(takeSpecific ? specific.get(i++) : anyOp.get(j++));
        }
        return List.copyOf(out);
    }

    private boolean precedes(RewritePattern a, RewritePattern b) {
        if (a.benefit() != b.benefit()) {
            return a.benefit() > b.benefit();
        }
        return order.get(a) < order.get(b);
    }

    /** The number of patterns. */
    public int size() {
        return all.size();
    }
}
