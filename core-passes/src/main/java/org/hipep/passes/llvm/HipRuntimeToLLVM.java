package org.hipep.passes.llvm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.hip.HipDialect;
import org.hipep.dialects.llvm.LLVMDialect;
import org.hipep.dialects.llvm.LLVMTypes;
import org.hipep.ir.Location;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.Operation;
import org.hipep.ir.OpTrait;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.ir.rewrite.ConversionPattern;
import org.hipep.ir.rewrite.ConversionPatternRewriter;
import org.hipep.ir.rewrite.ConversionTarget;
import org.hipep.ir.rewrite.RewritePatternSet;
import org.hipep.ir.rewrite.TypeConverter;

/**
 * The lowering of the hip dialect's memref-level runtime ops (part of the hip dialect's to-LLVM
 * model, {@link HipToLLVM}): each becomes a call into the runtime through the context, and a
 * memref descriptor (identity layout, offset 0, row-major strides) over the pointer it returns.
 * <ul>
 * <li>{@code hip.alloc_output(%ctx, dyn…) {out_idx}} → {@code ptr hipdnn_ep_alloc_output(ptr state,
 * i64 out_idx, ptr shape, i64 rank, i64 element_size)} (hip-ep-contracts §4.4; the shape is an
 * {@code i64} array on the stack);</li>
 * <li>{@code hip.get_pool(%ctx, %size) {domain_id}} → {@code ptr hipdnn_ep_get_pool_base(ptr state,
 * i32 domain_id, i64 needed)};</li>
 * <li>{@code hip.get_host_scratch(%ctx, %size)} → {@code ptr hipdnn_ep_get_host_scratch_base(ptr
 * state, i64 needed)};</li>
 * <li>{@code hip.get_constant(%ctx) {index}} → {@code ptr hipdnn_ep_get_constant(ptr state, i64
 * index)}: the constant as the runtime loaded it from the sidecar.</li>
 * </ul>
 * An op whose result type does not convert stays, like the compute ops.
 */
final class HipRuntimeToLLVM {
    private static final LLVMTypes.PointerType PTR = LLVMTypes.PointerType.DEFAULT;
    private static final IntegerType I64 = IntegerType.I64;

    /** The runtime functions the lowering calls, by name. */
    static final Map<String, LLVMTypes.FunctionType> RUNTIME = Map.of(
            "hipdnn_ep_alloc_output", new LLVMTypes.FunctionType(PTR, List.of(PTR, I64, PTR, I64, I64), false),
            "hipdnn_ep_get_pool_base", new LLVMTypes.FunctionType(PTR, List.of(PTR, IntegerType.I32, I64), false),
            "hipdnn_ep_get_host_scratch_base", new LLVMTypes.FunctionType(PTR, List.of(PTR, I64), false),
            "hipdnn_ep_get_constant", new LLVMTypes.FunctionType(PTR, List.of(PTR, I64), false));

    /** The runtime ops, without the {@code hip.} prefix. */
    static final List<String> OPS = List.of("alloc_output", "get_pool", "get_host_scratch", "get_constant");

    private HipRuntimeToLLVM() {
    }

    /** Adds the four patterns and their legality. */
    static void populate(ConversionTarget target, TypeConverter types, RewritePatternSet patterns) {
        for (String op : OPS) {
            String name = HipDialect.NAMESPACE + "." + op;
            target.addDynamicallyLegalOp(name, o -> types.convertType(o.result(0).type()) == null);
            patterns.add(ConversionPattern.of(name, 1, types, "hip-" + op + "-to-llvm",
                    (o, operands, r) -> lower(o, operands, r, types)));
        }
    }

