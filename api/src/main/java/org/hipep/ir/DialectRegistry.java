package org.hipep.ir;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What a context may load: dialect constructors by namespace and the extensions to run when
 * dialects load. Building a registry loads nothing; a {@link Context} loads a dialect lazily,
 * the first time it is needed. Plugins add to a registry through
 * {@code PluginRegistry.addDialectRegistration}.
 */
public final class DialectRegistry {
    private final Map<String, Function<Context, ? extends Dialect>> constructors = new LinkedHashMap<>();
    private final List<DialectExtension> extensions = new ArrayList<>();

    /**
     * Registers a dialect constructor. Registering the same namespace again with the same
     * constructor is a no-op; with a different one it is an error.
     */
    public synchronized DialectRegistry insert(String namespace, Function<Context, ? extends Dialect> constructor) {
        Function<Context, ? extends Dialect> prev = constructors.putIfAbsent(namespace, constructor);
        if (prev != null && prev != constructor) {
            throw new IllegalStateException("dialect '" + namespace + "' is already registered with another constructor");
        }
        return this;
    }

    /** Adds an extension that runs in each context once its required dialects are loaded. */
    public synchronized DialectRegistry addExtension(DialectExtension extension) {
        if (!extensions.contains(extension)) {
            extensions.add(extension);
        }
        return this;
    }

    /**
     * Attaches an interface model to an op of another dialect when that dialect loads
     * (MLIR's {@code Op::attachInterface} inside {@code addExtension}).
     */
    public <T> DialectRegistry attachInterface(String opName, Class<T> iface, T model) {
        String ns = opName.substring(0, Math.max(0, opName.indexOf('.')));
        return addExtension(DialectExtension.of(Set.of(ns), ctx -> {
            OpDefinition def = ctx.lookupOperation(opName);
            if (def == null) {
                throw new IllegalStateException("cannot attach " + iface.getSimpleName() + ": dialect '" + ns
                        + "' has no operation '" + opName + "'");
            }
            def.attachInterface(iface, model);
        }));
    }

    /** Attaches a dialect interface model to dialect {@code namespace} when it loads. */
    public <T> DialectRegistry attachDialectInterface(String namespace, Class<T> iface, T model) {
        return addExtension(DialectExtension.of(Set.of(namespace),
                ctx -> ctx.getLoadedDialect(namespace).attachInterface(iface, model)));
    }

    /** The registered namespaces, in registration order. */
    public synchronized Set<String> namespaces() {
        return Set.copyOf(constructors.keySet());
    }

    /** Whether a namespace is registered. */
    public synchronized boolean contains(String namespace) {
        return constructors.containsKey(namespace);
    }

    synchronized Function<Context, ? extends Dialect> constructor(String namespace) {
        return constructors.get(namespace);
    }

    synchronized List<DialectExtension> extensions() {
        return List.copyOf(extensions);
    }

    /** Copies everything registered here into {@code other}. */
    public synchronized void appendTo(DialectRegistry other) {
        constructors.forEach(other::insert);
        extensions.forEach(other::addExtension);
    }
}
