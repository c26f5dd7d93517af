package org.hipep.bench;

import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OnnxValue;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.hipep.host.session.SearchWarmup;
import org.hipep.host.session.TestData;
import org.hipep.runtime.session.ArtifactFormat;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;

/**
 * The two engines behind one small interface: our {@link HipSession} and an ONNX Runtime session,
 * each holding its inputs already in its own tensor type so that a timed run measures the run
 * (and releasing its outputs) only.
 */
final class Engines {
    private Engines() {
    }

    /** One engine with its feeds bound. */
    interface Engine extends AutoCloseable {
        /**
         * Runs the model once; with {@code capture}, returns every output by name as doubles
         * (in the model's output order), else {@code null}.
         */
        Map<String, double[]> run(boolean capture);

        @Override
        void close();
    }

    /** Times one uncaptured run, in nanoseconds. */
    static long timeRun(Engine e) {
        long t0 = System.nanoTime();
        e.run(false);
        return System.nanoTime() - t0;
    }

    // ---------------------------------------------------------------- inputs

    /**
     * The {@code input_K.pb} files of a data set read as session tensors and assigned to
     * {@code names}: a proto that names an input goes to it, the others fill the remaining inputs
     * in order (as {@code Conformance.inputs} does, without needing a session).
     */
    static Map<String, Tensor> readInputs(Path set, List<String> names) {
        List<Path> files;
        try (Stream<Path> s = Files.list(set)) {
            files = s.filter(p -> p.getFileName().toString().matches("input_\\d+\\.pb"))
                    .sorted((a, b) -> Integer.compare(index(a), index(b))).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the data set " + set, e);
        }
        Map<String, Tensor> feeds = new LinkedHashMap<>();
        List<Tensor> unnamed = new ArrayList<>();
        for (Path pb : files) {
            TestData.Named n = TestData.read(pb);
            if (names.contains(n.name()) && !feeds.containsKey(n.name())) {
                feeds.put(n.name(), n.tensor());
            } else {
                unnamed.add(n.tensor());
            }
        }
        int k = 0;
        for (String name : names) {
            if (!feeds.containsKey(name) && k < unnamed.size()) {
                feeds.put(name, unnamed.get(k++));
            }
        }
        if (feeds.size() != names.size()) {
            throw new IllegalArgumentException(set + " has " + files.size() + " inputs; the model needs " + names);
        }
        return feeds;
    }

    private static int index(Path p) {
        String n = p.getFileName().toString();
        return Integer.parseInt(n.substring("input_".length(), n.length() - ".pb".length()));
    }

    // ---------------------------------------------------------------- ours

    /** Our session over {@code model}, compiled into (or loaded from) {@code cacheDir}. */
    static final class Hip implements Engine {
        final HipSession session;
        private final Map<String, Tensor> feeds;

        Hip(HipEnvironment env, Path model, Path set, int threads, Path cacheDir, ArtifactFormat format) {
            this(env, model, set, threads, cacheDir, format, null);
        }

        /** With {@code profilePrefix} not null, the session profiles its runs ({@link SessionOptions#enableProfiling}). */
        Hip(HipEnvironment env, Path model, Path set, int threads, Path cacheDir, ArtifactFormat format,
                Path profilePrefix) {
            SessionOptions options = new SessionOptions().setThreads(threads).setCacheDir(cacheDir)
                    .setArtifactFormat(format);
            if (profilePrefix != null) {
                options.enableProfiling(profilePrefix);
            }
            this.session = env.createSession(model, options);
            this.feeds = readInputs(set, session.inputNames());
        }

        @Override
        public Map<String, double[]> run(boolean capture) {
            try (Result r = session.run(feeds)) {
                if (!capture) {
                    return null;
                }
                Map<String, double[]> out = new LinkedHashMap<>();
                for (String name : r.names()) {
                    Tensor t = r.get(name);
                    double[] d = new double[Math.toIntExact(t.elementCount())];
                    for (int i = 0; i < d.length; i++) {
                        d[i] = t.getAsDouble(i);
                    }
                    out.put(name, d);
                }
                return out;
            }
        }

        /** Untimed runs until the convolution search has settled ({@link SearchWarmup}); the runs made. */
        int settle() {
            return SearchWarmup.untilSettled(session, () -> run(false));
        }

        @Override
        public void close() {
            session.close();
            feeds.values().forEach(Tensor::close);
        }
    }

    // ---------------------------------------------------------------- ONNX Runtime

    /**
     * How ONNX Runtime's intra-op pool threads wait for the next parallel section of a run, and
     * whether they go on waiting after it ({@code session.intra_op.allow_spinning},
     * {@code session.force_spinning_stop}).
     */
    enum OrtSpinning {
        /**
         * ORT's own default: spin within a run and on after it. The harness's default, now that the
         * engines take turns by blocks of runs: each runs back to back as in a loop of its own.
         */
        ON,
        /** Spin within a run, stop as soon as it returns ({@code session.force_spinning_stop}). */
        STOP_AFTER_RUN,
        /**
         * Never spin: every parallel section wakes the pool threads. The harness's setting up to the
         * twenty-fourth round, when the engines alternated run by run and ORT's spinning would have
         * taken a core from ours; it costs ORT 10-20% at two threads, up to half on the smallest
         * models (docs/BENCHMARKS.md).
         */
        OFF
    }

