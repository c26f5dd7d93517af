package org.hipep.ir.rewrite;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hipep.ir.Block;
import org.hipep.ir.BlockArgument;
import org.hipep.ir.Location;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.OpResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Region;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.UnknownLoc;

/**
 * The rewriter of a dialect conversion. Replacements are applied eagerly: when a result is
 * replaced by a value of another type and still has users, a source materialization (by
 * default a {@code builtin.unrealized_conversion_cast}) from the new value to the old type is
 * inserted right after the new value's definition and takes over the uses, and the rewriter
 * remembers that the materialized value stands for the new one. {@link #getRemappedValue} looks
 * through those materializations, so later patterns see the converted values.
 *
 * <p>Erasing an op whose results are still used (by ops that will be converted later) is
 * allowed here: a cast without inputs stands in for each used result; if it is still used when
 * the conversion ends, the conversion fails.
 */
public class ConversionPatternRewriter extends PatternRewriter {
    private record TargetKey(Value value, Type type) {
    }

    private record ErasedOp(String name, Location location) {
    }

    private final Map<Value, Value> remapped = new HashMap<>();
    private final Map<TargetKey, Value> targetCache = new HashMap<>();
    private final Set<Operation> materializations = new LinkedHashSet<>();
    private final Map<Operation, ErasedOp> erasedWithUses = new LinkedHashMap<>();
    private final Operation root;
    private TypeConverter currentConverter;

    ConversionPatternRewriter(Operation root) {
        super(root.context());
        this.root = root;
    }

    /** The type converter of the pattern running now, or {@code null}. */
    public TypeConverter currentTypeConverter() {
        return currentConverter;
    }

    TypeConverter setCurrentTypeConverter(TypeConverter converter) {
        TypeConverter previous = currentConverter;
        currentConverter = converter;
        return previous;
    }

    // ---------------------------------------------------------------- remapping

    /** The value that most recently replaced {@code value} (looking through materializations), or {@code value}. */
    public Value getRemappedValue(Value value) {
        Value v = value;
        for (Value next = remapped.get(v); next != null; next = remapped.get(v)) {
            v = next;
        }
        return v;
    }

    /** {@link #getRemappedValue} of each value. */
    public List<Value> getRemappedValues(List<? extends Value> values) {
        List<Value> out = new ArrayList<>(values.size());
        for (Value v : values) {
            out.add(getRemappedValue(v));
        }
        return out;
    }

    /** The operands of {@code op} as a pattern with {@code converter} sees them; {@code null} on a match failure. */
    List<Value> remapOperands(Operation op, TypeConverter converter) {
        List<Value> out = new ArrayList<>(op.numOperands());
        for (int i = 0; i < op.numOperands(); i++) {
            Value v = op.operand(i);
            if (converter == null) {
                out.add(getRemappedValue(v));
                continue;
            }
            Type desired = converter.convertType(v.type());
            if (desired == null) {
                notifyMatchFailure(op, "unable to convert the type of operand #" + i + " (" + v.type() + ")");
                return null;
            }
            out.add(remapTo(v, desired, converter, op));
        }
        return out;
    }

    private Value remapTo(Value v, Type desired, TypeConverter converter, Operation user) {
        Value match = null;
        Value last = v;
        for (Value c = v; c != null; c = remapped.get(c)) {
            if (c.type().equals(desired)) {
                match = c;
            }
            last = c;
        }
        if (match != null) {
            return match;
        }
        TargetKey key = new TargetKey(last, desired);
        Value cached = targetCache.get(key);
        if (cached != null && root.isProperAncestor(cached.definingOp())
                && cached.parentRegion().isAncestor(user.parentRegion())) {
            return cached;
        }
        Value from = last;
        Value m = materialize(converter, false, () -> setInsertionPointAfterDefinition(from, user), desired,
                List.of(from), v.location());
        targetCache.put(key, m);
        return m;
    }

    // ---------------------------------------------------------------- replacing and erasing

