package org.hipep.dialects.hip;

import static org.hipep.dialects.hip.HipShapes.format;
import static org.hipep.dialects.hip.HipShapes.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.hip.HipOps.Rule;
import org.hipep.dialects.hip.HipOps.Spec;
import org.hipep.dialects.hip.HipShapes.ShapeError;
import org.hipep.ir.Attribute;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;

/**
 * The transformer ops of the {@code hip} dialect, after the ONNX operators of opset 23:
 * {@code attention} (scaled dot-product attention with multi-head, grouped-query and
 * multi-query heads, an optional mask, a causal flag and an optional key/value cache) and
 * {@code rotary_embedding} (rotary position embedding from cos/sin caches).
 *
 * <p>{@code hip.attention}: inputs {@code Q, K, V}, then an optional {@code attn_mask} and an
 * optional {@code past_key, past_value} pair, told apart by count (3: none; 4: the mask; 5: the
 * cache; 6: both). Each of Q, K and V is 4-D {@code [batch, heads, sequence, head size]} or 3-D
 * {@code [batch, sequence, heads * head size]}, the heads then given by {@code q_num_heads}
 * (Q) and {@code kv_num_heads} (K, V). Results: {@code Y} (3-D when Q is), then optionally
 * {@code present_key, present_value} (4-D, the cache followed by K and V) and
 * {@code qk_matmul_output} {@code [batch, q heads, q sequence, total sequence]}. Attributes:
 * {@code is_causal}, {@code scale} (absent: 1/sqrt(head size)), {@code softcap} (0: none),
 * {@code qk_matmul_output_mode} (0 to 3) and the two head counts. ONNX's
 * {@code softmax_precision} is refused: the softmax runs in Q's element type.
 *
 * <p>{@code hip.rotary_embedding}: inputs {@code X, cos_cache, sin_cache} and an optional
 * {@code position_ids}; one result of X's type. X is 4-D {@code [batch, heads, sequence, head
 * size]} or 3-D {@code [batch, sequence, heads * head size]} with {@code num_heads}; the caches
 * are {@code [positions, rotary dim / 2]} with position_ids {@code [batch, sequence]}, else
 * {@code [batch, sequence, rotary dim / 2]}. Attributes: {@code interleaved},
 * {@code rotary_embedding_dim} (0: the head size), {@code num_heads}.
 */
final class HipAttentionOps {
    private static final long DYN = ShapedType.DYNAMIC;

    private HipAttentionOps() {
    }

    /** {@code a * b}, dynamic when either is. */
    private static long times(long a, long b) {
        return a == DYN || b == DYN ? DYN : a * b;
    }

    /** {@code a + b}, dynamic when either is. */
    private static long plus(long a, long b) {
        return a == DYN || b == DYN ? DYN : a + b;
    }

    /** A positive i64 attribute, or -1 when absent. */
    private static long heads(Map<String, Attribute> attrs, String name) {
        if (!attrs.containsKey(name)) {
            return -1;
        }
        long h = HipOps.intAttr(attrs, name, -1);
        if (h <= 0) {
            throw new ShapeError("'" + name + "' must be > 0, got " + h);
        }
        return h;
    }

    /**
     * {@code [batch, heads, sequence, head size]} of a 3-D or 4-D attention input; a 3-D one is
     * split into {@code heads} (the attribute {@code headsAttr}, required then).
     */
    private static long[] bnsh(RankedTensorType t, String what, long heads, String headsAttr) {
        List<Long> s = t.shape();
        if (t.rank() == 4) {
            long h = heads < 0 ? s.get(1) : HipShapes.same(s.get(1), heads, "the heads of " + what + " "
                    + format(s) + " and '" + headsAttr + "'");
            return new long[] {s.get(0), h, s.get(2), s.get(3)};
        }
        if (t.rank() != 3) {
            throw new ShapeError(what + " must be 3-D or 4-D, got " + text(t));
        }
        if (heads < 0) {
            throw new ShapeError("'" + headsAttr + "' is required for a 3-D " + what + " " + text(t));
        }
        long hidden = s.get(2);
        if (hidden != DYN && hidden % heads != 0) {
            throw new ShapeError("the hidden size " + hidden + " of " + what + " is not divisible by '" + headsAttr
                    + "' " + heads);
        }
        return new long[] {s.get(0), heads, s.get(1), hidden == DYN ? DYN : hidden / heads};
    }

