package org.hipep.runtime.session;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.hipep.runtime.jit.LibrarySearch;
import org.hipep.runtime.jit.RuntimeBitcode;

/**
 * Compiles ONNX models for sessions: the service the plugin host provides (JPMS {@code provides},
 * found by {@link HipEnvironment#create()}), so that the runtime knows nothing of plugin discovery.
 *
 * <p>{@link #plugins} is called for every session, compiled or from the cache; {@link #compile}
 * only on a cache miss. Both may be called from several threads at once.
 */
public interface ModelCompiler {
    /**
     * What the plugins {@code ids} (in order) contribute at run time, and a fingerprint of that
     * plugin set (ids, versions, contents) for the compile cache. An unknown id or a plugin that
     * fails is a {@link org.hipep.runtime.jit.RuntimeFailure} naming it.
     */
    Plugins plugins(List<String> ids);

    /**
     * Compiles {@code model} (the ONNX bytes; {@code modelPath} where they came from, for external
     * data and messages, or {@code null}; {@code model} null: the file {@code modelPath},
     * read through a mapping) with the plugins {@code ids}: writes the constants
     * sidecar into {@code dir} and returns the model's bitcode and metadata. A model, pipeline or
     * plugin problem is a {@link org.hipep.runtime.jit.RuntimeFailure} that says what and where.
     */
    CompiledModel compile(byte[] model, Path modelPath, List<String> ids, Path dir);

    /**
     * {@link #compile(byte[], Path, List, Path)} with the plugin set {@code plugins} that
     * {@link #plugins} returned for the same {@code ids}: a compiler whose plugins can change at
     * any moment (OSGi) compiles with the very plugin set whose run-time contributions and
     * fingerprint the session uses, instead of looking the plugins up again. The default ignores
     * {@code plugins}.
     */
    default CompiledModel compile(byte[] model, Path modelPath, List<String> ids, Plugins plugins, Path dir) {
        return compile(model, modelPath, ids, dir);
    }

    /**
     * The run-time contributions of a plugin set.
     *
     * @param fingerprint ids, versions and contents (and the compiler's own code), for the compile
     *     cache key
     * @param bitcode the plugins' runtime bitcode
     * @param libraries the plugins' libraries and search folders
     * @param snapshot the compiler's own record of this plugin set, given back to
     *     {@link #compile(byte[], Path, List, Plugins, Path)} (opaque to the runtime; may be null)
     */
    record Plugins(String fingerprint, List<RuntimeBitcode> bitcode, LibrarySearch libraries, Object snapshot) {
        public Plugins {
            bitcode = List.copyOf(bitcode);
        }

        /** Contributions with no compiler record. */
        public Plugins(String fingerprint, List<RuntimeBitcode> bitcode, LibrarySearch libraries) {
            this(fingerprint, bitcode, libraries, null);
        }
    }

    /**
     * A compiled model.
     *
     * @param bitcode the model's LLVM bitcode (the runtime is linked in when it is loaded)
     * @param metadataJson its metadata ({@link ArtifactMetadata})
     * @param dimNames per input and output name, the symbolic name of each dimension (null where none)
     * @param warnings what the compiler warned about
     */
    record CompiledModel(byte[] bitcode, String metadataJson, Map<String, List<String>> dimNames,
            List<String> warnings) {
        public CompiledModel {
            dimNames = Map.copyOf(dimNames);
            warnings = List.copyOf(warnings);
        }
    }
}