    /**
     * ONNX Runtime's options for a side-by-side run: {@code threads} intra-op threads, one inter-op
     * thread, sequential execution, every graph optimisation, its pool threads waiting as
     * {@code spinning} says.
     */
    static OrtSession.SessionOptions ortOptions(int threads, OrtSpinning spinning) throws OrtException {
        OrtSession.SessionOptions o = new OrtSession.SessionOptions();
        o.setIntraOpNumThreads(threads);
        o.setInterOpNumThreads(1);
        o.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
        o.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
        o.addConfigEntry("session.intra_op.allow_spinning", spinning == OrtSpinning.OFF ? "0" : "1");
        o.addConfigEntry("session.force_spinning_stop", spinning == OrtSpinning.STOP_AFTER_RUN ? "1" : "0");
        return o;
    }

    /** An ONNX Runtime session over {@code model}. */
    static final class Ort implements Engine {
        final OrtSession session;
        private final OrtSession.SessionOptions options;
        private final Map<String, OnnxTensor> feeds = new LinkedHashMap<>();

        Ort(OrtEnvironment env, Path model, Path set, int threads, OrtSpinning spinning) {
            this(env, model, set, threads, spinning, null);
        }

        /** With ORT's profiler on when {@code profilePrefix} is not null (its trace: {@link #endProfiling}). */
        Ort(OrtEnvironment env, Path model, Path set, int threads, OrtSpinning spinning, String profilePrefix) {
            try {
                this.options = ortOptions(threads, spinning);
                if (profilePrefix != null) {
                    options.enableProfiling(profilePrefix);
                }
                this.session = env.createSession(model.toString(), options);
                Map<String, Tensor> ours = readInputs(set, new ArrayList<>(session.getInputNames()));
                for (Map.Entry<String, Tensor> e : ours.entrySet()) {
                    feeds.put(e.getKey(), toOrt(env, e.getValue()));
                }
            } catch (OrtException e) {
                throw new IllegalStateException("ONNX Runtime cannot load " + model + ": " + e.getMessage(), e);
            }
        }

        @Override
        public Map<String, double[]> run(boolean capture) {
            try (OrtSession.Result r = session.run(feeds)) {
                if (!capture) {
                    return null;
                }
                Map<String, double[]> out = new LinkedHashMap<>();
                for (Map.Entry<String, OnnxValue> e : r) {
                    out.put(e.getKey(), toDoubles(e.getKey(), e.getValue()));
                }
                return out;
            } catch (OrtException e) {
                throw new IllegalStateException("ONNX Runtime failed to run: " + e.getMessage(), e);
            }
        }

        /** Stops ORT's profiler and returns the trace file it wrote. */
        String endProfiling() {
            try {
                return session.endProfiling();
            } catch (OrtException e) {
                throw new IllegalStateException("ONNX Runtime's profiler: " + e.getMessage(), e);
            }
        }

        @Override
        public void close() {
            feeds.values().forEach(OnnxTensor::close);
            try {
                session.close();
            } catch (OrtException e) {
                throw new IllegalStateException("closing the ONNX Runtime session: " + e.getMessage(), e);
            }
            options.close();
        }
    }

    /** Our tensor as an ONNX Runtime tensor over a copy of its bytes. */
    static OnnxTensor toOrt(OrtEnvironment env, Tensor t) throws OrtException {
        OnnxJavaType type = switch (t.type()) {
            case FLOAT -> OnnxJavaType.FLOAT;
            case DOUBLE -> OnnxJavaType.DOUBLE;
            case INT64 -> OnnxJavaType.INT64;
            case INT32 -> OnnxJavaType.INT32;
            case INT16 -> OnnxJavaType.INT16;
            case INT8 -> OnnxJavaType.INT8;
            case UINT8 -> OnnxJavaType.UINT8;
            case BOOL -> OnnxJavaType.BOOL;
            default -> throw new IllegalArgumentException("no ONNX Runtime input of type " + t.type() + " here");
        };
        ByteBuffer src = t.buffer();
        ByteBuffer copy = ByteBuffer.allocateDirect(Math.max(src.remaining(), 1)).order(ByteOrder.nativeOrder());
        copy.put(src).flip();
        return OnnxTensor.createTensor(env, copy, t.shape(), type);
    }

    private static double[] toDoubles(String name, OnnxValue v) {
        if (!(v instanceof OnnxTensor t)) {
            throw new IllegalArgumentException("ONNX Runtime output '" + name + "' is not a tensor: " + v.getType());
        }
        int n = Math.toIntExact(t.getInfo().getNumElements());
        double[] out = new double[n];
        switch (t.getInfo().type) {
            case FLOAT -> {
                FloatBuffer b = t.getFloatBuffer();
                for (int i = 0; i < n; i++) {
                    out[i] = b.get(i);
                }
            }
            case DOUBLE -> {
                DoubleBuffer b = t.getDoubleBuffer();
                b.get(out);
            }
            case INT64 -> {
                LongBuffer b = t.getLongBuffer();
                for (int i = 0; i < n; i++) {
                    out[i] = b.get(i);
                }
            }
            case INT32 -> {
                IntBuffer b = t.getIntBuffer();
                for (int i = 0; i < n; i++) {
                    out[i] = b.get(i);
                }
            }
            default -> throw new IllegalArgumentException("ONNX Runtime output '" + name + "' has type "
                    + t.getInfo().type + ", not compared here");
        }
        return out;
    }
}
