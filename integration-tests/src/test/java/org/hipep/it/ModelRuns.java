package org.hipep.it;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hipep.host.session.Conformance;
import org.hipep.host.session.TestData;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;

/**
 * One model run the same way on the module path ({@link JpmsReference}) and inside the framework
 * ({@code OsgiCompilerIT}): one thread, the given plugins, a given cache folder, the inputs of a
 * test data set; outputs as floats. Uses only the product's public API.
 */
final class ModelRuns {
    /** The example model and the data set the issue names. */
    static final String SMALL_CNN = "examples/small-cnn/model.onnx";
    static final String SMALL_CNN_DATA = "examples/small-cnn/test_data_set_1";
    /** A model with Add nodes, which the vendor plugin turns into vendor.add (../shared). */
    static final String MNIST = "models/mnist-8/model.onnx";
    static final String MNIST_DATA = "models/mnist-8/test_data_set_0";
    /** The vendor wrapper a vendor.add lowers to a call of: in the model's bitcode iff the plugin was used. */
    static final String VENDOR_WRAPPER = "wrap_hip_ep_vendor_add";

    private ModelRuns() {
    }

    static SessionOptions options(Path cacheDir, String... plugins) {
        return new SessionOptions().setThreads(1).setCacheDir(cacheDir).addPlugins(plugins);
    }

    /** Creates a session for {@code model} (compiled, or from the cache). */
    static HipSession session(HipEnvironment env, Path model, SessionOptions options) {
        return env.createSession(model, options);
    }

    /** Runs {@code session} on the inputs of {@code set}; the outputs in order. */
    static List<float[]> run(HipSession session, Path set) {
        Map<String, Tensor> feeds = Conformance.inputs(session, set);
        try (Result r = session.run(feeds)) {
            List<float[]> out = new ArrayList<>();
            for (Map.Entry<String, Tensor> e : r) {
                out.add(e.getValue().toFloatArray());
            }
            return out;
        } finally {
            feeds.values().forEach(Tensor::close);
        }
    }

    /** Runs {@code session} on {@code set}; null when every output matches output_K.pb (ONNX's rule), else why not. */
    static String mismatchWithExpected(HipSession session, Path set) {
        Map<String, Tensor> feeds = Conformance.inputs(session, set);
        try (Result r = session.run(feeds)) {
            int k = 0;
            for (Map.Entry<String, Tensor> e : r) {
                Path pb = set.resolve("output_" + k + ".pb");
                if (!Files.isRegularFile(pb)) {
                    return "no " + pb + " for output " + e.getKey();
                }
                try (Tensor expected = TestData.read(pb).tensor()) {
                    String m = TestData.mismatch(expected, e.getValue(), Conformance.RTOL, Conformance.ATOL);
                    if (m != null) {
                        return "output " + e.getKey() + ": " + m;
                    }
                }
                k++;
            }
            return k == 0 ? "the model produced no output" : null;
        } finally {
            feeds.values().forEach(Tensor::close);
        }
    }

    /** Whether the compiled model in a session's artifact folder calls the vendor wrapper. */
    static boolean callsVendorWrapper(HipSession session) throws IOException {
        return bitcodeNames(session.timings().artifactDir().resolve("model.bc")).contains(VENDOR_WRAPPER);
    }

    /** The bitcode's bytes as Latin-1 text: its string table holds the symbol names verbatim. */
    static String bitcodeNames(Path bitcode) throws IOException {
        return new String(Files.readAllBytes(bitcode), java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    static void write(Path file, List<List<float[]>> runs) throws IOException {
        try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(file))) {
            out.writeInt(runs.size());
            for (List<float[]> outputs : runs) {
                out.writeInt(outputs.size());
                for (float[] o : outputs) {
                    out.writeInt(o.length);
                    for (float f : o) {
                        out.writeFloat(f);
                    }
                }
            }
        }
    }

    static List<List<float[]>> read(Path file) throws IOException {
        try (DataInputStream in = new DataInputStream(Files.newInputStream(file))) {
            List<List<float[]>> runs = new ArrayList<>();
            for (int r = in.readInt(); r > 0; r--) {
                List<float[]> outputs = new ArrayList<>();
                for (int n = in.readInt(); n > 0; n--) {
                    float[] o = new float[in.readInt()];
                    for (int i = 0; i < o.length; i++) {
                        o[i] = in.readFloat();
                    }
                    outputs.add(o);
                }
                runs.add(outputs);
            }
            return runs;
        }
    }
}
