package org.hipep.runtime.session;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The outputs of one {@link HipSession#run}, by name in the model's output order, as ONNX Runtime's
 * {@code OrtSession.Result}. Closing it closes every output tensor that was not taken out with
 * {@link #take}.
 */
public final class Result implements AutoCloseable, Iterable<Map.Entry<String, Tensor>> {
    private final LinkedHashMap<String, Tensor> outputs;

    Result(LinkedHashMap<String, Tensor> outputs) {
        this.outputs = outputs;
    }

    public int size() {
        return outputs.size();
    }

    public List<String> names() {
        return new ArrayList<>(outputs.keySet());
    }

    /** The output {@code name}; an unknown name is an {@link IllegalArgumentException} listing the names. */
    public Tensor get(String name) {
        Tensor t = outputs.get(name);
        if (t == null) {
            throw new IllegalArgumentException("no output named '" + name + "'; the outputs are " + outputs.keySet());
        }
        return t;
    }

    /** The output at {@code index} in the model's output order. */
    public Tensor get(int index) {
        return new ArrayList<>(outputs.values()).get(index);
    }

    public Optional<Tensor> find(String name) {
        return Optional.ofNullable(outputs.get(name));
    }

    /** Removes the output {@code name} from this result: the caller closes it. */
    public Tensor take(String name) {
        Tensor t = get(name);
        outputs.remove(name);
        return t;
    }

    @Override
    public Iterator<Map.Entry<String, Tensor>> iterator() {
        return java.util.Collections.unmodifiableMap(outputs).entrySet().iterator();
    }

    @Override
    public void close() {
        for (Tensor t : outputs.values()) {
            t.close();
        }
        outputs.clear();
    }
}
