package org.hipep.ir.text;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hipep.ir.Attribute;
import org.hipep.ir.Block;
import org.hipep.ir.BlockArgument;
import org.hipep.ir.Context;
import org.hipep.ir.Location;
import org.hipep.ir.OpDefinition;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationName;
import org.hipep.ir.OperationState;
import org.hipep.ir.Region;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.BuiltinDialect;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.UnknownLoc;

/**
 * Parses MLIR's textual format: the generic form of every op and the custom forms registered
 * ops define, with SSA scoping (values of a region are visible in nested regions, except inside
 * ops that are isolated from above), forward references, block labels and aliases.
 *
 * <p>Use {@link #parse(Context, String, String)}. Errors are {@link IrParseException}s carrying
 * {@code file:line:col}.
 */
public final class IrParser extends AttrTypeParser implements OpAsmParser {
    /** One SSA scope: the values defined in a region (with those of nested non-isolated regions). */
    private static final class Scope {
        final boolean isolated;
        final Map<String, Value[]> values = new HashMap<>();
        final Map<String, List<Placeholder>> forwardRefs = new LinkedHashMap<>();

        Scope(boolean isolated) {
            this.isolated = isolated;
        }
    }

    /** A use of a value not yet defined; its placeholder op is replaced at the definition. */
    private record Placeholder(Operation op, int number, int offset) {
    }

    /** The blocks of one region being parsed, by label. */
    private static final class BlockScope {
        final Map<String, Block> blocks = new HashMap<>();
        final Map<String, Integer> undefined = new LinkedHashMap<>();
    }

    private final Deque<Scope> scopes = new ArrayDeque<>();
    private final Deque<BlockScope> blockScopes = new ArrayDeque<>();
    private final Deque<String> defaultDialects = new ArrayDeque<>();
    private final List<Object[]> deferredLocations = new ArrayList<>();
    private final OperationName placeholderName;

    private IrParser(Context context, String text, String filename) {
        super(context, text, filename);
        context.getOrLoadDialect(BuiltinDialect.NAMESPACE);
        this.placeholderName = context.operationName("builtin.unrealized_conversion_cast");
        defaultDialects.push("builtin");
    }

    /**
     * Parses a whole buffer. A single top-level {@code builtin.module} is returned as is; other
     * top-level ops are wrapped in a new module, as MLIR does.
     */
    public static Operation parse(Context context, String text, String filename) {
        return new IrParser(context, text, filename).parseTopLevel();
    }

    /** Parses a type from text. */
    public static Type parseType(Context context, String text) {
        IrParser p = new IrParser(context, text, "<type>");
        Type t = p.parseType();
        p.expectEnd();
        return t;
    }

    /** Parses an attribute from text. */
    public static Attribute parseAttribute(Context context, String text) {
        IrParser p = new IrParser(context, text, "<attribute>");
        Attribute a = p.parseAttribute(null);
        p.expectEnd();
        return a;
    }

    private void expectEnd() {
        if (!tok.is(Token.Kind.EOF)) {
            throw error("unexpected trailing text");
        }
    }

    private Operation parseTopLevel() {
        Block top = new Block();
        scopes.push(new Scope(true));
        blockScopes.push(new BlockScope());
        while (!tok.is(Token.Kind.EOF)) {
            checkToken();
            if (tok.is(Token.Kind.HASH_IDENTIFIER) && !tok.text().contains(".")) {
                parseAliasDefinition(true);
            } else if (tok.is(Token.Kind.EXCLAMATION_IDENTIFIER) && !tok.text().contains(".")) {
                parseAliasDefinition(false);
            } else {
                top.append(parseOperation());
            }
        }
        popScope();
        blockScopes.pop();
        resolveDeferredLocations();
        List<Operation> ops = top.operations();
        if (ops.size() == 1 && ops.get(0).is(BuiltinDialect.MODULE)) {
            Operation m = ops.get(0);
            m.remove();
            return m;
        }
        // The implicit module is at line 0, column 0, as in MLIR.
        Operation module = BuiltinDialect.createModule(context, new org.hipep.ir.builtin.FileLineColLoc(filename, 0, 0));
        Block body = module.region(0).front();
        for (Operation op : ops) {
            op.remove();
            body.append(op);
        }
        return module;
    }

