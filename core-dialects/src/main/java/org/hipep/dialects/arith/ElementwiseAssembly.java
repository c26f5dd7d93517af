package org.hipep.dialects.arith;

import java.util.ArrayList;
import java.util.List;
import org.hipep.ir.Attribute;
import org.hipep.ir.Location;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.text.OpAsmParser;
import org.hipep.ir.text.OpAsmPrinter;
import org.hipep.ir.text.OpAssembly;

/**
 * The custom form of the elementwise arith and math ops, as upstream writes them:
 * {@code [predicate ","] %a ("," %b)* [overflow<...> | fastmath<...>] attr-dict ":" type}.
 * The flags are printed only when not {@code none}; the parser stores {@code none} when they
 * are absent (upstream's default-valued property, which its generic form always prints). With
 * a predicate list (cmpi, cmpf) the type is the operands' and the result is {@code i1} of
 * their shape.
 */
public final class ElementwiseAssembly implements OpAssembly {
    private final int arity;
    private final String flagAttr;
    private final List<String> predicates;

    /**
     * @param arity the number of operands
     * @param flagAttr {@link ArithVerifiers#OVERFLOW}, {@link ArithVerifiers#FASTMATH} or {@code null}
     * @param predicates the predicate keywords by value (cmpi, cmpf) or {@code null}
     */
    public ElementwiseAssembly(int arity, String flagAttr, List<String> predicates) {
        this.arity = arity;
        this.flagAttr = flagAttr;
        this.predicates = predicates;
    }

    /** Writes {@code overflow<...>} / {@code fastmath<...>} when the op carries non-default flags. */
    static void printFlags(Operation op, String flagAttr, OpAsmPrinter p) {
        if (flagAttr == null) {
            return;
        }
        Attribute a = op.attribute(flagAttr);
        if (a instanceof OverflowFlagsAttr o && !o.isNone()) {
            p.print(" overflow<" + o.body() + ">");
        } else if (a instanceof FastMathFlagsAttr f && !f.isNone()) {
            p.print(" fastmath<" + f.body() + ">");
        }
    }

    /** Reads optional flags into {@code state}, storing the default when they are absent. */
    static void parseFlags(OpAsmParser parser, String flagAttr, OperationState state) {
        if (flagAttr == null) {
            return;
        }
        if (flagAttr.equals(ArithVerifiers.OVERFLOW)) {
            state.addAttribute(flagAttr, parser.parseOptionalKeyword("overflow")
                    ? OverflowFlagsAttr.parseAngleBody(parser) : OverflowFlagsAttr.NONE);
        } else {
            state.addAttribute(flagAttr, parser.parseOptionalKeyword("fastmath")
                    ? FastMathFlagsAttr.parseAngleBody(parser) : FastMathFlagsAttr.NONE);
        }
    }

    @Override
    public void print(Operation op, OpAsmPrinter p) {
        p.print(" ");
        if (predicates != null) {
            Attribute a = op.attribute(ArithVerifiers.PREDICATE);
            long v = a instanceof IntegerAttr ia ? ia.longValue() : -1;
            p.print(v >= 0 && v < predicates.size() ? predicates.get((int) v) : String.valueOf(v)).print(", ");
        }
        p.printOperands(op.operands());
        printFlags(op, flagAttr, p);
        p.printOptionalAttrDict(op.attributes(), List.of());
        p.print(" : ").printType(predicates != null ? op.operand(0).type() : op.result(0).type());
    }

    @Override
    public void parse(OpAsmParser parser, OperationState state) {
        if (predicates != null) {
            String kw = parser.parseOptionalKeyword();
            int v = kw == null ? -1 : predicates.indexOf(kw);
            if (v < 0) {
                throw parser.error("custom op '" + state.name.name() + "' expected string or keyword containing one of the following enum values for"
                        + " attribute 'predicate' [" + String.join(", ", predicates) + "]");
            }
            state.addAttribute(ArithVerifiers.PREDICATE, IntegerAttr.i64(v));
            parser.parsePunct(",");
        }
        Location at = parser.currentLocation();
        List<OpAsmParser.UnresolvedOperand> operands = new ArrayList<>();
        operands.add(parser.parseOperand());
        for (int i = 1; i < arity; i++) {
            parser.parsePunct(",");
            operands.add(parser.parseOperand());
        }
        parseFlags(parser, flagAttr, state);
        parser.parseOptionalAttrDict(state.attributes);
        Type type = parser.parseColonType();
        state.operands.addAll(parser.resolveOperands(operands, java.util.Collections.nCopies(arity, type), at));
        state.resultTypes.add(predicates != null ? TypeConstraint.withElementType(type, IntegerType.I1) : type);
    }
}
