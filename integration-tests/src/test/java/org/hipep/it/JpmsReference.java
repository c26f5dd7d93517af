package org.hipep.it;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;

/**
 * The module-path reference run for {@code OsgiCompilerIT}, launched as its own JVM with
 * {@code --module-path target/modules --add-modules ALL-MODULE-PATH} and this class on the class
 * path: {@code HipEnvironment.create()} finds the host's compiler and the plugins by
 * {@code ServiceLoader}, as every JPMS tool does.
 *
 * <p>Arguments: {@code <cacheDir> <outputsFile> <plugin,plugin> (<model> <dataSet>)...}; writes
 * every run's outputs with {@link ModelRuns#write} and prints whether each compiled model calls
 * the vendor wrapper.
 */
public final class JpmsReference {
    private JpmsReference() {
    }

    public static void main(String[] args) throws Exception {
        Path cache = Path.of(args[0]);
        Path outputs = Path.of(args[1]);
        String[] plugins = args[2].split(",");
        List<List<float[]>> runs = new ArrayList<>();
        try (HipEnvironment env = HipEnvironment.create()) {
            for (int i = 3; i + 1 < args.length; i += 2) {
                try (HipSession s = ModelRuns.session(env, Path.of(args[i]), ModelRuns.options(cache, plugins))) {
                    runs.add(ModelRuns.run(s, Path.of(args[i + 1])));
                    System.out.println(args[i] + " vendor-wrapper=" + ModelRuns.callsVendorWrapper(s));
                }
            }
        }
        ModelRuns.write(outputs, runs);
    }
}
