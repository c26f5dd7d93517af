package org.hipep.passes.onnx;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hipep.ir.Attribute;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.RankedTensorType;

/**
 * Where a dynamic ({@code ?}) result dimension of a hip op comes from, so that its destination
 * can be sized with {@code tensor.dim}: only where the dimension provably equals one input
 * dimension at run time. {@code convert-onnx-to-hip} sizes destinations with it and
 * {@code hip-resolve-tensor-dims} traces {@code tensor.dim} of results back to inputs with it.
 */
public final class DynamicDims {
    private DynamicDims() {
    }

    /** Ops whose dimensions follow numpy broadcasting of their inputs, right-aligned (same-shape ops included). */
    private static final Set<String> NOT_BROADCASTING = Set.of("hip.matmul", "hip.gemm", "hip.conv",
            "hip.conv_transpose", "hip.max_pool", "hip.avg_pool", "hip.global_max_pool", "hip.global_avg_pool",
            "hip.arg_max", "hip.arg_min");

    /**
     * The input and its dimension that result dimension {@code dim} (of a result of rank
     * {@code rank}) equals, as {@code {input, dimension}}, or {@code null} when unknown.
     */
    public static int[] source(String hipName, List<Type> inputs, Map<String, Attribute> attrs, int rank, int dim) {
        if (hipName.startsWith("hip.reduce_")) {
            return null;
        }
        if (hipName.equals("hip.cumsum") || hipName.equals("hip.trilu")) {
            // The result has the data's shape (a parameter operand, axis or k, does not count).
            return inputs.get(0) instanceof RankedTensorType t && t.rank() == rank ? new int[] {0, dim} : null;
        }
        if (hipName.equals("hip.transpose")) {
            return transposed(inputs.get(0), attrs, rank, dim);
        }
        if (hipName.equals("hip.reshape") || hipName.equals("hip.concat") || hipName.equals("hip.unsqueeze")) {
            return kept(hipName, inputs.get(0), attrs, rank, dim);
        }
        if (hipName.equals("hip.flatten") || hipName.equals("hip.squeeze") || hipName.equals("hip.slice")
                || hipName.equals("hip.pad")) {
            return reshaped(hipName, inputs.get(0), attrs, rank, dim);
        }
        if (RESHAPING.contains(hipName)) {
            return null;
        }
        switch (hipName) {
            case "hip.matmul": {
                int ra = rankOf(inputs.get(0));
                int rb = rankOf(inputs.get(1));
                if (ra < 2 || rb < 2) {
                    return null;
                }
                if (dim == rank - 2) {
                    return new int[] {0, ra - 2};
                }
                if (dim == rank - 1) {
                    return new int[] {1, rb - 1};
                }
                return broadcast(inputs, rank - 2, dim, 2);
            }
            case "hip.gemm": {
                boolean ta = attrs.get("transA") instanceof BoolAttr b && b.value();
                boolean tb = attrs.get("transB") instanceof BoolAttr b2 && b2.value();
                return dim == 0 ? new int[] {0, ta ? 1 : 0} : new int[] {1, tb ? 0 : 1};
            }
            case "hip.rotary_embedding":
                // The result is X, dimension for dimension.
                return new int[] {0, dim};
            case "hip.attention":
                // Several results of different layouts: not traced, the op converts with static results.
                return null;
            default:
                break;
        }
        if (NOT_BROADCASTING.contains(hipName)) {
            // Convolutions and pools keep the batch dimension of X.
            return dim == 0 && !hipName.startsWith("hip.arg_") ? new int[] {0, 0} : null;
        }
        return broadcast(inputs, rank, dim, 0);
    }

