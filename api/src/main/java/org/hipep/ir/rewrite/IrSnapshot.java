package org.hipep.ir.rewrite;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.hipep.ir.Attribute;
import org.hipep.ir.Block;
import org.hipep.ir.IRMapping;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Region;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.BuiltinDialect;

/**
 * A copy of an op's regions, attributes and properties, to put back when a dialect conversion
 * fails (the rollback strategy of {@link DialectConversion}).
 *
 * <p>The copy does not use values defined outside the op: they are mapped to detached
 * placeholders, so the copy adds no uses to them while the conversion runs (patterns that look
 * at use counts see the real IR), and restoring points the uses back at the original values.
 */
final class IrSnapshot {
    private final Operation root;
    private final Operation holder;
    private final Map<String, Attribute> attributes;
    private final Attribute properties;
    private final Map<Value, Value> placeholders;

    private IrSnapshot(Operation root, Operation holder, Map<Value, Value> placeholders) {
        this.root = root;
        this.holder = holder;
        this.attributes = new TreeMap<>(root.attributes());
        this.properties = root.properties();
        this.placeholders = placeholders;
    }

    /** Copies {@code root}'s regions, attributes and properties. */
    static IrSnapshot take(Operation root) {
        Map<Value, Value> placeholders = new LinkedHashMap<>();
        IRMapping mapping = new IRMapping();
        for (Region r : root.regions()) {
            r.walk(op -> {
                for (Value v : op.operands()) {
                    if (!ConversionPatternRewriter.definedInside(root, v) && !placeholders.containsKey(v)) {
                        Value ph = placeholder(root, v);
                        placeholders.put(v, ph);
                        mapping.map(v, ph);
                    }
                }
            });
        }
        OperationState st = new OperationState(root.location(), root.name());
        for (int i = 0; i < root.numRegions(); i++) {
            st.addRegion();
        }
        Operation holder = Operation.create(st);
        for (int i = 0; i < root.numRegions(); i++) {
            root.region(i).cloneInto(holder.region(i), mapping);
        }
        return new IrSnapshot(root, holder, placeholders);
    }

    private static Value placeholder(Operation root, Value v) {
        OperationState st = new OperationState(root.location(), BuiltinDialect.UNREALIZED_CONVERSION_CAST,
                root.context());
        st.resultTypes.add(v.type());
        return Operation.create(st).result(0);
    }

    /** Replaces {@code root}'s regions, attributes and properties by the copy. */
    void restore() {
        for (int i = 0; i < root.numRegions(); i++) {
            Region r = root.region(i);
            r.dropAllReferences();
            for (Block b : new ArrayList<>(r.blocks())) {
                b.erase();
            }
            r.takeBody(holder.region(i));
        }
        for (Map.Entry<Value, Value> e : placeholders.entrySet()) {
            e.getValue().replaceAllUsesWith(e.getKey());
        }
        root.setAttributes(attributes);
        root.setProperties(properties);
    }

    /** Drops the copy. */
    void discard() {
        holder.dropAllReferences();
    }
}
