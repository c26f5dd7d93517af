package org.hipep.osgidist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.hipep.osgidist.probe.Probe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Starts the exported distribution ({@code java -jar target/hipep-felix.jar}) as a user would and
 * drives it through its Gogo console on standard input: installs the {@link Probe} check bundle
 * ({@code start file:...}), reads the probe's report (every hip-ep bundle ACTIVE, the sample and
 * vendor plugins registered as {@code CompilerPlugin} services by their own bundles, the example
 * model compiled to LLVM bitcode by the registered {@code ModelCompiler} service and JIT-run on its
 * test data with matching outputs), lists the
 * bundles with {@code lb -s}, and stops the framework with {@code stop 0}; the process must then
 * exit by itself with the bnd launcher's status for a framework stopped from inside (117; an
 * activator, resolve or launch error has another). Any timeout fails with the whole process output.
 *
 * <p>The probe speaks the framework API and prints its own lines, so the assertions do not parse
 * Gogo's table formats; the console is still exercised as a user uses it.
 */
class FelixDistributionIT {
    private static final long STEP_SECONDS = 120;
    /** The bnd launcher's exit status when the framework was stopped from inside (LauncherConstants.STOPPED). */
    private static final int LAUNCHER_STOPPED = 117;

    @TempDir
    Path work;

