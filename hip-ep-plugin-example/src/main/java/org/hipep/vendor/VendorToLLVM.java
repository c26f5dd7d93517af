package org.hipep.vendor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hipep.dialects.hip.ContextType;
import org.hipep.dialects.llvm.LLVMAttr;
import org.hipep.dialects.llvm.LLVMDialect;
import org.hipep.dialects.llvm.LLVMTypes;
import org.hipep.ir.Attribute;
import org.hipep.ir.Block;
import org.hipep.ir.Location;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.ir.interfaces.ConvertToLLVMPatternInterface;
import org.hipep.ir.rewrite.ConversionPattern;
import org.hipep.ir.rewrite.ConversionPatternRewriter;
import org.hipep.ir.rewrite.ConversionTarget;
import org.hipep.ir.rewrite.RewritePatternSet;
import org.hipep.ir.rewrite.TypeConverter;

/**
 * The to-LLVM model of the vendor dialect, which {@code convert-hip-to-llvm} collects with the
 * in-tree ones: each vendor op in memref form becomes one {@code llvm.call} of its runtime
 * wrapper ({@link VendorOp#wrapper()}), declared once per module:
 * <pre>{@code
 * void wrap_hip_ep_vendor_add(void *ctx, int64_t a_rank, void *a, int64_t b_rank, void *b,
 *                             int64_t out_rank, void *out, int64_t dtype);
 * }</pre>
 * As in {@code docs/kernel-abi.md}: the context (argument 0 of the enclosing function), then per
 * memref operand its rank and a pointer to a copy of its descriptor in an {@code llvm.alloca} of
 * the function's entry block; then the element type code (0 f32, 1 f16, 2 bf16). Vendor ops still
 * on tensors stay legal (their types do not convert).
 */
final class VendorToLLVM implements ConvertToLLVMPatternInterface {
    /** The model attached to the vendor dialect. */
    static final VendorToLLVM INSTANCE = new VendorToLLVM();

    private static final LLVMTypes.PointerType PTR = LLVMTypes.PointerType.DEFAULT;
    private static final IntegerType I64 = IntegerType.I64;

    private VendorToLLVM() {
    }

    @Override
    public void populateConvertToLLVMConversionPatterns(ConversionTarget target, TypeConverter typeConverter,
            RewritePatternSet patterns) {
        for (VendorOp def : VendorOp.ALL) {
            target.addDynamicallyLegalOp(def.fullName(), op -> !VendorDialect.isMemRefForm(op)
                    || typeConverter.convertTypes(op.operandTypes()) == null);
            patterns.add(ConversionPattern.of(def.fullName(), 1, typeConverter, "vendor-" + def.name() + "-to-llvm",
                    (op, operands, r) -> lower(def, op, operands, r)));
        }
    }

