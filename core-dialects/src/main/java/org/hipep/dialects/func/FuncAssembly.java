package org.hipep.dialects.func;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.hipep.ir.Attribute;
import org.hipep.ir.Location;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Region;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.ArrayAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.ir.text.DefaultDialectAssembly;
import org.hipep.ir.text.OpAsmParser;
import org.hipep.ir.text.OpAsmPrinter;

/**
 * {@code func.func [visibility] @name(%arg0: i32 {attrs}, ...) -> (results) attributes {...} { body }};
 * declarations list argument types only. Ops of the {@code func} dialect inside the body may
 * omit the {@code func.} prefix.
 */
final class FuncAssembly implements DefaultDialectAssembly {
    private static final Set<String> HANDLED = Set.of(SymbolTable.SYMBOL_ATTR, FuncDialect.FUNCTION_TYPE,
            SymbolTable.VISIBILITY_ATTR, FuncDialect.ARG_ATTRS, FuncDialect.RES_ATTRS);

    @Override
    public String defaultDialect() {
        return FuncDialect.NAMESPACE;
    }

    @Override
    public void print(Operation op, OpAsmPrinter p) {
        FunctionType ft = FuncDialect.functionType(op);
        if (op.attribute(SymbolTable.VISIBILITY_ATTR) instanceof StringAttr vis) {
            p.print(" ").print(vis.value());
        }
        p.print(" ").printSymbolName(String.valueOf(SymbolTable.symbolName(op)));
        Region body = op.region(0);
        boolean declaration = body.isEmpty();
        List<DictionaryAttr> argAttrs = dictionaries(op.attribute(FuncDialect.ARG_ATTRS), ft.inputs().size());
        List<DictionaryAttr> resAttrs = dictionaries(op.attribute(FuncDialect.RES_ATTRS), ft.results().size());
        p.print("(");
        for (int i = 0; i < ft.inputs().size(); i++) {
            if (i > 0) {
                p.print(", ");
            }
            if (declaration) {
                p.printType(ft.inputs().get(i));
                printAttrs(p, argAttrs.get(i));
            } else {
                p.printRegionArgument(body.front().argument(i), argAttrs.get(i).entries());
            }
        }
        p.print(")");
        if (!ft.results().isEmpty()) {
            p.print(" -> ");
            boolean parens = ft.results().size() > 1 || ft.results().get(0) instanceof FunctionType
                    || !resAttrs.get(0).isEmpty();
            if (parens) {
                p.print("(");
            }
            for (int i = 0; i < ft.results().size(); i++) {
                if (i > 0) {
                    p.print(", ");
                }
                p.printType(ft.results().get(i));
                printAttrs(p, resAttrs.get(i));
            }
            if (parens) {
                p.print(")");
            }
        }
        Map<String, Attribute> extra = new TreeMap<>(op.attributes());
        if (op.properties() instanceof DictionaryAttr props) {
            props.entries().forEach((k, v) -> {
                if (!HANDLED.contains(k)) {
                    extra.put(k, v);
                }
            });
        }
        p.printOptionalAttrDictWithKeyword(extra, List.of());
        if (!declaration) {
            p.print(" ");
            p.printRegion(body, false, true);
        }
    }

    private static void printAttrs(OpAsmPrinter p, DictionaryAttr d) {
        if (!d.isEmpty()) {
            p.print(" ");
            p.printAttribute(d);
        }
    }

    private static List<DictionaryAttr> dictionaries(Attribute a, int n) {
        List<DictionaryAttr> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(a instanceof ArrayAttr arr && i < arr.size() && arr.get(i) instanceof DictionaryAttr d
                    ? d : DictionaryAttr.EMPTY);
        }
        return out;
    }

    @Override
    public void parse(OpAsmParser parser, OperationState state) {
        for (String vis : List.of("private", "public", "nested")) {
            if (parser.parseOptionalKeyword(vis)) {
                state.addAttribute(SymbolTable.VISIBILITY_ATTR, new StringAttr(vis));
                break;
            }
        }
        state.addAttribute(SymbolTable.SYMBOL_ATTR, new StringAttr(parser.parseSymbolName()));
        List<OpAsmParser.Argument> args = new ArrayList<>();
        List<Type> inputs = new ArrayList<>();
        List<Attribute> argAttrs = new ArrayList<>();
        boolean named = false;
        boolean anonymous = false;
        parser.parsePunct("(");
        if (!parser.parseOptionalPunct(")")) {
            do {
                OpAsmParser.UnresolvedOperand name = parser.parseOptionalOperand();
                Type t;
                Map<String, Attribute> attrs = new TreeMap<>();
                Location loc = null;
                if (name != null) {
                    named = true;
                    parser.parsePunct(":");
                    t = parser.parseType();
                    parser.parseOptionalAttrDict(attrs);
                    loc = parser.parseOptionalLocationSpecifier();
                    args.add(new OpAsmParser.Argument(name, t, attrs, loc));
                } else {
                    anonymous = true;
                    t = parser.parseType();
                    parser.parseOptionalAttrDict(attrs);
                }
                if (named && anonymous) {
                    throw parser.error("expected SSA identifier");
                }
                inputs.add(t);
                argAttrs.add(DictionaryAttr.of(attrs));
            } while (parser.parseOptionalPunct(","));
            parser.parsePunct(")");
        }
        List<Type> results = new ArrayList<>();
        List<Attribute> resAttrs = new ArrayList<>();
        if (parser.parseOptionalPunct("->")) {
            if (parser.parseOptionalPunct("(")) {
                if (!parser.parseOptionalPunct(")")) {
                    do {
                        results.add(parser.parseType());
                        Map<String, Attribute> attrs = new TreeMap<>();
                        parser.parseOptionalAttrDict(attrs);
                        resAttrs.add(DictionaryAttr.of(attrs));
                    } while (parser.parseOptionalPunct(","));
                    parser.parsePunct(")");
                }
            } else {
                results.add(parser.parseType());
                resAttrs.add(DictionaryAttr.EMPTY);
            }
        }
        state.addAttribute(FuncDialect.FUNCTION_TYPE, new TypeAttr(new FunctionType(inputs, results)));
        if (argAttrs.stream().anyMatch(d -> !((DictionaryAttr) d).isEmpty())) {
            state.addAttribute(FuncDialect.ARG_ATTRS, new ArrayAttr(argAttrs));
        }
        if (resAttrs.stream().anyMatch(d -> !((DictionaryAttr) d).isEmpty())) {
            state.addAttribute(FuncDialect.RES_ATTRS, new ArrayAttr(resAttrs));
        }
        Map<String, Attribute> extra = new TreeMap<>();
        parser.parseOptionalAttrDictWithKeyword(extra);
        state.attributes.putAll(extra);
        Region body = state.addRegion();
        if (parser.parseOptionalRegion(body, args)) {
            if (anonymous) {
                throw parser.error("expected named arguments for a function with a body");
            }
        } else if (named) {
            throw parser.error("expected '{' to begin a region: a function with named arguments needs a body");
        }
    }
}
