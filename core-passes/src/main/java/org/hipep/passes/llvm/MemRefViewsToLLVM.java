package org.hipep.passes.llvm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.llvm.LLVMTypes;
import org.hipep.ir.Attribute;
import org.hipep.ir.Location;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.rewrite.ConversionPatternRewriter;

/**
 * The view patterns of the memref to-LLVM model ({@link MemRefToLLVM}): {@code view},
 * {@code reinterpret_cast}, {@code extract_strided_metadata} and
 * {@code extract_aligned_pointer_as_index} copy and set descriptor fields as upstream's
 * lowerings do (an unranked source's pointers read through its pointer to the ranked descriptor).
 */
final class MemRefViewsToLLVM {
    private MemRefViewsToLLVM() {
    }

    static LogicalResult view(Operation op, List<Value> operands, ConversionPatternRewriter r) {
        MemRefType src = (MemRefType) op.operand(0).type();
        MemRefType type = (MemRefType) op.result(0).type();
        Type desc = MemRefToLLVM.convert(r, type);
        long[] layout = MemRefDescriptor.stridesAndOffset(type);
        if (desc == null || layout == null) {
            return r.notifyMatchFailure(op, "result type does not convert");
        }
        Location loc = op.location();
        MemRefDescriptor source = new MemRefDescriptor(r, loc, operands.get(0));
        MemRefDescriptor d = MemRefDescriptor.poison(r, loc, desc);
        d = d.insert(source.allocatedPtr(), MemRefDescriptor.ALLOCATED);
        Value aligned = MemRefDescriptor.gep(r, loc, source.alignedPtr(), MemRefToLLVM.convert(r, src.elementType()),
                List.of(operands.get(1)), new long[] {MemRefDescriptor.DYNAMIC_INDEX}, 0);
        d = d.insert(aligned, MemRefDescriptor.ALIGNED);
        d = d.insert(MemRefDescriptor.indexConstant(r, loc, 0), MemRefDescriptor.OFFSET);
        List<Value> dynSizes = operands.subList(2, operands.size());
        Value stride = null;
        Value nextSize = null;
        for (int i = type.shape().size() - 1; i >= 0; i--) {
            Value size;
            if (type.shape().get(i) == ShapedType.DYNAMIC) {
                int k = (int) type.shape().subList(0, i).stream().filter(x -> x == ShapedType.DYNAMIC).count();
                size = dynSizes.get(k);
            } else {
                size = MemRefDescriptor.indexConstant(r, loc, type.shape().get(i));
            }
            d = d.insert(size, MemRefDescriptor.SIZES, i);
            if (layout[i + 1] != ShapedType.DYNAMIC) {
                stride = MemRefDescriptor.indexConstant(r, loc, layout[i + 1]);
            } else if (nextSize != null) {
                stride = stride != null ? MemRefDescriptor.arith(r, loc, "mul", stride, nextSize, 0) : nextSize;
            } else {
                stride = MemRefDescriptor.indexConstant(r, loc, 1);
            }
            d = d.insert(stride, MemRefDescriptor.STRIDES, i);
            nextSize = size;
        }
        r.replaceOp(op, List.of(d.value()));
        return LogicalResult.success();
    }

    private static long[] longs(Attribute a) {
        return a instanceof DenseArrayAttr d ? d.asLongs() : new long[0];
    }

