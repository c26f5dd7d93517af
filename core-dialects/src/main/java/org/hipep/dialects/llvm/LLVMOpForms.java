package org.hipep.dialects.llvm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hipep.ir.Attribute;
import org.hipep.ir.Location;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.ir.text.OpAsmParser;
import org.hipep.ir.text.OpAssembly;

/** The custom forms of the {@code llvm} ops (the branches shared with {@code cf}) that do not follow one of {@link LLVMAsm}'s shapes. */
public final class LLVMOpForms {
    /** The marker of a dynamic index in {@code rawConstantIndices}. */
    static final int DYNAMIC_INDEX = Integer.MIN_VALUE;

    private LLVMOpForms() {
    }

    /** {@code llvm.mlir.constant(attr) : T}. */
    static OpAssembly constant() {
        return LLVMAsm.of((op, p) -> {
            p.print("(").printAttribute(op.attribute("value")).print(")");
            LLVMAsm.printExtras(op, p, Set.of("value"), Map.of());
            p.print(" : ").printType(op.result(0).type());
        }, (p, s) -> {
            p.parsePunct("(");
            s.addAttribute("value", p.parseAttribute(null));
            p.parsePunct(")");
            LLVMAsm.parseExtras(p, s, Map.of());
            s.resultTypes.add(p.parseColonType());
        });
    }

    /** {@code llvm.mlir.addressof @g : !llvm.ptr}. */
    static OpAssembly addressOf() {
        return LLVMAsm.of((op, p) -> {
            p.print(" ").printAttributeWithoutType(op.attribute("global_name"));
            LLVMAsm.printExtras(op, p, Set.of("global_name"), Map.of());
            p.print(" : ").printType(op.result(0).type());
        }, (p, s) -> {
            s.addAttribute("global_name", SymbolRefAttr.flat(p.parseSymbolName()));
            LLVMAsm.parseExtras(p, s, Map.of());
            s.resultTypes.add(p.parseColonType());
        });
    }

    /** {@code llvm.select %c, %a, %b : i1, T}. */
    static OpAssembly select(Map<String, Attribute> defaults) {
        return LLVMAsm.of((op, p) -> {
            p.print(" ").printOperands(op.operands());
            LLVMAsm.printExtras(op, p, Set.of(), defaults);
            p.print(" : ").printType(op.operand(0).type()).print(", ").printType(op.result(0).type());
        }, (p, s) -> {
            Location at = p.currentLocation();
            List<OpAsmParser.UnresolvedOperand> ops = p.parseOperandList();
            LLVMAsm.parseExtras(p, s, defaults);
            Type c = p.parseColonType();
            p.parsePunct(",");
            Type t = p.parseType();
            s.operands.addAll(p.resolveOperands(ops, List.of(c, t, t), at));
            s.resultTypes.add(t);
        });
    }

    /** {@code llvm.alloca %n x T : (i64) -> !llvm.ptr}. */
    static OpAssembly alloca() {
        return LLVMAsm.of((op, p) -> {
            p.print(" ").printOperand(op.operand(0)).print(" x ");
            p.printType(((TypeAttr) op.attribute("elem_type")).value());
            LLVMAsm.printExtras(op, p, Set.of("elem_type"), Map.of());
            p.print(" : (").printType(op.operand(0).type()).print(") -> ").printType(op.result(0).type());
        }, (p, s) -> {
            OpAsmParser.UnresolvedOperand n = p.parseOperand();
            p.parseKeyword("x");
            s.addAttribute("elem_type", new TypeAttr(p.parseType()));
            LLVMAsm.parseExtras(p, s, Map.of());
            p.parsePunct(":");
            p.parsePunct("(");
            Type nt = p.parseType();
            p.parsePunct(")");
            p.parsePunct("->");
            s.resultTypes.add(p.parseType());
            s.operands.add(p.resolveOperand(n, nt));
        });
    }

    /**
     * {@code llvm.getelementptr [inbounds] %base[%i, 2] : (!llvm.ptr, i64) -> !llvm.ptr, T}: the
     * constant indices go to {@code rawConstantIndices}, dynamic ones are operands.
     */
    /** GEP no-wrap flags as upstream prints them: inbounds (3, which implies nusw), nusw (2), nuw (4). */
    static final Map<Long, String> GEP_FLAGS = Map.of(0L, "none", 3L, "inbounds", 2L, "nusw", 4L, "nuw",
            7L, "inbounds|nuw", 6L, "nusw|nuw");

