package org.hipep.ir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.text.AsmPrinterOptions;
import org.hipep.ir.text.IrPrinter;

/**
 * An operation: the unit of IR. It has a name, operands (uses of values), results, discardable
 * attributes, inherent properties, regions, successors and a location, and lives in a
 * {@link Block}. Whether it is registered (and so has traits, a verifier and interfaces) is
 * decided by its {@link OperationName}.
 *
 * <p>Not thread-safe: IR is mutated by one thread at a time (passes running in parallel work
 * on disjoint isolated-from-above ops).
 */
public final class Operation {
    private OperationName name;
    private Location location;
    private final ArrayList<OpOperand> operands = new ArrayList<>();
    private final OpResult[] results;
    private final TreeMap<String, Attribute> attributes = new TreeMap<>();
    private Attribute properties;
    private final Region[] regions;
    private final BlockOperand[] successors;

    Block block;
    Operation prev;
    Operation next;
    int orderIndex;

    private Operation(OperationState state) {
        this.name = state.name;
        this.location = state.location;
        this.results = new OpResult[state.resultTypes.size()];
        for (int i = 0; i < results.length; i++) {
            results[i] = new OpResult(this, i, state.resultTypes.get(i));
        }
        for (int i = 0; i < state.operands.size(); i++) {
            Value v = state.operands.get(i);
            if (v == null) {
                throw new IllegalArgumentException("operand #" + i + " of '" + name + "' is null");
            }
            operands.add(new OpOperand(this, i, v));
        }
        attributes.putAll(state.attributes);
        this.properties = state.properties;
        OpDefinition def = state.name.definition();
        if (def != null && !def.inherentAttributes().isEmpty()) {
            // Inherent attributes given in the discardable dictionary (older generic IR, or a
            // builder that does not distinguish) move into the properties, as MLIR does.
            for (String n : def.inherentAttributes()) {
                Attribute a = attributes.remove(n);
                if (a != null) {
                    setInherent(n, a);
                }
            }
        }
        this.regions = new Region[state.regions.size()];
        for (int i = 0; i < regions.length; i++) {
            regions[i] = new Region();
            regions[i].parent = this;
            regions[i].takeBody(state.regions.get(i));
        }
        this.successors = new BlockOperand[state.successors.size()];
        for (int i = 0; i < successors.length; i++) {
            successors[i] = new BlockOperand(this, i, state.successors.get(i));
        }
    }

    /** Creates a detached operation from a state (regions' blocks move into the op). */
    public static Operation create(OperationState state) {
        if (state.location == null) {
            throw new IllegalArgumentException("operation '" + state.name + "' needs a location");
        }
        return new Operation(state);
    }

    // ---------------------------------------------------------------- identity

    /** The op name. */
    public OperationName name() {
        return name;
    }

    /** The op name as text. */
    public String nameString() {
        return name.name();
    }

    /** Whether the op's dialect registered it. */
    public boolean isRegistered() {
        return name.isRegistered();
    }

    /** The definition of a registered op, or {@code null}. */
    public OpDefinition definition() {
        return name.definition();
    }

    /** Whether this op is named {@code opName}. */
    public boolean is(String opName) {
        return name.name().equals(opName);
    }

    /** The location. */
    public Location location() {
        return location;
    }

    /** Changes the location. */
    public void setLocation(Location location) {
        this.location = location;
    }

    /** Whether the op has a trait; unregistered ops have none. */
    public boolean hasTrait(Class<? extends OpTrait> trait) {
        OpDefinition def = name.definition();
        return def != null && def.hasTrait(trait);
    }

    /**
     * The model of an interface the op implements, or {@code null}.
     *
     * @throws IllegalStateException when the op's dialect promised the interface but no
     *     extension attached it (the message names op and interface)
     */
    public <T> T getInterface(Class<T> iface) {
        OpDefinition def = name.definition();
        return def == null ? null : def.getInterface(iface);
    }

    // ---------------------------------------------------------------- operands

    /** The number of operands. */
    public int numOperands() {
        return operands.size();
    }

    /** Operand {@code i}'s value. */
    public Value operand(int i) {
        return operands.get(i).get();
    }

    /** The operand values, in order. */
    public List<Value> operands() {
        List<Value> out = new ArrayList<>(operands.size());
        for (OpOperand o : operands) {
            out.add(o.get());
        }
        return out;
    }

    /** The operand uses, in order. */
    public List<OpOperand> opOperands() {
        return Collections.unmodifiableList(operands);
    }