    static LogicalResult reinterpretCast(Operation op, List<Value> operands, ConversionPatternRewriter r) {
        MemRefType type = (MemRefType) op.result(0).type();
        Type desc = MemRefToLLVM.convert(r, type);
        if (desc == null) {
            return r.notifyMatchFailure(op, "result type does not convert");
        }
        Location loc = op.location();
        long[] offsets = longs(op.attribute("static_offsets"));
        long[] sizes = longs(op.attribute("static_sizes"));
        long[] strides = longs(op.attribute("static_strides"));
        // Dynamic operands follow the source: offsets, sizes, strides.
        int next = 1;
        MemRefDescriptor source = new MemRefDescriptor(r, loc, operands.get(0));
        MemRefDescriptor d = MemRefDescriptor.poison(r, loc, desc);
        Value allocated;
        Value aligned;
        if (op.operand(0).type() instanceof MemRefType) {
            allocated = source.allocatedPtr();
            aligned = source.alignedPtr();
        } else {
            Value ranked = source.extract(1);
            allocated = LLVMOps.value(r, loc, "load", List.of(ranked), LLVMTypes.PointerType.DEFAULT,
                    Map.of("ordering", IntegerAttr.i64(0)));
            aligned = unrankedAlignedPtr(r, loc, ranked);
        }
        d = d.insert(allocated, MemRefDescriptor.ALLOCATED).insert(aligned, MemRefDescriptor.ALIGNED);
        d = d.insert(offsets[0] == ShapedType.DYNAMIC ? operands.get(next++)
                : MemRefDescriptor.indexConstant(r, loc, offsets[0]), MemRefDescriptor.OFFSET);
        int sizeBase = next;
        int numDynSizes = (int) Arrays.stream(sizes).filter(x -> x == ShapedType.DYNAMIC).count();
        int strideBase = sizeBase + numDynSizes;
        int ds = 0;
        int dt = 0;
        for (int i = 0; i < sizes.length; i++) {
            d = d.insert(sizes[i] == ShapedType.DYNAMIC ? operands.get(sizeBase + ds++)
                    : MemRefDescriptor.indexConstant(r, loc, sizes[i]), MemRefDescriptor.SIZES, i);
            d = d.insert(strides[i] == ShapedType.DYNAMIC ? operands.get(strideBase + dt++)
                    : MemRefDescriptor.indexConstant(r, loc, strides[i]), MemRefDescriptor.STRIDES, i);
        }
        r.replaceOp(op, List.of(d.value()));
        return LogicalResult.success();
    }

    /** The aligned pointer of the ranked descriptor {@code ranked} points to (its second field). */
    private static Value unrankedAlignedPtr(ConversionPatternRewriter r, Location loc, Value ranked) {
        Type ptr = LLVMTypes.PointerType.DEFAULT;
        Value field = MemRefDescriptor.gep(r, loc, ranked, ptr, List.of(), new long[] {1}, 0);
        return LLVMOps.value(r, loc, "load", List.of(field), ptr, Map.of("ordering", IntegerAttr.i64(0)));
    }

    static LogicalResult extractStridedMetadata(Operation op, List<Value> operands,
            ConversionPatternRewriter r) {
        if (!(op.operand(0).type() instanceof MemRefType type)) {
            return r.notifyMatchFailure(op, "unranked memrefs are not lowered");
        }
        Type baseDesc = MemRefToLLVM.convert(r, op.result(0).type());
        if (baseDesc == null) {
            return r.notifyMatchFailure(op, "base type does not convert");
        }
        Location loc = op.location();
        MemRefDescriptor source = new MemRefDescriptor(r, loc, operands.get(0));
        Value allocated = source.allocatedPtr();
        Value aligned = source.alignedPtr();
        MemRefDescriptor base = MemRefDescriptor.poison(r, loc, baseDesc).insert(allocated, MemRefDescriptor.ALLOCATED)
                .insert(aligned, MemRefDescriptor.ALIGNED);
        base = base.insert(MemRefDescriptor.indexConstant(r, loc, 0), MemRefDescriptor.OFFSET);
        List<Value> results = new ArrayList<>();
        results.add(base.value());
        results.add(source.offset());
        int rank = type.shape().size();
        for (int i = 0; i < rank; i++) {
            results.add(source.size(i));
        }
        for (int i = 0; i < rank; i++) {
            results.add(source.stride(i));
        }
        r.replaceOp(op, results);
        return LogicalResult.success();
    }

    static LogicalResult extractAlignedPointer(Operation op, List<Value> operands,
            ConversionPatternRewriter r) {
        MemRefDescriptor source = new MemRefDescriptor(r, op.location(), operands.get(0));
        Value aligned = op.operand(0).type() instanceof MemRefType ? source.alignedPtr()
                : unrankedAlignedPtr(r, op.location(), source.extract(1));
        r.replaceOp(op, List.of(LLVMOps.value(r, op.location(), "ptrtoint", List.of(aligned),
                LLVMTypeConverter.indexType(), Map.of())));
        return LogicalResult.success();
    }
}