    private void parseAliasDefinition(boolean attribute) {
        String name = tok.text().substring(1);
        int at = tok.start();
        consume();
        parsePunct("=");
        if (attribute) {
            if (attributeAliases.containsKey(name)) {
                throw errorAt(at, "redefinition of attribute alias id '" + name + "'");
            }
            attributeAliases.put(name, parseAttribute(null));
        } else {
            if (typeAliases.containsKey(name)) {
                throw errorAt(at, "redefinition of type alias id '" + name + "'");
            }
            typeAliases.put(name, parseType());
        }
    }

    private void resolveDeferredLocations() {
        for (Object[] d : deferredLocations) {
            if (d[0] instanceof Operation op) {
                op.setLocation(resolveLocation(op.location()));
            } else if (d[0] instanceof BlockArgument a) {
                a.setLocation(resolveLocation(a.location()));
            }
        }
    }

    private Location trackLocation(Object owner, Location l) {
        if (containsAlias(l)) {
            deferredLocations.add(new Object[] {owner});
        }
        return l;
    }

    private static boolean containsAlias(Location l) {
        if (l instanceof AliasLoc) {
            return true;
        }
        if (l instanceof org.hipep.ir.builtin.NameLoc n) {
            return containsAlias(n.child());
        }
        if (l instanceof org.hipep.ir.builtin.CallSiteLoc c) {
            return containsAlias(c.callee()) || containsAlias(c.caller());
        }
        if (l instanceof org.hipep.ir.builtin.FusedLoc f) {
            return f.locations().stream().anyMatch(IrParser::containsAlias);
        }
        return false;
    }

    // ------------------------------------------------------------------ operations

    private record ResultGroup(String name, int count, int offset) {
    }

    private Operation parseOperation() {
        int opStart = tok.start();
        List<ResultGroup> groups = new ArrayList<>();
        if (tok.is(Token.Kind.PERCENT_IDENTIFIER)) {
            do {
                if (!tok.is(Token.Kind.PERCENT_IDENTIFIER)) {
                    throw error("expected valid ssa identifier");
                }
                String name = tok.text();
                int at = tok.start();
                consume();
                int count = 1;
                if (parseOptionalPunct(":")) {
                    if (!tok.is(Token.Kind.INTEGER)) {
                        throw error("expected integer number of results");
                    }
                    count = Integer.parseInt(tok.text());
                    if (count < 1) {
                        throw error("expected named operation to have at least 1 result");
                    }
                    consume();
                }
                groups.add(new ResultGroup(name, count, at));
            } while (parseOptionalPunct(","));
            parsePunct("=");
        }
        Operation op;
        if (tok.is(Token.Kind.STRING)) {
            op = parseGenericOperation();
        } else if (tok.is(Token.Kind.BARE_IDENTIFIER)) {
            op = parseCustomOperation(opStart);
        } else {
            throw error("expected operation name in quotes");
        }
        Location trailing = parseOptionalLocationSpecifier();
        if (trailing != null) {
            op.setLocation(trackLocation(op, trailing));
        }
        int declared = groups.stream().mapToInt(ResultGroup::count).sum();
        if (!groups.isEmpty() && declared != op.numResults()) {
            throw errorAt(opStart, "operation defines " + op.numResults() + " results but was provided " + declared + " to bind");
        }
        int r = 0;
        for (ResultGroup g : groups) {
            Value[] vals = new Value[g.count()];
            for (int i = 0; i < g.count(); i++) {
                vals[i] = op.result(r++);
            }
            defineValues(g.name(), vals, g.offset());
        }
        return op;
    }

