package org.hipep.runtime.session;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.stream.Stream;
import org.hipep.api.AtomicFiles;
import org.hipep.passes.llvm.Json;
import org.hipep.runtime.jit.LoadOptions;
import org.hipep.runtime.jit.LoadedModel;
import org.hipep.runtime.jit.ModelLoader;
import org.hipep.runtime.jit.RuntimeFailure;

/**
 * Where sessions come from, as ONNX Runtime's {@code OrtEnvironment}: compiles ONNX models through
 * a {@link ModelCompiler} (the plugin host's, found with {@link ServiceLoader}), keeps compiled
 * models in a cache, and loads them into {@link HipSession}s.
 *
 * <p><b>Compile cache.</b> A compiled model is kept in {@code <cacheDir>/<key>/} where the key is a
 * SHA-256 over the model's {@link ModelDigest}, the compiler's fingerprint of the plugin set (the host's
 * includes its version and a digest of its own code, so that a rebuilt compiler does not reuse an
 * older build's models), the runtime's bitcode and the form it takes on this host (a prebuilt
 * level's object or the bitcode linked: {@link ModelLoader#runtimeForm}), the host CPU (name and
 * features: the entry holds machine code; those two as LLVM gives them, remembered between processes
 * by {@link HostCodeGen} so that a native model from the cache loads without LLVM), the artifact
 * format and the optimisation level: {@code model.bc} (or
 * {@code model.so}), {@code model.metadata.json}, the constants sidecar and {@code model.dims.json}; for bitcode also the object files compiled from it on the
 * first load, so that a session from the cache skips linking, optimising and code generation. An entry is
 * written in a temporary folder and renamed into place, so a reader sees all of it or nothing;
 * two processes compiling the same model both succeed and one entry stays.
 */
public final class HipEnvironment implements AutoCloseable {
    static final String BITCODE = "model.bc";
    static final String SHARED_OBJECT = "model.so";
    static final String METADATA = "model.metadata.json";
    static final String DIM_NAMES = "model.dims.json";
    static final String OBJECT_COUNT = "model.jit.count";

    private final ModelCompiler compiler;

    private HipEnvironment(ModelCompiler compiler) {
        this.compiler = compiler;
    }

    /** An environment over the first {@link ModelCompiler} service found (none: only {@link #loadSession}). */
    public static HipEnvironment create() {
        Optional<ModelCompiler> found = ServiceLoader.load(ModelCompiler.class, HipEnvironment.class.getClassLoader())
                .findFirst();
        if (found.isEmpty()) {
            found = ServiceLoader.load(ModelCompiler.class).findFirst();
        }
        return new HipEnvironment(found.orElse(null));
    }

    /** An environment compiling with {@code compiler}. */
    public static HipEnvironment create(ModelCompiler compiler) {
        return new HipEnvironment(Objects.requireNonNull(compiler, "compiler"));
    }

    /**
     * Compiles (or takes from the cache) and loads the ONNX model at {@code model}. The file is
     * read into memory only to be compiled: a session from the cache hashes it as a stream, so
     * loading a cached model of N bytes does not take N bytes of Java heap.
     */
    public HipSession createSession(Path model, SessionOptions options) {
        Objects.requireNonNull(model, "model");
        return createSession(null, model, options);
    }

    /** Compiles (or takes from the cache) and loads the ONNX model {@code model}. */
    public HipSession createSession(byte[] model, SessionOptions options) {
        return createSession(Objects.requireNonNull(model, "model"), null, options);
    }