    /** Makes operand {@code i} use {@code v}. */
    public void setOperand(int i, Value v) {
        operands.get(i).set(v);
    }

    /** Replaces all operands. */
    public void setOperands(List<? extends Value> values) {
        for (OpOperand o : operands) {
            o.drop();
        }
        operands.clear();
        for (int i = 0; i < values.size(); i++) {
            operands.add(new OpOperand(this, i, values.get(i)));
        }
    }

    /** Inserts operands at {@code index}. */
    public void insertOperands(int index, List<? extends Value> values) {
        List<Value> all = operands();
        all.addAll(index, values);
        setOperands(all);
    }

    /** Removes operand {@code i}. */
    public void eraseOperand(int i) {
        List<Value> all = operands();
        all.remove(i);
        setOperands(all);
    }

    // ---------------------------------------------------------------- results

    /** The number of results. */
    public int numResults() {
        return results.length;
    }

    /** Result {@code i}. */
    public OpResult result(int i) {
        return results[i];
    }

    /** The results, in order. */
    public List<OpResult> results() {
        return List.of(results);
    }

    /** The result types, in order. */
    public List<Type> resultTypes() {
        List<Type> out = new ArrayList<>(results.length);
        for (OpResult r : results) {
            out.add(r.type());
        }
        return out;
    }

    /** The operand types, in order. */
    public List<Type> operandTypes() {
        List<Type> out = new ArrayList<>(operands.size());
        for (OpOperand o : operands) {
            out.add(o.get().type());
        }
        return out;
    }

    /** Replaces every use of every result with the corresponding value. */
    public void replaceAllUsesWith(List<? extends Value> values) {
        if (values.size() != results.length) {
            throw new IllegalArgumentException("replacing " + results.length + " results of '" + name + "' with "
                    + values.size() + " values");
        }
        for (int i = 0; i < results.length; i++) {
            results[i].replaceAllUsesWith(values.get(i));
        }
    }

    /** Replaces every use of every result with the corresponding result of {@code other}. */
    public void replaceAllUsesWith(Operation other) {
        replaceAllUsesWith(other.results());
    }

    /** Whether no result has a use. */
    public boolean useEmpty() {
        for (OpResult r : results) {
            if (!r.useEmpty()) {
                return false;
            }
        }
        return true;
    }

    // ---------------------------------------------------------------- attributes and properties

    /**
     * The discardable attributes, sorted by name (read-only view). Inherent attributes of
     * registered ops are in {@link #properties()}.
     */
    public SortedMap<String, Attribute> attributes() {
        return Collections.unmodifiableSortedMap(attributes);
    }

    /** An attribute by name: the inherent one (in the properties) first, then the discardable one. */
    public Attribute attribute(String attrName) {
        if (properties instanceof DictionaryAttr d) {
            Attribute a = d.get(attrName);
            if (a != null) {
                return a;
            }
        }
        return attributes.get(attrName);
    }

    /** An attribute of an expected class, or {@code null} when absent or of another class. */
    public <A extends Attribute> A attribute(String attrName, Class<A> type) {
        Attribute a = attributes.get(attrName);
        return type.isInstance(a) ? type.cast(a) : null;
    }

    /** Sets an attribute; an inherent one of a registered op goes into the properties. */
    public void setAttribute(String attrName, Attribute value) {
        if (value == null) {
            throw new IllegalArgumentException("attribute '" + attrName + "' set to null; use removeAttribute");
        }
        OpDefinition def = name.definition();
        if (def != null && def.isInherent(attrName)) {
            setInherent(attrName, value);
        } else {
            attributes.put(attrName, value);
        }
    }

    private void setInherent(String attrName, Attribute value) {
        java.util.TreeMap<String, Attribute> m = new java.util.TreeMap<>();
        if (properties instanceof DictionaryAttr d) {
            m.putAll(d.entries());
        }
        if (value == null) {
            m.remove(attrName);
        } else {
            m.put(attrName, value);
        }
        properties = m.isEmpty() ? null : DictionaryAttr.of(m);
    }

    /** Removes an attribute (inherent or discardable), returning the old value or {@code null}. */
    public Attribute removeAttribute(String attrName) {
        if (properties instanceof DictionaryAttr d && d.get(attrName) != null) {
            Attribute old = d.get(attrName);
            setInherent(attrName, null);
            return old;
        }
        return attributes.remove(attrName);
    }

    /** Replaces all attributes. */
    public void setAttributes(Map<String, ? extends Attribute> values) {
        attributes.clear();
        attributes.putAll(values);
    }

