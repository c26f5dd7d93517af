package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.hipep.runtime.jit.RuntimeFailure;
import org.hipep.runtime.session.CodeDigest;
import org.hipep.runtime.session.ElementType;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.ModelCompiler;
import org.hipep.runtime.session.ModelDigest;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Session API on the example model: runs, the errors a caller gets, concurrency and the cache. */
class SessionApiTest {
    static final Path MODEL = Path.of("..", "examples", "small-cnn", "model.onnx");

    @TempDir
    static Path cache;
    static HipEnvironment env;
    static HipSession session;

    @BeforeAll
    static void open() {
        env = HipEnvironment.create();
        session = env.createSession(MODEL, new SessionOptions().setCacheDir(cache).setThreads(2));
    }

    @AfterAll
    static void close() {
        session.close();
        env.close();
    }

    static float[] image(int batch, int seed) {
        float[] x = new float[batch * 64];
        for (int i = 0; i < x.length; i++) {
            x[i] = ((i * 37 + seed * 11) % 17) / 17f;
        }
        return x;
    }

    @Test
    void runsBatchOneAndBatchEightInOneSession() {
        for (int batch : new int[] {1, 8}) {
            try (Tensor in = Tensor.fromArray(image(batch, 1), batch, 1, 8, 8);
                    Result r = session.run(Map.of("image", in))) {
                Tensor p = r.get("probabilities");
                assertThat(p.shape()).containsExactly(batch, 10);
                float[] v = p.toFloatArray();
                for (int n = 0; n < batch; n++) {
                    double sum = 0;
                    for (int k = 0; k < 10; k++) {
                        sum += v[n * 10 + k];
                    }
                    assertThat(sum).isBetween(0.9999, 1.0001);
                }
            }
        }
    }

