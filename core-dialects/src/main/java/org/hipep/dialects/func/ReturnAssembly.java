package org.hipep.dialects.func;

import java.util.List;
import org.hipep.ir.Location;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Type;
import org.hipep.ir.text.OpAsmParser;
import org.hipep.ir.text.OpAsmPrinter;

/** {@code return} or {@code return %a, %b : i32, f32}. */
final class ReturnAssembly implements org.hipep.ir.text.OpAssembly {
    @Override
    public void print(Operation op, OpAsmPrinter p) {
        p.printOptionalAttrDict(op.attributes(), List.of());
        if (op.numOperands() > 0) {
            p.print(" ").printOperands(op.operands()).print(" : ");
            List<Type> types = op.operandTypes();
            for (int i = 0; i < types.size(); i++) {
                if (i > 0) {
                    p.print(", ");
                }
                p.printType(types.get(i));
            }
        }
    }

    @Override
    public void parse(OpAsmParser parser, OperationState state) {
        parser.parseOptionalAttrDict(state.attributes);
        Location at = parser.currentLocation();
        List<OpAsmParser.UnresolvedOperand> operands = parser.parseOperandList();
        if (!operands.isEmpty()) {
            parser.parsePunct(":");
            List<Type> types = parser.parseTypeList(false);
            state.operands.addAll(parser.resolveOperands(operands, types, at));
        }
    }
}
