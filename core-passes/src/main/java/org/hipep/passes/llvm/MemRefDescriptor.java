package org.hipep.passes.llvm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.llvm.LLVMTypes;
import org.hipep.dialects.memref.MemRefLayouts;
import org.hipep.ir.Location;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.StridedLayoutAttr;
import org.hipep.ir.builtin.TypeAttr;

/**
 * Reads and builds memref descriptors ({@code !llvm.struct<(ptr, ptr, i64, array<N x i64>,
 * array<N x i64>)>}: allocated pointer, aligned pointer, offset, sizes, strides) with
 * {@code llvm.extractvalue}/{@code llvm.insertvalue}, as MLIR's {@code MemRefDescriptor} does,
 * and the index arithmetic the memref lowering shares (upstream's {@code ConvertToLLVMPattern}
 * helpers: constants of type {@code index}, descriptor sizes and strides of a fresh buffer,
 * strided element addresses).
 */
final class MemRefDescriptor {
    /** Field positions in the descriptor. */
    static final int ALLOCATED = 0;
    static final int ALIGNED = 1;
    static final int OFFSET = 2;
    static final int SIZES = 3;
    static final int STRIDES = 4;
    /** The {@code rawConstantIndices} entry of a dynamic GEP index. */
    static final long DYNAMIC_INDEX = Integer.MIN_VALUE;
    /** GEP flags {@code inbounds|nuw}, as upstream's load and store addresses carry. */
    static final long INBOUNDS_NUW = 7;
    /** Integer overflow flags {@code nsw, nuw}. */
    static final long NSW_NUW = 3;

    private final OpBuilder b;
    private final Location loc;
    private final Value value;

    MemRefDescriptor(OpBuilder b, Location loc, Value value) {
        this.b = b;
        this.loc = loc;
        this.value = value;
    }

    Value value() {
        return value;
    }

    /** {@code llvm.mlir.poison} of {@code structType}, the start of a new descriptor. */
    static MemRefDescriptor poison(OpBuilder b, Location loc, Type structType) {
        return new MemRefDescriptor(b, loc, LLVMOps.value(b, loc, "mlir.poison", List.of(), structType, Map.of()));
    }

    Value extract(long... position) {
        Type t = fieldType(value.type(), position);
        return LLVMOps.value(b, loc, "extractvalue", List.of(value), t, Map.of("position", DenseArrayAttr.i64(position)));
    }

    MemRefDescriptor insert(Value v, long... position) {
        Value nv = LLVMOps.value(b, loc, "insertvalue", List.of(value, v), value.type(),
                Map.of("position", DenseArrayAttr.i64(position)));
        return new MemRefDescriptor(b, loc, nv);
    }

    Value allocatedPtr() {
        return extract(ALLOCATED);
    }

    Value alignedPtr() {
        return extract(ALIGNED);
    }

    Value offset() {
        return extract(OFFSET);
    }

    Value size(int i) {
        return extract(SIZES, i);
    }

    Value stride(int i) {
        return extract(STRIDES, i);
    }

    /** The type at {@code position} in a struct/array type. */
    static Type fieldType(Type t, long... position) {
        for (long p : position) {
            if (t instanceof LLVMTypes.StructType s) {
                t = s.body().get((int) p);
            } else if (t instanceof LLVMTypes.ArrayType a) {
                t = a.elementType();
            } else {
                throw new IllegalArgumentException("no field " + p + " in " + t);
            }
        }
        return t;
    }

    /**
     * A descriptor of {@code structType} from its fields in order (allocated, aligned, offset,
     * sizes, strides), as upstream's {@code MemRefDescriptor::pack} rebuilds an expanded argument:
     * the size and stride of each dimension in turn.
     */
    static MemRefDescriptor pack(OpBuilder b, Location loc, Type structType, List<Value> fields) {
        MemRefDescriptor d = poison(b, loc, structType);
        d = d.insert(fields.get(0), ALLOCATED).insert(fields.get(1), ALIGNED).insert(fields.get(2), OFFSET);
        int rank = (fields.size() - 3) / 2;
        for (int i = 0; i < rank; i++) {
            d = d.insert(fields.get(3 + i), SIZES, i).insert(fields.get(3 + rank + i), STRIDES, i);
        }
        return d;
    }

