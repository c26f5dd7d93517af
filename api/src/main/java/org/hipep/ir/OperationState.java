package org.hipep.ir;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything needed to create an operation: name, location, operands, result types,
 * attributes, properties, successors and regions. Parsers and builders fill one and then call
 * {@link Operation#create}.
 */
public final class OperationState {
    /** The op name. */
    public final OperationName name;
    /** Where the op comes from. */
    public Location location;
    /** Operand values. */
    public final List<Value> operands = new ArrayList<>();
    /** Result types. */
    public final List<Type> resultTypes = new ArrayList<>();
    /** Discardable attributes (sorted by name). */
    public final Map<String, Attribute> attributes = new TreeMap<>();
    /** Inherent properties ({@code <{...}>} in the generic form), or {@code null}. */
    public Attribute properties;
    /** Successor blocks. */
    public final List<Block> successors = new ArrayList<>();
    /** Regions; their bodies move into the created op. */
    public final List<Region> regions = new ArrayList<>();

    /** A state for an op of the given name. */
    public OperationState(Location location, OperationName name) {
        this.location = location;
        this.name = name;
    }

    /** A state for an op named in a context. */
    public OperationState(Location location, String name, Context context) {
        this(location, context.operationName(name));
    }

    /** Adds operands. */
    public OperationState addOperands(List<? extends Value> values) {
        operands.addAll(values);
        return this;
    }

    /** Adds result types. */
    public OperationState addTypes(List<? extends Type> types) {
        resultTypes.addAll(types);
        return this;
    }

    /** Sets an attribute. */
    public OperationState addAttribute(String attrName, Attribute value) {
        attributes.put(attrName, value);
        return this;
    }

    /** Adds an empty region and returns it, to be filled before {@link Operation#create}. */
    public Region addRegion() {
        Region r = new Region();
        regions.add(r);
        return r;
    }

    /** Adds a successor. */
    public OperationState addSuccessor(Block block) {
        successors.add(block);
        return this;
    }
}
