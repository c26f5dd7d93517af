package org.hipep.passes.llvm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.arith.ArithDialect;
import org.hipep.dialects.memref.MemRefDialect;
import org.hipep.dialects.memref.ShapedSyntax;
import org.hipep.ir.Attribute;
import org.hipep.ir.Location;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.WalkOrder;
import org.hipep.ir.WalkResult;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.pass.Pass;

/**
 * {@code expand-strided-metadata} (MLIR's {@code ExpandStridedMetadata.cpp}): rewrites the view
 * ops whose result is a strided view of their source into {@code memref.extract_strided_metadata}
 * of the source and a {@code memref.reinterpret_cast} of its base buffer, so that
 * {@code finalize-memref-to-llvm} only has to lower those two:
 *
 * <ul>
 *   <li>{@code subview}: offset = source offset + Σ offset·source stride, strides = source
 *       stride·stride, the subview's sizes; rank-reduced unit dimensions dropped;</li>
 *   <li>{@code collapse_shape} / {@code expand_shape} of identity layouts: offset 0, the group
 *       products or the output shape as sizes, row-major strides.</li>
 * </ul>
 * Values the result type fixes are static; the others are computed. Upstream computes them with
 * {@code affine.apply} (lowered later by {@code lower-affine}); there is no affine dialect here, so
 * they are {@code arith.muli}/{@code arith.addi} on {@code index}, with the same value. A view of
 * a {@code memref.alloc}/{@code alloca} casts the allocation itself (what upstream's folds of the
 * allocation's metadata and of a cast of a cast leave). A collapse/expand of a non-identity layout
 * is left as it is. The other rewrites of the upstream pass (metadata of a get_global, a cast,
 * a view; {@code extract_aligned_pointer_as_index} of views) are not done.
 */
public final class ExpandStridedMetadataPass extends Pass {
    private static final String SUBVIEW = MemRefDialect.NAMESPACE + ".subview";
    private static final String COLLAPSE = MemRefDialect.NAMESPACE + ".collapse_shape";
    private static final String EXPAND = MemRefDialect.NAMESPACE + ".expand_shape";
    private static final long DYN = ShapedType.DYNAMIC;

    @Override
    public String argument() {
        return "expand-strided-metadata";
    }

    @Override
    public String name() {
        return "ExpandStridedMetadataPass";
    }

    @Override
    public String description() {
        return "Expand memref operations into easier to analyze constructs";
    }

    @Override
    protected void runOnOperation() {
        getContext().getOrLoadDialect(ArithDialect.NAMESPACE);
        List<Operation> ops = new ArrayList<>();
        getOperation().walk(WalkOrder.POST_ORDER, op -> {
            if (op.is(SUBVIEW) || op.is(COLLAPSE) || op.is(EXPAND)) {
                ops.add(op);
            }
            return WalkResult.ADVANCE;
        });
        for (Operation op : ops) {
            if (!(op.operand(0).type() instanceof MemRefType src) || !(op.result(0).type() instanceof MemRefType res)
                    || MemRefDescriptor.stridesAndOffset(src) == null
                    || MemRefDescriptor.stridesAndOffset(res) == null) {
                continue;
            }
            if (op.is(SUBVIEW)) {
                subview(op, src, res);
            } else if (src.layout() == null && res.layout() == null) {
                reshape(op, src, res);
            }
        }
    }

    /** A static value or a run-time one (upstream's OpFoldResult). */
    private record Ofr(long c, Value v) {
        static Ofr of(long c) {
            return new Ofr(c, null);
        }

        static Ofr of(Value v) {
            return new Ofr(0, v);
        }

        boolean isStatic() {
            return v == null;
        }
    }

    private static final class Builder {
        final OpBuilder b;
        final Location loc;

        Builder(Operation at) {
            b = OpBuilder.before(at);
            loc = at.location();
        }

        Value value(Ofr x) {
            return x.isStatic() ? b.create(loc, ArithDialect.NAMESPACE + ".constant", List.of(),
                    List.of(IndexType.INSTANCE), Map.of("value", IntegerAttr.index(x.c()))).result(0) : x.v();
        }

        Ofr mul(Ofr x, Ofr y) {
            if (x.isStatic() && y.isStatic()) {
                return Ofr.of(x.c() * y.c());
            }
            if (x.isStatic() && x.c() == 1 || y.isStatic() && y.c() == 0) {
                return y;
            }
            if (y.isStatic() && y.c() == 1 || x.isStatic() && x.c() == 0) {
                return x;
            }
            return Ofr.of(b.create(loc, ArithDialect.NAMESPACE + ".muli", List.of(value(x), value(y)),
                    List.of(IndexType.INSTANCE), Map.of()).result(0));
        }