    @Test
    void theExportedJarRunsEveryHipEpBundleAndThePluginServicesAndStopsCleanly() throws Exception {
        Path jar = Path.of(required("hipep.felix.jar"));
        assertThat(jar).as("the exported distribution (bnd-export-maven-plugin)").isRegularFile();
        Path probe = probeBundle(work.resolve("probe.jar"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");

        Path model = Path.of(required("hipep.example.model"));
        assertThat(model).as("the example model").isRegularFile();
        // The launcher unpacks its class path (about 170 MB) and keeps the framework storage under
        // java.io.tmpdir: inside the test's own folder, nothing is left behind even after a kill.
        Path tmp = Files.createDirectories(work.resolve("tmp"));
        // JavaCPP's cache too (its natives, ~640 MB), so that its layout can be checked below.
        Path natives = work.resolve("javacpp-cache");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-Djava.io.tmpdir=" + tmp,
                "-Dorg.bytedeco.javacpp.cachedir=" + natives, "-D" + Probe.MODEL_PROPERTY + "=" + model));
        // The plugins to compile with, and which ModelCompiler service: empty = none and the best ranked.
        for (String property : List.of(Probe.PLUGINS_PROPERTY, Probe.COMPILER_FILTER_PROPERTY)) {
            String value = System.getProperty(property, "");
            if (!value.isBlank()) {
                command.add("-D" + property + "=" + value);
            }
        }
        command.addAll(List.of("-jar", jar.toString()));
        ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true);
        Process process = pb.start();
        Output out = new Output(process.getInputStream());
        try (Writer console = new java.io.OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8)) {
            send(console, "start " + probe.toUri());
            out.await(l -> l.equals(Probe.PREFIX + "done"), "the probe's report", process);

            Map<String, String> states = new TreeMap<>();
            Map<String, String> plugins = new TreeMap<>();
            for (String line : out.lines()) {
                if (line.startsWith(Probe.PREFIX + "bundle ")) {
                    String[] p = line.substring((Probe.PREFIX + "bundle ").length()).split(" ");
                    states.put(p[0], p[1]);
                } else if (line.startsWith(Probe.PREFIX + "plugin ")) {
                    String[] p = line.substring((Probe.PREFIX + "plugin ").length()).split(" ");
                    plugins.put(p[0], p[1]);
                }
            }
            assertThat(out.lines()).as(out.text()).noneMatch(l -> l.startsWith(Probe.PREFIX + "failed"));
            List<String> expected = new ArrayList<>(Bndrun.runBundles(Bndrun.file()).keySet());
            expected.removeIf(bsn -> !bsn.startsWith("org.hipep."));
            assertThat(expected).containsExactlyInAnyOrderElementsOf(Bndrun.PROJECT_BUNDLES);
            for (String bsn : expected) {
                assertThat(states.get(bsn)).as("state of " + bsn + " in\n" + out.text()).isEqualTo("ACTIVE");
            }
            assertThat(plugins).as("CompilerPlugin services by id, with the bundle that registered them\n" + out.text())
                    .isEqualTo(Map.of("sample", "org.hipep.sample", "vendor", "org.hipep.vendor"));
            // The compiler service compiled the example model to LLVM bitcode inside the framework,
            // with LLVM's natives loaded from the launcher's class path (-runpath).
            List<String> compiled = out.lines().stream().filter(l -> l.startsWith(Probe.PREFIX + "compiled ")).toList();
            assertThat(compiled).as("the probe's compile report\n" + out.text()).hasSize(1);
            String[] c = compiled.get(0).substring((Probe.PREFIX + "compiled ").length()).split(" ", 5);
            assertThat(Integer.parseInt(c[1])).as("bitcode bytes: " + compiled.get(0)).isPositive();
            assertThat(c[2]).as("bitcode magic 'BC' 0xC0DE: " + compiled.get(0)).isEqualTo("4243c0de");
            // sample and vendor each contribute one run-time bitcode module: both were in the
            // compile's plugin snapshot (an id with no service would be skipped, not refused).
            assertThat(Integer.parseInt(c[3])).as("plugin bitcode modules in the compile: " + compiled.get(0)).isEqualTo(2);
            // The same model JIT-run in the framework on its test data sets (its 3x3 convolution through
            // oneDNN): the JIT linked against OpenBLAS and libdnnl loaded from the -runpath jars.
            List<String> ran = out.lines().stream().filter(l -> l.startsWith(Probe.PREFIX + "ran ")).toList();
            assertThat(ran).as("the probe's run report\n" + out.text()).hasSize(1);
            assertThat(ran.get(0)).as(out.text()).startsWith(Probe.PREFIX + "ran true ");
            // The run loaded the runtime bundle's JNI library from a temporary copy, deleted once
            // loaded: none is left under java.io.tmpdir while the framework still runs.
            try (var left = Files.list(tmp)) {
                assertThat(left.map(p -> p.getFileName().toString()))
                        .as("JNI library copies left in java.io.tmpdir (" + tmp + ")")
                        .noneMatch(n -> n.startsWith("hipep-jni-"));
            }

            // The launcher runs each -runpath jar from a temporary copy of a new name at every start:
            // the natives must not sit in a folder named after that copy (a new ~640 MB one per start)
            // but in the cache folder itself, where the next start finds them.
            try (var top = Files.list(natives)) {
                assertThat(top.map(p -> p.getFileName().toString()))
                        .as("JavaCPP's cache folder " + natives + " (org.bytedeco.javacpp.cachedir.nosubdir in the bndrun)")
                        .contains("libLLVM.so", "libdnnl.so.3", "libopenblas_nolapack.so.0")
                        .noneMatch(n -> n.endsWith(".jar"));
            }

            int mark = out.lines().size();
            send(console, "lb -s");
            out.await(l -> l.contains("org.hipep.vendor"), "the console's bundle list", process, mark);

            send(console, "stop 0");
            if (!process.waitFor(STEP_SECONDS, TimeUnit.SECONDS)) {
                throw new AssertionError("the distribution did not exit within " + STEP_SECONDS + " s of `stop 0`; output:\n" + out.text());
            }
        } finally {
            if (process.isAlive()) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            out.join();
        }
        assertThat(process.exitValue()).as("exit status after `stop 0`; output:\n" + out.text()).isEqualTo(LAUNCHER_STOPPED);
    }

    private static void send(Writer console, String command) throws IOException {
        console.write(command + "\n");
        console.flush();
    }

    /** The probe as a bundle: its class from the test classes and a manifest naming it the activator. */
    private static Path probeBundle(Path target) throws IOException {
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", "org.hipep.osgidist.probe");
        a.putValue("Bundle-Version", "1.0.0");
        a.putValue("Bundle-Activator", Probe.class.getName());
        a.putValue("Import-Package", "org.osgi.framework;version=\"[1.8,2)\"");
        String entry = Probe.class.getName().replace('.', '/') + ".class";
        try (OutputStream os = Files.newOutputStream(target); JarOutputStream jos = new JarOutputStream(os, m);
             InputStream in = Probe.class.getClassLoader().getResourceAsStream(entry)) {
            if (in == null) {
                throw new IOException("class file " + entry + " is not on the test class path");
            }
            jos.putNextEntry(new JarEntry(entry));
            in.transferTo(jos);
            jos.closeEntry();
        }
        return target;
    }

    private static String required(String property) {
        String v = System.getProperty(property);
        if (v == null) {
            throw new IllegalStateException("system property " + property + " is not set (run the test through Maven)");
        }
        return v;
    }

    /** The process's output, collected by a thread; lines can be awaited. */
    private static final class Output {
        private final List<String> lines = new ArrayList<>();
        private final Thread reader;

        Output(InputStream in) {
            reader = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        synchronized (lines) {
                            lines.add(line);
                            lines.notifyAll();
                        }
                    }
                } catch (IOException e) {
                    synchronized (lines) {
                        lines.add("(reading the output failed: " + e + ")");
                    }
                }
            }, "hipep-felix-output");
            reader.setDaemon(true);
            reader.start();
        }

        List<String> lines() {
            synchronized (lines) {
                return List.copyOf(lines);
            }
        }

        String text() {
            return String.join("\n", lines());
        }

        void await(Predicate<String> line, String what, Process process) throws InterruptedException {
            await(line, what, process, 0);
        }

        /** Waits for a line from index {@code from} on; fails with the whole output on timeout or exit. */
        void await(Predicate<String> line, String what, Process process, int from) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STEP_SECONDS);
            synchronized (lines) {
                while (true) {
                    for (int i = from; i < lines.size(); i++) {
                        if (line.test(lines.get(i))) {
                            return;
                        }
                    }
                    long left = deadline - System.nanoTime();
                    if (left <= 0 || (!process.isAlive() && !reader.isAlive())) {
                        throw new AssertionError("no " + what + " within " + STEP_SECONDS + " s"
                                + (process.isAlive() ? "" : " (the process exited with " + process.exitValue() + ")")
                                + "; output:\n" + String.join("\n", lines));
                    }
                    lines.wait(Math.max(1, Math.min(TimeUnit.NANOSECONDS.toMillis(left), 500)));
                }
            }
        }

        void join() throws InterruptedException {
            reader.join(TimeUnit.SECONDS.toMillis(10));
        }
    }
}
