package org.hipep.dialects.onnx.load;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * A model, tensor or graph that cannot be loaded: a file that is not ONNX or is truncated,
 * an unsupported version, an invalid tensor, or a graph that is not well formed.
 *
 * <p>It names where the problem is — the file (a path or the name of a stream), and for graph
 * problems the node index (in its graph's node list), node name and op type — each of which may
 * be absent, plus the detail. The message reads like
 * {@code model.onnx: node 3 'conv1' (Conv): input 'x' is produced by no node, initializer or
 * graph input}.
 */
public final class OnnxLoadException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String file;
    private final String nodeName;
    private final int nodeIndex;
    private final String opType;
    private final String detail;

    /** A problem with no file or node attached yet. */
    public OnnxLoadException(String detail) {
        this(null, -1, null, null, detail, null);
    }

    /** A problem with no file or node attached yet, caused by {@code cause}. */
    public OnnxLoadException(String detail, Throwable cause) {
        this(null, -1, null, null, detail, cause);
    }

    /**
     * A problem at a place.
     *
     * @param file the file path or stream name, or null
     * @param nodeIndex the node's index in its graph, or -1
     * @param nodeName the node's name, or null (an empty name counts as absent)
     * @param opType the node's op type, or null
     * @param detail what is wrong
     * @param cause the underlying exception, or null
     */
    public OnnxLoadException(String file, int nodeIndex, String nodeName, String opType, String detail,
            Throwable cause) {
        super(format(file, nodeIndex, nodeName, opType, detail), cause);
        this.file = file;
        this.nodeIndex = nodeIndex;
        this.nodeName = nodeName == null || nodeName.isEmpty() ? null : nodeName;
        this.opType = opType == null || opType.isEmpty() ? null : opType;
        this.detail = detail;
    }

    /** This problem located in {@code fileName}, unless it already names a file. */
    public OnnxLoadException inFile(String fileName) {
        if (file != null || fileName == null) {
            return this;
        }
        OnnxLoadException located = new OnnxLoadException(fileName, nodeIndex, nodeName, opType, detail, getCause());
        located.setStackTrace(getStackTrace());
        return located;
    }

    /** The file path or stream name, if known. */
    public Optional<String> file() {
        return Optional.ofNullable(file);
    }

    /** The name of the offending node, if there is one and it has a name. */
    public Optional<String> nodeName() {
        return Optional.ofNullable(nodeName);
    }

    /** The index of the offending node in its graph's node list, if a node is concerned. */
    public OptionalInt nodeIndex() {
        return nodeIndex < 0 ? OptionalInt.empty() : OptionalInt.of(nodeIndex);
    }

    /** The op type of the offending node, if a node is concerned. */
    public Optional<String> opType() {
        return Optional.ofNullable(opType);
    }

    /** What is wrong, without the location prefix. */
    public String detail() {
        return detail;
    }

    private static String format(String file, int nodeIndex, String nodeName, String opType, String detail) {
        StringBuilder sb = new StringBuilder();
        if (file != null) {
            sb.append(file).append(": ");
        }
        boolean named = nodeName != null && !nodeName.isEmpty();
        boolean typed = opType != null && !opType.isEmpty();
        if (nodeIndex >= 0 || named || typed) {
            sb.append("node");
            if (nodeIndex >= 0) {
                sb.append(' ').append(nodeIndex);
            }
            if (named) {
                sb.append(" '").append(nodeName).append('\'');
            }
            if (typed) {
                sb.append(" (").append(opType).append(')');
            }
            sb.append(": ");
        }
        return sb.append(detail).toString();
    }
}