    /**
     * Replaces {@code op}'s results and erases it. A replacement of another type gets a source
     * materialization for the remaining users; a {@code null} replacement of a used result gets
     * a placeholder that must lose its uses before the conversion ends.
     */
    @Override
    public void replaceOp(Operation op, List<? extends Value> newValues) {
        if (newValues.size() != op.numResults()) {
            throw new IllegalArgumentException("replacing " + op.numResults() + " results of '" + op.name()
                    + "' with " + newValues.size() + " values");
        }
        RewriterListener l = rewriterListener();
        if (l != null) {
            l.notifyOperationReplaced(op, newValues);
        }
        for (int i = 0; i < newValues.size(); i++) {
            OpResult old = op.result(i);
            Value nv = newValues.get(i);
            if (old.useEmpty()) {
                continue;
            }
            if (nv != null && nv.type().equals(old.type())) {
                replaceAllUsesWith(old, nv);
                continue;
            }
            Value stand;
            if (nv == null) {
                stand = materialize(null, true, () -> setInsertionPoint(op), old.type(), List.of(), op.location());
                erasedWithUses.put(stand.definingOp(), new ErasedOp(op.nameString(), op.location()));
            } else {
                stand = materialize(currentConverter, true, () -> setInsertionPointAfterDefinition(nv, op),
                        old.type(), List.of(nv), op.location());
                remapped.put(stand, nv);
            }
            replaceAllUsesWith(old, stand);
        }
        super.eraseOp(op);
    }

    /** Erases {@code op}; results still in use are replaced by placeholders (see {@link #replaceOp}). */
    @Override
    public void eraseOp(Operation op) {
        if (op.useEmpty()) {
            super.eraseOp(op);
        } else {
            replaceOp(op, Arrays.asList(new Value[op.numResults()]));
        }
    }

    // ---------------------------------------------------------------- block signatures

