package org.hipep.passes.llvm;

import java.util.List;
import java.util.Map;
import org.hipep.dialects.func.FuncDialect;
import org.hipep.dialects.llvm.LLVMDialect;
import org.hipep.dialects.llvm.LLVMTypes;
import org.hipep.ir.Attribute;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Region;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
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
 * <p>Not lowered yet (the op stays and names itself in the conversion error): functions, calls
 * and returns with several results, which upstream packs into a struct with
 * {@code llvm.insertvalue}/{@code llvm.extractvalue}, and signatures with memref arguments or
 * results, which upstream passes expanded field by field; the llvm dialect has no
 * {@code insertvalue}/{@code extractvalue} yet.
 */
public final class FuncToLLVM implements ConvertToLLVMPatternInterface {
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
            if (operands.size() > 1) {
                return r.notifyMatchFailure(op, "returning several values needs llvm.insertvalue");
            }
            LLVMOps.create(r, op.location(), "return", operands, List.of(), Map.of());
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

    private static String unsupported(FunctionType type) {
        if (type.results().size() > 1) {
            return "several results are packed with llvm.insertvalue, which the llvm dialect lacks";
        }
        for (Type t : type.inputs()) {
            if (t instanceof MemRefType || t instanceof UnrankedMemRefType) {
                return "memref arguments are passed expanded, which needs llvm.insertvalue";
            }
        }
        for (Type t : type.results()) {
            if (t instanceof MemRefType || t instanceof UnrankedMemRefType) {
                return "memref results need llvm.extractvalue";
            }
        }
        return null;
    }

    private static LogicalResult func(Operation op, List<Value> operands, ConversionPatternRewriter r) {
        if (!(op.attribute(FuncDialect.FUNCTION_TYPE) instanceof TypeAttr ta && ta.value() instanceof FunctionType ft)) {
            return r.notifyMatchFailure(op, "no function_type");
        }
        String why = unsupported(ft);
        if (why != null) {
            return r.notifyMatchFailure(op, why);
        }
        TypeConverter tc = r.currentTypeConverter();
        LLVMTypes.FunctionType llvmType = LLVMTypeConverter.convertFunctionSignature(tc, ft);
        if (llvmType == null) {
            return r.notifyMatchFailure(op, "signature does not convert");
        }
        SignatureConversion entry = new SignatureConversion(ft.inputs().size());
        if (!tc.convertSignatureArgs(ft.inputs(), entry)) {
            return r.notifyMatchFailure(op, "argument types do not convert");
        }
        Map<String, Attribute> props = LLVMOps.funcProperties(SymbolTable.symbolName(op), llvmType);
        for (String kept : List.of(SymbolTable.VISIBILITY_ATTR, FuncDialect.ARG_ATTRS, FuncDialect.RES_ATTRS)) {
            if (op.attribute(kept) != null) {
                props.put(kept, op.attribute(kept));
            }
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
            r.applySignatureConversion(newBody.front(), entry, tc);
        }
        r.eraseOp(op);
        return LogicalResult.success();
    }

    private static LogicalResult call(Operation op, List<Value> operands, ConversionPatternRewriter r) {
        String why = unsupported(new FunctionType(op.operandTypes(), op.resultTypes()));
        if (why != null) {
            return r.notifyMatchFailure(op, why);
        }
        List<Type> results = r.currentTypeConverter().convertTypes(op.resultTypes());
        if (results == null || results.size() != op.numResults()) {
            return r.notifyMatchFailure(op, "result types do not convert");
        }
        if (!(op.attribute(FuncDialect.CALLEE) instanceof SymbolRefAttr callee)
                || !callee.nestedReferences().isEmpty()) {
            return r.notifyMatchFailure(op, "callee is not a flat symbol");
        }
        Operation call = LLVMOps.call(r, op.location(), callee.rootReference(), operands, results);
        r.replaceOp(op, call.results());
        return LogicalResult.success();
    }
}
