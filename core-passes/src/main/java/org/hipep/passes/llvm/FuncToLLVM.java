package org.hipep.passes.llvm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.func.FuncDialect;
import org.hipep.dialects.llvm.LLVMDialect;
import org.hipep.dialects.llvm.LLVMTypes;
import org.hipep.ir.Attribute;
import org.hipep.ir.Block;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Region;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.ArrayAttr;
import org.hipep.ir.builtin.BuiltinDialect;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.ir.builtin.UnrankedMemRefType;
import org.hipep.ir.interfaces.ConvertToLLVMPatternInterface;
import org.hipep.ir.rewrite.ConversionPattern;
import org.hipep.ir.rewrite.ConversionPatternRewriter;
import org.hipep.ir.rewrite.ConversionTarget;
import org.hipep.ir.rewrite.RewritePatternSet;
import org.hipep.ir.rewrite.SignatureConversion;
import org.hipep.ir.rewrite.TypeConverter;

/**
 * The {@code func} to-LLVM model (MLIR's {@code FuncToLLVM.cpp}): {@code func.func} becomes an
 * {@code llvm.func} with the converted signature (external linkage, C calling convention, the
 * visibility kept) and its entry block's argument types converted (other blocks are converted by
 * the patterns of the branches to them); {@code func.call} an
 * {@code llvm.call}; {@code func.return} an {@code llvm.return}. A function whose signature does
 * not convert (tensors, say) stays with its returns, as upstream leaves it; so does a call whose
 * types do not convert.
 *
 * <p>As upstream: a ranked memref argument is passed expanded into its descriptor's fields
 * (allocated pointer, aligned pointer, offset, sizes, strides), the function rebuilding the
 * descriptor at its entry ({@code llvm.mlir.poison} + {@code llvm.insertvalue}) and a call
 * unpacking it ({@code llvm.extractvalue}); a memref result is returned as its descriptor; several
 * results are packed into a literal struct by the return and unpacked after the call.
 * An unranked memref is passed as its two fields (rank, pointer to the ranked descriptor).
 * {@code llvm.emit_c_interface} (the {@code _mlir_ciface_} wrappers that take descriptors by
 * pointer) is not generated: a function asking for it is not lowered, and the conversion names
 * it.
 */
public final class FuncToLLVM implements ConvertToLLVMPatternInterface {
    /** The unit attribute that asks upstream for {@code _mlir_ciface_} wrappers. */
    static final String EMIT_C_INTERFACE = "llvm.emit_c_interface";

    /** The model attached to the func dialect. */
    public static final FuncToLLVM INSTANCE = new FuncToLLVM();

    private FuncToLLVM() {
    }

    @Override
    public void populateConvertToLLVMConversionPatterns(ConversionTarget target, TypeConverter typeConverter,
            RewritePatternSet patterns) {
        target.addDynamicallyLegalOp(FuncDialect.FUNC, op -> !signatureConverts(typeConverter, op));
        target.addDynamicallyLegalOp(FuncDialect.CALL, op -> !LLVMTypeConverter.typesConvert(typeConverter, op));
        target.addDynamicallyLegalOp(FuncDialect.RETURN, op -> !(op.parentOp() != null
                && (op.parentOp().is(LLVMDialect.NAMESPACE + ".func") || signatureConverts(typeConverter, op.parentOp()))));
        populatePatterns(typeConverter, patterns);
    }

    /** Adds the func patterns. */
    public static void populatePatterns(TypeConverter tc, RewritePatternSet patterns) {
        patterns.add(ConversionPattern.of(FuncDialect.FUNC, 1, tc, "func-func-to-llvm", FuncToLLVM::func));
        patterns.add(ConversionPattern.of(FuncDialect.CALL, 1, tc, "func-call-to-llvm", FuncToLLVM::call));
        patterns.add(ConversionPattern.of(FuncDialect.RETURN, 1, tc, "func-return-to-llvm", (op, operands, r) -> {
            List<Value> returned = operands;
            if (operands.size() > 1) {
                List<Type> types = new ArrayList<>();
                for (Value v : operands) {
                    types.add(v.type());
                }
                Type packed = LLVMTypeConverter.packResults(types);
                Value v = LLVMOps.value(r, op.location(), "mlir.poison", List.of(), packed, Map.of());
                for (int i = 0; i < operands.size(); i++) {
                    v = LLVMOps.value(r, op.location(), "insertvalue", List.of(v, operands.get(i)), packed,
                            Map.of("position", DenseArrayAttr.i64(i)));
                }
                returned = List.of(v);
            }
            LLVMOps.create(r, op.location(), "return", returned, List.of(), Map.of());
            r.eraseOp(op);
            return LogicalResult.success();
        }));
    }