    private OperationName checkedName(String name, int at) {
        OperationName n = context.operationName(name);
        if (n.isRegistered()) {
            return n;
        }
        // An unknown op of a loaded dialect is reported by the verifier, as MLIR does.
        if (context.getOrLoadDialect(n.dialectNamespace()) == null && !context.allowsUnregisteredDialects()) {
            throw errorAt(at, "operation being parsed with an unregistered dialect. If this is intended, please use"
                    + " -allow-unregistered-dialect with the MLIR tool used");
        }
        return n;
    }

    private Operation parseGenericOperation() {
        int at = tok.start();
        String name = parseString();
        OperationState st = new OperationState(locationAt(at), checkedName(name, at));
        parsePunct("(");
        List<UnresolvedOperand> operands = tok.isPunct(")") ? List.of() : parseOperandList();
        parsePunct(")");
        if (parseOptionalPunct("[")) {
            do {
                st.successors.add(parseSuccessor());
            } while (parseOptionalPunct(","));
            parsePunct("]");
        }
        if (parseOptionalPunct("<")) {
            Attribute props = parseAttribute(null);
            if (!(props instanceof DictionaryAttr)) {
                throw error("expected a dictionary for the properties");
            }
            st.properties = props;
            parsePunct(">");
        }
        boolean isolated = st.name.isRegistered() && st.name.definition().hasTrait(OpTrait.IsolatedFromAbove.class);
        if (parseOptionalPunct("(")) {
            do {
                Region r = st.addRegion();
                parseRegionBody(r, List.of(), isolated, true);
            } while (parseOptionalPunct(","));
            parsePunct(")");
        }
        if (tok.isPunct("{")) {
            parseAttributeDictionary(st.attributes);
        }
        parsePunct(":");
        int typeAt = tok.start();
        Type t = parseType();
        if (!(t instanceof FunctionType ft)) {
            throw errorAt(typeAt, "expected function type");
        }
        if (ft.inputs().size() != operands.size()) {
            throw errorAt(typeAt, "expected " + operands.size() + " operand type" + (operands.size() == 1 ? "" : "s")
                    + " but had " + ft.inputs().size());
        }
        for (int i = 0; i < operands.size(); i++) {
            st.operands.add(resolveOperand(operands.get(i), ft.inputs().get(i)));
        }
        st.resultTypes.addAll(ft.results());
        return Operation.create(st);
    }

    private Operation parseCustomOperation(int opStart) {
        int at = tok.start();
        String written = tok.text();
        OpDefinition def = resolveCustomName(written);
        if (def == null || def.assembly() == null) {
            String dflt = defaultDialects.peek();
            String tried = written.contains(".") || dflt.isEmpty() ? "" : " (tried '" + dflt + "." + written + "' as well)";
            throw errorAt(at, "custom op '" + written + "' is unknown" + tried);
        }
        consume();
        OperationState st = new OperationState(locationAt(at), context.operationName(def.name()));
        OpAssembly asm = def.assembly();
        String nested = asm instanceof DefaultDialectAssembly d ? d.defaultDialect() : null;
        if (nested != null) {
            defaultDialects.push(nested);
        }
        try {
            withCustomIsolation(def.hasTrait(OpTrait.IsolatedFromAbove.class), () -> asm.parse(this, st));
        } finally {
            if (nested != null) {
                defaultDialects.pop();
            }
        }
        return Operation.create(st);
    }

    private OpDefinition resolveCustomName(String written) {
        if (written.contains(".")) {
            OpDefinition d = context.lookupOperation(written);
            if (d != null) {
                return d;
            }
        }
        String dflt = defaultDialects.peek();
        OpDefinition d = context.lookupOperation(dflt + "." + written);
        if (d == null && !dflt.equals("builtin")) {
            d = context.lookupOperation("builtin." + written);
        }
        return d;
    }

    // ------------------------------------------------------------------ regions and blocks