    /**
     * The data-movement and indexing ops whose dynamic result dimensions are not traced back to
     * an input (transpose, reshape, concat, unsqueeze, flatten, squeeze, slice and pad are), so they
     * convert only with static results.
     */
    private static final Set<String> RESHAPING = Set.of("hip.gather",
            "hip.gather_elements", "hip.gather_nd", "hip.expand", "hip.tile", "hip.slice", "hip.shape", "hip.size",
            "hip.split", "hip.topk", "hip.fill", "hip.pad", "hip.einsum", "hip.scatter_elements", "hip.scatter_nd",
            "hip.range", "hip.non_zero", "hip.one_hot", "hip.resize");

    /**
     * Flatten: a result dimension is the product of input dimensions [0, axis) or [axis, rank),
     * traced when exactly one of them is dynamic and the others are 1 (a [N, C, H, W] flatten at
     * axis 1 keeps N as dimension 0; a product of a dynamic dimension with known ones > 1 would
     * need arithmetic, which is not traced). Squeeze with static axes keeps the other dimensions in
     * order. Slice and pad keep every dimension they do not touch (slice: not in its static axes;
     * pad: both pads of the dimension static and 0).
     */
    private static int[] reshaped(String hipName, Type input, Map<String, Attribute> attrs, int rank, int dim) {
        if (!(input instanceof RankedTensorType t)) {
            return null;
        }
        int r = t.rank();
        switch (hipName) {
            case "hip.flatten": {
                long axis = attrs.get("axis") instanceof IntegerAttr a ? a.longValue() : 1;
                int at = (int) (axis < 0 ? axis + r : axis);
                if (rank != 2 || at < 0 || at > r) {
                    return null;
                }
                int from = dim == 0 ? 0 : at;
                int to = dim == 0 ? at : r;
                int dynamic = -1;
                for (int i = from; i < to; i++) {
                    if (t.isDynamicDim(i)) {
                        if (dynamic >= 0) {
                            return null;
                        }
                        dynamic = i;
                    } else if (t.shape().get(i) != 1) {
                        return null;
                    }
                }
                return dynamic >= 0 ? new int[] {0, dynamic} : null;
            }
            case "hip.squeeze": {
                long[] axes = attrs.get("axes") instanceof DenseArrayAttr a ? a.asLongs() : null;
                if (axes == null) {
                    return null;
                }
                java.util.Set<Integer> removed = new java.util.HashSet<>();
                for (long ax : axes) {
                    removed.add((int) (ax < 0 ? ax + r : ax));
                }
                int k = -1;
                for (int i = 0; i < r; i++) {
                    if (!removed.contains(i) && ++k == dim) {
                        return new int[] {0, i};
                    }
                }
                return null;
            }
            case "hip.slice": {
                if (r != rank || !(attrs.get("starts") instanceof DenseArrayAttr starts)) {
                    return null;
                }
                long[] axes = attrs.get("axes") instanceof DenseArrayAttr a ? a.asLongs() : null;
                if (axes == null) {
                    if (attrs.containsKey("axes") || starts.asLongs().length > r) {
                        return null;
                    }
                    return dim >= starts.asLongs().length ? new int[] {0, dim} : null;
                }
                for (long ax : axes) {
                    if ((ax < 0 ? ax + r : ax) == dim) {
                        return null;
                    }
                }
                return new int[] {0, dim};
            }
            default: { // hip.pad
                if (r != rank || !(attrs.get("pads") instanceof DenseArrayAttr pads) || attrs.containsKey("axes")) {
                    return null;
                }
                long[] p = pads.asLongs();
                return p.length == 2 * r && p[dim] == 0 && p[dim + r] == 0 ? new int[] {0, dim} : null;
            }
        }
    }

    /** Transpose: result dimension {@code dim} is input dimension {@code perm[dim]} (reversed without perm). */
    private static int[] transposed(Type input, Map<String, Attribute> attrs, int rank, int dim) {
        if (!(input instanceof RankedTensorType t) || t.rank() != rank) {
            return null;
        }
        if (attrs.get("perm") instanceof DenseArrayAttr perm) {
            long[] p = perm.asLongs();
            return dim < p.length && p[dim] >= 0 ? new int[] {0, (int) p[dim]} : null;
        }
        return new int[] {0, rank - 1 - dim};
    }