    @Test
    void wrongInputsAreClearErrors() {
        try (Tensor ok = Tensor.fromArray(image(1, 1), 1, 1, 8, 8);
                Tensor ints = Tensor.fromArray(new long[64], 1, 1, 8, 8);
                Tensor rank3 = Tensor.fromArray(image(1, 1), 1, 8, 8);
                Tensor wide = Tensor.fromArray(new float[81], 1, 1, 9, 9)) {
            assertThatThrownBy(() -> session.run(Map.of("img", ok)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("the model has no input named 'img'; its inputs are [image]");
            assertThatThrownBy(() -> session.run(Map.of()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("input 'image' (image: f32[batch, 1, 8, 8]) is missing");
            assertThatThrownBy(() -> session.run(Map.of("image", ints)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("input 'image': the model expects FLOAT elements, the tensor has INT64");
            assertThatThrownBy(() -> session.run(Map.of("image", rank3)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("expects rank 4");
            assertThatThrownBy(() -> session.run(Map.of("image", wide)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("input 'image': dimension 2 must be 8 (image: f32[batch, 1, 8, 8]), the tensor has"
                            + " shape [1, 1, 9, 9]");
        }
        try (Tensor in = Tensor.fromArray(image(1, 1), 1, 1, 8, 8); Result r = session.run(Map.of("image", in))) {
            assertThatThrownBy(() -> r.get("logits")).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("no output named 'logits'; the outputs are [probabilities]");
            assertThatThrownBy(() -> r.get("probabilities").toLongArray()).isInstanceOf(IllegalStateException.class);
        }
        assertThatThrownBy(() -> Tensor.fromArray(new float[3], 2, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("shape [2, 2] holds 4 elements, the array has 3");
    }

    @Test
    void directBuffersAreUsedWithoutACopy() {
        ByteBuffer b = ByteBuffer.allocateDirect(64 * 4).order(ByteOrder.nativeOrder());
        b.asFloatBuffer().put(image(1, 3));
        try (Tensor viaBuffer = Tensor.fromBuffer(b, ElementType.FLOAT, 1, 1, 8, 8);
                Tensor viaArray = Tensor.fromArray(image(1, 3), 1, 1, 8, 8);
                Result a = session.run(Map.of("image", viaBuffer));
                Result c = session.run(Map.of("image", viaArray))) {
            b.putFloat(0, 123f); // the tensor sees the caller's memory
            assertThat(viaBuffer.toFloatArray()[0]).isEqualTo(123f);
            assertThat(a.get(0).toFloatArray()).containsExactly(c.get(0).toFloatArray());
        }
    }

    @Test
    void eightThreadsOnOneSessionGiveIdenticalResults() throws Exception {
        float[] expected;
        try (Tensor in = Tensor.fromArray(image(4, 5), 4, 1, 8, 8); Result r = session.run(Map.of("image", in))) {
            expected = r.get(0).toFloatArray();
        }
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<float[]>> futures = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                futures.add(pool.submit(() -> {
                    float[] last = null;
                    for (int k = 0; k < 25; k++) {
                        try (Tensor in = Tensor.fromArray(image(4, 5), 4, 1, 8, 8);
                                Result r = session.run(Map.of("image", in))) {
                            float[] v = r.get(0).toFloatArray();
                            if (last != null && !java.util.Arrays.equals(last, v)) {
                                throw new AssertionError("run " + k + " differs from the one before");
                            }
                            last = v;
                        }
                    }
                    return last;
                }));
            }
            for (Future<float[]> f : futures) {
                assertThat(f.get()).containsExactly(expected);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aSecondSessionComesFromTheCacheAndAgrees() {
        try (HipSession second = env.createSession(MODEL, new SessionOptions().setCacheDir(cache));
                Tensor in = Tensor.fromArray(image(2, 9), 2, 1, 8, 8);
                Result a = session.run(Map.of("image", in));
                Result b = second.run(Map.of("image", in))) {
            assertThat(second.timings().fromCache()).isTrue();
            assertThat(second.timings().artifactDir()).isEqualTo(session.timings().artifactDir());
            // The first load left the object code in the entry; the second loaded it (no JIT compile).
            assertThat(second.timings().artifactDir().resolve("model.jit.count")).hasContent("1");
            assertThat(second.timings().artifactDir().resolve("model.jit.0.o")).isNotEmptyFile();
            assertThat(b.get(0).toFloatArray()).containsExactly(a.get(0).toFloatArray());
        }
    }

    /**
     * The cache entry is found by the model's contents: a copy of the file, or its bytes, load the
     * entry the first session compiled (the file is hashed as a stream, not read whole); the same
     * file with other bytes (a doc_string, ModelProto field 6, appended) compiles into an entry of
     * its own; a model that cannot be read is an error naming it.
     */
    @Test
    void theCacheFindsAModelByItsContents(@TempDir Path dir) throws Exception {
        Path copy = dir.resolve("copy.onnx");
        Files.copy(MODEL, copy);
        SessionOptions o = new SessionOptions().setCacheDir(cache);
        try (HipSession fromFile = env.createSession(copy, o);
                HipSession fromBytes = env.createSession(Files.readAllBytes(MODEL), o)) {
            for (HipSession s : List.of(fromFile, fromBytes)) {
                assertThat(s.timings().fromCache()).isTrue();
                assertThat(s.timings().artifactDir()).isEqualTo(session.timings().artifactDir());
            }
        }
        Files.write(copy, new byte[] {0x32, 1, 'x'}, StandardOpenOption.APPEND);
        try (HipSession changed = env.createSession(copy, o);
                Tensor in = Tensor.fromArray(image(1, 3), 1, 1, 8, 8);
                Result a = session.run(Map.of("image", in));
                Result b = changed.run(Map.of("image", in))) {
            assertThat(changed.timings().fromCache()).isFalse();
            assertThat(changed.timings().artifactDir()).isNotEqualTo(session.timings().artifactDir());
            assertThat(b.get(0).toFloatArray()).containsExactly(a.get(0).toFloatArray());
        }
        Path missing = dir.resolve("missing.onnx");
        assertThatThrownBy(() -> env.createSession(missing, o)).isInstanceOf(RuntimeFailure.class)
                .hasMessageStartingWith("cannot read the model " + missing + ": ");
    }

    /**
     * A model file's digest is remembered in the cache's {@code model-digests} while the file is
     * unchanged: the file rewritten in place with other bytes, its size and modification time kept,
     * is hashed again and gets an entry of its own; and the lookup takes the remembered digest (a
     * memo naming the first contents' digest for the file as it now is opens the first entry), as
     * does the entry a compile writes (the file kept its stamp while it was read for the compiler,
     * so its bytes are not hashed a second time).
     */
    @Test
    void aModelFilesDigestIsRememberedUntilTheFileChanges(@TempDir Path dir) throws Exception {
        Path model = Files.copy(MODEL, dir.resolve("m.onnx"));
        Thread.sleep(2100); // a file changed in the last two seconds is not remembered
        SessionOptions o = new SessionOptions().setCacheDir(dir.resolve("cache"));
        Path first;
        try (HipSession a = env.createSession(model, o)) {
            first = a.timings().artifactDir();
        }
        Path memos = dir.resolve("cache").resolve("model-digests");
        List<Path> memo;
        try (Stream<Path> s = Files.list(memos)) {
            memo = s.filter(p -> !p.getFileName().toString().startsWith(".")).toList();
        }
        assertThat(memo).hasSize(1);
        try (HipSession again = env.createSession(model, o)) {
            assertThat(again.timings().fromCache()).isTrue();
            assertThat(again.timings().artifactDir()).isEqualTo(first);
        }

        byte[] bytes = Files.readAllBytes(model);
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        assertThat(text).contains("hip-ep examples");
        FileTime modified = Files.getLastModifiedTime(model);
        Files.write(model, text.replace("hip-ep examples", "hip-ep exampleS").getBytes(StandardCharsets.ISO_8859_1));
        Files.setLastModifiedTime(model, modified);
        try (HipSession changed = env.createSession(model, o)) {
            assertThat(changed.timings().fromCache()).isFalse();
            assertThat(changed.timings().artifactDir()).isNotEqualTo(first);
        }

        String firstDigest = HexFormat.of().formatHex(ModelDigest.of(bytes));
        Files.writeString(memo.get(0), CodeDigest.stampLine(model) + " " + firstDigest + "\n");
        try (HipSession misled = env.createSession(model, o)) {
            assertThat(misled.timings().artifactDir()).as("the remembered digest keys the lookup").isEqualTo(first);
        }

        // a remembered digest of no entry: the bytes read for the compiler are not hashed again
        String noEntry = HexFormat.of().formatHex(ModelDigest.of(new byte[] {7}));
        Files.writeString(memo.get(0), CodeDigest.stampLine(model) + " " + noEntry + "\n");
        Path compiled;
        try (HipSession keyed = env.createSession(model, o)) {
            assertThat(keyed.timings().fromCache()).as("compiled, not the entry of the bytes' own digest").isFalse();
            compiled = keyed.timings().artifactDir();
        }
        try (HipSession again = env.createSession(model, o)) {
            assertThat(again.timings().fromCache()).isTrue();
            assertThat(again.timings().artifactDir()).as("the remembered digest keyed the new entry").isEqualTo(compiled);
        }
    }

    /**
     * A compile from a model file whose digest is remembered maps the file and keys the entry by
     * that digest; when the file changes during that compile, nothing is published under the old
     * digest: the session reads the file as it now is, hashes those bytes and compiles them.
     */
    @Test
    void aModelFileChangedWhileItCompilesIsCompiledAgainFromItsNewBytes(@TempDir Path dir) throws Exception {
        Path model = Files.copy(MODEL, dir.resolve("m.onnx"));
        byte[] before = Files.readAllBytes(model);
        Thread.sleep(2100); // a file changed in the last two seconds is not remembered
        HostModelCompiler host = new HostModelCompiler();
        List<String> given = new ArrayList<>();
        ModelCompiler changing = new ModelCompiler() {
            @Override
            public Plugins plugins(List<String> ids) {
                return host.plugins(ids);
            }

            @Override
            public CompiledModel compile(byte[] bytes, Path modelPath, List<String> ids, Path out) {
                given.add(bytes == null ? "file" : "bytes");
                if (bytes == null) {
                    try { // a doc_string (ModelProto field 6) appended: still the same graph
                        Files.write(modelPath, new byte[] {0x32, 1, 'x'}, StandardOpenOption.APPEND);
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
                return host.compile(bytes, modelPath, ids, out);
            }
        };
        SessionOptions o = new SessionOptions().setCacheDir(dir.resolve("cache"));
        try (HipEnvironment e = HipEnvironment.create(changing)) {
            Path entry;
            try (HipSession s = e.createSession(model, o)) {
                assertThat(s.timings().fromCache()).isFalse();
                entry = s.timings().artifactDir();
            }
            assertThat(given).containsExactly("file", "bytes");
            try (HipSession now = e.createSession(Files.readAllBytes(model), o);
                    HipSession old = e.createSession(before, o)) {
                assertThat(now.timings().fromCache()).as("keyed by the bytes compiled").isTrue();
                assertThat(now.timings().artifactDir()).isEqualTo(entry);
                assertThat(old.timings().fromCache()).as("nothing under the old digest").isFalse();
            }
        }
    }

    @Test
    void aClosedSessionRefusesToRun(@TempDir Path other) {
        HipSession s = env.createSession(MODEL, new SessionOptions().setCacheDir(other));
        s.close();
        try (Tensor in = Tensor.fromArray(image(1, 1), 1, 1, 8, 8)) {
            assertThatThrownBy(() -> s.run(Map.of("image", in))).isInstanceOf(IllegalStateException.class)
                    .hasMessage("the session is closed");
        }
    }

    @Test
    void halfFloatTensorsRoundTrip() {
        float[] v = {0f, 1f, -2.5f, 65504f, 1e-7f, Float.NaN};
        try (Tensor h = Tensor.fromFloats(ElementType.FLOAT16, v, 6);
                Tensor bf = Tensor.fromFloats(ElementType.BFLOAT16, v, 6)) {
            float[] back = h.toFloatArray();
            assertThat(back[1]).isEqualTo(1f);
            assertThat(back[2]).isEqualTo(-2.5f);
            assertThat(back[3]).isEqualTo(65504f);
            assertThat(back[4]).isEqualTo(1.1920929e-7f); // the nearest binary16 subnormal (2 * 2^-24)
            assertThat(back[5]).isNaN();
            assertThat(bf.toFloatArray()[2]).isEqualTo(-2.5f);
        }
    }
}
