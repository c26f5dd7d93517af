package org.hipep.runtime.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hipep.passes.llvm.Json;

/**
 * A compiled model's metadata, as {@code generate-interface} writes it ({@code
 * inference_get_metadata_json} and the {@code <model>.metadata.json} beside the artifact): the
 * inputs and outputs in order, the constants sidecar's file name and its table, the pool size.
 *
 * @param json the text it was read from
 */
public record ArtifactMetadata(String json, List<TensorInfo> inputs, List<TensorInfo> outputs,
        String constantsFilename, List<Constant> constants, long poolSize) {

    /** Copies the lists. */
    public ArtifactMetadata {
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
        constants = List.copyOf(constants);
    }

    /**
     * One externalized constant: {@code size} bytes; where they are ({@code source}: {@code NONE}
     * = at {@code offset} in the sidecar, {@code SplatSource} = {@code splatElement} repeated,
     * {@code FileRefSource} = at {@code fileOffset} in {@code path}, {@code MemSource} = host memory).
     */
    public record Constant(long size, long offset, String source, byte[] splatElement, String path, long fileOffset) {
    }

    /** Reads the metadata JSON; what is malformed is an {@link IllegalArgumentException} naming the field. */
    public static ArtifactMetadata parse(String json) {
        Object root = Json.parse(json);
        if (!(root instanceof Map<?, ?> m)) {
            throw new IllegalArgumentException("model metadata: not a JSON object");
        }
        List<TensorInfo> inputs = tensors(m, "inputs");
        List<TensorInfo> outputs = tensors(m, "outputs");
        List<Constant> constants = new ArrayList<>();
        for (Object o : list(m, "constants")) {
            Map<?, ?> c = (Map<?, ?>) o;
            String source = c.get("source_type") instanceof String s ? s : "NONE";
            Map<?, ?> src = c.get("source") instanceof Map<?, ?> x ? x : Map.of();
            byte[] splat = null;
            if (src.get("elem_bytes") instanceof List<?> bytes) {
                splat = new byte[bytes.size()];
                for (int i = 0; i < splat.length; i++) {
                    splat[i] = (byte) ((Long) bytes.get(i)).longValue();
                }
            }
            constants.add(new Constant(number(c, "size"), number(c, "offset"), source, splat,
                    src.get("path") instanceof String p ? p : null,
                    src.get("file_offset") instanceof Long l ? l : 0L));
        }
        String constantsFilename = m.get("constants_filename") instanceof String s ? s : null;
        long pool = m.get("pool_size") instanceof Long l ? l : 0L;
        return new ArtifactMetadata(json, inputs, outputs, constantsFilename, constants, pool);
    }

    private static List<TensorInfo> tensors(Map<?, ?> m, String key) {
        List<TensorInfo> out = new ArrayList<>();
        int index = 0;
        for (Object o : list(m, key)) {
            Map<?, ?> t = (Map<?, ?>) o;
            String name = t.get("name") instanceof String s ? s : key.substring(0, key.length() - 1) + "_" + index;
            String type = t.get("element_type") instanceof String s ? s : null;
            if (type == null) {
                throw new IllegalArgumentException("model metadata: " + key + "[" + index + "] has no element_type");
            }
            if (!(t.get("shape") instanceof List<?> dims)) {
                throw new IllegalArgumentException("model metadata: " + key + "[" + index + "] has no shape");
            }
            long[] shape = new long[dims.size()];
            for (int i = 0; i < shape.length; i++) {
                shape[i] = (Long) dims.get(i);
            }
            out.add(new TensorInfo(name, ElementType.fromMlir(type), shape, null));
            index++;
        }
        return out;
    }

    private static List<?> list(Map<?, ?> m, String key) {
        Object v = m.get(key);
        if (v == null) {
            return List.of();
        }
        if (!(v instanceof List<?> l)) {
            throw new IllegalArgumentException("model metadata: '" + key + "' is not an array");
        }
        return l;
    }

    private static long number(Map<?, ?> m, String key) {
        if (!(m.get(key) instanceof Long l)) {
            throw new IllegalArgumentException("model metadata: '" + key + "' is not an integer");
        }
        return l;
    }
}