    /** The inherent properties, or {@code null}. */
    public Attribute properties() {
        return properties;
    }

    /** Sets the inherent properties. */
    public void setProperties(Attribute properties) {
        this.properties = properties;
    }

    // ---------------------------------------------------------------- regions and successors

    /** The number of regions. */
    public int numRegions() {
        return regions.length;
    }

    /** Region {@code i}. */
    public Region region(int i) {
        return regions[i];
    }

    /** The regions, in order. */
    public List<Region> regions() {
        return List.of(regions);
    }

    /** The number of successors. */
    public int numSuccessors() {
        return successors.length;
    }

    /** Successor {@code i}. */
    public Block successor(int i) {
        return successors[i].get();
    }

    /** The successors, in order. */
    public List<Block> successors() {
        List<Block> out = new ArrayList<>(successors.length);
        for (BlockOperand s : successors) {
            out.add(s.get());
        }
        return out;
    }

    /** Points successor {@code i} at {@code block}. */
    public void setSuccessor(int i, Block block) {
        successors[i].set(block);
    }

    // ---------------------------------------------------------------- position

    /** The block containing this op, or {@code null} when detached. */
    public Block block() {
        return block;
    }

    /** The region containing this op, or {@code null}. */
    public Region parentRegion() {
        return block == null ? null : block.parent();
    }

    /** The closest enclosing op, or {@code null}. */
    public Operation parentOp() {
        Region r = parentRegion();
        return r == null ? null : r.parentOp();
    }

    /** The closest enclosing op named {@code opName}, or {@code null}. */
    public Operation parentOfName(String opName) {
        for (Operation p = parentOp(); p != null; p = p.parentOp()) {
            if (p.is(opName)) {
                return p;
            }
        }
        return null;
    }

    /** The closest enclosing op with a trait, or {@code null}. */
    public Operation parentWithTrait(Class<? extends OpTrait> trait) {
        for (Operation p = parentOp(); p != null; p = p.parentOp()) {
            if (p.hasTrait(trait)) {
                return p;
            }
        }
        return null;
    }

    /** Whether this op is {@code other} or encloses it. */
    public boolean isAncestor(Operation other) {
        for (Operation o = other; o != null; o = o.parentOp()) {
            if (o == this) {
                return true;
            }
        }
        return false;
    }

    /** Whether this op encloses {@code other} (and is not it). */
    public boolean isProperAncestor(Operation other) {
        return other != this && isAncestor(other);
    }

    /** The op after this one in its block, or {@code null}. */
    public Operation nextNode() {
        return next;
    }

    /** The op before this one in its block, or {@code null}. */
    public Operation prevNode() {
        return prev;
    }

    /** Whether this op comes before {@code other} in the same block. */
    public boolean isBeforeInBlock(Operation other) {
        if (block == null || other.block != block) {
            throw new IllegalArgumentException("isBeforeInBlock on ops of different blocks");
        }
        block.ensureOrder();
        return orderIndex < other.orderIndex;
    }

    /** Unlinks this op from its block (it stays alive and may be inserted elsewhere). */
    public void remove() {
        if (block != null) {
            block.unlink(this);
        }
    }

    /** Moves this op right before {@code anchor}. */
    public void moveBefore(Operation anchor) {
        remove();
        anchor.block.insertBefore(anchor, this);
    }

    /** Moves this op right after {@code anchor}. */
    public void moveAfter(Operation anchor) {
        remove();
        anchor.block.insertAfter(anchor, this);
    }

    /**
     * Unlinks and destroys this op: drops its operand uses and everything nested. Its results
     * must have no uses left.
     */
    public void erase() {
        if (!useEmpty()) {
            throw new IllegalStateException("erasing '" + name + "' whose results still have uses");
        }
        remove();
        dropAllReferences();
    }

    /** Drops every operand and successor use of this op and of the ops nested in it. */
    public void dropAllReferences() {
        for (OpOperand o : operands) {
            o.drop();
        }
        for (BlockOperand s : successors) {
            s.drop();
        }
        for (Region r : regions) {
            r.dropAllReferences();
        }
    }

    /** Replaces uses of all results (of this op and nested ops) so that it can be erased. */
    public void dropAllUses() {
        for (OpResult r : results) {
            for (OpOperand u : r.useList()) {
                u.drop();
            }
        }
    }

    // ---------------------------------------------------------------- walking

    /** Visits this op and every nested op in post-order. */
    public void walk(Consumer<Operation> visitor) {
        walk(WalkOrder.POST_ORDER, op -> {
            visitor.accept(op);
            return WalkResult.ADVANCE;
        });
    }