    private static LogicalResult lower(Operation op, List<Value> operands, ConversionPatternRewriter r,
            TypeConverter types) {
        MemRefType type = (MemRefType) op.result(0).type();
        Type descriptorType = types.convertType(type);
        Operation module = op.parentWithTrait(OpTrait.SymbolTable.class);
        if (descriptorType == null || module == null) {
            return r.notifyMatchFailure(op, "the result type does not convert");
        }
        String callee = switch (op.nameString()) {
            case "hip.alloc_output" -> "hipdnn_ep_alloc_output";
            case "hip.get_pool" -> "hipdnn_ep_get_pool_base";
            case "hip.get_host_scratch" -> "hipdnn_ep_get_host_scratch_base";
            default -> "hipdnn_ep_get_constant";
        };
        LLVMTypes.FunctionType fnType = RUNTIME.get(callee);
        Operation declared = new SymbolTable(module).lookup(callee);
        if (declared != null && (!declared.is(LLVMDialect.NAMESPACE + ".func")
                || !(declared.attribute("function_type") instanceof TypeAttr t && t.value().equals(fnType)))) {
            op.emitOpError("runtime symbol '" + callee + "' is already defined with another type or by another op");
            return LogicalResult.failure();
        }
        Location loc = op.location();
        Value context = operands.get(0);
        if (!context.type().equals(PTR)) {
            context = TypeConverter.unrealizedCast(r, loc, PTR, List.of(context));
        }
        // The result's sizes: static ones as constants, dynamic ones from the index operands.
        List<Value> sizes = new ArrayList<>();
        int next = 1;
        for (long d : type.shape()) {
            if (d == ShapedType.DYNAMIC) {
                sizes.add(op.is("hip.alloc_output") ? operands.get(next++) : operands.get(1));
            } else {
                sizes.add(LLVMOps.constant(r, loc, I64, IntegerAttr.i64(d)));
            }
        }
        List<Value> args = new ArrayList<>(List.of(context));
        switch (op.nameString()) {
            case "hip.alloc_output" -> {
                int rank = type.shape().size();
                args.add(LLVMOps.constant(r, loc, I64, IntegerAttr.i64(((IntegerAttr) op.attribute("out_idx")).longValue())));
                if (rank == 0) {
                    args.add(LLVMOps.value(r, loc, "mlir.zero", List.of(), PTR, Map.of()));
                } else {
                    Value count = LLVMOps.constant(r, loc, I64, IntegerAttr.i64(rank));
                    Value shape = LLVMOps.value(r, loc, "alloca", List.of(count), PTR,
                            Map.of("elem_type", new TypeAttr(I64), "alignment", IntegerAttr.i64(8)));
                    for (int k = 0; k < rank; k++) {
                        Value slot = LLVMOps.value(r, loc, "getelementptr", List.of(shape), PTR,
                                Map.of("elem_type", new TypeAttr(I64), "noWrapFlags", IntegerAttr.of(IntegerType.I32, 0),
                                        "rawConstantIndices", DenseArrayAttr.ofLongs(IntegerType.I32, k)));
                        LLVMOps.create(r, loc, "store", List.of(sizes.get(k), slot), List.of(),
                                Map.of("ordering", IntegerAttr.i64(0)));
                    }
                    args.add(shape);
                }
                args.add(LLVMOps.constant(r, loc, I64, IntegerAttr.i64(rank)));
                args.add(LLVMOps.constant(r, loc, I64, IntegerAttr.i64(elementBytes(type.elementType()))));
            }
            case "hip.get_pool" -> {
                args.add(LLVMOps.constant(r, loc, IntegerType.I32,
                        IntegerAttr.of(IntegerType.I32, ((IntegerAttr) op.attribute("domain_id")).longValue())));
                args.add(operands.get(1));
            }
            case "hip.get_host_scratch" -> args.add(operands.get(1));
            default -> args.add(LLVMOps.constant(r, loc, I64,
                    IntegerAttr.i64(((IntegerAttr) op.attribute("index")).longValue())));
        }
        if (declared == null) {
            OpBuilder.InsertionPoint ip = r.saveInsertionPoint();
            r.setInsertionPointToStart(module.region(0).front());
            LLVMOps.declareFunc(r, loc, callee, fnType);
            r.restoreInsertionPoint(ip);
        }
        Value base = LLVMOps.call(r, loc, callee, args, List.of(PTR)).result(0);
        r.replaceOp(op, List.of(descriptor(r, loc, descriptorType, base, sizes)));
        return LogicalResult.success();
    }

    /** A descriptor over {@code base}: offset 0, {@code sizes}, row-major strides. */
    private static Value descriptor(ConversionPatternRewriter r, Location loc, Type descriptorType, Value base,
            List<Value> sizes) {
        Value d = LLVMOps.value(r, loc, "mlir.poison", List.of(), descriptorType, Map.of());
        d = insert(r, loc, d, base, 0);
        d = insert(r, loc, d, base, 1);
        d = insert(r, loc, d, LLVMOps.constant(r, loc, I64, IntegerAttr.i64(0)), 2);
        int rank = sizes.size();
        Value stride = LLVMOps.constant(r, loc, I64, IntegerAttr.i64(1));
        Value[] strides = new Value[rank];
        for (int k = rank - 1; k >= 0; k--) {
            strides[k] = stride;
            if (k > 0) {
                stride = LLVMOps.value(r, loc, "mul", List.of(stride, sizes.get(k)), I64, Map.of());
            }
        }
        for (int k = 0; k < rank; k++) {
            d = insert(r, loc, d, sizes.get(k), 3, k);
            d = insert(r, loc, d, strides[k], 4, k);
        }
        return d;
    }

    private static Value insert(ConversionPatternRewriter r, Location loc, Value aggregate, Value v, long... position) {
        return LLVMOps.value(r, loc, "insertvalue", List.of(aggregate, v), aggregate.type(),
                Map.of("position", DenseArrayAttr.ofLongs(I64, position)));
    }

    /** Bytes per element: the bit width rounded up to whole bytes. */
    static long elementBytes(Type element) {
        if (element instanceof IntegerType i) {
            return Math.max(1, (i.width() + 7) / 8);
        }
        if (element instanceof FloatType f) {
            return Math.max(1, (f.width() + 7) / 8);
        }
        return 8;
    }
}