    private static void requireFloat(RankedTensorType t, String what) {
        if (!HipOps.isFloat(t.elementType())) {
            throw new ShapeError(what + " must have a floating-point element type, got " + text(t));
        }
    }

    private static RankedTensorType tensor(Type element, long... dims) {
        List<Long> shape = new ArrayList<>();
        for (long d : dims) {
            shape.add(d);
        }
        return RankedTensorType.of(shape, element);
    }

    private static final Rule ATTENTION = (in, attrs, n) -> {
        if (attrs.containsKey("softmax_precision")) {
            throw new ShapeError("'softmax_precision' is not supported: the softmax runs in Q's element type");
        }
        if (n == 2) {
            throw new ShapeError("present_key and present_value come together (1, 3 or 4 results)");
        }
        HipOps.flag(attrs, "is_causal", false);
        HipOps.floatAttr(attrs, "scale", 1.0);
        if (HipOps.floatAttr(attrs, "softcap", 0.0) < 0) {
            throw new ShapeError("'softcap' must be >= 0");
        }
        long mode = HipOps.intAttr(attrs, "qk_matmul_output_mode", 0);
        if (mode < 0 || mode > 3) {
            throw new ShapeError("'qk_matmul_output_mode' must be 0 to 3, got " + mode);
        }
        RankedTensorType q = in.get(0);
        RankedTensorType k = in.get(1);
        RankedTensorType v = in.get(2);
        requireFloat(q, "Q");
        requireFloat(v, "V");
        if (!k.elementType().equals(q.elementType())) {
            throw new ShapeError("K " + text(k) + " must have the element type of Q " + text(q));
        }
        long qHeads = heads(attrs, "q_num_heads");
        long kvHeads = heads(attrs, "kv_num_heads");
        long[] qs = bnsh(q, "Q", qHeads, "q_num_heads");
        long[] ks = bnsh(k, "K", kvHeads, "kv_num_heads");
        long[] vs = bnsh(v, "V", kvHeads, "kv_num_heads");
        long batch = HipShapes.same(qs[0], HipShapes.same(ks[0], vs[0], "the batch sizes of K and V"),
                "the batch sizes of Q and K/V");
        long kvH = HipShapes.same(ks[1], vs[1], "the heads of K and V");
        long kvSeq = HipShapes.same(ks[2], vs[2], "the sequence lengths of K and V");
        long headSize = HipShapes.same(qs[3], ks[3], "the head sizes of Q and K");
        long vHead = vs[3];
        long qH = qs[1];
        if (qH != DYN && kvH != DYN && qH % kvH != 0) {
            throw new ShapeError("the " + qH + " query heads are not a multiple of the " + kvH
                    + " key/value heads");
        }
        long total = kvSeq;
        boolean mask = in.size() == 4 || in.size() == 6;
        if (in.size() >= 5) {
            RankedTensorType pk = in.get(in.size() - 2);
            RankedTensorType pv = in.get(in.size() - 1);
            if (pk.rank() != 4 || pv.rank() != 4) {
                throw new ShapeError("past_key and past_value must be 4-D, got " + text(pk) + " and " + text(pv));
            }
            if (!pk.elementType().equals(k.elementType()) || !pv.elementType().equals(v.elementType())) {
                throw new ShapeError("past_key " + text(pk) + " and past_value " + text(pv)
                        + " must have the element types of K and V");
            }
            HipShapes.same(batch, HipShapes.same(pk.shape().get(0), pv.shape().get(0), "the batch sizes of the"
                    + " cache"), "the batch sizes of the cache and Q");
            kvH = HipShapes.same(kvH, HipShapes.same(pk.shape().get(1), pv.shape().get(1), "the heads of the cache"),
                    "the heads of the cache and K");
            HipShapes.same(headSize, pk.shape().get(3), "the head sizes of past_key and K");
            vHead = HipShapes.same(vHead, pv.shape().get(3), "the head sizes of past_value and V");
            total = plus(HipShapes.same(pk.shape().get(2), pv.shape().get(2), "the sequence lengths of the cache"),
                    kvSeq);
        }
        Type et = q.elementType();
        if (mask) {
            RankedTensorType m = in.get(3);
            if (!HipOps.isBool(m.elementType()) && !m.elementType().equals(et)) {
                throw new ShapeError("attn_mask " + text(m) + " must have element type i1 or Q's "
                        + text(et));
            }
            List<Long> scores = List.of(batch, qH, qs[2], total);
            if (!HipShapes.unidirectional(m.shape(), scores)) {
                throw new ShapeError("attn_mask " + format(m.shape()) + " does not broadcast to the scores "
                        + format(scores));
            }
        }
        List<Type> out = new ArrayList<>();
        out.add(q.rank() == 3 ? tensor(et, batch, qs[2], times(qH, vHead)) : tensor(et, batch, qH, qs[2], vHead));
        if (n >= 3) {
            out.add(tensor(k.elementType(), batch, kvH, total, headSize));
            out.add(tensor(v.elementType(), batch, kvH, total, vHead));
        }
        if (n == 4) {
            out.add(tensor(et, batch, qH, qs[2], total));
        }
        return out;
    };