    /** Whether {@code func} is a {@code func.func} whose signature converts (then it must be lowered). */
    private static boolean signatureConverts(TypeConverter tc, Operation func) {
        return func.is(FuncDialect.FUNC) && func.attribute(FuncDialect.FUNCTION_TYPE) instanceof TypeAttr ta
                && ta.value() instanceof FunctionType ft && tc.convertTypes(ft.inputs()) != null
                && tc.convertTypes(ft.results()) != null;
    }

    /**
     * The lowered parameter types of {@code inputs}: a ranked memref's descriptor expanded into
     * its fields, other types converted. Fills {@code entry} with the matching 1:N mapping.
     */
    static List<Type> expandedInputs(TypeConverter tc, List<Type> inputs, SignatureConversion entry) {
        List<Type> params = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            Type c = tc.convertType(inputs.get(i));
            if (c == null) {
                return null;
            }
            boolean memref = inputs.get(i) instanceof MemRefType || inputs.get(i) instanceof UnrankedMemRefType;
            List<Type> expanded = memref && c instanceof LLVMTypes.StructType st
                    ? MemRefDescriptor.expandedTypes(st) : List.of(c);
            if (entry != null) {
                entry.addInputs(i, expanded);
            }
            params.addAll(expanded);
        }
        return params;
    }

    private static LogicalResult func(Operation op, List<Value> operands, ConversionPatternRewriter r) {
        if (!(op.attribute(FuncDialect.FUNCTION_TYPE) instanceof TypeAttr ta && ta.value() instanceof FunctionType ft)) {
            return r.notifyMatchFailure(op, "no function_type");
        }
        if (op.attribute(EMIT_C_INTERFACE) != null) {
            // Dropping the attribute would silently leave callers without the wrapper they ask for.
            return r.notifyMatchFailure(op, "llvm.emit_c_interface wrappers are not generated");
        }
        TypeConverter tc = r.currentTypeConverter();
        LLVMTypes.FunctionType converted = LLVMTypeConverter.convertFunctionSignature(tc, ft);
        SignatureConversion entry = new SignatureConversion(ft.inputs().size());
        List<Type> params = expandedInputs(tc, ft.inputs(), entry);
        if (converted == null || params == null) {
            return r.notifyMatchFailure(op, "signature does not convert");
        }
        LLVMTypes.FunctionType llvmType = new LLVMTypes.FunctionType(converted.result(), params, false);
        Map<String, Attribute> props = LLVMOps.funcProperties(SymbolTable.symbolName(op), llvmType);
        if (op.attribute(SymbolTable.VISIBILITY_ATTR) != null) {
            props.put(SymbolTable.VISIBILITY_ATTR, op.attribute(SymbolTable.VISIBILITY_ATTR));
        }
        // As upstream: an argument that stays one parameter keeps its attributes, the parameters a
        // memref expands into get none; results keep theirs unless several are packed in a struct.
        if (op.attribute(FuncDialect.ARG_ATTRS) instanceof ArrayAttr argAttrs && argAttrs.elements().size() == ft.inputs().size()) {
            List<Attribute> expanded = new ArrayList<>();
            boolean any = false;
            for (int i = 0; i < ft.inputs().size(); i++) {
                int width = entry.inputMapping(i) == null ? 1 : entry.inputMapping(i).size();
                Attribute a = argAttrs.elements().get(i);
                if (width == 1 && !(ft.inputs().get(i) instanceof MemRefType || ft.inputs().get(i) instanceof UnrankedMemRefType)) {
                    expanded.add(a);
                    any |= !(a instanceof DictionaryAttr d) || !d.entries().isEmpty();
                } else {
                    for (int k = 0; k < width; k++) {
                        expanded.add(DictionaryAttr.of(Map.of()));
                    }
                }
            }
            if (any) {
                props.put(FuncDialect.ARG_ATTRS, new ArrayAttr(expanded));
            }
        }
        if (op.attribute(FuncDialect.RES_ATTRS) != null && ft.results().size() == 1) {
            props.put(FuncDialect.RES_ATTRS, op.attribute(FuncDialect.RES_ATTRS));
        }
        OperationState st = new OperationState(op.location(), LLVMDialect.NAMESPACE + ".func", r.context());
        st.properties = DictionaryAttr.of(props);
        st.attributes.putAll(op.attributes());
        st.addRegion();
        Operation fn = r.create(st);
        Region newBody = fn.region(0);
        r.inlineRegionBefore(op.region(0), newBody, null);
        if (!newBody.isEmpty()) {
            // Only the entry block, as upstream: the branch patterns convert their successors.
            Block block = r.applySignatureConversion(newBody.front(), entry, tc);
            reversePacks(block, ft.inputs(), entry);
        }
        r.eraseOp(op);
        return LogicalResult.success();
    }

    /**
     * Puts the descriptor packs of memref arguments at the start of the entry block in reverse
     * argument order, as upstream (which inserts each argument's materialization at the start of
     * the block) leaves them. Each pack is the chain from its {@code llvm.mlir.poison} through the
     * inserts of its argument's fields to the cast back to the memref.
     */
    private static void reversePacks(Block block, List<Type> inputs, SignatureConversion entry) {
        List<List<Operation>> packs = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            SignatureConversion.InputMapping m = entry.inputMapping(i);
            if (!(inputs.get(i) instanceof MemRefType || inputs.get(i) instanceof UnrankedMemRefType) || m == null
                    || m.size() < 2) {
                continue;
            }
            Value allocated = block.argument(m.inputNo());
            Operation insert = allocated.users().stream()
                    .filter(u -> u.is(LLVMDialect.NAMESPACE + ".insertvalue") && u.block() == block)
                    .findFirst().orElse(null);
            if (insert == null || insert.operand(0).definingOp() == null) {
                continue;
            }
            List<Operation> pack = new ArrayList<>();
            Operation cur = insert.operand(0).definingOp();
            pack.add(cur);
            cur = insert;
            while (cur != null) {
                pack.add(cur);
                Operation last = cur;
                cur = last.result(0).users().stream().filter(u -> u.block() == block).findFirst().orElse(null);
                if (last.is(BuiltinDialect.UNREALIZED_CONVERSION_CAST)) {
                    break;
                }
            }
            packs.add(pack);
        }
        if (packs.size() < 2) {
            return;
        }
        Operation anchor = packs.get(0).get(0);
        for (int k = packs.size() - 1; k >= 1; k--) {
            for (Operation o : packs.get(k)) {
                o.moveBefore(anchor);
            }
        }
    }

    private static LogicalResult call(Operation op, List<Value> operands, ConversionPatternRewriter r) {
        List<Type> results = r.currentTypeConverter().convertTypes(op.resultTypes());
        if (results == null || results.size() != op.numResults()) {
            return r.notifyMatchFailure(op, "result types do not convert");
        }
        if (!(op.attribute(FuncDialect.CALLEE) instanceof SymbolRefAttr callee)
                || !callee.nestedReferences().isEmpty()) {
            return r.notifyMatchFailure(op, "callee is not a flat symbol");
        }
        List<Value> args = new ArrayList<>();
        for (int i = 0; i < operands.size(); i++) {
            if (op.operand(i).type() instanceof MemRefType m) {
                args.addAll(new MemRefDescriptor(r, op.location(), operands.get(i)).unpack(m.shape().size()));
            } else if (op.operand(i).type() instanceof UnrankedMemRefType) {
                MemRefDescriptor d = new MemRefDescriptor(r, op.location(), operands.get(i));
                args.add(d.extract(0));
                args.add(d.extract(1));
            } else {
                args.add(operands.get(i));
            }
        }
        Type packed = LLVMTypeConverter.packResults(results);
        Operation call = LLVMOps.call(r, op.location(), callee.rootReference(), args,
                results.isEmpty() ? List.of() : List.of(packed));
        if (results.size() <= 1) {
            r.replaceOp(op, call.results());
            return LogicalResult.success();
        }
        List<Value> unpacked = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            unpacked.add(LLVMOps.value(r, op.location(), "extractvalue", List.of(call.result(0)), results.get(i),
                    Map.of("position", DenseArrayAttr.i64(i))));
        }
        r.replaceOp(op, unpacked);
        return LogicalResult.success();
    }
}