    private void parseRegionBody(Region region, List<Argument> entryArgs, boolean isolated, boolean generic) {
        parsePunct("{");
        scopes.push(new Scope(isolated));
        blockScopes.push(new BlockScope());
        try {
            if (parseOptionalPunct("}")) {
                if (!entryArgs.isEmpty()) {
                    Block entry = region.emplaceBlock();
                    addArguments(entry, entryArgs);
                }
                return;
            }
            Block entry = null;
            if (!tok.is(Token.Kind.CARET_IDENTIFIER)) {
                entry = region.emplaceBlock();
                addArguments(entry, entryArgs);
                parseBlockOps(entry);
            } else if (!entryArgs.isEmpty()) {
                throw error("invalid block name in region with named arguments");
            }
            while (tok.is(Token.Kind.CARET_IDENTIFIER)) {
                Block b = parseBlockHeader();
                region.append(b);
                parseBlockOps(b);
            }
            parsePunct("}");
            BlockScope bs = blockScopes.peek();
            for (Map.Entry<String, Integer> u : bs.undefined.entrySet()) {
                throw errorAt(u.getValue(), "reference to an undefined block");
            }
        } finally {
            blockScopes.pop();
            popScope();
        }
    }

    private void addArguments(Block entry, List<Argument> args) {
        for (Argument a : args) {
            Location loc = a.location() != null ? a.location() : a.ssaName().location();
            BlockArgument ba = entry.addArgument(a.type(), loc);
            trackLocation(ba, loc);
            defineValues(a.ssaName().name(), new Value[] {ba}, offsetOf(a.ssaName().location()));
        }
    }

    private Block parseBlockHeader() {
        String name = tok.text();
        int at = tok.start();
        consume();
        Block b = blockNamed(name, at);
        BlockScope bs = blockScopes.peek();
        if (!bs.undefined.containsKey(name) && b.parent() != null) {
            throw errorAt(at, "redefinition of block '" + name + "'");
        }
        bs.undefined.remove(name);
        if (parseOptionalPunct("(")) {
            if (!tok.isPunct(")")) {
                do {
                    if (!tok.is(Token.Kind.PERCENT_IDENTIFIER)) {
                        throw error("expected SSA identifier");
                    }
                    String an = tok.text();
                    int aat = tok.start();
                    Location aloc = locationAt(aat);
                    consume();
                    parsePunct(":");
                    Type t = parseType();
                    Location l = parseOptionalLocationSpecifier();
                    BlockArgument arg = b.addArgument(t, l != null ? l : aloc);
                    trackLocation(arg, arg.location());
                    defineValues(an, new Value[] {arg}, aat);
                } while (parseOptionalPunct(","));
            }
            parsePunct(")");
        }
        parsePunct(":");
        return b;
    }

    private Block blockNamed(String name, int at) {
        BlockScope bs = blockScopes.peek();
        Block b = bs.blocks.get(name);
        if (b == null) {
            b = new Block();
            bs.blocks.put(name, b);
            bs.undefined.put(name, at);
        }
        return b;
    }

    private void parseBlockOps(Block b) {
        while (!tok.is(Token.Kind.CARET_IDENTIFIER) && !tok.isPunct("}")) {
            if (tok.is(Token.Kind.EOF)) {
                throw error("expected '}' to end region");
            }
            b.append(parseOperation());
        }
    }

    // ------------------------------------------------------------------ SSA values

    private void defineValues(String name, Value[] values, int offset) {
        Scope s = scopes.peek();
        if (s.values.containsKey(name)) {
            throw errorAt(offset < 0 ? tok.start() : offset, "redefinition of SSA value '" + name + "'");
        }
        s.values.put(name, values);
        List<Placeholder> refs = s.forwardRefs.remove(name);
        if (refs != null) {
            for (Placeholder p : refs) {
                if (p.number() >= values.length) {
                    throw errorAt(p.offset(), "result number " + p.number() + " is out of range for '" + name
                            + "' (it has " + values.length + " results)");
                }
                Value v = values[p.number()];
                Value ph = p.op().result(0);
                if (!ph.type().equals(v.type())) {
                    throw errorAt(p.offset(), "use of value '" + name + "' expects different type than prior uses: '"
                            + AttrTypePrinter.typeToString(ph.type()) + "' vs '" + AttrTypePrinter.typeToString(v.type()) + "'");
                }
                ph.replaceAllUsesWith(v);
                p.op().erase();
            }
        }
    }

