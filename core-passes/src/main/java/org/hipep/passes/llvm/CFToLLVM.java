package org.hipep.passes.llvm;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hipep.dialects.cf.CFDialect;
import org.hipep.dialects.llvm.LLVMDialect;
import org.hipep.ir.Attribute;
import org.hipep.ir.Block;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.interfaces.ConvertToLLVMPatternInterface;
import org.hipep.ir.rewrite.ConversionPattern;
import org.hipep.ir.rewrite.ConversionPatternRewriter;
import org.hipep.ir.rewrite.ConversionTarget;
import org.hipep.ir.rewrite.RewritePatternSet;
import org.hipep.ir.rewrite.SignatureConversion;
import org.hipep.ir.rewrite.TypeConverter;

/**
 * The {@code cf} to-LLVM model (MLIR's {@code ControlFlowToLLVM.cpp}): {@code cf.br} and
 * {@code cf.cond_br} become {@code llvm.br} and {@code llvm.cond_br} with the converted
 * operands; a successor whose argument types are not yet converted is converted first, so the
 * pass works on its own. {@code cf.assert} (a call to {@code abort} on failure) and
 * {@code cf.switch} (not in the cf dialect here; the llvm dialect has no {@code switch}) are
 * not lowered.
 */
public final class CFToLLVM implements ConvertToLLVMPatternInterface {
    /** The model attached to the cf dialect. */
    public static final CFToLLVM INSTANCE = new CFToLLVM();

    private static final String BR = CFDialect.NAMESPACE + ".br";
    private static final String COND_BR = CFDialect.NAMESPACE + ".cond_br";

    private CFToLLVM() {
    }

    @Override
    public void populateConvertToLLVMConversionPatterns(ConversionTarget target, TypeConverter typeConverter,
            RewritePatternSet patterns) {
        target.addIllegalOp(BR, COND_BR);
        populatePatterns(typeConverter, patterns);
    }

    /** Adds the cf patterns. */
    public static void populatePatterns(TypeConverter tc, RewritePatternSet patterns) {
        patterns.add(ConversionPattern.of(BR, 1, tc, "cf-br-to-llvm", (op, operands, r) -> branch(op, operands, r, "br")));
        patterns.add(ConversionPattern.of(COND_BR, 1, tc, "cf-cond_br-to-llvm",
                (op, operands, r) -> branch(op, operands, r, "cond_br")));
    }

    private static LogicalResult branch(Operation op, List<Value> operands, ConversionPatternRewriter r,
            String target) {
        TypeConverter tc = r.currentTypeConverter();
        for (Block s : op.successors()) {
            if (!tc.isLegal(s.argumentTypes()) && tc.convertBlockSignature(s) == null) {
                return r.notifyMatchFailure(op, "successor argument types do not convert");
            }
        }
        OperationState st = new OperationState(op.location(), LLVMDialect.NAMESPACE + "." + target, r.context());
        st.addOperands(operands);
        for (Block s : op.successors()) {
            Block converted = s;
            if (!tc.isLegal(s.argumentTypes())) {
                SignatureConversion sc = tc.convertBlockSignature(s);
                converted = r.applySignatureConversion(s, sc, tc);
            }
            st.addSuccessor(converted);
        }
        Map<String, Attribute> props = new TreeMap<>();
        for (String name : List.of("operandSegmentSizes", "branch_weights")) {
            if (op.attribute(name) != null) {
                props.put(name, op.attribute(name));
            }
        }
        if (!props.isEmpty()) {
            st.properties = DictionaryAttr.of(props);
        }
        r.create(st);
        r.eraseOp(op);
        return LogicalResult.success();
    }
}