    private static long parseGepFlags(OpAsmParser p) {
        long flags = 0;
        boolean any = false;
        do {
            if (p.parseOptionalKeyword("inbounds")) {
                flags |= 3;
            } else if (p.parseOptionalKeyword("nusw")) {
                flags |= 2;
            } else if (p.parseOptionalKeyword("nuw")) {
                flags |= 4;
            } else if (any) {
                throw p.error("expected a GEP no-wrap flag");
            } else {
                return 0;
            }
            any = true;
        } while (p.parseOptionalPunct("|"));
        return flags;
    }

    static OpAssembly gep() {
        Map<String, Attribute> defaults = Map.of("noWrapFlags", IntegerAttr.of(IntegerType.I32, 0));
        return LLVMAsm.of((op, p) -> {
            long flags = ((IntegerAttr) op.attribute("noWrapFlags")).longValue();
            String keyword = GEP_FLAGS.get(flags);
            if (keyword != null && flags != 0) {
                p.print(" " + keyword);
            }
            p.print(" ").printOperand(op.operand(0)).print("[");
            long[] raw = ((DenseArrayAttr) op.attribute("rawConstantIndices")).asLongs();
            int dyn = 1;
            for (int i = 0; i < raw.length; i++) {
                if (i > 0) {
                    p.print(", ");
                }
                if (raw[i] == DYNAMIC_INDEX) {
                    p.printOperand(op.operand(dyn++));
                } else {
                    p.print(Long.toString(raw[i]));
                }
            }
            p.print("]");
            Set<String> handled = GEP_FLAGS.containsKey(flags) ? Set.of("noWrapFlags", "rawConstantIndices", "elem_type")
                    : Set.of("rawConstantIndices", "elem_type");
            LLVMAsm.printExtras(op, p, handled, defaults);
            p.print(" : (");
            LLVMAsm.printTypes(p, op.operandTypes());
            p.print(") -> ").printType(op.result(0).type()).print(", ");
            p.printType(((TypeAttr) op.attribute("elem_type")).value());
        }, (p, s) -> {
            s.addAttribute("noWrapFlags", IntegerAttr.of(IntegerType.I32, parseGepFlags(p)));
            Location at = p.currentLocation();
            List<OpAsmParser.UnresolvedOperand> ops = new ArrayList<>();
            ops.add(p.parseOperand());
            p.parsePunct("[");
            List<Long> raw = new ArrayList<>();
            if (!p.parseOptionalPunct("]")) {
                do {
                    OpAsmParser.UnresolvedOperand o = p.parseOptionalOperand();
                    if (o != null) {
                        ops.add(o);
                        raw.add((long) DYNAMIC_INDEX);
                    } else {
                        raw.add(p.parseInteger());
                    }
                } while (p.parseOptionalPunct(","));
                p.parsePunct("]");
            }
            s.addAttribute("rawConstantIndices",
                    DenseArrayAttr.ofLongs(IntegerType.I32, raw.stream().mapToLong(Long::longValue).toArray()));
            LLVMAsm.parseExtras(p, s, defaults);
            p.parsePunct(":");
            p.parsePunct("(");
            List<Type> types = p.parseTypeList(false);
            p.parsePunct(")");
            p.parsePunct("->");
            s.resultTypes.add(p.parseType());
            p.parsePunct(",");
            s.addAttribute("elem_type", new TypeAttr(p.parseType()));
            s.operands.addAll(p.resolveOperands(ops, types, at));
        });
    }

    /** {@code llvm.br ^bb(%a : T)}. */
    public static OpAssembly br() {
        return LLVMAsm.of((op, p) -> {
            p.print(" ");
            LLVMAsm.printSuccessor(p, op.successor(0), op.operands());
            LLVMAsm.printExtras(op, p, Set.of(), Map.of());
        }, (p, s) -> {
            s.operands.addAll(LLVMAsm.parseSuccessor(p, s));
            LLVMAsm.parseExtras(p, s, Map.of());
        });
    }