    /**
     * Visits this op and every nested op in the given order; the callback may skip the regions
     * of an op (pre-order) or interrupt the walk. Ops may be erased by the callback when the
     * walk is post-order (the walker has already moved past them).
     *
     * @return {@link WalkResult#INTERRUPT} when the walk was interrupted
     */
    public WalkResult walk(WalkOrder order, Function<Operation, WalkResult> visitor) {
        if (order == WalkOrder.PRE_ORDER) {
            WalkResult r = visitor.apply(this);
            if (r == WalkResult.INTERRUPT) {
                return r;
            }
            if (r == WalkResult.SKIP) {
                return WalkResult.ADVANCE;
            }
        }
        for (Region region : regions) {
            for (Block b : region.blocks()) {
                Operation op = b.first;
                while (op != null) {
                    Operation nextOp = op.next;
                    if (op.walk(order, visitor) == WalkResult.INTERRUPT) {
                        return WalkResult.INTERRUPT;
                    }
                    op = nextOp;
                }
            }
        }
        if (order == WalkOrder.POST_ORDER) {
            WalkResult r = visitor.apply(this);
            return r == WalkResult.INTERRUPT ? r : WalkResult.ADVANCE;
        }
        return WalkResult.ADVANCE;
    }

    // ---------------------------------------------------------------- cloning

    /** A deep copy of this op (detached); uses of values defined outside stay as they are. */
    public Operation clone() {
        return clone(new IRMapping());
    }

    /**
     * A deep copy whose operands are remapped through {@code mapping}; the mapping is extended
     * with this op's results and every nested value and block.
     */
    public Operation clone(IRMapping mapping) {
        Operation copy = cloneWithoutRegions(mapping);
        for (int i = 0; i < regions.length; i++) {
            regions[i].cloneInto(copy.regions[i], mapping);
        }
        return copy;
    }

    /** A copy with the same number of regions, all empty. */
    public Operation cloneWithoutRegions(IRMapping mapping) {
        OperationState st = new OperationState(location, name);
        for (Value v : operands()) {
            st.operands.add(mapping.lookupOrDefault(v));
        }
        st.resultTypes.addAll(resultTypes());
        st.attributes.putAll(attributes);
        st.properties = properties;
        for (Block s : successors()) {
            st.successors.add(mapping.lookupOrDefault(s));
        }
        for (int i = 0; i < regions.length; i++) {
            st.addRegion();
        }
        Operation copy = create(st);
        for (int i = 0; i < results.length; i++) {
            mapping.map(results[i], copy.results[i]);
        }
        mapping.map(this, copy);
        return copy;
    }

    // ---------------------------------------------------------------- diagnostics

    /** The context the op belongs to. */
    public Context context() {
        return name.context();
    }

    /** Emits an error at this op's location. */
    public LogicalResult emitError(String message) {
        return emit(Severity.ERROR, message, null);
    }

    /** Emits an error at this op's location, with notes added by {@code notes}. */
    public LogicalResult emitError(String message, Consumer<Diagnostic> notes) {
        return emit(Severity.ERROR, message, notes);
    }

    /** Emits an error prefixed with {@code 'name' op } as MLIR's {@code emitOpError} does. */
    public LogicalResult emitOpError(String message) {
        return emit(Severity.ERROR, "'" + name + "' op " + message, null);
    }

    /** {@link #emitOpError(String)} with notes. */
    public LogicalResult emitOpError(String message, Consumer<Diagnostic> notes) {
        return emit(Severity.ERROR, "'" + name + "' op " + message, notes);
    }

    /** Emits a warning at this op's location. */
    public void emitWarning(String message) {
        emit(Severity.WARNING, message, null);
    }

    /** Emits a remark at this op's location. */
    public void emitRemark(String message) {
        emit(Severity.REMARK, message, null);
    }

    private LogicalResult emit(Severity severity, String message, Consumer<Diagnostic> notes) {
        Diagnostic d = new Diagnostic(severity, location, message);
        if (notes != null) {
            notes.accept(d);
        }
        name.context().diagnostics().emit(d);
        return severity == Severity.ERROR ? LogicalResult.FAILURE : LogicalResult.SUCCESS;
    }

    // ---------------------------------------------------------------- printing

    /** The op in generic form with its nested IR (for debugging and messages). */
    @Override
    public String toString() {
        return IrPrinter.print(this, AsmPrinterOptions.genericForm());
    }
}
