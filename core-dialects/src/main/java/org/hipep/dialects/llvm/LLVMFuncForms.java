package org.hipep.dialects.llvm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hipep.ir.Attribute;
import org.hipep.ir.Location;
import org.hipep.ir.Region;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.ArrayAttr;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.ir.builtin.UnitAttr;
import org.hipep.ir.text.OpAsmParser;
import org.hipep.ir.text.OpAssembly;

/**
 * The custom forms of {@code llvm.func}, {@code llvm.mlir.global} and {@code llvm.call} (direct
 * {@code @f(..)} or indirect {@code %fp(..) : !llvm.ptr, (..) -> R}, where the pointer is the
 * first operand and there is no {@code callee}).
 */
final class LLVMFuncForms {
    private static final List<String> LINKAGES = List.of("private", "internal", "available_externally", "linkonce",
            "weak", "common", "appending", "extern_weak", "linkonce_odr", "weak_odr", "external");

    static final Map<String, Attribute> FUNC_DEFAULTS = Map.of("CConv", LLVMAttr.CCC, "linkage", LLVMAttr.EXTERNAL,
            "unnamed_addr", IntegerAttr.i64(0), "visibility_", IntegerAttr.i64(0));
    static final Map<String, Attribute> GLOBAL_DEFAULTS = Map.of("addr_space", IntegerAttr.of(IntegerType.I32, 0),
            "unnamed_addr", IntegerAttr.i64(0), "visibility_", IntegerAttr.i64(0));
    static final Map<String, Attribute> CALL_DEFAULTS = Map.of("CConv", LLVMAttr.CCC, "TailCallKind",
            LLVMAttr.TAIL_NONE, "fastmathFlags", LLVMAttr.FASTMATH_NONE, "op_bundle_sizes",
            DenseArrayAttr.ofLongs(IntegerType.I32));

    private LLVMFuncForms() {
    }

    private static String parseLinkage(OpAsmParser p) {
        for (String l : LINKAGES) {
            if (p.parseOptionalKeyword(l)) {
                return l;
            }
        }
        return "external";
    }

    private static String linkage(Attribute a) {
        return a instanceof LLVMAttr l ? l.value() : "external";
    }

