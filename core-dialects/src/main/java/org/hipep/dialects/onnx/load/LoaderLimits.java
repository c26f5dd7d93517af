package org.hipep.dialects.onnx.load;

/**
 * Limits applied while parsing ONNX protobuf files.
 *
 * <p><b>maxModelBytes</b> bounds the serialized protobuf message itself (the {@code .onnx} file
 * or a {@code .pb} tensor file), applied through {@code CodedInputStream.setSizeLimit} and, for
 * files, checked against the file size before parsing. Protobuf cannot represent a message of
 * 2 GiB or more, so the default and the largest allowed value is 2 GiB - 1
 * ({@link Integer#MAX_VALUE}). Tensor data kept in external files (see
 * {@link OnnxTensors}) is memory-mapped on demand and does not count.
 *
 * <p><b>recursionLimit</b> is the protobuf message nesting depth
 * ({@code CodedInputStream.setRecursionLimit}). Protobuf's default of 100 is too small for
 * ONNX: each nested control-flow subgraph costs three levels (node, attribute, graph), type
 * descriptions of sequences and maps nest further, and exported models with loops inside
 * branches inside loops (or deeply chained {@code If} cascades) exceed 100 levels. The default
 * of 1024 allows about 340 nested subgraphs, far beyond real models, while keeping the depth
 * bounded so that a hostile file cannot exhaust the stack: parsing a model nested 1024 deep
 * is tested to fit in a thread with the JVM's default stack size.
 *
 * @param maxModelBytes the largest serialized message accepted, 1 to 2 GiB - 1
 * @param recursionLimit the deepest message nesting accepted, at least 1
 */
public record LoaderLimits(long maxModelBytes, int recursionLimit) {

    /** The default size limit: 2 GiB - 1, the most protobuf can represent. */
    public static final long DEFAULT_MAX_MODEL_BYTES = Integer.MAX_VALUE;

    /** The default nesting limit (protobuf's own default is 100). */
    public static final int DEFAULT_RECURSION_LIMIT = 1024;

    /** Checks the ranges. */
    public LoaderLimits {
        if (maxModelBytes < 1 || maxModelBytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("maxModelBytes must be in 1.." + Integer.MAX_VALUE + ": " + maxModelBytes);
        }
        if (recursionLimit < 1) {
            throw new IllegalArgumentException("recursionLimit must be positive: " + recursionLimit);
        }
    }

    /** The defaults: 2 GiB - 1 and a nesting depth of 1024. */
    public static LoaderLimits defaults() {
        return new LoaderLimits(DEFAULT_MAX_MODEL_BYTES, DEFAULT_RECURSION_LIMIT);
    }
}
