package org.hipep.dialects.arith;

import java.util.List;
import org.hipep.ir.Attribute;
import org.hipep.ir.Location;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Type;
import org.hipep.ir.TypedAttribute;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.text.OpAsmParser;
import org.hipep.ir.text.OpAsmPrinter;
import org.hipep.ir.text.OpAssembly;

/** The custom forms of {@code arith.constant}, {@code arith.select} and the casts. */
final class ArithAssemblies {
    private ArithAssemblies() {
    }

    /** {@code arith.constant attr-dict value}, e.g. {@code arith.constant 42 : i32}. */
    static final class Constant implements OpAssembly {
        @Override
        public void print(Operation op, OpAsmPrinter p) {
            p.printOptionalAttrDict(op.attributes(), List.of());
            p.print(" ").printAttribute(op.attribute("value"));
        }

        @Override
        public void parse(OpAsmParser parser, OperationState state) {
            parser.parseOptionalAttrDict(state.attributes);
            Attribute value = parser.parseAttribute(null);
            if (!(value instanceof TypedAttribute typed)) {
                throw parser.error("expected a typed attribute as the constant value");
            }
            state.addAttribute("value", value);
            state.resultTypes.add(typed.type());
        }
    }

    /** {@code arith.select %c, %a, %b attr-dict : [condType ","] type}. */
    static final class Select implements OpAssembly {
        @Override
        public void print(Operation op, OpAsmPrinter p) {
            p.print(" ").printOperands(op.operands());
            p.printOptionalAttrDict(op.attributes(), List.of());
            p.print(" : ");
            Type cond = op.operand(0).type();
            if (!(cond instanceof IntegerType)) {
                p.printType(cond).print(", ");
            }
            p.printType(op.result(0).type());
        }

        @Override
        public void parse(OpAsmParser parser, OperationState state) {
            Location at = parser.currentLocation();
            List<OpAsmParser.UnresolvedOperand> operands = parser.parseOperandList();
            parser.parseOptionalAttrDict(state.attributes);
            parser.parsePunct(":");
            List<Type> types = parser.parseTypeList(false);
            if (types.size() > 2) {
                throw parser.error("expected one or two types");
            }
            Type cond = types.size() == 2 ? types.get(0) : IntegerType.I1;
            Type type = types.get(types.size() - 1);
            state.operands.addAll(parser.resolveOperands(operands, List.of(cond, type, type), at));
            state.resultTypes.add(type);
        }
    }

    /** A cast: {@code %in [flags] attr-dict : from to to}. */
    static final class Cast implements OpAssembly {
        private final String flagAttr;

        /** @param flagAttr the flags the cast carries ({@code trunci}: overflow), or {@code null} */
        Cast(String flagAttr) {
            this.flagAttr = flagAttr;
        }

        @Override
        public void print(Operation op, OpAsmPrinter p) {
            p.print(" ").printOperand(op.operand(0));
            ElementwiseAssembly.printFlags(op, flagAttr, p);
            p.printOptionalAttrDict(op.attributes(), List.of());
            p.print(" : ").printType(op.operand(0).type()).print(" to ").printType(op.result(0).type());
        }

        @Override
        public void parse(OpAsmParser parser, OperationState state) {
            Location at = parser.currentLocation();
            OpAsmParser.UnresolvedOperand in = parser.parseOperand();
            ElementwiseAssembly.parseFlags(parser, flagAttr, state);
            parser.parseOptionalAttrDict(state.attributes);
            Type from = parser.parseColonType();
            parser.parseKeyword("to");
            Type to = parser.parseType();
            state.operands.addAll(parser.resolveOperands(List.of(in), List.of(from), at));
            state.resultTypes.add(to);
        }
    }
}