        Ofr add(Ofr x, Ofr y) {
            if (x.isStatic() && y.isStatic()) {
                return Ofr.of(x.c() + y.c());
            }
            if (x.isStatic() && x.c() == 0) {
                return y;
            }
            if (y.isStatic() && y.c() == 0) {
                return x;
            }
            return Ofr.of(b.create(loc, ArithDialect.NAMESPACE + ".addi", List.of(value(x), value(y)),
                    List.of(IndexType.INSTANCE), Map.of()).result(0));
        }

        /** {@code memref.extract_strided_metadata %src}: base, offset, sizes, strides. */
        Operation metadata(Value src, MemRefType type) {
            int rank = type.shape().size();
            List<Type> types = new ArrayList<>();
            types.add(new MemRefType(List.of(), type.elementType(), null, type.memorySpace()));
            for (int i = 0; i < 1 + 2 * rank; i++) {
                types.add(IndexType.INSTANCE);
            }
            return b.create(loc, MemRefDialect.NAMESPACE + ".extract_strided_metadata", List.of(src), types,
                    Map.of());
        }

        /**
         * {@code memref.reinterpret_cast %base to offset: [..], sizes: [..], strides: [..]}: a
         * value the result type fixes is given statically, the others as operands.
         */
        Value reinterpret(Value base, MemRefType res, Ofr offset, List<Ofr> sizes, List<Ofr> strides) {
            long[] layout = MemRefDescriptor.stridesAndOffset(res);
            List<Value> dynOffsets = new ArrayList<>();
            List<Value> dynSizes = new ArrayList<>();
            List<Value> dynStrides = new ArrayList<>();
            long[] so = {mix(layout[0], offset, dynOffsets)};
            long[] ss = new long[sizes.size()];
            long[] st = new long[sizes.size()];
            for (int i = 0; i < sizes.size(); i++) {
                ss[i] = mix(res.shape().get(i), sizes.get(i), dynSizes);
                st[i] = mix(layout[i + 1], strides.get(i), dynStrides);
            }
            OperationState s = new OperationState(loc, MemRefDialect.NAMESPACE + ".reinterpret_cast", b.context());
            s.addOperands(List.of(base)).addOperands(dynOffsets).addOperands(dynSizes).addOperands(dynStrides);
            s.addTypes(List.of(res));
            s.addAttribute(ShapedSyntax.SEGMENTS, DenseArrayAttr.ofLongs(IntegerType.I32, 1, dynOffsets.size(),
                    dynSizes.size(), dynStrides.size()));
            s.addAttribute("static_offsets", DenseArrayAttr.i64(so));
            s.addAttribute("static_sizes", DenseArrayAttr.i64(ss));
            s.addAttribute("static_strides", DenseArrayAttr.i64(st));
            return b.create(s).result(0);
        }

        /** The static entry for a value the type fixes as {@code fixed}, else the value as an operand. */
        private long mix(long fixed, Ofr x, List<Value> dynamic) {
            if (fixed != DYN) {
                return fixed;
            }
            dynamic.add(value(x));
            return DYN;
        }
    }

    private static long[] longs(Attribute a) {
        return a instanceof DenseArrayAttr d ? d.asLongs() : new long[0];
    }

    /** The mixed static/dynamic list of a subview: static entries, dynamic ones from {@code dynamic} in order. */
    private static List<Ofr> mixed(long[] statics, List<Value> dynamic) {
        List<Ofr> out = new ArrayList<>();
        int k = 0;
        for (long s : statics) {
            out.add(s == DYN ? Ofr.of(dynamic.get(k++)) : Ofr.of(s));
        }
        return out;
    }

    /** The base buffer, offset and strides of a view's source. */
    private record Source(Value base, Ofr offset, List<Ofr> sizes, List<Ofr> strides) {
    }

