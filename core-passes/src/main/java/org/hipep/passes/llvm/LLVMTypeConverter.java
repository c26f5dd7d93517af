package org.hipep.passes.llvm;

import java.util.ArrayList;
import java.util.List;
import org.hipep.dialects.hip.ContextType;
import org.hipep.dialects.llvm.LLVMTypes;
import org.hipep.ir.Attribute;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.StridedLayoutAttr;
import org.hipep.ir.builtin.UnrankedMemRefType;
import org.hipep.ir.rewrite.TypeConverter;

/**
 * The type converter of the to-LLVM lowering (MLIR's {@code LLVMTypeConverter} with the default
 * options): {@code index} becomes {@code i64}; signless integers, floats and llvm types stay; a
 * ranked memref becomes its descriptor {@code !llvm.struct<(ptr, ptr, i64, array<N x i64>,
 * array<N x i64>)>} (allocated pointer, aligned pointer, offset, sizes, strides; the arrays are
 * left out at rank 0) and an unranked one {@code !llvm.struct<(i64, ptr)>}; a function type
 * becomes {@code !llvm.ptr}, and so does the hip dialect's {@code !hip.context}; {@code si8}/{@code ui8}
 * and the other signed or unsigned integers become the signless integer of their width. Other types (tensors, vectors, dialect types) cannot be converted.
 * Materializations are the default {@code builtin.unrealized_conversion_cast}s, which
 * {@code reconcile-unrealized-casts} folds away once both sides are lowered.
 */
public class LLVMTypeConverter extends TypeConverter {
    /** The width of {@code index} once lowered. */
    public static final int INDEX_BITWIDTH = 64;

    /** A converter with the upstream default conversions. */
    public LLVMTypeConverter() {
        addSimpleConversion(t -> t instanceof LLVMTypes.LLVMType ? t : null);
        addSimpleConversion(t -> t instanceof IntegerType i && i.signedness() == IntegerType.Signedness.SIGNLESS
                ? t : null);
        // Signed and unsigned integers lose their signedness, as upstream's converter drops it.
        addSimpleConversion(t -> t instanceof IntegerType i && i.signedness() != IntegerType.Signedness.SIGNLESS
                ? IntegerType.signless(i.width()) : null);
        addSimpleConversion(t -> t instanceof FloatType ? t : null);
        addSimpleConversion(t -> t instanceof IndexType ? indexType() : null);
        addSimpleConversion(t -> t instanceof FunctionType ? LLVMTypes.PointerType.DEFAULT : null);
        addSimpleConversion(t -> t instanceof MemRefType m ? convertMemRefType(m) : null);
        addSimpleConversion(t -> t instanceof UnrankedMemRefType u ? unrankedDescriptor(u) : null);
        // The run-time state a device function takes is an opaque pointer once lowered.
        addSimpleConversion(t -> t instanceof ContextType ? LLVMTypes.PointerType.DEFAULT : null);
        // An expanded memref argument (its descriptor's fields) is packed back into the
        // descriptor, as upstream's memref source materialization does.
        addSourceMaterialization((b, resultType, inputs, loc) -> {
            if (resultType instanceof UnrankedMemRefType u && inputs.size() == 2
                    && unrankedDescriptor(u) instanceof LLVMTypes.StructType desc) {
                Value packed = MemRefDescriptor.poison(b, loc, desc).insert(inputs.get(0), 0).insert(inputs.get(1), 1)
                        .value();
                return unrealizedCast(b, loc, resultType, List.of(packed));
            }
            if (!(resultType instanceof MemRefType m) || inputs.size() < 3
                    || !(convertMemRefType(m) instanceof LLVMTypes.StructType desc)
                    || inputs.size() != MemRefDescriptor.expandedTypes(desc).size()) {
                return null;
            }
            Value packed = MemRefDescriptor.pack(b, loc, desc, inputs).value();
            return unrealizedCast(b, loc, resultType, List.of(packed));
        });
    }

    /** {@code i64}, the lowered {@code index}. */
    public static IntegerType indexType() {
        return IntegerType.signless(INDEX_BITWIDTH);
    }

    /**
     * The descriptor struct of a ranked memref, or {@code null} when its element type does not
     * convert, its layout is not strided (identity or {@code strided<...>}) or its memory space
     * is not an integer.
     */
    public Type convertMemRefType(MemRefType type) {
        Type element = convertType(type.elementType());
        int space = addressSpace(type.memorySpace());
        if (element == null || space < 0 || !(type.layout() == null || type.layout() instanceof StridedLayoutAttr)) {
            return null;
        }
        LLVMTypes.PointerType ptr = new LLVMTypes.PointerType(space);
        List<Type> fields = new ArrayList<>(List.of(ptr, ptr, indexType()));
        int rank = type.shape().size();
        if (rank > 0) {
            LLVMTypes.ArrayType array = new LLVMTypes.ArrayType(rank, indexType());
            fields.add(array);
            fields.add(array);
        }
        return LLVMTypes.StructType.literal(fields);
    }

    private Type unrankedDescriptor(UnrankedMemRefType type) {
        int space = addressSpace(type.memorySpace());
        return space < 0 || convertType(type.elementType()) == null ? null
                : LLVMTypes.StructType.literal(List.of(indexType(), new LLVMTypes.PointerType(space)));
    }

    private static int addressSpace(Attribute memorySpace) {
        if (memorySpace == null) {
            return 0;
        }
        return memorySpace instanceof IntegerAttr i && i.value().signum() >= 0 && i.value().bitLength() < 31
                ? i.value().intValue() : -1;
    }

    /**
     * The {@code !llvm.func} type of a function of {@code type}: its converted inputs, and no
     * result ({@code void}), the converted result, or the converted results packed in a literal
     * struct. {@code null} when a type does not convert.
     */
    public static LLVMTypes.FunctionType convertFunctionSignature(TypeConverter converter, FunctionType type) {
        List<Type> params = converter.convertTypes(type.inputs());
        List<Type> results = converter.convertTypes(type.results());
        if (params == null || results == null || results.size() != type.results().size()
                || params.size() != type.inputs().size()) {
            return null;
        }
        return new LLVMTypes.FunctionType(packResults(results), params, false);
    }

    /** {@code void}, the single type, or a literal struct of the types. */
    public static Type packResults(List<Type> results) {
        return switch (results.size()) {
            case 0 -> LLVMTypes.VoidType.INSTANCE;
            case 1 -> results.get(0);
            default -> LLVMTypes.StructType.literal(results);
        };
    }

    /**
     * Whether every operand and result type of {@code op} converts: the to-LLVM models mark an
     * op illegal only then, so that an op on types the lowering does not handle (tensors, say)
     * stays, as upstream leaves it, while one it should lower and cannot is reported.
     */
    public static boolean typesConvert(TypeConverter converter, Operation op) {
        return converter.convertTypes(op.operandTypes()) != null && converter.convertTypes(op.resultTypes()) != null;
    }
}
