package org.hipep.dialects.onnx.load;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ModelProto;
import org.hipep.dialects.onnx.proto.OnnxProto.OperatorSetIdProto;

/**
 * Loads {@code .onnx} files into {@link OnnxModel}s.
 *
 * <p>Loading parses the {@code ModelProto} under {@link LoaderLimits}, checks that it is an
 * ONNX model this project supports (a graph, IR version {@value #MIN_IR_VERSION} to
 * {@value #MAX_IR_VERSION}, default-domain opset at most {@value #MAX_DEFAULT_OPSET}), inlines
 * the model-local functions, decodes the initializers and validates the graph
 * ({@link OnnxGraphValidator}). Every failure is an {@link OnnxLoadException} naming the file.
 */
public final class OnnxModelLoader {

    /** The oldest IR version accepted (the first with operator set imports). */
    public static final long MIN_IR_VERSION = 3;
    /** The newest IR version accepted. */
    public static final long MAX_IR_VERSION = 13;
    /** The newest default-domain ({@code ai.onnx}) opset accepted. */
    public static final long MAX_DEFAULT_OPSET = 27;

    private OnnxModelLoader() {
    }

    /** Loads {@code file} with the default limits; external data resolves against its folder. */
    public static OnnxModel load(Path file) {
        return load(file, LoaderLimits.defaults());
    }

    /** Loads {@code file}; external data resolves against its folder. */
    public static OnnxModel load(Path file, LoaderLimits limits) {
        ModelProto proto = ProtoFiles.parse(file, limits, ModelProto.parser(), "ONNX model");
        return fromProto(proto, file.toString(), file, file.toAbsolutePath().getParent());
    }

    /**
     * Loads a model from {@code bytes} with the default limits, without copying them: the model's
     * tensors stay views of the array, which the caller must not change while the model is used.
     *
     * @param name the model's name for messages
     * @param baseDir the folder external data resolves against; may be null when the model has
     *     no external data
     */
    public static OnnxModel load(byte[] bytes, String name, Path baseDir) {
        ModelProto proto = ProtoFiles.parse(bytes, name, LoaderLimits.defaults(), ModelProto.parser(), "ONNX model");
        return fromProto(proto, name, null, baseDir);
    }

    /**
     * Loads a model from all of {@code stream} with the default limits.
     *
     * @param name the stream's name for messages
     * @param baseDir the folder external data resolves against; may be null when the model has
     *     no external data
     */
    public static OnnxModel load(InputStream stream, String name, Path baseDir) {
        return load(stream, name, baseDir, LoaderLimits.defaults());
    }

    /** {@link #load(InputStream, String, Path)} with explicit limits. */
    public static OnnxModel load(InputStream stream, String name, Path baseDir, LoaderLimits limits) {
        ModelProto proto = ProtoFiles.parse(stream, name, limits, ModelProto.parser(), "ONNX model");
        return fromProto(proto, name, null, baseDir);
    }

    /**
     * Checks, inlines, decodes and validates an already parsed model.
     *
     * @param name the file path or stream name for messages
     * @param file the model file, or null
     * @param baseDir the folder external data resolves against, or null
     */
    public static OnnxModel fromProto(ModelProto proto, String name, Path file, Path baseDir) {
        try {
            Map<String, Long> opsets = checkVersions(proto);
            GraphProto graph = FunctionInliner.inline(proto);
            OnnxModel model = new OnnxModel(name, file, baseDir, proto, opsets, graph);
            OnnxGraphValidator.validate(model);
            return model;
        } catch (OnnxLoadException e) {
            throw e.inFile(name);
        }
    }

    private static Map<String, Long> checkVersions(ModelProto proto) {
        if (!proto.hasGraph()) {
            throw new OnnxLoadException("not an ONNX model: it has no graph (ModelProto field 7)");
        }
        if (!proto.hasIrVersion()) {
            throw new OnnxLoadException("not an ONNX model: it has no ir_version (ModelProto field 1)");
        }
        long ir = proto.getIrVersion();
        if (ir < MIN_IR_VERSION || ir > MAX_IR_VERSION) {
            throw new OnnxLoadException("ir_version " + ir + " is outside the supported range " + MIN_IR_VERSION
                    + " to " + MAX_IR_VERSION);
        }
        Map<String, Long> opsets = new LinkedHashMap<>();
        for (OperatorSetIdProto op : proto.getOpsetImportList()) {
            String domain = OnnxModel.normalizeDomain(op.getDomain());
            Long before = opsets.put(domain, op.getVersion());
            if (before != null && before != op.getVersion()) {
                throw new OnnxLoadException("opset_import lists domain '" + domain + "' twice, with versions "
                        + before + " and " + op.getVersion());
            }
        }
        Long def = opsets.get(OnnxModel.DEFAULT_DOMAIN);
        if (def != null && (def < 1 || def > MAX_DEFAULT_OPSET)) {
            throw new OnnxLoadException("opset " + def + " of the default domain (ai.onnx) is outside the supported "
                    + "range 1 to " + MAX_DEFAULT_OPSET);
        }
        return opsets;
    }
}
