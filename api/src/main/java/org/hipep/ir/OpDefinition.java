package org.hipep.ir;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.hipep.ir.text.OpAssembly;

/**
 * A registered operation kind: its name, traits, verifiers, custom assembly and the interface
 * models attached to it. Created by a {@link Dialect} when it loads ({@link Dialect#addOperation}).
 *
 * <p>Interface models may be attached later, from outside the dialect, by a dialect extension
 * ({@link #attachInterface}), as MLIR's external models are. A dialect may <em>promise</em> an
 * interface for an op; asking for a promised interface that no extension attached is an error
 * that names the op and the interface.
 */
public final class OpDefinition {
    private final String name;
    private final Dialect dialect;
    private final Set<Class<? extends OpTrait>> traits;
    private final OpVerifier verifier;
    private final OpVerifier regionVerifier;
    private final SymbolUseVerifier symbolUseVerifier;
    private final OpAssembly assembly;
    private final String summary;
    private final Set<String> inherentAttributes;
    private final Map<Class<?>, Object> interfaces = new ConcurrentHashMap<>();
    private final Set<Class<?>> promised = ConcurrentHashMap.newKeySet();

    private OpDefinition(Builder b) {
        this.name = b.name;
        this.dialect = b.dialect;
        this.traits = Set.copyOf(b.traits);
        this.verifier = b.verifier;
        this.regionVerifier = b.regionVerifier;
        this.symbolUseVerifier = b.symbolUseVerifier;
        this.assembly = b.assembly;
        this.summary = b.summary;
        this.inherentAttributes = Set.copyOf(b.inherentAttributes);
        this.interfaces.putAll(b.interfaces);
    }

    /** The full name ({@code func.func}). */
    public String name() {
        return name;
    }

    /** The dialect that registered the op. */
    public Dialect dialect() {
        return dialect;
    }

    /** A one-line description. */
    public String summary() {
        return summary;
    }

    /**
     * The names of the op's inherent attributes: stored as its properties (printed as
     * {@code <{...}>} in the generic form), as MLIR stores an op's ODS-declared attributes.
     */
    public Set<String> inherentAttributes() {
        return inherentAttributes;
    }

    /** Whether {@code name} is an inherent attribute of this op kind. */
    public boolean isInherent(String name) {
        return inherentAttributes.contains(name);
    }

    /** Whether the op kind has a trait (or a sub-interface of it). */
    public boolean hasTrait(Class<? extends OpTrait> trait) {
        for (Class<? extends OpTrait> t : traits) {
            if (trait.isAssignableFrom(t)) {
                return true;
            }
        }
        return false;
    }

    /** The declared traits. */
    public Set<Class<? extends OpTrait>> traits() {
        return traits;
    }

    /** The op-specific verifier (runs before nested ops are verified), or {@code null}. */
    public OpVerifier verifier() {
        return verifier;
    }

    /** The verifier that runs after the op's regions were verified, or {@code null}. */
    public OpVerifier regionVerifier() {
        return regionVerifier;
    }

    /** The verifier of the symbols the op names (after {@link #verifier()}), or {@code null}. */
    public SymbolUseVerifier symbolUseVerifier() {
        return symbolUseVerifier;
    }

    /** The custom assembly form, or {@code null} when the op prints only generically. */
    public OpAssembly assembly() {
        return assembly;
    }

    /**
     * Attaches the model of an interface to this op kind. Called by the dialect itself or by a
     * dialect extension when the dialect loads; a second model for the same interface is an error.
     */
    public <T> void attachInterface(Class<T> iface, T model) {
        if (!iface.isInstance(model)) {
            throw new IllegalArgumentException(model + " does not implement " + iface.getName());
        }
        Object prev = interfaces.putIfAbsent(iface, model);
        if (prev != null && prev != model) {
            throw new IllegalStateException("interface " + iface.getSimpleName() + " is already attached to '" + name
                    + "' (" + prev.getClass().getName() + ")");
        }
    }

    /** Declares that some extension will attach {@code iface} to this op. */
    public void declarePromisedInterface(Class<?> iface) {
        promised.add(iface);
    }

    /** Whether {@code iface} is promised and not (yet) attached. */
    public boolean hasUnfulfilledPromise(Class<?> iface) {
        return promised.contains(iface) && !interfaces.containsKey(iface);
    }

    /** Whether {@code iface} is promised (attached or not). */
    public boolean hasPromisedInterface(Class<?> iface) {
        return promised.contains(iface);
    }

    /**
     * The model of an interface, or {@code null} when the op does not implement it.
     *
     * @throws IllegalStateException when the interface was promised but never attached
     */
    public <T> T getInterface(Class<T> iface) {
        Object m = interfaces.get(iface);
        if (m != null) {
            return iface.cast(m);
        }
        if (promised.contains(iface)) {
            throw new IllegalStateException("checking for an interface (`" + iface.getSimpleName()
                    + "`) that was promised by dialect '" + dialect.namespace() + "' but never implemented for op '"
                    + name + "'. This is generally an indication that the dialect extension implementing the"
                    + " interface was never registered.");
        }
        return null;
    }

    /** The interfaces attached so far. */
    public Set<Class<?>> attachedInterfaces() {
        return Set.copyOf(interfaces.keySet());
    }

    @Override
    public String toString() {
        return "OpDefinition(" + name + ")";
    }

    /** Builds an {@link OpDefinition}; obtained from {@link Dialect#addOperation}. */
    public static final class Builder {
        private final String name;
        private final Dialect dialect;
        private final Set<Class<? extends OpTrait>> traits = new LinkedHashSet<>();
        private final Map<Class<?>, Object> interfaces = new java.util.LinkedHashMap<>();
        private OpVerifier verifier;
        private OpVerifier regionVerifier;
        private SymbolUseVerifier symbolUseVerifier;
        private OpAssembly assembly;
        private String summary = "";
        private final Set<String> inherentAttributes = new LinkedHashSet<>();

        Builder(String name, Dialect dialect) {
            this.name = name;
            this.dialect = dialect;
        }

        /** Adds traits. */
        @SafeVarargs
        public final Builder traits(Class<? extends OpTrait>... ts) {
            traits.addAll(List.of(ts));
            return this;
        }

        /** Sets the op verifier. */
        public Builder verifier(OpVerifier v) {
            this.verifier = v;
            return this;
        }

        /** Sets the verifier that runs after the regions were verified. */
        public Builder regionVerifier(OpVerifier v) {
            this.regionVerifier = v;
            return this;
        }

        /** Sets the verifier of the symbols the op names (see {@link SymbolUseVerifier}). */
        public Builder symbolUseVerifier(SymbolUseVerifier v) {
            this.symbolUseVerifier = v;
            return this;
        }

        /** Sets the custom assembly form. */
        public Builder assembly(OpAssembly a) {
            this.assembly = a;
            return this;
        }

        /** Declares inherent attributes, kept in the op's properties. */
        public Builder inherentAttributes(String... names) {
            inherentAttributes.addAll(List.of(names));
            return this;
        }

        /** Sets the one-line summary. */
        public Builder summary(String s) {
            this.summary = s;
            return this;
        }

        /** Implements an interface with a model defined by the dialect itself. */
        public <T> Builder implement(Class<T> iface, T model) {
            interfaces.put(iface, iface.cast(model));
            return this;
        }

        /** Registers the definition with the dialect. */
        public OpDefinition register() {
            OpDefinition def = new OpDefinition(this);
            dialect.register(def);
            return def;
        }
    }
}
