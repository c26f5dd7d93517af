package org.hipep.ir;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.hipep.ir.text.DialectAsmParser;
import org.hipep.ir.text.DialectAsmPrinter;

/**
 * A namespace of operations, types and attributes. A dialect is created by a {@link Context}
 * from the constructor registered in a {@link DialectRegistry}, the first time something asks
 * for it; {@link #initialize()} then registers its operations.
 *
 * <p>Subclasses implement {@link #initialize()} and, when they define types or attributes,
 * the parse and print hooks (the body after {@code !ns.} or {@code #ns.}).
 */
public abstract class Dialect {
    private final String namespace;
    private final Context context;
    private final Map<String, OpDefinition> operations = Collections.synchronizedMap(new LinkedHashMap<>());
    private final Map<Class<?>, Object> interfaces = new java.util.concurrent.ConcurrentHashMap<>();
    private final java.util.Set<Class<?>> promised = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * @param namespace the prefix of every op, type and attribute name of the dialect
     * @param context the context that loads it
     */
    protected Dialect(String namespace, Context context) {
        if (namespace == null || !namespace.matches("[A-Za-z_][A-Za-z0-9_$]*")) {
            throw new IllegalArgumentException("invalid dialect namespace '" + namespace + "'");
        }
        this.namespace = namespace;
        this.context = context;
    }

    /**
     * Whether ops of this namespace that the dialect did not register are accepted by the
     * verifier. The default is no; the error names the op and the dialect.
     */
    public boolean allowsUnknownOperations() {
        return false;
    }

    /** Registers the dialect's operations. Called once, by the context, right after construction. */
    protected abstract void initialize();

    /** The namespace. */
    public final String namespace() {
        return namespace;
    }

    /** The context that loaded the dialect. */
    public final Context context() {
        return context;
    }

    /** Starts the definition of an operation {@code namespace.shortName}. */
    protected final OpDefinition.Builder addOperation(String shortName) {
        return new OpDefinition.Builder(namespace + "." + shortName, this);
    }

    void register(OpDefinition def) {
        if (operations.putIfAbsent(def.name(), def) != null) {
            throw new IllegalStateException("operation '" + def.name() + "' is registered twice in dialect '" + namespace + "'");
        }
    }

    /** The definition of an op of this dialect, or {@code null}. */
    public final OpDefinition lookup(String fullName) {
        return operations.get(fullName);
    }

    /** The registered operations, in registration order. */
    public final Collection<OpDefinition> operations() {
        synchronized (operations) {
            return java.util.List.copyOf(operations.values());
        }
    }

    /** Declares that an extension will attach {@code iface} to the op {@code fullName}. */
    protected final void declarePromisedInterface(String fullName, Class<?> iface) {
        OpDefinition def = lookup(fullName);
        if (def == null) {
            throw new IllegalArgumentException("no operation '" + fullName + "' in dialect '" + namespace + "'");
        }
        def.declarePromisedInterface(iface);
    }

    /**
     * Attaches a dialect interface model (e.g. the dialect's to-LLVM conversion patterns), from
     * the dialect itself or from a dialect extension. A second model for the same interface is
     * an error.
     */
    public final <T> void attachInterface(Class<T> iface, T model) {
        if (!iface.isInstance(model)) {
            throw new IllegalArgumentException(model + " does not implement " + iface.getName());
        }
        Object prev = interfaces.putIfAbsent(iface, model);
        if (prev != null && prev != model) {
            throw new IllegalStateException("interface " + iface.getSimpleName() + " is already attached to dialect '"
                    + namespace + "'");
        }
    }

    /** Declares that an extension will attach {@code iface} to this dialect. */
    protected final void declarePromisedInterface(Class<?> iface) {
        promised.add(iface);
    }

    /** Whether {@code iface} is promised and not attached (MLIR's {@code hasPromisedInterface}). */
    public final boolean hasPromisedInterface(Class<?> iface) {
        return promised.contains(iface) && !interfaces.containsKey(iface);
    }

    /**
     * The dialect's model of an interface, or {@code null} when it has none.
     *
     * @throws IllegalStateException when the interface was promised but never attached
     */
    public final <T> T getInterface(Class<T> iface) {
        Object m = interfaces.get(iface);
        if (m != null) {
            return iface.cast(m);
        }
        if (promised.contains(iface)) {
            throw new IllegalStateException("checking for an interface (`" + iface.getSimpleName()
                    + "`) that was promised by dialect '" + namespace + "' but never implemented. This is generally an"
                    + " indication that the dialect extension implementing the interface was never registered.");
        }
        return null;
    }

    /**
     * Parses the body of a dialect type ({@code !ns.<body>}); the parser is positioned after
     * {@code !ns.}. The default reports that the dialect defines no types.
     */
    public Type parseType(DialectAsmParser parser) {
        throw parser.error("dialect '" + namespace + "' provides no type parsing hook");
    }

    /** Prints the body of one of this dialect's types (after {@code !ns.}). */
    public void printType(Type type, DialectAsmPrinter printer) {
        throw new UnsupportedOperationException("dialect '" + namespace + "' provides no type printing hook for " + type);
    }

    /** Parses the body of a dialect attribute ({@code #ns.<body>}); the default reports none. */
    public Attribute parseAttribute(DialectAsmParser parser, Type type) {
        throw parser.error("dialect '" + namespace + "' provides no attribute parsing hook");
    }

    /** Prints the body of one of this dialect's attributes (after {@code #ns.}). */
    public void printAttribute(Attribute attribute, DialectAsmPrinter printer) {
        throw new UnsupportedOperationException("dialect '" + namespace + "' provides no attribute printing hook for " + attribute);
    }

    @Override
    public String toString() {
        return "Dialect(" + namespace + ")";
    }
}
