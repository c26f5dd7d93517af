package org.hipep.dialects.cf;

import java.util.Map;
import java.util.Set;
import org.hipep.dialects.llvm.LLVMAsm;
import org.hipep.dialects.llvm.LLVMOpForms;
import org.hipep.dialects.llvm.LLVMVerifiers;
import org.hipep.dialects.llvm.SwitchForms;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpTrait;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.text.OpAssembly;

/**
 * The {@code cf} dialect: {@code cf.br}, {@code cf.cond_br} (operands split by
 * {@code operandSegmentSizes}), {@code cf.switch} ({@link SwitchForms}) and {@code cf.assert},
 * with MLIR's custom forms and the check
 * that the forwarded operands match the successors' block arguments.
 */
public final class CFDialect extends Dialect {
    /** The namespace. */
    public static final String NAMESPACE = "cf";

    /** Constructor for the registry. */
    public CFDialect(Context context) {
        super(NAMESPACE, context);
    }

    @Override
    protected void initialize() {
        addOperation("br").summary("Branch operation").traits(OpTrait.IsTerminator.class, OpTrait.Pure.class)
                .verifier(op -> LLVMVerifiers.verifySuccessorOperands(op, "operandSegmentSizes", false))
                .assembly(LLVMOpForms.br()).register();
        addOperation("cond_br").summary("Conditional branch operation")
                .traits(OpTrait.IsTerminator.class, OpTrait.Pure.class)
                .inherentAttributes("operandSegmentSizes", "branch_weights")
                .verifier(op -> LLVMVerifiers.verifySuccessorOperands(op, "operandSegmentSizes", true))
                .assembly(LLVMOpForms.condBr()).register();
        addOperation("switch").summary("Switch operation").traits(OpTrait.IsTerminator.class, OpTrait.Pure.class)
                .inherentAttributes("case_values", "case_operand_segments", "operandSegmentSizes")
                .verifier(SwitchForms::verifyCf).assembly(SwitchForms.cf()).register();
        addOperation("assert").summary("Assert operation with message attribute").inherentAttributes("msg")
                .verifier(op -> op.numOperands() == 1 && op.operand(0).type().equals(IntegerType.I1)
                        && op.attribute("msg") instanceof StringAttr ? LogicalResult.success()
                        : op.emitOpError("expects one i1 operand and a string 'msg'"))
                .assembly(new AssertAssembly()).register();
    }

    /** {@code cf.assert %c, "message"}. */
    private static final class AssertAssembly implements OpAssembly {
        @Override
        public void print(org.hipep.ir.Operation op, org.hipep.ir.text.OpAsmPrinter p) {
            p.print(" ").printOperand(op.operand(0)).print(", ").printAttribute(op.attribute("msg"));
            LLVMAsm.printExtras(op, p, Set.of("msg"), Map.of());
        }

        @Override
        public void parse(org.hipep.ir.text.OpAsmParser p, org.hipep.ir.OperationState s) {
            s.operands.add(p.resolveOperand(p.parseOperand(), IntegerType.I1));
            p.parsePunct(",");
            s.addAttribute("msg", new StringAttr(p.parseString()));
            LLVMAsm.parseExtras(p, s, Map.of());
        }
    }
}
