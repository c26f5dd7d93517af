package org.hipep.testing.lit;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
  * Maps tool names to {@link LitTool}s. The built-ins {@code FileCheck}, {@code not}, {@code cat},
  * {@code echo} and {@code count} are always present; {@link #register} adds (or replaces) tools.
  */
public final class ToolRegistry {
    private final Map<String, LitTool> tools = new TreeMap<>();

    private ToolRegistry() {
        BuiltinTools.registerAll(this);
    }

    /** @return a new registry holding only the built-in tools */
    public static ToolRegistry withBuiltins() {
        return new ToolRegistry();
    }

    /**
      * @param name the name RUN lines use
      * @param tool the implementation
      * @return this registry
      */
    public ToolRegistry register(String name, LitTool tool) {
        if (name.isEmpty() || name.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("invalid tool name: '" + name + "'");
        }
        tools.put(name, Objects.requireNonNull(tool, "tool"));
        return this;
    }

    /**
      * @param name a tool name
      * @return the tool, if registered
      */
    public Optional<LitTool> lookup(String name) {
        return Optional.ofNullable(tools.get(name));
    }

    /** @return the registered names, sorted */
    public SortedSet<String> names() {
        return Collections.unmodifiableSortedSet(new TreeSet<>(tools.keySet()));
    }
}