    /** The fields of the descriptor, in pack order (the expanded form of a function argument). */
    List<Value> unpack(int rank) {
        List<Value> out = new ArrayList<>(List.of(allocatedPtr(), alignedPtr(), offset()));
        for (int i = 0; i < rank; i++) {
            out.add(size(i));
        }
        for (int i = 0; i < rank; i++) {
            out.add(stride(i));
        }
        return out;
    }

    /** The scalar types a descriptor expands to (ranked: pointers, offset, sizes, strides; unranked: rank, pointer). */
    static List<Type> expandedTypes(LLVMTypes.StructType descriptor) {
        if (descriptor.body().size() == 2) {
            return descriptor.body();
        }
        List<Type> out = new ArrayList<>(descriptor.body().subList(0, 3));
        if (descriptor.body().size() == 5) {
            LLVMTypes.ArrayType a = (LLVMTypes.ArrayType) descriptor.body().get(3);
            for (int i = 0; i < 2 * a.size(); i++) {
                out.add(a.elementType());
            }
        }
        return out;
    }

    // ---------------------------------------------------------------- shared arithmetic

    /** {@code llvm.mlir.constant(v : index) : i64}. */
    static Value indexConstant(OpBuilder b, Location loc, long v) {
        return LLVMOps.constant(b, loc, LLVMTypeConverter.indexType(), IntegerAttr.index(v));
    }

    static Value arith(OpBuilder b, Location loc, String op, Value l, Value r, long flags) {
        return LLVMOps.value(b, loc, op, List.of(l, r), l.type(),
                Map.of("overflowFlags", IntegerAttr.of(IntegerType.I32, flags)));
    }

    static Value gep(OpBuilder b, Location loc, Value base, Type elem, List<Value> dynamic, long[] raw, long flags) {
        List<Value> operands = new ArrayList<>();
        operands.add(base);
        operands.addAll(dynamic);
        return LLVMOps.value(b, loc, "getelementptr", operands, base.type(), Map.of("elem_type", new TypeAttr(elem),
                "noWrapFlags", IntegerAttr.of(IntegerType.I32, flags), "rawConstantIndices",
                DenseArrayAttr.ofLongs(IntegerType.I32, raw)));
    }

    /** {@code ptrtoint(gep null[n])}: the size in bytes of {@code n} elements of {@code elem}. */
    static Value sizeInBytes(OpBuilder b, Location loc, Type elem, Value n) {
        Value nul = LLVMOps.value(b, loc, "mlir.zero", List.of(), LLVMTypes.PointerType.DEFAULT, Map.of());
        Value p = gep(b, loc, nul, elem, List.of(n), new long[] {DYNAMIC_INDEX}, 0);
        return LLVMOps.value(b, loc, "ptrtoint", List.of(p), LLVMTypeConverter.indexType(), Map.of());
    }

    /** {@code ptrtoint(gep null[1])}: the size of one element. */
    static Value elementSize(OpBuilder b, Location loc, Type elem) {
        Value nul = LLVMOps.value(b, loc, "mlir.zero", List.of(), LLVMTypes.PointerType.DEFAULT, Map.of());
        Value p = gep(b, loc, nul, elem, List.of(), new long[] {1}, 0);
        return LLVMOps.value(b, loc, "ptrtoint", List.of(p), LLVMTypeConverter.indexType(), Map.of());
    }

    /** [offset, strides...] of a memref with an identity or strided layout (what lowers), or null. */
    static long[] stridesAndOffset(MemRefType m) {
        return m.layout() == null || m.layout() instanceof StridedLayoutAttr ? MemRefLayouts.stridesAndOffset(m) : null;
    }

