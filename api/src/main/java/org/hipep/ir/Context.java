package org.hipep.ir;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.hipep.ir.builtin.BuiltinDialect;

/**
 * Owns everything IR objects share: the dialect registry and the loaded dialects, the interned
 * types and attributes, the diagnostic engine and the options (allow unregistered dialects,
 * multithreading). One context per compilation; IR from two contexts must not be mixed.
 *
 * <p>Dialects load lazily: the first lookup of an op, type or attribute of a registered namespace
 * constructs the dialect, then runs the registry's extensions whose dialects are now all loaded.
 * Thread-safe.
 */
public final class Context {
    private final DialectRegistry registry = new DialectRegistry();
    private final Map<String, Dialect> loaded = new LinkedHashMap<>();
    private final Set<DialectExtension> applied = ConcurrentHashMap.newKeySet();
    private final Map<Object, Object> interned = new ConcurrentHashMap<>();
    private final DiagnosticEngine diagnostics = new DiagnosticEngine();
    private volatile boolean allowUnregisteredDialects;
    private volatile boolean multithreading = true;

    /** A context with only the builtin dialect. */
    public Context() {
        this(new DialectRegistry());
    }

    /** A context that may load the dialects of {@code registry} (and always has builtin). */
    public Context(DialectRegistry registry) {
        this.registry.insert(BuiltinDialect.NAMESPACE, BUILTIN);
        registry.appendTo(this.registry);
        getOrLoadDialect(BuiltinDialect.NAMESPACE);
    }

    private static final Function<Context, BuiltinDialect> BUILTIN = BuiltinDialect::new;

    /** Adds a registry's dialects and extensions; extensions apply to already loaded dialects. */
    public void appendDialectRegistry(DialectRegistry other) {
        other.appendTo(registry);
        applyExtensions();
    }

    /** The registry of this context (a copy owned by the context). */
    public DialectRegistry registry() {
        return registry;
    }

    /** The diagnostic engine. */
    public DiagnosticEngine diagnostics() {
        return diagnostics;
    }

    /** Whether ops, types and attributes of unknown dialects are accepted (kept opaque). */
    public boolean allowsUnregisteredDialects() {
        return allowUnregisteredDialects;
    }

    /** Sets whether ops of unknown dialects are accepted. */
    public void allowUnregisteredDialects(boolean allow) {
        this.allowUnregisteredDialects = allow;
    }

    /** Whether passes may process independent ops on several threads. */
    public boolean isMultithreadingEnabled() {
        return multithreading;
    }

    /** Enables or disables multithreaded pass execution. */
    public void enableMultithreading(boolean enable) {
        this.multithreading = enable;
    }

    /** The loaded dialect of a namespace, loading it if it is registered; {@code null} otherwise. */
    public Dialect getOrLoadDialect(String namespace) {
        Dialect d;
        synchronized (loaded) {
            d = loaded.get(namespace);
            if (d != null) {
                return d;
            }
            Function<Context, ? extends Dialect> ctor = registry.constructor(namespace);
            if (ctor == null) {
                return null;
            }
            d = ctor.apply(this);
            if (!d.namespace().equals(namespace)) {
                throw new IllegalStateException("dialect registered as '" + namespace + "' has namespace '" + d.namespace() + "'");
            }
            loaded.put(namespace, d);
            d.initialize();
        }
        applyExtensions();
        return d;
    }

    /** The dialect of a namespace if it is already loaded. */
    public Dialect getLoadedDialect(String namespace) {
        synchronized (loaded) {
            return loaded.get(namespace);
        }
    }

    /** The loaded dialects, in load order. */
    public Collection<Dialect> loadedDialects() {
        synchronized (loaded) {
            return List.copyOf(loaded.values());
        }
    }

    /** Loads every registered dialect. */
    public void loadAllAvailableDialects() {
        for (String ns : registry.namespaces()) {
            getOrLoadDialect(ns);
        }
    }

    /**
     * The definition of a registered op, loading its dialect on demand; {@code null} when the
     * name belongs to no registered dialect or the dialect has no such op.
     */
    public OpDefinition lookupOperation(String name) {
        int dot = name.indexOf('.');
        if (dot <= 0) {
            return null;
        }
        Dialect d = getOrLoadDialect(name.substring(0, dot));
        return d == null ? null : d.lookup(name);
    }

    /** The name of an op, registered or not. */
    public OperationName operationName(String name) {
        return new OperationName(name, this, lookupOperation(name));
    }

    /**
     * Returns the interned instance equal to {@code value}: equal types and attributes parsed in
     * one context share one object.
     */
    @SuppressWarnings("unchecked")
    public <T> T intern(T value) {
        Object prev = interned.putIfAbsent(value, value);
        return prev == null ? value : (T) prev;
    }

    private void applyExtensions() {
        List<DialectExtension> ready = new ArrayList<>();
        synchronized (loaded) {
            for (DialectExtension ext : registry.extensions()) {
                if (!applied.contains(ext) && loaded.keySet().containsAll(ext.requiredDialects())) {
                    applied.add(ext);
                    ready.add(ext);
                }
            }
        }
        for (DialectExtension ext : ready) {
            for (String ns : ext.requiredDialects()) {
                getOrLoadDialect(ns);
            }
            ext.apply(this);
        }
    }
}