    private static final Rule ROTARY = (in, attrs, n) -> {
        HipOps.flag(attrs, "interleaved", false);
        RankedTensorType x = in.get(0);
        requireFloat(x, "X");
        long[] s = bnsh(x, "X", heads(attrs, "num_heads"), "num_heads");
        long headSize = s[3];
        long rotary = HipOps.intAttr(attrs, "rotary_embedding_dim", 0);
        if (rotary < 0 || rotary % 2 != 0) {
            throw new ShapeError("'rotary_embedding_dim' must be even and >= 0, got " + rotary);
        }
        if (rotary > 0 && headSize != DYN && rotary > headSize) {
            throw new ShapeError("'rotary_embedding_dim' " + rotary + " exceeds the head size " + headSize);
        }
        if (rotary == 0 && headSize != DYN && headSize % 2 != 0) {
            throw new ShapeError("the head size " + headSize + " must be even to rotate it whole");
        }
        long half = rotary > 0 ? rotary / 2 : headSize == DYN ? DYN : headSize / 2;
        boolean positions = in.size() == 4;
        for (int i = 1; i <= 2; i++) {
            RankedTensorType c = in.get(i);
            String what = i == 1 ? "cos_cache" : "sin_cache";
            if (!c.elementType().equals(x.elementType())) {
                throw new ShapeError(what + " " + text(c) + " must have the element type of X " + text(x));
            }
            int rank = positions ? 2 : 3;
            if (c.rank() != rank) {
                throw new ShapeError(what + " must be " + rank + "-D " + (positions ? "[positions, rotary dim / 2]"
                        + " with position_ids" : "[batch, sequence, rotary dim / 2] without position_ids")
                        + ", got " + text(c));
            }
            if (!positions) {
                HipShapes.same(c.shape().get(0), s[0], "the batch sizes of " + what + " and X");
                HipShapes.same(c.shape().get(1), s[2], "the sequence lengths of " + what + " and X");
            }
            HipShapes.same(c.shape().get(rank - 1), half, "the last dimension of " + what + " and half the rotary"
                    + " dimension");
        }
        if (positions) {
            RankedTensorType p = in.get(3);
            if (!(p.elementType() instanceof IntegerType it && it.width() == 64) || p.rank() != 2) {
                throw new ShapeError("position_ids must be a 2-D i64 [batch, sequence] tensor, got " + text(p));
            }
            HipShapes.same(p.shape().get(0), s[0], "the batch sizes of position_ids and X");
            HipShapes.same(p.shape().get(1), s[2], "the sequence lengths of position_ids and X");
        }
        return List.of(x);
    };

    /** The transformer ops, in registration order. */
    static final List<Spec> SPECS = List.of(
            new Spec("attention", "Scaled dot-product attention: Q, K, V, optional attn_mask, optional past_key and"
                    + " past_value", 3, 6, 1, 4, List.of("is_causal", "scale", "softcap", "qk_matmul_output_mode",
                            "q_num_heads", "kv_num_heads"), ATTENTION),
            new Spec("rotary_embedding", "Rotary position embedding: X, cos_cache, sin_cache, optional position_ids",
                    3, 4, 1, 1, List.of("interleaved", "rotary_embedding_dim", "num_heads"), ROTARY));
}