    /** {@code model}'s bytes, or (null) those of the file {@code modelPath}, read when needed. */
    private HipSession createSession(byte[] model, Path modelPath, SessionOptions options) {
        Objects.requireNonNull(options, "options");
        if (compiler == null) {
            throw new RuntimeFailure("no model compiler is available: put the plugin host (module org.hipep.host)"
                    + " on the module or class path, or load a compiled artifact with loadSession");
        }
        ModelCompiler.Plugins plugins = compiler.plugins(options.plugins());
        LoadOptions load = new LoadOptions(options.optLevel(), plugins.bitcode(), plugins.libraries());
        long start = System.nanoTime();
        Path dir;
        boolean fromCache;
        Runnable onClose = null;
        if (options.cacheDir() != null) {
            byte[] digest = model != null ? ModelDigest.of(model) : modelDigest(modelPath, options.cacheDir());
            dir = options.cacheDir().resolve(key(digest, plugins.fingerprint(), options));
            fromCache = isComplete(dir, options.artifactFormat());
            if (!fromCache && model == null && !compileMapped(modelPath, digest, options, plugins, load, dir)) {
                // keyed by the bytes compiled: the file changed since it was hashed, or its digest
                // is not remembered (a file changed in the last two seconds)
                model = read(modelPath);
                dir = options.cacheDir().resolve(key(ModelDigest.of(model), plugins.fingerprint(), options));
                fromCache = isComplete(dir, options.artifactFormat());
            }
            if (!fromCache && model != null) {
                Path tmp = temporary(options.cacheDir());
                compileInto(model, modelPath, options, plugins, load, tmp);
                publish(tmp, dir);
            }
        } else {
            dir = temporary(null);
            fromCache = false;
            compileInto(model, modelPath, options, plugins, load, dir);
            Path d = dir;
            onClose = () -> deleteTree(d);
        }
        long compiled = System.nanoTime();
        try {
            HipSession s = open(dir, options, load, fromCache ? 0 : compiled - start, fromCache, onClose,
                    options.cacheDir() != null);
            return s;
        } catch (RuntimeException e) {
            if (onClose != null) {
                onClose.run();
            }
            throw e;
        }
    }

    /**
     * Loads an already compiled artifact: {@code model.bc}/{@code .so} with its {@code
     * *.metadata.json} and constants sidecar beside it (as {@code hip-compiler} or the compile cache
     * writes them). The options' plugins are the ones whose bitcode and libraries the JIT links.
     */
    public HipSession loadSession(Path artifact, SessionOptions options) {
        ModelCompiler.Plugins plugins = compiler != null ? compiler.plugins(options.plugins())
                : new ModelCompiler.Plugins("", List.of(), null);
        if (compiler == null && !options.plugins().isEmpty()) {
            throw new RuntimeFailure("plugins " + options.plugins() + " were asked for, but no model compiler"
                    + " (plugin host) is available to provide them");
        }
        LoadOptions load = new LoadOptions(options.optLevel(), plugins.bitcode(), plugins.libraries());
        return open(artifact, options, load, 0, true, null, false);
    }

    /** Opens {@code target}: a cache folder, or an artifact file with its metadata beside it. */
    private static HipSession open(Path target, SessionOptions options, LoadOptions load, long compileNanos,
            boolean fromCache, Runnable onClose, boolean cacheObjects) {
        Path dir;
        Path artifact;
        Path metadataFile;
        if (Files.isDirectory(target)) {
            dir = target;
            artifact = dir.resolve(options.artifactFormat() == ArtifactFormat.NATIVE ? SHARED_OBJECT : BITCODE);
            metadataFile = dir.resolve(METADATA);
        } else {
            dir = target.toAbsolutePath().getParent();
            artifact = target;
            String base = target.getFileName().toString().replaceFirst("\\.(bc|so)$", "");
            metadataFile = dir.resolve(base + ".metadata.json");
        }
        long start = System.nanoTime();
        String json;
        Map<String, List<String>> dimNames = new LinkedHashMap<>();
        try {
            json = Files.readString(metadataFile, StandardCharsets.US_ASCII);
            Path dims = dir.resolve(DIM_NAMES);
            if (Files.isRegularFile(dims)) {
                readDimNames(Files.readString(dims, StandardCharsets.UTF_8), dimNames);
            }
        } catch (IOException e) {
            throw new RuntimeFailure("cannot read the model metadata " + metadataFile + ": " + e.getMessage(), e);
        }
        ArtifactMetadata metadata;
        try {
            metadata = ArtifactMetadata.parse(json);
        } catch (IllegalArgumentException e) {
            throw new RuntimeFailure(metadataFile + ": " + e.getMessage(), e);
        }
        ConstantsData constants = ConstantsData.load(metadata, dir, options.constantsPolicy(), options.threads(),
                options.convolutionSearch());
        LoadedModel model;
        try {
            model = artifact.getFileName().toString().endsWith(".so") ? ModelLoader.loadNative(artifact, load)
                    : cacheObjects ? loadCachedObjects(artifact, dir, load)
                    : ModelLoader.loadJit(Files.readAllBytes(artifact), load);
        } catch (IOException e) {
            throw new RuntimeFailure("cannot read the compiled model " + artifact + ": " + e.getMessage(), e);
        }
        return new HipSession(model, metadata, constants, dimNames,
                new HipSession.Timings(compileNanos, fromCache, System.nanoTime() - start, dir), onClose,
                options.profilingPrefix());
    }