    /** Sizes, strides and the element count (or byte size) of a new buffer, as upstream's getMemRefDescriptorSizes. */
    record Sizes(List<Value> sizes, List<Value> strides, Value size) {
    }

    static Sizes descriptorSizes(OpBuilder b, Location loc, MemRefType type, List<Value> dynamicSizes, Type elem,
            boolean inBytes) {
        List<Value> sizes = new ArrayList<>();
        int dyn = 0;
        for (long d : type.shape()) {
            sizes.add(d == ShapedType.DYNAMIC ? dynamicSizes.get(dyn++) : indexConstant(b, loc, d));
        }
        int rank = sizes.size();
        Value[] strides = new Value[rank];
        long stride = 1;
        Value running = indexConstant(b, loc, 1);
        for (int i = rank - 1; i >= 0; i--) {
            strides[i] = running;
            long d = type.shape().get(i);
            boolean sizeAsStride = stride == 1;
            if (d == ShapedType.DYNAMIC) {
                stride = ShapedType.DYNAMIC;
            }
            if (stride != ShapedType.DYNAMIC) {
                stride *= d;
            }
            if (sizeAsStride) {
                running = sizes.get(i);
            } else if (stride == ShapedType.DYNAMIC) {
                running = arith(b, loc, "mul", running, sizes.get(i), 0);
            } else {
                running = indexConstant(b, loc, stride);
            }
        }
        Value size = inBytes ? sizeInBytes(b, loc, elem, running) : running;
        return new Sizes(sizes, List.of(strides), size);
    }

    /**
     * A descriptor for a buffer at {@code allocated}/{@code aligned} with offset 0 and the given
     * sizes and strides (upstream's {@code createMemRefDescriptor}).
     */
    static MemRefDescriptor fresh(OpBuilder b, Location loc, Type structType, Value allocated, Value aligned,
            List<Value> sizes, List<Value> strides) {
        MemRefDescriptor d = poison(b, loc, structType).insert(allocated, ALLOCATED).insert(aligned, ALIGNED);
        d = d.insert(indexConstant(b, loc, 0), OFFSET);
        for (int i = 0; i < sizes.size(); i++) {
            d = d.insert(sizes.get(i), SIZES, i);
        }
        for (int i = 0; i < strides.size(); i++) {
            d = d.insert(strides.get(i), STRIDES, i);
        }
        return d;
    }

    /**
     * The address of element {@code indices} (upstream's {@code getStridedElementPtr}): the buffer
     * pointer (the aligned pointer, advanced by a non-zero offset) advanced by Σ index·stride
     * ({@code nsw nuw}, the GEP {@code inbounds|nuw}); static strides and offset as constants,
     * stride 1 left out.
     */
    Value stridedElementPtr(MemRefType type, Type elem, List<Value> indices) {
        long[] layout = stridesAndOffset(type);
        Value base = alignedPtr();
        if (layout[0] != 0) {
            Value offset = layout[0] == ShapedType.DYNAMIC ? offset() : indexConstant(b, loc, layout[0]);
            base = gep(b, loc, base, elem, List.of(offset), new long[] {DYNAMIC_INDEX}, 0);
        }
        Value index = null;
        for (int i = 0; i < indices.size(); i++) {
            Value inc = indices.get(i);
            long s = layout[i + 1];
            if (s != 1) {
                Value stride = s == ShapedType.DYNAMIC ? stride(i) : indexConstant(b, loc, s);
                inc = arith(b, loc, "mul", inc, stride, NSW_NUW);
            }
            index = index == null ? inc : arith(b, loc, "add", index, inc, NSW_NUW);
        }
        return index == null ? base
                : gep(b, loc, base, elem, List.of(index), new long[] {DYNAMIC_INDEX}, INBOUNDS_NUW);
    }
}
