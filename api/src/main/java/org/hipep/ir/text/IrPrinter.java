package org.hipep.ir.text;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.hipep.ir.Attribute;
import org.hipep.ir.Block;
import org.hipep.ir.BlockArgument;
import org.hipep.ir.Location;
import org.hipep.ir.OpDefinition;
import org.hipep.ir.OpResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Region;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.DictionaryAttr;

/**
 * Prints operations in MLIR's textual format: the generic form for every op, and the custom
 * form of registered ops that define one (unless printing generically).
 *
 * <p>SSA names follow MLIR: values of a region are numbered {@code %0, %1, ...} in order, nested
 * regions continue after the values of the region that contains them, sibling regions restart
 * from the same number; entry block arguments are {@code %argN}; blocks are {@code ^bbN} per
 * region; an op with several results is {@code %N:k}, its results {@code %N#i}.
 */
public final class IrPrinter extends AttrTypePrinter implements OpAsmPrinter {
    private final Map<Value, String> valueNames = new IdentityHashMap<>();
    private final Map<Block, Integer> blockIds = new IdentityHashMap<>();
    private final Deque<String> defaultDialects = new ArrayDeque<>();
    private int indent;

    private IrPrinter(StringBuilder out, Operation root, AsmPrinterOptions options) {
        super(out, root.context(), options);
        defaultDialects.push("builtin");
    }

    /** The text of {@code op} (with everything nested in it) followed by a newline. */
    public static String print(Operation op, AsmPrinterOptions options) {
        StringBuilder sb = new StringBuilder();
        IrPrinter p = new IrPrinter(sb, op, options);
        p.numberRoot(op);
        p.printOperation(op);
        sb.append('\n');
        return sb.toString();
    }

    // ------------------------------------------------------------------ numbering

    private void numberRoot(Operation op) {
        record Pending(Region region, int nextValue, int nextArg) {
        }
        Deque<Pending> work = new ArrayDeque<>();
        int[] ids = {0, 0};
        numberResults(op, ids);
        for (Region r : op.regions()) {
            work.push(new Pending(r, ids[0], ids[1]));
        }
        while (!work.isEmpty()) {
            Pending p = work.pop();
            ids[0] = p.nextValue();
            ids[1] = p.nextArg();
            int blockId = 0;
            for (Block b : p.region().blocks()) {
                blockIds.put(b, blockId++);
                boolean entry = b.isEntryBlock();
                for (BlockArgument a : b.arguments()) {
                    valueNames.put(a, entry ? "%arg" + ids[1]++ : "%" + ids[0]++);
                }
                for (Operation o : b) {
                    numberResults(o, ids);
                }
            }
            for (Block b : p.region().blocks()) {
                for (Operation o : b) {
                    for (Region r : o.regions()) {
                        work.push(new Pending(r, ids[0], ids[1]));
                    }
                }
            }
        }
    }

    private void numberResults(Operation op, int[] ids) {
        if (op.numResults() == 0) {
            return;
        }
        String base = "%" + ids[0]++;
        if (op.numResults() == 1) {
            valueNames.put(op.result(0), base);
        } else {
            for (OpResult r : op.results()) {
                valueNames.put(r, base + "#" + r.index());
            }
        }
    }

    private String nameOf(Value v) {
        String n = valueNames.get(v);
        return n != null ? n : "<<UNKNOWN SSA VALUE>>";
    }

    // ------------------------------------------------------------------ operations

    private void printOperation(Operation op) {
        if (op.numResults() > 0) {
            String n = nameOf(op.result(0));
            if (op.numResults() > 1) {
                n = n.substring(0, n.indexOf('#')) + ":" + op.numResults();
            }
            out.append(n).append(" = ");
        }
        OpDefinition def = op.definition();
        OpAssembly custom = def == null ? null : def.assembly();
        if (custom != null && !options.generic()) {
            String name = op.nameString();
            String dflt = defaultDialects.peek();
            String rest = name.startsWith(dflt + ".") ? name.substring(dflt.length() + 1) : null;
            out.append(rest != null && !rest.contains(".") ? rest : name);
            String nested = custom instanceof DefaultDialectAssembly d ? d.defaultDialect() : null;
            if (nested != null) {
                defaultDialects.push(nested);
            }
            try {
                custom.print(op, this);
            } finally {
                if (nested != null) {
                    defaultDialects.pop();
                }
            }
        } else {
            printGeneric(op);
        }
        if (options.debugInfo()) {
            printOptionalLocationSpecifier(op.location());
        }
    }

