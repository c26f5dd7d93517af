package org.hipep.runtime.session;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.bytedeco.javacpp.BytePointer;
import org.hipep.runtime.jit.LoadedModel;
import org.hipep.runtime.jit.RuntimeFailure;

/**
 * The caller's output tensors of one {@link HipSession#run(Map, Map)}, as the C runtime's
 * {@code hipep_provided_outputs_t} table (one {@code hipep_provided_output_t} per output of the
 * model, in the model's order) and the {@code hipdnn_output_allocator_t} whose {@code self} it is.
 * The allocator, {@code hipep_provided_output_allocate} in {@code state.c}, hands out a caller's
 * buffer when the output's shape and element size are exactly the tensor's and records a mismatch
 * otherwise; outputs without a tensor are allocated by the runtime's malloc.
 */
final class ProvidedOutputs implements AutoCloseable {
    private static final int MAX_RANK = 16;
    /** {@code hipep_provided_output_t}: data, rank, shape, element_size, status, got_rank, got_shape, got_element_size. */
    private static final int ENTRY_BYTES = 8 * (4 + MAX_RANK + 2 + MAX_RANK);
    private static final int DATA = 0;
    private static final int RANK = 8;
    private static final int SHAPE = 16;
    private static final int ELEMENT_SIZE = SHAPE + 8 * MAX_RANK;
    private static final int STATUS = ELEMENT_SIZE + 8;
    private static final int GOT_RANK = STATUS + 8;
    private static final int GOT_SHAPE = GOT_RANK + 8;
    private static final int GOT_ELEMENT_SIZE = GOT_SHAPE + 8 * MAX_RANK;
    private static final long MISMATCH = 2;

    private final List<String> names;
    private final List<Tensor> tensors;
    private final BytePointer entries;
    private final BytePointer table;
    private final BytePointer allocator;

    private ProvidedOutputs(List<String> names, List<Tensor> tensors) {
        this.names = names;
        this.tensors = tensors;
        int n = tensors.size();
        entries = new BytePointer(Math.max(1, (long) n * ENTRY_BYTES));
        entries.zero();
        for (int i = 0; i < n; i++) {
            Tensor t = tensors.get(i);
            if (t == null) {
                continue;
            }
            long at = (long) i * ENTRY_BYTES;
            long[] shape = t.shape();
            // A tensor without elements still needs a non-null address to count as provided.
            entries.putLong(at + DATA, t.elementCount() == 0 ? entries.address() : t.address());
            entries.putLong(at + RANK, shape.length);
            for (int d = 0; d < shape.length; d++) {
                entries.putLong(at + SHAPE + 8L * d, shape[d]);
            }
            entries.putLong(at + ELEMENT_SIZE, t.type().byteSize());
        }
        table = new BytePointer(16);
        table.putLong(0, entries.address());
        table.putLong(8, n);
        allocator = new BytePointer(16);
    }

    /**
     * Checks the caller's tensors against the model's outputs (names, element types, ranks and static
     * dimensions) and builds the table.
     *
     * @throws IllegalArgumentException naming the output and what was expected
     */
    static ProvidedOutputs check(Map<String, TensorInfo> infos, Map<String, Tensor> given) {
        for (String name : given.keySet()) {
            if (!infos.containsKey(name)) {
                throw new IllegalArgumentException("the model has no output named '" + name + "'; its outputs are "
                        + infos.keySet());
            }
        }
        List<String> names = new ArrayList<>();
        List<Tensor> tensors = new ArrayList<>();
        for (TensorInfo info : infos.values()) {
            Tensor t = given.get(info.name());
            names.add(info.name());
            tensors.add(t);
            if (t == null) {
                continue;
            }
            String what = "output tensor '" + info.name() + "'";
            if (t.type() != info.type()) {
                throw new IllegalArgumentException(what + ": the model produces " + info.type()
                        + " elements, the tensor has " + t.type());
            }
            long[] shape = t.shape();
            long[] expected = info.shape();
            if (shape.length != expected.length || shape.length > MAX_RANK) {
                throw new IllegalArgumentException(what + ": the model produces rank " + expected.length + " (" + info
                        + "), the tensor has shape " + Arrays.toString(shape));
            }
            for (int d = 0; d < shape.length; d++) {
                if (expected[d] >= 0 && shape[d] != expected[d]) {
                    throw new IllegalArgumentException(what + ": dimension " + d + " must be " + expected[d] + " ("
                            + info + "), the tensor has shape " + Arrays.toString(shape));
                }
            }
        }
        return new ProvidedOutputs(names, tensors);
    }

    /** The {@code hipdnn_output_allocator_t} to install on a state for one compute. */
    BytePointer allocator(LoadedModel model) {
        long allocate = model.symbol("hipep_provided_output_allocate");
        if (allocate == 0) {
            throw new RuntimeFailure(model + " does not export hipep_provided_output_allocate (a runtime without"
                    + " caller-provided outputs)");
        }
        allocator.putLong(0, table.address());
        allocator.putLong(8, allocate);
        return allocator;
    }

    /** Whether output {@code index} was written to the caller's tensor at {@code data}. */
    boolean isProvided(int index, long data) {
        return index < tensors.size() && tensors.get(index) != null
                && data == entries.getLong((long) index * ENTRY_BYTES + DATA);
    }

    /** The first output the allocator refused, as a message naming it and both shapes; null if none. */
    String mismatch(List<TensorInfo> infos) {
        for (int i = 0; i < tensors.size(); i++) {
            long at = (long) i * ENTRY_BYTES;
            if (tensors.get(i) == null || entries.getLong(at + STATUS) != MISMATCH) {
                continue;
            }
            int rank = (int) Math.min(MAX_RANK, Math.max(0, entries.getLong(at + GOT_RANK)));
            long[] got = new long[rank];
            for (int d = 0; d < rank; d++) {
                got[d] = entries.getLong(at + GOT_SHAPE + 8L * d);
            }
            long elementSize = entries.getLong(at + GOT_ELEMENT_SIZE);
            Tensor t = tensors.get(i);
            String type = i < infos.size() ? infos.get(i).type().toString() : elementSize + "-byte";
            return "output tensor '" + names.get(i) + "': the model produced a " + type + " output of shape "
                    + Arrays.toString(got) + ", the caller's tensor has shape " + Arrays.toString(t.shape())
                    + " (a provided output tensor must have exactly the output's shape)";
        }
        return null;
    }

    @Override
    public void close() {
        allocator.close();
        table.close();
        entries.close();
    }
}