    private void popScope() {
        Scope s = scopes.pop();
        if (s.forwardRefs.isEmpty()) {
            return;
        }
        Scope parent = scopes.peek();
        for (Map.Entry<String, List<Placeholder>> e : s.forwardRefs.entrySet()) {
            if (s.isolated || parent == null) {
                Placeholder p = e.getValue().get(0);
                throw errorAt(p.offset(), "use of undeclared SSA value name");
            }
            parent.forwardRefs.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).addAll(e.getValue());
        }
    }

    @Override
    public UnresolvedOperand parseOperand() {
        UnresolvedOperand u = parseOptionalOperand();
        if (u == null) {
            throw error("expected SSA operand");
        }
        return u;
    }

    @Override
    public UnresolvedOperand parseOptionalOperand() {
        if (!tok.is(Token.Kind.PERCENT_IDENTIFIER)) {
            return null;
        }
        String name = tok.text();
        Location loc = locationAt(tok.start());
        consume();
        int number = 0;
        if (tok.is(Token.Kind.HASH_IDENTIFIER)) {
            String n = tok.text().substring(1);
            if (!n.chars().allMatch(Character::isDigit)) {
                throw error("invalid SSA value result number");
            }
            number = Integer.parseInt(n);
            consume();
        }
        return new UnresolvedOperand(name, number, loc);
    }

    @Override
    public List<UnresolvedOperand> parseOperandList() {
        List<UnresolvedOperand> out = new ArrayList<>();
        UnresolvedOperand first = parseOptionalOperand();
        if (first == null) {
            return out;
        }
        out.add(first);
        while (parseOptionalPunct(",")) {
            out.add(parseOperand());
        }
        return out;
    }

    @Override
    public Value resolveOperand(UnresolvedOperand u, Type type) {
        int offset = offsetOf(u.location());
        for (Scope s : scopes) {
            Value[] vals = s.values.get(u.name());
            if (vals != null) {
                if (u.number() >= vals.length) {
                    throw errorAt(offset, "reference to invalid result number");
                }
                Value v = vals[u.number()];
                if (!v.type().equals(type)) {
                    throw errorAt(offset, "use of value '" + u.name() + "' expects different type than prior uses: '"
                            + AttrTypePrinter.typeToString(type) + "' vs '" + AttrTypePrinter.typeToString(v.type()) + "'");
                }
                return v;
            }
            if (s.isolated) {
                break;
            }
        }
        Scope cur = scopes.peek();
        List<Placeholder> refs = cur.forwardRefs.computeIfAbsent(u.name(), k -> new ArrayList<>());
        for (Placeholder p : refs) {
            if (p.number() == u.number()) {
                Value ph = p.op().result(0);
                if (!ph.type().equals(type)) {
                    throw errorAt(offset, "use of value '" + u.name() + "' expects different type than prior uses: '"
                            + AttrTypePrinter.typeToString(type) + "' vs '" + AttrTypePrinter.typeToString(ph.type()) + "'");
                }
                return ph;
            }
        }
        OperationState st = new OperationState(UnknownLoc.INSTANCE, placeholderName);
        st.resultTypes.add(type);
        Operation ph = Operation.create(st);
        refs.add(new Placeholder(ph, u.number(), offset));
        return ph.result(0);
    }

    @Override
    public List<Value> resolveOperands(List<UnresolvedOperand> operands, List<Type> types, Location where) {
        if (operands.size() != types.size()) {
            throw errorAt(offsetOf(where), operands.size() + " operands present, but expected " + types.size());
        }
        List<Value> out = new ArrayList<>();
        for (int i = 0; i < operands.size(); i++) {
            out.add(resolveOperand(operands.get(i), types.get(i)));
        }
        return out;
    }

    // ------------------------------------------------------------------ OpAsmParser: arguments, regions

    @Override
    public Argument parseArgument(boolean allowType, boolean allowAttributes) {
        UnresolvedOperand name = parseOperand();
        Type t = null;
        if (allowType) {
            parsePunct(":");
            t = parseType();
        }
        Map<String, Attribute> attrs = new TreeMap<>();
        if (allowAttributes && tok.isPunct("{")) {
            parseAttributeDictionary(attrs);
        }
        Location loc = parseOptionalLocationSpecifier();
        return new Argument(name, t, attrs, loc);
    }

    @Override
    public List<Argument> parseArgumentList(boolean allowType, boolean allowAttributes) {
        parsePunct("(");
        List<Argument> out = new ArrayList<>();
        if (!tok.isPunct(")")) {
            do {
                if (tok.isPunct("...")) {
                    consume();
                    out.add(null);
                    break;
                }
                out.add(parseArgument(allowType, allowAttributes));
            } while (parseOptionalPunct(","));
        }
        parsePunct(")");
        return out;
    }

    @Override
    public void parseRegion(Region region, List<Argument> arguments) {
        if (!tok.isPunct("{")) {
            throw error("expected '{' to begin a region");
        }
        parseRegionBody(region, arguments, isolatedContext(), false);
    }

    /**
     * Custom parsers do not say whether their op is isolated; the state being parsed does, so
     * custom regions use the definition of the op currently being parsed.
     */
    private boolean isolatedContext() {
        return currentCustomIsolated;
    }

    private boolean currentCustomIsolated;

    @Override
    public boolean parseOptionalRegion(Region region, List<Argument> arguments) {
        if (!tok.isPunct("{")) {
            return false;
        }
        parseRegion(region, arguments);
        return true;
    }

    @Override
    public Block parseSuccessor() {
        if (!tok.is(Token.Kind.CARET_IDENTIFIER)) {
            throw error("expected block name");
        }
        Block b = blockNamed(tok.text(), tok.start());
        consume();
        return b;
    }

    @Override
    public void parseOptionalAttrDict(Map<String, Attribute> attributes) {
        if (tok.isPunct("{")) {
            parseAttributeDictionary(attributes);
        }
    }

    @Override
    public void parseOptionalAttrDictWithKeyword(Map<String, Attribute> attributes) {
        if (parseOptionalKeyword("attributes")) {
            parseAttributeDictionary(attributes);
        }
    }

    @Override
    public String parseSymbolName() {
        String s = parseOptionalSymbolName();
        if (s == null) {
            throw error("expected valid '@'-identifier for symbol name");
        }
        return s;
    }

    @Override
    public String parseOptionalSymbolName() {
        if (!tok.is(Token.Kind.AT_IDENTIFIER)) {
            return null;
        }
        String s = symbolName(tok);
        consume();
        return s;
    }

    @Override
    public List<Type> parseOptionalArrowTypeList() {
        if (!parseOptionalPunct("->")) {
            return List.of();
        }
        if (parseOptionalPunct("(")) {
            List<Type> ts = parseTypeList(true);
            parsePunct(")");
            return ts;
        }
        return List.of(parseType());
    }

    @Override
    public Location parseOptionalLocationSpecifier() {
        if (!tok.isKeyword("loc")) {
            return null;
        }
        consume();
        parsePunct("(");
        Location l = parseLocationBody();
        parsePunct(")");
        return l;
    }

    /**
     * Parses the body of a custom op whose definition says it is isolated from above; used by
     * the custom-op path so that {@link #parseRegion} scopes values correctly.
     */
    void withCustomIsolation(boolean isolated, Runnable body) {
        boolean saved = currentCustomIsolated;
        currentCustomIsolated = isolated;
        try {
            body.run();
        } finally {
            currentCustomIsolated = saved;
        }
    }
}