    /** {@code llvm.func [linkage] @f(%a: T, ...) -> R attributes {...} { body }}. */
    static OpAssembly func() {
        return LLVMAsm.of((op, p) -> {
            String link = linkage(op.attribute("linkage"));
            if (!link.equals("external")) {
                p.print(" " + link);
            }
            p.print(" ").printSymbolName(SymbolTable.symbolName(op));
            LLVMTypes.FunctionType ft = LLVMDialect.functionType(op);
            Region body = op.region(0);
            p.print("(");
            for (int i = 0; i < ft.params().size(); i++) {
                if (i > 0) {
                    p.print(", ");
                }
                DictionaryAttr attrs = dictionaryAt(op.attribute("arg_attrs"), i);
                if (body.isEmpty()) {
                    p.printType(ft.params().get(i));
                    if (!attrs.isEmpty()) {
                        p.print(" ").printAttribute(attrs);
                    }
                } else {
                    p.printRegionArgument(body.front().argument(i), attrs.entries());
                }
            }
            if (ft.vararg()) {
                p.print(ft.params().isEmpty() ? "..." : ", ...");
            }
            p.print(")");
            if (!ft.returnsVoid()) {
                DictionaryAttr attrs = dictionaryAt(op.attribute("res_attrs"), 0);
                if (attrs.isEmpty()) {
                    p.print(" -> ").printType(ft.result());
                } else {
                    p.print(" -> (").printType(ft.result()).print(" ").printAttribute(attrs).print(")");
                }
            }
            Set<String> handled = Set.of(SymbolTable.SYMBOL_ATTR, "function_type", "linkage", "arg_attrs",
                    "res_attrs");
            java.util.TreeMap<String, Attribute> extra = new java.util.TreeMap<>(op.attributes());
            if (op.properties() instanceof org.hipep.ir.builtin.DictionaryAttr d) {
                d.entries().forEach((k, v) -> {
                    if (!handled.contains(k) && !v.equals(FUNC_DEFAULTS.get(k))) {
                        extra.put(k, v);
                    }
                });
            }
            p.printOptionalAttrDictWithKeyword(extra, List.of());
            if (!body.isEmpty()) {
                p.print(" ");
                p.printRegion(body, false, true);
            }
        }, (p, s) -> {
            s.addAttribute("linkage", new LLVMAttr("linkage", parseLinkage(p)));
            s.addAttribute(SymbolTable.SYMBOL_ATTR, new StringAttr(p.parseSymbolName()));
            p.parsePunct("(");
            List<OpAsmParser.Argument> args = new ArrayList<>();
            List<Type> params = new ArrayList<>();
            List<DictionaryAttr> argAttrs = new ArrayList<>();
            boolean vararg = false;
            if (!p.parseOptionalPunct(")")) {
                do {
                    if (p.parseOptionalPunct("...")) {
                        vararg = true;
                        break;
                    }
                    OpAsmParser.UnresolvedOperand name = p.parseOptionalOperand();
                    Map<String, Attribute> attrs = new java.util.TreeMap<>();
                    if (name != null) {
                        p.parsePunct(":");
                        Type t = p.parseType();
                        p.parseOptionalAttrDict(attrs);
                        Location loc = p.parseOptionalLocationSpecifier();
                        args.add(new OpAsmParser.Argument(name, t, attrs, loc));
                        params.add(t);
                    } else {
                        params.add(p.parseType());
                        p.parseOptionalAttrDict(attrs);
                    }
                    argAttrs.add(DictionaryAttr.of(attrs));
                } while (p.parseOptionalPunct(","));
                p.parsePunct(")");
            }
            Type result = LLVMTypes.VoidType.INSTANCE;
            Map<String, Attribute> resultAttrs = new java.util.TreeMap<>();
            if (p.parseOptionalPunct("->")) {
                if (p.parseOptionalPunct("(")) {
                    result = p.parseType();
                    p.parseOptionalAttrDict(resultAttrs);
                    p.parsePunct(")");
                } else {
                    result = p.parseType();
                }
            }
            if (argAttrs.stream().anyMatch(d -> !d.isEmpty())) {
                s.addAttribute("arg_attrs", new ArrayAttr(new ArrayList<>(argAttrs)));
            }
            if (!resultAttrs.isEmpty()) {
                s.addAttribute("res_attrs", new ArrayAttr(List.of(DictionaryAttr.of(resultAttrs))));
            }
            s.addAttribute("function_type", new TypeAttr(new LLVMTypes.FunctionType(result, params, vararg)));
            p.parseOptionalAttrDictWithKeyword(s.attributes);
            FUNC_DEFAULTS.forEach(s.attributes::putIfAbsent);
            Region body = s.addRegion();
            p.parseOptionalRegion(body, args);
        });
    }

