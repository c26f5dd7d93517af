package org.hipep.ir.builtin;

import java.util.List;
import org.hipep.ir.Type;

/**
 * A function signature {@code (inputs) -> results}.
 *
 * @param inputs argument types
 * @param results result types
 */
public record FunctionType(List<Type> inputs, List<Type> results) implements Type {
    public FunctionType {
        inputs = List.copyOf(inputs);
        results = List.copyOf(results);
    }
}