    /**
     * Converts the argument types of every block of {@code region}: the entry block with
     * {@code entryConversion} (or, when {@code null}, with {@code converter}), the others with
     * {@code converter}. Nothing changes when a block's types cannot be converted.
     *
     * @return failure when a block's argument types cannot be converted; the new entry block is
     *     {@code region.front()}
     */
    public LogicalResult convertRegionTypes(Region region, TypeConverter converter,
            SignatureConversion entryConversion) {
        List<Block> blocks = new ArrayList<>(region.blocks());
        List<SignatureConversion> conversions = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            SignatureConversion sc = i == 0 && entryConversion != null ? entryConversion
                    : converter.convertBlockSignature(blocks.get(i));
            if (sc == null) {
                return LogicalResult.failure();
            }
            conversions.add(sc);
        }
        for (int i = 0; i < blocks.size(); i++) {
            applySignatureConversion(blocks.get(i), conversions.get(i), converter);
        }
        return LogicalResult.success();
    }

    /**
     * Replaces {@code block} by a block with the converted arguments: its ops move to the new
     * block, branches to it are redirected, and each old argument is replaced by its new
     * argument (through a source materialization when the type changed or the argument became
     * several), its replacement value, or, when dropped but used, a placeholder cast.
     *
     * @return the new block, or {@code block} itself when the conversion changes nothing
     */
    public Block applySignatureConversion(Block block, SignatureConversion conversion, TypeConverter converter) {
        if (conversion.numOrigInputs() != block.numArguments()) {
            throw new IllegalArgumentException("signature conversion of " + conversion.numOrigInputs()
                    + " inputs for a block of " + block.numArguments() + " arguments");
        }
        if (conversion.isIdentity(block.argumentTypes())) {
            return block;
        }
        Block nb = new Block();
        List<Type> types = conversion.convertedTypes();
        Location fallback = block.parentOp() != null ? block.parentOp().location() : UnknownLoc.INSTANCE;
        Location[] locs = new Location[types.size()];
        for (int i = 0; i < conversion.numOrigInputs(); i++) {
            SignatureConversion.InputMapping m = conversion.inputMapping(i);
            for (int k = 0; m != null && k < m.size(); k++) {
                locs[m.inputNo() + k] = block.argument(i).location();
            }
        }
        for (int i = 0; i < types.size(); i++) {
            nb.addArgument(types.get(i), locs[i] != null ? locs[i] : fallback);
        }
        block.parent().insertBefore(block, nb);
        if (listener() != null) {
            listener().notifyBlockInserted(nb);
        }
        block.replaceAllUsesWith(nb);
        for (Operation op : block.operations()) {
            op.remove();
            nb.append(op);
            notifyInserted(op);
        }
        Operation firstOp = nb.front();
        Runnable position = () -> {
            if (firstOp != null) {
                setInsertionPoint(firstOp);
            } else {
                setInsertionPointToEnd(nb);
            }
        };
        for (int i = 0; i < conversion.numOrigInputs(); i++) {
            remapArgument(block.argument(i), conversion.inputMapping(i), nb, converter, position);
        }
        eraseBlock(block);
        return nb;
    }

    private void remapArgument(BlockArgument old, SignatureConversion.InputMapping m, Block nb,
            TypeConverter converter, Runnable position) {
        List<Value> inputs = new ArrayList<>();
        if (m != null && m.replacementValue() != null) {
            inputs.add(m.replacementValue());
        } else if (m != null) {
            inputs.addAll(nb.arguments().subList(m.inputNo(), m.inputNo() + m.size()));
        }
        if (inputs.size() == 1 && inputs.get(0).type().equals(old.type())) {
            replaceAllUsesWith(old, inputs.get(0));
            return;
        }
        if (old.useEmpty()) {
            return;
        }
        Value stand = materialize(inputs.isEmpty() ? null : converter, true, position,
                old.type(), inputs, old.location());
        if (inputs.size() == 1) {
            remapped.put(stand, inputs.get(0));
        }
        replaceAllUsesWith(old, stand);
    }

    // ---------------------------------------------------------------- materializations

    /**
     * Inserts right after the definition of {@code v} when it is defined inside the root, so
     * that the materialization dominates every use of {@code v}; a value from outside the root
     * gets its materialization at the start of the entry block of the root region that holds
     * {@code anchor} (the IR outside the root is never changed).
     */
    private void setInsertionPointAfterDefinition(Value v, Operation anchor) {
        if (definedInside(root, v)) {
            setInsertionPointAfterValue(v);
            return;
        }
        Operation top = anchor;
        while (top.parentOp() != root) {
            top = top.parentOp();
        }
        setInsertionPointToStart(top.parentRegion().front());
    }

    /** Whether {@code v} is defined inside {@code root} (by a nested op or a block of its regions). */
    static boolean definedInside(Operation root, Value v) {
        Operation def = v.definingOp();
        if (def != null) {
            return root.isProperAncestor(def);
        }
        Operation owner = v.parentBlock().parentOp();
        return owner != null && root.isAncestor(owner);
    }

    /**
     * Builds a materialization (with {@code converter}'s callbacks, or a plain cast when it is
     * {@code null}) at the point {@code position} sets; the ops it creates are recorded as
     * materializations and not reported to the listener.
     */
    private Value materialize(TypeConverter converter, boolean source, Runnable position, Type type,
            List<Value> inputs, Location loc) {
        InsertionPoint savedPoint = saveInsertionPoint();
        OpBuilder.Listener savedListener = listener();
        List<Operation> made = new ArrayList<>();
        setListener(new OpBuilder.Listener() {
            @Override
            public void notifyOperationInserted(Operation op) {
                made.add(op);
            }
        });
        try {
            position.run();
            Value v;
            if (converter == null) {
                v = TypeConverter.unrealizedCast(this, loc, type, inputs);
            } else if (source) {
                v = converter.materializeSourceConversion(this, loc, type, inputs);
            } else {
                v = converter.materializeTargetConversion(this, loc, type, inputs);
            }
            if (!v.type().equals(type)) {
                throw new IllegalStateException("materialization to " + type + " produced a value of type " + v.type());
            }
            return v;
        } finally {
            setListener(savedListener);
            restoreInsertionPoint(savedPoint);
            materializations.addAll(made);
        }
    }

    /** Whether {@code op} was built by a materialization of this conversion. */
    boolean isMaterialization(Operation op) {
        return materializations.contains(op);
    }

    /**
     * Ends the conversion: folds away casts that cancel out and materializations left unused,
     * then checks that no placeholder of an erased op is still used.
     */
    LogicalResult finalizeConversion() {
        new CastFolder(root, materializations).run();
        for (Map.Entry<Operation, ErasedOp> e : erasedWithUses.entrySet()) {
            Operation stand = e.getKey();
            if (root.isProperAncestor(stand) && !stand.useEmpty()) {
                return root.context().diagnostics().emitError(e.getValue().location(),
                        "failed to legalize operation '" + e.getValue().name() + "' marked as erased");
            }
        }
        return LogicalResult.success();
    }
}