    /** {@code llvm.mlir.global [linkage] [constant] @g(value) attrs : T [{ init }]}. */
    static OpAssembly global() {
        Set<String> handled = Set.of(SymbolTable.SYMBOL_ATTR, "linkage", "constant", "value", "global_type");
        return LLVMAsm.of((op, p) -> {
            p.print(" " + linkage(op.attribute("linkage")));
            if (op.attribute("constant") != null) {
                p.print(" constant");
            }
            p.print(" ").printSymbolName(SymbolTable.symbolName(op)).print("(");
            if (op.attribute("value") != null) {
                p.printAttribute(op.attribute("value"));
            }
            p.print(")");
            java.util.TreeMap<String, Attribute> extra = new java.util.TreeMap<>(op.attributes());
            if (op.properties() instanceof org.hipep.ir.builtin.DictionaryAttr d) {
                d.entries().forEach((k, v) -> {
                    if (!handled.contains(k) && (k.equals("addr_space") || !v.equals(GLOBAL_DEFAULTS.get(k)))) {
                        extra.put(k, v);
                    }
                });
            }
            p.printOptionalAttrDict(extra, List.of());
            p.print(" : ").printType(((TypeAttr) op.attribute("global_type")).value());
            if (!op.region(0).isEmpty()) {
                p.print(" ");
                p.printRegion(op.region(0), false, true);
            }
        }, (p, s) -> {
            s.addAttribute("linkage", new LLVMAttr("linkage", parseLinkage(p)));
            if (p.parseOptionalKeyword("constant")) {
                s.addAttribute("constant", UnitAttr.INSTANCE);
            }
            s.addAttribute(SymbolTable.SYMBOL_ATTR, new StringAttr(p.parseSymbolName()));
            p.parsePunct("(");
            if (!p.parseOptionalPunct(")")) {
                s.addAttribute("value", p.parseAttribute(null));
                p.parsePunct(")");
            }
            p.parseOptionalAttrDict(s.attributes);
            GLOBAL_DEFAULTS.forEach(s.attributes::putIfAbsent);
            s.addAttribute("global_type", new TypeAttr(p.parseColonType()));
            p.parseOptionalRegion(s.addRegion(), List.of());
        });
    }

    /** {@code llvm.call @f(%a) [vararg(!llvm.func<...>)] : (T) -> R}. */
    static OpAssembly call() {
        Set<String> handled = Set.of("callee", "operandSegmentSizes", "var_callee_type");
        return LLVMAsm.of((op, p) -> {
            boolean indirect = op.attribute("callee") == null;
            if (indirect) {
                p.print(" ").printOperand(op.operand(0));
            } else {
                p.print(" ").printAttributeWithoutType(op.attribute("callee"));
            }
            p.print("(").printOperands(op.operands().subList(indirect ? 1 : 0, op.numOperands())).print(")");
            if (op.attribute("var_callee_type") instanceof TypeAttr vt) {
                p.print(" vararg(").printType(vt.value()).print(")");
            }
            LLVMAsm.printExtras(op, p, handled, CALL_DEFAULTS);
            p.print(" : ");
            if (indirect) {
                p.printType(op.operand(0).type()).print(", ");
            }
            p.print("(");
            LLVMAsm.printTypes(p, op.operandTypes().subList(indirect ? 1 : 0, op.numOperands()));
            p.print(") -> ");
            if (op.numResults() == 1) {
                p.printType(op.result(0).type());
            } else {
                p.print("()");
            }
        }, (p, s) -> {
            Location at = p.currentLocation();
            OpAsmParser.UnresolvedOperand pointer = p.parseOptionalOperand();
            if (pointer == null) {
                s.addAttribute("callee", SymbolRefAttr.flat(p.parseSymbolName()));
            }
            p.parsePunct("(");
            List<OpAsmParser.UnresolvedOperand> ops = p.parseOperandList();
            p.parsePunct(")");
            if (p.parseOptionalKeyword("vararg")) {
                p.parsePunct("(");
                s.addAttribute("var_callee_type", new TypeAttr(p.parseType()));
                p.parsePunct(")");
            }
            LLVMAsm.parseExtras(p, s, CALL_DEFAULTS);
            p.parsePunct(":");
            if (pointer != null) {
                s.operands.add(p.resolveOperand(pointer, p.parseType()));
                p.parsePunct(",");
            }
            org.hipep.ir.builtin.FunctionType ft = p.parseFunctionType();
            s.operands.addAll(p.resolveOperands(ops, ft.inputs(), at));
            s.resultTypes.addAll(ft.results());
            s.addAttribute("operandSegmentSizes",
                    DenseArrayAttr.ofLongs(IntegerType.I32, s.operands.size(), 0));
        });
    }

    /** Entry {@code i} of an {@code arg_attrs} / {@code res_attrs} array, or the empty dictionary. */
    private static DictionaryAttr dictionaryAt(Attribute a, int i) {
        return a instanceof ArrayAttr arr && i < arr.size() && arr.get(i) instanceof DictionaryAttr d ? d
                : DictionaryAttr.EMPTY;
    }
}
