package org.hipep.dialects.llvm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.hipep.ir.Attribute;
import org.hipep.ir.Block;
import org.hipep.ir.Location;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.text.OpAsmParser;
import org.hipep.ir.text.OpAsmPrinter;
import org.hipep.ir.text.OpAssembly;

/**
 * Shared pieces of the custom forms of the {@code llvm} (and {@code cf}) ops: the attribute
 * dictionary that leaves out what the form spells and the properties at their defaults, and the
 * successor lists {@code ^bb1(%a, %b : i32, f32)}.
 */
public final class LLVMAsm {
    private LLVMAsm() {
    }

    /** A printer of the part of an op's custom form after its name. */
    @FunctionalInterface
    interface Printer {
        void print(Operation op, OpAsmPrinter p);
    }

    /** A parser of the part of an op's custom form after its name. */
    @FunctionalInterface
    interface Parser {
        void parse(OpAsmParser p, OperationState state);
    }

    /** An assembly from two lambdas, with default properties added when parsing. */
    static OpAssembly of(Printer printer, Parser parser) {
        return new OpAssembly() {
            @Override
            public void print(Operation op, OpAsmPrinter p) {
                printer.print(op, p);
            }

            @Override
            public void parse(OpAsmParser p, OperationState state) {
                parser.parse(p, state);
            }
        };
    }

    /**
     * Writes the attributes and properties of {@code op} that are not in {@code handled} and not
     * equal to their value in {@code defaults}, as {@code {...}}.
     */
    public static void printExtras(Operation op, OpAsmPrinter p, Set<String> handled, Map<String, Attribute> defaults) {
        Map<String, Attribute> extra = new TreeMap<>(op.attributes());
        if (op.properties() instanceof DictionaryAttr props) {
            props.entries().forEach((k, v) -> {
                if (!handled.contains(k) && !v.equals(defaults.get(k))) {
                    extra.put(k, v);
                }
            });
        }
        p.printOptionalAttrDict(extra, List.of());
    }

    /** Reads an optional {@code {...}} into the state and adds the defaults not given. */
    public static void parseExtras(OpAsmParser p, OperationState state, Map<String, Attribute> defaults) {
        p.parseOptionalAttrDict(state.attributes);
        defaults.forEach(state.attributes::putIfAbsent);
    }

    /** Writes {@code ^bb(%a, %b : t1, t2)} (or {@code ^bb}) for one successor and its operands. */
    public static void printSuccessor(OpAsmPrinter p, Block block, List<Value> operands) {
        p.printSuccessor(block);
        if (!operands.isEmpty()) {
            p.print("(").printOperands(operands).print(" : ");
            printTypes(p, operands.stream().map(Value::type).toList());
            p.print(")");
        }
    }

    /** Reads {@code ^bb(%a : t)}; adds the successor and returns the resolved operands. */
    public static List<Value> parseSuccessor(OpAsmParser p, OperationState state) {
        state.addSuccessor(p.parseSuccessor());
        if (!p.parseOptionalPunct("(")) {
            return List.of();
        }
        Location at = p.currentLocation();
        List<OpAsmParser.UnresolvedOperand> ops = p.parseOperandList();
        p.parsePunct(":");
        List<Type> types = p.parseTypeList(false);
        p.parsePunct(")");
        return p.resolveOperands(ops, types, at);
    }

    /** Writes types separated by commas. */
    public static void printTypes(OpAsmPrinter p, List<Type> types) {
        for (int i = 0; i < types.size(); i++) {
            if (i > 0) {
                p.print(", ");
            }
            p.printType(types.get(i));
        }
    }

    // ---------------------------------------------------------------- forms of the llvm ops

    /** The spelling of the {@code overflowFlags} bits in custom forms. */
    private static final List<String> OVERFLOW_FLAGS = List.of("nsw", "nuw");

    /**
     * {@code [keyword] %a, %b [overflow<nsw, nuw>] attrs : T}: {@code keyword} (such as
     * {@code exact}) stands for the unit property {@code unitProp}; the overflow flags are
     * spelled out when {@code defaults} has {@code overflowFlags}.
     */
    static OpAssembly binary(Map<String, Attribute> defaults, String keyword, String unitProp) {
        Set<String> handled = unitProp == null ? Set.of("overflowFlags") : Set.of("overflowFlags", unitProp);
        return of((op, p) -> {
            if (unitProp != null && op.attribute(unitProp) != null) {
                p.print(" ").print(keyword);
            }
            p.print(" ").printOperands(op.operands());
            printOverflow(op, p);
            printExtras(op, p, handled, defaults);
            p.print(" : ").printType(op.result(0).type());
        }, (p, s) -> {
            if (unitProp != null && p.parseOptionalKeyword(keyword)) {
                s.addAttribute(unitProp, org.hipep.ir.builtin.UnitAttr.INSTANCE);
            }
            Location at = p.currentLocation();
            List<OpAsmParser.UnresolvedOperand> ops = p.parseOperandList();
            parseOverflow(p, s);
            parseExtras(p, s, defaults);
            Type t = p.parseColonType();
            s.operands.addAll(p.resolveOperands(ops, ops.stream().map(o -> t).toList(), at));
            s.resultTypes.add(t);
        });
    }

    /** Writes {@code  overflow<nsw, nuw>} for a non-zero {@code overflowFlags} property. */
    private static void printOverflow(Operation op, OpAsmPrinter p) {
        if (!(op.attribute("overflowFlags") instanceof org.hipep.ir.builtin.IntegerAttr flags)
                || flags.longValue() == 0) {
            return;
        }
        List<String> set = new ArrayList<>();
        for (int i = 0; i < OVERFLOW_FLAGS.size(); i++) {
            if ((flags.longValue() & (1L << i)) != 0) {
                set.add(OVERFLOW_FLAGS.get(i));
            }
        }
        p.print(" overflow<" + String.join(", ", set) + ">");
    }

