package org.hipep.dialects.func;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.hipep.ir.Attribute;
import org.hipep.ir.Location;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.text.OpAsmParser;
import org.hipep.ir.text.OpAsmPrinter;

/** {@code call @f(%a, %b) : (i32, i32) -> i32}. */
final class CallAssembly implements org.hipep.ir.text.OpAssembly {
    @Override
    public void print(Operation op, OpAsmPrinter p) {
        p.print(" ").printAttributeWithoutType(op.attribute(FuncDialect.CALLEE));
        p.print("(").printOperands(op.operands()).print(")");
        Map<String, Attribute> extra = new TreeMap<>(op.attributes());
        if (op.properties() instanceof DictionaryAttr props) {
            props.entries().forEach((k, v) -> {
                if (!k.equals(FuncDialect.CALLEE)) {
                    extra.put(k, v);
                }
            });
        }
        p.printOptionalAttrDict(extra, Set.of());
        p.print(" : ").printType(new FunctionType(op.operandTypes(), op.resultTypes()));
    }

    @Override
    public void parse(OpAsmParser parser, OperationState state) {
        String callee = parser.parseSymbolName();
        state.addAttribute(FuncDialect.CALLEE, SymbolRefAttr.flat(callee));
        Location at = parser.currentLocation();
        parser.parsePunct("(");
        List<OpAsmParser.UnresolvedOperand> operands = parser.parseOperandList();
        parser.parsePunct(")");
        parser.parseOptionalAttrDict(state.attributes);
        parser.parsePunct(":");
        FunctionType ft = parser.parseFunctionType();
        state.operands.addAll(parser.resolveOperands(operands, ft.inputs(), at));
        state.resultTypes.addAll(ft.results());
    }
}