    private static LogicalResult lower(VendorOp def, Operation op, List<Value> operands, ConversionPatternRewriter r) {
        Operation function = enclosingFunction(op);
        Operation module = function == null ? null : function.parentWithTrait(OpTrait.SymbolTable.class);
        Value context = function == null ? null : contextArgument(function);
        if (module == null || context == null) {
            return op.emitOpError("needs the enclosing function's !hip.context argument 0 (run hip-add-context-arg)"
                    + " to be lowered to a call of " + def.wrapper());
        }
        int code = VendorShapes.elementCode(((MemRefType) op.operand(0).type()).elementType());
        List<Type> argTypes = new ArrayList<>(List.of(PTR));
        for (int i = 0; i < op.numOperands(); i++) {
            argTypes.add(I64);
            argTypes.add(PTR);
        }
        argTypes.add(I64);
        LLVMTypes.FunctionType fnType = new LLVMTypes.FunctionType(LLVMTypes.VoidType.INSTANCE, argTypes, false);
        Operation declared = new SymbolTable(module).lookup(def.wrapper());
        if (declared != null && !(declared.is(LLVMDialect.NAMESPACE + ".func")
                && declared.attribute("function_type") instanceof TypeAttr t && t.value().equals(fnType))) {
            return op.emitOpError("wrapper symbol '" + def.wrapper() + "' is already defined with another type");
        }
        Location loc = op.location();
        context = r.getRemappedValue(context);
        if (!context.type().equals(PTR)) {
            context = TypeConverter.unrealizedCast(r, loc, PTR, List.of(context));
        }
        List<Value> args = new ArrayList<>(List.of(context));
        Block entry = function.region(0).front();
        for (int i = 0; i < op.numOperands(); i++) {
            Value descriptor = operands.get(i);
            OpBuilder.InsertionPoint ip = r.saveInsertionPoint();
            r.setInsertionPointToStart(entry);
            Value slot = llvm(r, loc, "alloca", List.of(constant(r, loc, 1)), PTR,
                    Map.of("elem_type", new TypeAttr(descriptor.type())));
            r.restoreInsertionPoint(ip);
            create(r, loc, "store", List.of(descriptor, slot), List.of(), Map.of("ordering", IntegerAttr.i64(0)));
            args.add(constant(r, loc, ((MemRefType) op.operand(i).type()).shape().size()));
            args.add(slot);
        }
        args.add(constant(r, loc, code));
        if (declared == null) {
            OpBuilder.InsertionPoint ip = r.saveInsertionPoint();
            r.setInsertionPointToStart(module.region(0).front());
            Map<String, Attribute> props = new TreeMap<>();
            props.put(SymbolTable.SYMBOL_ATTR, new StringAttr(def.wrapper()));
            props.put("function_type", new TypeAttr(fnType));
            props.put("linkage", LLVMAttr.EXTERNAL);
            props.put("CConv", LLVMAttr.CCC);
            props.put("visibility_", IntegerAttr.i64(0));
            OperationState st = new OperationState(loc, LLVMDialect.NAMESPACE + ".func", r.context());
            st.properties = DictionaryAttr.of(props);
            st.addRegion();
            r.create(st);
            r.restoreInsertionPoint(ip);
        }
        Map<String, Attribute> call = new TreeMap<>();
        call.put("callee", SymbolRefAttr.flat(def.wrapper()));
        call.put("CConv", LLVMAttr.CCC);
        call.put("TailCallKind", LLVMAttr.TAIL_NONE);
        call.put("fastmathFlags", LLVMAttr.FASTMATH_NONE);
        call.put("op_bundle_sizes", DenseArrayAttr.ofLongs(IntegerType.I32));
        call.put("operandSegmentSizes", DenseArrayAttr.ofLongs(IntegerType.I32, args.size(), 0));
        create(r, loc, "call", args, List.of(), call);
        r.eraseOp(op);
        return LogicalResult.success();
    }

    private static Value constant(OpBuilder b, Location loc, long value) {
        return llvm(b, loc, "mlir.constant", List.of(), I64, Map.of("value", IntegerAttr.i64(value)));
    }

    private static Value llvm(OpBuilder b, Location loc, String name, List<Value> operands, Type result,
            Map<String, Attribute> properties) {
        return create(b, loc, name, operands, List.of(result), properties).result(0);
    }

    private static Operation create(OpBuilder b, Location loc, String name, List<Value> operands, List<Type> results,
            Map<String, Attribute> properties) {
        OperationState st = new OperationState(loc, LLVMDialect.NAMESPACE + "." + name, b.context());
        st.addOperands(operands).addTypes(results);
        if (!properties.isEmpty()) {
            st.properties = DictionaryAttr.of(new TreeMap<>(properties));
        }
        return b.create(st);
    }

    /** The function-like op whose body holds {@code op}: the ancestor right under the symbol table. */
    private static Operation enclosingFunction(Operation op) {
        Operation current = op;
        for (Operation parent = op.parentOp(); parent != null; parent = parent.parentOp()) {
            if (parent.hasTrait(OpTrait.SymbolTable.class)) {
                return current.numRegions() > 0 && !current.region(0).isEmpty() ? current : null;
            }
            current = parent;
        }
        return null;
    }

    /** Argument 0 of the function's entry block when it is the context (before or after the function's lowering). */
    private static Value contextArgument(Operation function) {
        Block entry = function.region(0).front();
        if (entry.numArguments() == 0) {
            return null;
        }
        Type t = entry.argument(0).type();
        return t instanceof ContextType || t.equals(PTR) && function.is(LLVMDialect.NAMESPACE + ".func")
                ? entry.argument(0) : null;
    }
}