    /** Reads an optional {@code overflow<nsw, nuw>} into {@code overflowFlags}. */
    private static void parseOverflow(OpAsmParser p, OperationState s) {
        if (!p.parseOptionalKeyword("overflow")) {
            return;
        }
        p.parsePunct("<");
        long bits = 0;
        do {
            String flag = p.parseKeyword();
            int i = OVERFLOW_FLAGS.indexOf(flag);
            if (i < 0) {
                throw p.error("expected one of [none, nsw, nuw] for LLVM overflow flags, got: " + flag);
            }
            bits |= 1L << i;
        } while (p.parseOptionalPunct(","));
        p.parsePunct(">");
        s.addAttribute("overflowFlags", org.hipep.ir.builtin.IntegerAttr.of(IntegerType.I32, bits));
    }

    /** {@code [keyword] %a [overflow<..>] attrs : T to U}, {@code keyword} standing for {@code unitProp}. */
    static OpAssembly cast(Map<String, Attribute> defaults, String keyword, String unitProp) {
        Set<String> handled = unitProp == null ? Set.of("overflowFlags") : Set.of("overflowFlags", unitProp);
        return of((op, p) -> {
            if (unitProp != null && op.attribute(unitProp) != null) {
                p.print(" ").print(keyword);
            }
            p.print(" ").printOperand(op.operand(0));
            printOverflow(op, p);
            printExtras(op, p, handled, defaults);
            p.print(" : ").printType(op.operand(0).type()).print(" to ").printType(op.result(0).type());
        }, (p, s) -> {
            if (unitProp != null && p.parseOptionalKeyword(keyword)) {
                s.addAttribute(unitProp, org.hipep.ir.builtin.UnitAttr.INSTANCE);
            }
            OpAsmParser.UnresolvedOperand a = p.parseOperand();
            parseOverflow(p, s);
            parseExtras(p, s, defaults);
            Type from = p.parseColonType();
            p.parseKeyword("to");
            s.resultTypes.add(p.parseType());
            s.operands.add(p.resolveOperand(a, from));
        });
    }

    /** {@code "pred" %a, %b attrs : T} with an {@code i64} predicate property. */
    static OpAssembly compare(List<String> predicates, Map<String, Attribute> defaults) {
        return of((op, p) -> {
            long pred = ((org.hipep.ir.builtin.IntegerAttr) op.attribute("predicate")).longValue();
            p.print(" ").printString(predicates.get((int) pred)).print(" ").printOperands(op.operands());
            printExtras(op, p, Set.of("predicate"), defaults);
            p.print(" : ").printType(op.operand(0).type());
        }, (p, s) -> {
            String name = p.parseString();
            int pred = predicates.indexOf(name);
            if (pred < 0) {
                throw p.error("invalid predicate '" + name + "'");
            }
            s.addAttribute("predicate", org.hipep.ir.builtin.IntegerAttr.i64(pred));
            Location at = p.currentLocation();
            List<OpAsmParser.UnresolvedOperand> ops = p.parseOperandList();
            parseExtras(p, s, defaults);
            Type t = p.parseColonType();
            s.operands.addAll(p.resolveOperands(ops, List.of(t, t), at));
            s.resultTypes.add(IntegerType.I1);
        });
    }

    /** {@code attrs : T} (no operands, one result). */
    static OpAssembly nullary() {
        return of((op, p) -> {
            printExtras(op, p, Set.of(), Map.of());
            p.print(" : ").printType(op.result(0).type());
        }, (p, s) -> {
            parseExtras(p, s, Map.of());
            s.resultTypes.add(p.parseColonType());
        });
    }

    /** {@code %a, %b : T1, T2}: operands with their types, no results. */
    static OpAssembly operandsAndTypes(Map<String, Attribute> defaults, boolean oneResultArrow) {
        return operandsAndTypes(defaults, oneResultArrow, null, null);
    }

    /** As above, with a leading {@code keyword} (such as {@code volatile}) for the unit property {@code unitProp}. */
    static OpAssembly operandsAndTypes(Map<String, Attribute> defaults, boolean oneResultArrow, String keyword,
            String unitProp) {
        Set<String> handled = unitProp == null ? Set.of() : Set.of(unitProp);
        return of((op, p) -> {
            if (unitProp != null && op.attribute(unitProp) != null) {
                p.print(" ").print(keyword);
            }
            if (op.numOperands() > 0) {
                p.print(" ").printOperands(op.operands());
            }
            printExtras(op, p, handled, defaults);
            if (op.numOperands() > 0) {
                p.print(" : ");
                printTypes(p, op.operandTypes());
            }
            if (oneResultArrow) {
                p.print(" -> ").printType(op.result(0).type());
            }
        }, (p, s) -> {
            if (unitProp != null && p.parseOptionalKeyword(keyword)) {
                s.addAttribute(unitProp, org.hipep.ir.builtin.UnitAttr.INSTANCE);
            }
            Location at = p.currentLocation();
            List<OpAsmParser.UnresolvedOperand> ops = p.parseOperandList();
            parseExtras(p, s, defaults);
            List<Type> types = new ArrayList<>();
            if (!ops.isEmpty()) {
                p.parsePunct(":");
                types.addAll(p.parseTypeList(false));
            }
            s.operands.addAll(p.resolveOperands(ops, types, at));
            if (oneResultArrow) {
                p.parsePunct("->");
                s.resultTypes.add(p.parseType());
            }
        });
    }
}