    /** {@code cond_br %c, ^t(%a : T), ^f} with {@code operandSegmentSizes}; shared with {@code cf}. */
    public static OpAssembly condBr() {
        return LLVMAsm.of((op, p) -> {
            long[] seg = ((DenseArrayAttr) op.attribute("operandSegmentSizes")).asLongs();
            List<Value> all = op.operands();
            p.print(" ").printOperand(all.get(0)).print(", ");
            LLVMAsm.printSuccessor(p, op.successor(0), all.subList(1, 1 + (int) seg[1]));
            p.print(", ");
            LLVMAsm.printSuccessor(p, op.successor(1), all.subList(1 + (int) seg[1], all.size()));
            LLVMAsm.printExtras(op, p, Set.of("operandSegmentSizes"), Map.of());
        }, (p, s) -> {
            OpAsmParser.UnresolvedOperand c = p.parseOperand();
            s.operands.add(p.resolveOperand(c, IntegerType.I1));
            p.parsePunct(",");
            List<Value> t = LLVMAsm.parseSuccessor(p, s);
            p.parsePunct(",");
            List<Value> f = LLVMAsm.parseSuccessor(p, s);
            s.operands.addAll(t);
            s.operands.addAll(f);
            s.addAttribute("operandSegmentSizes", DenseArrayAttr.ofLongs(IntegerType.I32, 1, t.size(), f.size()));
            LLVMAsm.parseExtras(p, s, Map.of());
        });
    }

    /** The type at {@code position} inside a struct/array {@code container}, or the reason there is none. */
    record Member(Type type, String error) {
        static Member of(Type container, long[] position, org.hipep.ir.Context context) {
            Type t = container;
            for (long idx : position) {
                if (t instanceof LLVMTypes.StructType st) {
                    if (idx < 0 || idx >= st.body().size()) {
                        return new Member(null, "position out of bounds: " + idx);
                    }
                    t = st.body().get((int) idx);
                } else if (t instanceof LLVMTypes.ArrayType at) {
                    if (idx < 0 || idx >= at.size()) {
                        return new Member(null, "position out of bounds: " + idx);
                    }
                    t = at.elementType();
                } else {
                    return new Member(null, "expected LLVM IR structure/array type, got: '"
                            + org.hipep.ir.text.AttrTypePrinter.typeToString(t, context) + "'");
                }
            }
            return new Member(t, null);
        }
    }

    /** {@code llvm.extractvalue %c[0, 1] : T} (result type from the position). */
    static OpAssembly extractValue() {
        return LLVMAsm.of((op, p) -> {
            p.print(" ").printOperand(op.operand(0));
            printPosition(op, p);
            LLVMAsm.printExtras(op, p, Set.of("position"), Map.of());
            p.print(" : ").printType(op.operand(0).type());
        }, (p, s) -> {
            OpAsmParser.UnresolvedOperand c = p.parseOperand();
            long[] position = parsePosition(p, s);
            LLVMAsm.parseExtras(p, s, Map.of());
            Type t = p.parseColonType();
            s.operands.add(p.resolveOperand(c, t));
            s.resultTypes.add(member(p, t, position));
        });
    }

    /** {@code llvm.insertvalue %v, %c[0] : T} (the value's type from the position). */
    static OpAssembly insertValue() {
        return LLVMAsm.of((op, p) -> {
            p.print(" ").printOperand(op.operand(1)).print(", ").printOperand(op.operand(0));
            printPosition(op, p);
            LLVMAsm.printExtras(op, p, Set.of("position"), Map.of());
            p.print(" : ").printType(op.operand(0).type());
        }, (p, s) -> {
            OpAsmParser.UnresolvedOperand v = p.parseOperand();
            p.parsePunct(",");
            OpAsmParser.UnresolvedOperand c = p.parseOperand();
            long[] position = parsePosition(p, s);
            LLVMAsm.parseExtras(p, s, Map.of());
            Type t = p.parseColonType();
            s.operands.add(p.resolveOperand(c, t));
            s.operands.add(p.resolveOperand(v, member(p, t, position)));
            s.resultTypes.add(t);
        });
    }

    private static void printPosition(org.hipep.ir.Operation op, org.hipep.ir.text.OpAsmPrinter p) {
        p.print("[");
        long[] position = ((DenseArrayAttr) op.attribute("position")).asLongs();
        for (int i = 0; i < position.length; i++) {
            p.print(i == 0 ? "" : ", ").print(Long.toString(position[i]));
        }
        p.print("]");
    }

    private static long[] parsePosition(OpAsmParser p, org.hipep.ir.OperationState s) {
        p.parsePunct("[");
        List<Long> position = new ArrayList<>();
        do {
            position.add(p.parseInteger());
        } while (p.parseOptionalPunct(","));
        p.parsePunct("]");
        long[] out = position.stream().mapToLong(Long::longValue).toArray();
        s.addAttribute("position", DenseArrayAttr.i64(out));
        return out;
    }

    private static Type member(OpAsmParser p, Type container, long[] position) {
        Member m = Member.of(container, position, p.context());
        if (m.error() != null) {
            throw p.error(m.error());
        }
        return m.type();
    }
}