    /**
     * The metadata of {@code src}: for a {@code memref.alloc}/{@code alloca} the buffer itself with
     * offset 0, its sizes and row-major strides (upstream folds the metadata of an allocation and
     * the reinterpret_cast of its base into one cast of the allocation); otherwise the results of a
     * new {@code memref.extract_strided_metadata}, static values taken from the type.
     */
    private static Source source(Builder bld, Value src, MemRefType type) {
        int rank = type.shape().size();
        Operation def = src.definingOp();
        if (def != null && (def.is(MemRefDialect.NAMESPACE + ".alloc") || def.is(MemRefDialect.NAMESPACE + ".alloca"))
                && type.layout() == null) {
            List<Ofr> sizes = new ArrayList<>();
            int dyn = 0;
            for (long d : type.shape()) {
                sizes.add(d == DYN ? Ofr.of(def.operand(dyn++)) : Ofr.of(d));
            }
            Ofr[] strides = new Ofr[rank];
            Ofr running = Ofr.of(1);
            for (int i = rank - 1; i >= 0; i--) {
                strides[i] = running;
                running = bld.mul(running, sizes.get(i));
            }
            return new Source(src, Ofr.of(0), sizes, List.of(strides));
        }
        Operation md = bld.metadata(src, type);
        long[] layout = MemRefDescriptor.stridesAndOffset(type);
        List<Ofr> sizes = new ArrayList<>();
        List<Ofr> strides = new ArrayList<>();
        for (int i = 0; i < rank; i++) {
            sizes.add(type.shape().get(i) == DYN ? Ofr.of(md.result(2 + i)) : Ofr.of(type.shape().get(i)));
            strides.add(layout[i + 1] == DYN ? Ofr.of(md.result(2 + rank + i)) : Ofr.of(layout[i + 1]));
        }
        return new Source(md.result(0), layout[0] == DYN ? Ofr.of(md.result(1)) : Ofr.of(layout[0]), sizes, strides);
    }

    private static void subview(Operation op, MemRefType src, MemRefType res) {
        Builder bld = new Builder(op);
        int rank = src.shape().size();
        Source source = source(bld, op.operand(0), src);
        Ofr srcOffset = source.offset();
        List<Ofr> srcStrides = source.strides();
        long[] seg = longs(op.attribute(ShapedSyntax.SEGMENTS));
        int nOff = (int) seg[1];
        int nSize = (int) seg[2];
        List<Value> operands = op.operands();
        List<Ofr> offsets = mixed(longs(op.attribute("static_offsets")), operands.subList(1, 1 + nOff));
        List<Ofr> sizes = mixed(longs(op.attribute("static_sizes")), operands.subList(1 + nOff, 1 + nOff + nSize));
        List<Ofr> strides = mixed(longs(op.attribute("static_strides")),
                operands.subList(1 + nOff + nSize, operands.size()));
        Ofr offset = srcOffset;
        for (int i = 0; i < rank; i++) {
            offset = bld.add(offset, bld.mul(offsets.get(i), srcStrides.get(i)));
        }
        List<Ofr> outSizes = new ArrayList<>();
        List<Ofr> outStrides = new ArrayList<>();
        int resRank = res.shape().size();
        int drops = rank - resRank;
        int j = 0;
        for (int i = 0; i < rank; i++) {
            Ofr size = sizes.get(i);
            boolean unit = size.isStatic() && size.c() == 1;
            if (drops > 0 && unit && (j >= resRank || res.shape().get(j) != 1 || rank - i > resRank - j)) {
                drops--;
                continue;
            }
            outSizes.add(size);
            outStrides.add(bld.mul(srcStrides.get(i), strides.get(i)));
            j++;
        }
        Value cast = bld.reinterpret(source.base(), res, offset, outSizes, outStrides);
        op.replaceAllUsesWith(List.of(cast));
        op.erase();
    }

    private static void reshape(Operation op, MemRefType src, MemRefType res) {
        List<List<Long>> groups = ShapedSyntax.reassociation(op.attribute("reassociation"));
        if (groups == null) {
            return;
        }
        Builder bld = new Builder(op);
        Source source = source(bld, op.operand(0), src);
        List<Ofr> sizes = new ArrayList<>();
        if (op.is(COLLAPSE)) {
            for (List<Long> g : groups) {
                Ofr size = Ofr.of(1);
                for (long d : g) {
                    size = bld.mul(size, source.sizes().get((int) d));
                }
                sizes.add(size);
            }
        } else {
            long[] shape = longs(op.attribute("static_output_shape"));
            sizes = mixed(shape, op.operands().subList(1, op.numOperands()));
        }
        int rank = sizes.size();
        Ofr[] strides = new Ofr[rank];
        Ofr running = Ofr.of(1);
        for (int i = rank - 1; i >= 0; i--) {
            strides[i] = running;
            running = bld.mul(running, sizes.get(i));
        }
        Value cast = bld.reinterpret(source.base(), res, Ofr.of(0), sizes, List.of(strides));
        op.replaceAllUsesWith(List.of(cast));
        op.erase();
    }
}