    /**
     * Bitcode in a cache entry: the object files compiled from it the first time
     * ({@code model.jit.<i>.o}, their count in {@code model.jit.count}, written last), so that
     * later sessions skip linking, optimising and code generation.
     */
    private static LoadedModel loadCachedObjects(Path bitcode, Path dir, LoadOptions load) throws IOException {
        Path count = dir.resolve(OBJECT_COUNT);
        if (Files.isRegularFile(count)) {
            int n = Integer.parseInt(Files.readString(count, StandardCharsets.US_ASCII).strip());
            List<byte[]> objects = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                objects.add(Files.readAllBytes(dir.resolve("model.jit." + i + ".o")));
            }
            return ModelLoader.loadObjects(objects, load);
        }
        List<byte[]> objects = ModelLoader.compileObjects(Files.readAllBytes(bitcode), load);
        for (int i = 0; i < objects.size(); i++) {
            AtomicFiles.write(dir.resolve("model.jit." + i + ".o"), objects.get(i));
        }
        AtomicFiles.write(count, Integer.toString(objects.size()));
        return ModelLoader.loadObjects(objects, load);
    }

    /**
     * Compiles the file {@code modelPath}, which the compiler reads through a mapping, into the
     * cache entry {@code dir}, when {@code digest} is what the model's memo remembers for the file
     * as it is and the file keeps that stamp until the entry is complete: the entry is then keyed
     * by the bytes compiled, hashed once. Returns false, with nothing published, when the digest is
     * not remembered for the file as it is or the file changed meanwhile (a compile that failed on
     * a file that changed is not an error of the model).
     *
     * <p>The bytes are not held here while the session opens and first runs, and they pass through
     * the heap once (protobuf-java copies the mapping into one array for its parse), not through
     * the direct buffer {@link #read} avoids as well: a cold compile of bert-4layer in a fresh JVM
     * peaked ~110 MB lower.
     */
    private boolean compileMapped(Path modelPath, byte[] digest, SessionOptions options, ModelCompiler.Plugins plugins,
            LoadOptions load, Path dir) {
        String stamp = CodeDigest.stampLine(modelPath);
        if (!CodeDigest.remembers(modelPath, MODEL_MEMO, stamp, digest, options.cacheDir().resolve(MODEL_DIGESTS))) {
            return false;
        }
        Path tmp = temporary(options.cacheDir());
        try {
            compileInto(null, modelPath, options, plugins, load, tmp);
        } catch (RuntimeException | InternalError e) { // InternalError: the mapped file was truncated
            deleteTree(tmp);
            if (!stamp.equals(CodeDigest.stampLine(modelPath))) {
                return false;
            }
            throw e;
        }
        if (!stamp.equals(CodeDigest.stampLine(modelPath))) {
            deleteTree(tmp);
            return false;
        }
        publish(tmp, dir);
        return true;
    }

    /** Compiles {@code model}, or (null) the file {@code modelPath}, into {@code dir}. */
    private void compileInto(byte[] model, Path modelPath, SessionOptions options, ModelCompiler.Plugins plugins,
            LoadOptions load, Path dir) {
        // The plugin set the session links and keys the cache with is the one it compiles with.
        ModelCompiler.CompiledModel c = compiler.compile(model, modelPath, options.plugins(), plugins, dir);
        try {
            if (options.artifactFormat() == ArtifactFormat.NATIVE) {
                ModelLoader.writeNative(c.bitcode(), load, dir.resolve(SHARED_OBJECT));
            } else {
                Files.write(dir.resolve(BITCODE), c.bitcode());
            }
            Files.writeString(dir.resolve(METADATA), c.metadataJson(), StandardCharsets.US_ASCII);
            Map<String, Object> dims = new LinkedHashMap<>();
            c.dimNames().forEach((name, list) -> dims.put(name, new ArrayList<Object>(list)));
            Files.writeString(dir.resolve(DIM_NAMES), Json.write(dims), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new RuntimeFailure("cannot write the compiled model into " + dir + ": " + e.getMessage(), e);
        }
    }

    private static void readDimNames(String json, Map<String, List<String>> out) {
        if (Json.parse(json) instanceof Map<?, ?> m) {
            m.forEach((k, v) -> {
                if (k instanceof String name && v instanceof List<?> l) {
                    List<String> names = new ArrayList<>();
                    l.forEach(x -> names.add(x instanceof String s ? s : null));
                    out.put(name, names);
                }
            });
        }
    }

    private static boolean isComplete(Path dir, ArtifactFormat format) {
        return Files.isRegularFile(dir.resolve(METADATA))
                && Files.isRegularFile(dir.resolve(format == ArtifactFormat.NATIVE ? SHARED_OBJECT : BITCODE));
    }

    /**
     * Renames {@code tmp} to {@code dir}; when another writer got there first, keeps theirs (entries
     * appear whole, by this rename). On Linux renaming onto a folder that is not empty fails with
     * ENOTEMPTY, which Java reports as a plain {@code FileSystemException}, not as
     * {@link DirectoryNotEmptyException}: so an existing {@code dir} decides.
     */
    static void publish(Path tmp, Path dir) {
        try {
            Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
        } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
            deleteTree(tmp);
        } catch (AtomicMoveNotSupportedException e) {
            throw new RuntimeFailure("the compile cache needs a file system with atomic renames: " + dir, e);
        } catch (IOException e) {
            deleteTree(tmp);
            if (!Files.isDirectory(dir)) {
                throw new RuntimeFailure("cannot write the compile cache entry " + dir + ": " + e.getMessage(), e);
            }
        }
    }

    private static Path temporary(Path cacheDir) {
        try {
            if (cacheDir == null) {
                return Files.createTempDirectory("hipep-session-");
            }
            Files.createDirectories(cacheDir);
            return Files.createTempDirectory(cacheDir, ".tmp-");
        } catch (IOException e) {
            throw new RuntimeFailure("cannot create a folder for the compiled model"
                    + (cacheDir == null ? "" : " in " + cacheDir) + ": " + e.getMessage(), e);
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir, e);
        }
    }

    /**
     * The file's bytes, copied out of a mapping of it. {@code Files.readAllBytes} reads through a
     * temporary direct buffer as large as the file, which the JDK then keeps for the thread:
     * bert-4layer's 113 MB took 152-164 ms that way and left 108 MB of direct memory behind, the
     * mapping's copy 86-89 ms and nothing.
     */
    private static byte[] read(Path model) {
        try (FileChannel channel = FileChannel.open(model, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size > Integer.MAX_VALUE - 8) {
                throw new RuntimeFailure("the model " + model + " has " + size + " bytes, more than one protobuf"
                        + " message holds (2 GB): a larger model keeps its weights in external data files");
            }
            byte[] bytes = new byte[(int) size];
            channel.map(FileChannel.MapMode.READ_ONLY, 0, size).get(bytes);
            return bytes;
        } catch (IOException e) {
            throw new RuntimeFailure("cannot read the model " + model + ": " + e.getMessage(), e);
        } catch (InternalError e) { // the file was truncated under the mapping
            throw new RuntimeFailure("the model " + model + " changed while it was read", e);
        }
    }

    private static MessageDigest sha256() {
        return CodeDigest.sha256();
    }

    private static byte[] sha256(byte[] bytes) {
        return sha256().digest(bytes);
    }

    /**
     * The {@link ModelDigest} of the file {@code model}, remembered in {@code cacheDir}'s {@code
     * model-digests} by the file's identity as {@link CodeDigest} remembers the compiler's jars
     * (size, modification and status-change times, inode; not for a file changed in the last two
     * seconds): a session from the cache then opens its artifacts without reading the model
     * (bert-layer's 28 MB took ~23 ms a session; a model of gigabytes, seconds), and a session that
     * compiles it hashes the file once and has the compiler map it ({@link #compileMapped}). A model
     * rewritten in place, even with its size and modification time kept, has another status-change
     * time and is hashed again.
     */
    static byte[] modelDigest(Path model, Path cacheDir) {
        return CodeDigest.memoised(model, MODEL_MEMO, () -> digestOf(model), cacheDir.resolve(MODEL_DIGESTS),
                Instant.now());
    }

    /** What {@link #modelDigest}'s memos are remembered under (a memo of another digest has another name). */
    private static final String MODEL_MEMO = "model pieces";

    /** The folder of the cache that keeps {@link #modelDigest}'s memos. */
    static final String MODEL_DIGESTS = "model-digests";

    /** The {@link ModelDigest} of the file {@code model}. */
    private static byte[] digestOf(Path model) {
        try {
            return ModelDigest.of(model);
        } catch (UncheckedIOException e) {
            throw new RuntimeFailure("cannot read the model " + model + ": " + e.getCause().getMessage(), e.getCause());
        }
    }

    /** The cache key of a model whose bytes have the {@link ModelDigest} {@code modelDigest}. */
    private static String key(byte[] modelDigest, String pluginFingerprint, SessionOptions options) {
        MessageDigest md = sha256();
        md.update(modelDigest);
        md.update((byte) 0);
        md.update(pluginFingerprint.getBytes(StandardCharsets.UTF_8));
        md.update((byte) 0);
        md.update(RuntimeBitcodeDigest.VALUE);
        md.update(HostCodeGen.digest());
        md.update((options.artifactFormat() + "/O" + options.optLevel()).getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(md.digest(), 0, 16);
    }

    /**
     * The runtime bitcode's digest: a runtime change invalidates the cache. Remembered between
     * processes while the runtime's jar is unchanged ({@link CodeDigest}).
     */
    private static final class RuntimeBitcodeDigest {
        static final byte[] VALUE = CodeDigest.memoisedFor(ModelLoader.class, "hipep_runtime.bc",
                RuntimeBitcodeDigest::digest);

        private static byte[] digest() {
            try (InputStream in = ModelLoader.class.getResourceAsStream("hipep_runtime.bc")) {
                if (in == null) {
                    throw new IllegalStateException("the runtime bitcode org/hipep/runtime/jit/hipep_runtime.bc is"
                            + " missing from the runtime module");
                }
                return sha256(in.readAllBytes());
            } catch (IOException e) {
                throw new IllegalStateException("cannot read the runtime bitcode", e);
            }
        }
    }

    /** Nothing to free today; sessions are closed on their own. */
    @Override
    public void close() {
    }
}