    private void printGeneric(Operation op) {
        printString(op.nameString());
        out.append('(');
        printOperands(op.operands());
        out.append(')');
        if (op.numSuccessors() > 0) {
            out.append('[');
            List<Block> succ = op.successors();
            for (int i = 0; i < succ.size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                printSuccessor(succ.get(i));
            }
            out.append(']');
        }
        if (op.properties() != null) {
            out.append(" <");
            printAttribute(op.properties());
            out.append('>');
        }
        if (op.numRegions() > 0) {
            out.append(" (");
            for (int i = 0; i < op.numRegions(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                printRegion(op.region(i), true, true, true);
            }
            out.append(')');
        }
        printOptionalAttrDict(op.attributes(), List.of());
        out.append(" : (");
        printTypeList(op.operandTypes());
        out.append(") -> ");
        printResultTypes(op.resultTypes());
    }

    // ------------------------------------------------------------------ regions and blocks

    @Override
    public IrPrinter printRegion(Region region, boolean printEntryBlockArgs, boolean printBlockTerminators) {
        printRegion(region, printEntryBlockArgs, printBlockTerminators, false);
        return this;
    }

    private void printRegion(Region region, boolean printEntryBlockArgs, boolean printTerminators, boolean printEmptyBlock) {
        out.append("{\n");
        if (!region.isEmpty()) {
            Block entry = region.front();
            boolean header = (printEmptyBlock && entry.isEmpty())
                    || (printEntryBlockArgs && entry.numArguments() > 0);
            printBlock(entry, header, printTerminators);
            List<Block> blocks = region.blocks();
            for (int i = 1; i < blocks.size(); i++) {
                printBlock(blocks.get(i), true, true);
            }
        }
        out.append(" ".repeat(indent)).append('}');
    }

    private void printBlock(Block block, boolean header, boolean printTerminator) {
        if (header) {
            out.append(" ".repeat(indent));
            printSuccessor(block);
            if (block.numArguments() > 0) {
                out.append('(');
                for (int i = 0; i < block.numArguments(); i++) {
                    if (i > 0) {
                        out.append(", ");
                    }
                    BlockArgument a = block.argument(i);
                    out.append(nameOf(a)).append(": ");
                    printType(a.type());
                    if (options.debugInfo()) {
                        printOptionalLocationSpecifier(a.location());
                    }
                }
                out.append(')');
            }
            out.append(':');
            List<Block> preds = block.predecessors();
            if (preds.isEmpty()) {
                if (!block.isEntryBlock()) {
                    out.append("  // no predecessors");
                }
            } else if (preds.size() == 1) {
                out.append("  // pred: ");
                printSuccessor(preds.get(0));
            } else {
                List<Block> sorted = new java.util.ArrayList<>(preds);
                sorted.sort(java.util.Comparator.comparingInt(b -> blockIds.getOrDefault(b, Integer.MAX_VALUE)));
                out.append("  // ").append(preds.size()).append(" preds: ");
                for (int i = 0; i < sorted.size(); i++) {
                    if (i > 0) {
                        out.append(", ");
                    }
                    printSuccessor(sorted.get(i));
                }
            }
            out.append('\n');
        }
        indent += 2;
        for (Operation op : block) {
            if (!printTerminator && op == block.back() && op.hasTrait(org.hipep.ir.OpTrait.IsTerminator.class)) {
                break;
            }
            out.append(" ".repeat(indent));
            printOperation(op);
            out.append('\n');
        }
        indent -= 2;
    }

    // ------------------------------------------------------------------ OpAsmPrinter

    @Override
    public IrPrinter print(String text) {
        out.append(text);
        return this;
    }

    @Override
    public IrPrinter printType(org.hipep.ir.Type type) {
        super.printType(type);
        return this;
    }

    @Override
    public IrPrinter printAttribute(Attribute attribute) {
        super.printAttribute(attribute);
        return this;
    }

    @Override
    public IrPrinter printAttributeWithoutType(Attribute attribute) {
        super.printAttributeWithoutType(attribute);
        return this;
    }

    @Override
    public IrPrinter printString(String value) {
        super.printString(value);
        return this;
    }

    @Override
    public IrPrinter printSymbolName(String name) {
        super.printSymbolName(name);
        return this;
    }

    @Override
    public IrPrinter printKeywordOrString(String keyword) {
        super.printKeywordOrString(keyword);
        return this;
    }

    @Override
    public IrPrinter printOperand(Value value) {
        out.append(nameOf(value));
        return this;
    }

    @Override
    public IrPrinter printOperands(List<? extends Value> values) {
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                out.append(", ");
            }
            printOperand(values.get(i));
        }
        return this;
    }

    @Override
    public IrPrinter printRegionArgument(BlockArgument argument, Map<String, Attribute> attributes) {
        out.append(nameOf(argument)).append(": ");
        printType(argument.type());
        if (attributes != null && !attributes.isEmpty()) {
            out.append(' ');
            printDictionary(attributes, List.of());
        }
        if (options.debugInfo()) {
            printOptionalLocationSpecifier(argument.location());
        }
        return this;
    }

    @Override
    public IrPrinter printSuccessor(Block block) {
        Integer id = blockIds.get(block);
        out.append(id == null ? "^INVALID_BLOCK" : "^bb" + id);
        return this;
    }

    @Override
    public IrPrinter printOptionalAttrDict(Map<String, Attribute> attributes, Collection<String> elided) {
        if (hasAny(attributes, elided)) {
            out.append(' ');
            printDictionary(attributes, elided);
        }
        return this;
    }

    @Override
    public IrPrinter printOptionalAttrDictWithKeyword(Map<String, Attribute> attributes, Collection<String> elided) {
        if (hasAny(attributes, elided)) {
            out.append(" attributes ");
            printDictionary(attributes, elided);
        }
        return this;
    }

    private static boolean hasAny(Map<String, Attribute> attributes, Collection<String> elided) {
        if (elided.isEmpty()) {
            return !attributes.isEmpty();
        }
        for (String k : attributes.keySet()) {
            if (!elided.contains(k)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public IrPrinter printOptionalLocationSpecifier(Location location) {
        if (options.debugInfo() && location != null) {
            out.append(' ');
            printAttribute(location);
        }
        return this;
    }

    @Override
    public IrPrinter printNewline() {
        out.append('\n').append(" ".repeat(indent));
        return this;
    }

    /** Prints a dictionary attribute's entries as a map (used by custom forms). */
    public IrPrinter printDictionaryAttr(DictionaryAttr d) {
        printDictionary(d.entries(), List.of());
        return this;
    }
}
