package org.hipep.passes.llvm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.hip.HipDialect;
import org.hipep.dialects.llvm.LLVMTypes;
import org.hipep.ir.Location;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.OpTrait;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.MemRefType;
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
        if (declared != null && !LLVMOps.isFunctionOfType(declared, fnType)) {
            op.emitOpError("runtime symbol '" + callee + "' is already defined with another type or by another op");
            return LogicalResult.failure();
        }
        Location loc = op.location();
        Value context = operands.get(0);
        if (!context.type().equals(PTR)) {
            context = TypeConverter.unrealizedCast(r, loc, PTR, List.of(context));
        }
        // The result's sizes (static ones as constants, dynamic ones from the index operands: every
        // size of alloc_output, the byte count of the two buffers) and row-major strides.
        List<Value> dynamic = op.is("hip.alloc_output") ? operands.subList(1, operands.size())
                : op.is("hip.get_constant") ? List.of() : List.of(operands.get(1));
        MemRefDescriptor.Sizes layout = MemRefDescriptor.descriptorSizes(r, loc, type, dynamic, type.elementType(), false);
        List<Value> sizes = layout.sizes();
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
                args.add(LLVMOps.constant(r, loc, I64, IntegerAttr.i64(DenseElementsAttr.elementBytes(type.elementType()))));
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
        LLVMOps.declareOnce(r, loc, module, callee, fnType);
        Value base = LLVMOps.call(r, loc, callee, args, List.of(PTR)).result(0);
        r.replaceOp(op, List.of(MemRefDescriptor.fresh(r, loc, descriptorType, base, base, sizes, layout.strides())
                .value()));
        return LogicalResult.success();
    }
}