    /**
     * Dimensions that reshape, concat and unsqueeze carry over from their first input: a reshape
     * {@code 0} (without allowzero) copies the input dimension at its position; concat keeps
     * every dimension but {@code axis} (equal in all inputs); unsqueeze keeps the input's
     * dimensions around the inserted ones.
     */
    private static int[] kept(String hipName, Type input, Map<String, Attribute> attrs, int rank, int dim) {
        if (!(input instanceof RankedTensorType t)) {
            return null;
        }
        switch (hipName) {
            case "hip.reshape": {
                boolean allowZero = attrs.get("allowzero") instanceof BoolAttr b && b.value();
                long[] shape = attrs.get("shape") instanceof DenseArrayAttr a ? a.asLongs() : null;
                if (shape == null || dim >= shape.length) {
                    return null;
                }
                if (!allowZero && shape[dim] == 0) {
                    return dim < t.rank() ? new int[] {0, dim} : null;
                }
                return shape[dim] == -1 ? inferredDim(t, shape, allowZero) : null;
            }
            case "hip.concat": {
                long axis = attrs.get("axis") instanceof IntegerAttr a ? a.longValue() : 0;
                return (axis < 0 ? axis + rank : axis) != dim && t.rank() == rank ? new int[] {0, dim} : null;
            }
            default: {
                long[] axes = attrs.get("axes") instanceof DenseArrayAttr a ? a.asLongs() : null;
                if (axes == null) {
                    return null;
                }
                int before = 0;
                for (long axis : axes) {
                    long at = axis < 0 ? axis + rank : axis;
                    if (at == dim) {
                        return null;
                    }
                    if (at < dim) {
                        before++;
                    }
                }
                return dim - before < t.rank() ? new int[] {0, dim - before} : null;
            }
        }
    }

    /**
     * Reshape's {@code -1} when the input has exactly one dynamic dimension and the other
     * dimensions hold as many elements as the target's known entries: the {@code -1} is then
     * that input dimension (as a [N, 9, 224, 224] to [-1, 1, 3, 3, 224, 224] reshape keeps N).
     */
    private static int[] inferredDim(RankedTensorType t, long[] shape, boolean allowZero) {
        int dynamic = -1;
        long inner = 1;
        for (int i = 0; i < t.rank(); i++) {
            long d = t.shape().get(i);
            if (d == RankedTensorType.DYNAMIC) {
                if (dynamic >= 0) {
                    return null;
                }
                dynamic = i;
            } else {
                inner *= d;
            }
        }
        long known = 1;
        for (int i = 0; i < shape.length; i++) {
            long s = shape[i] == 0 && !allowZero ? (i < t.rank() ? t.shape().get(i) : -2) : shape[i];
            if (shape[i] == -1) {
                continue;
            }
            if (s < 0) {
                return null;
            }
            known *= s;
        }
        return dynamic >= 0 && known == inner ? new int[] {0, dynamic} : null;
    }

    private static int rankOf(Type t) {
        return t instanceof RankedTensorType r ? r.rank() : -1;
    }

    /**
     * Right-aligned broadcasting over the leading dimensions (all but {@code trailing}): the one
     * input with a dynamic dimension there, when every other input has 1 or no dimension there.
     */
    private static int[] broadcast(List<Type> inputs, int rank, int dim, int trailing) {
        int[] found = null;
        for (int k = 0; k < inputs.size(); k++) {
            if (!(inputs.get(k) instanceof RankedTensorType t)) {
                return null;
            }
            int pos = dim - (rank - (t.rank() - trailing));
            if (pos < 0) {
                continue;
            }
            long d = t.shape().get(pos);
            if (d == RankedTensorType.DYNAMIC) {
                if (found != null) {
                    return null;
                }
                found = new int[] {k, pos};
            } else if (d != 1) {
                return null;
            }
        }
        return found;
    }
}
