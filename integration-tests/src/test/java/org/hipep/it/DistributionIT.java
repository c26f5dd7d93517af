package org.hipep.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution the build assembles in pre-integration-test ({@code hip-assemble --plugins
 * sample,vendor --from target/modules --out target/dist}, the assembly profile of
 * docs/distributions.md): its lock matches its jars, and it runs {@code hip-onnx-runner} on the
 * example model from its own launcher and with {@code java --module-path dist/lib -m ...}, with
 * both plugins loaded and the outputs matching the expected ones.
 */
class DistributionIT {
    private static final String RUNNER = "org.hipep.host/org.hipep.host.cli.OnnxRunnerCommand";
    private static Path dist;
    private static Properties lock;

    @TempDir
    Path work;

    @BeforeAll
    static void readLock() throws IOException {
        dist = Path.of(System.getProperty("hipep.dist.dir"));
        assertThat(dist.resolve("plugins.lock")).as("the pre-integration-test assembly wrote %s", dist).isRegularFile();
        lock = new Properties();
        try (Reader r = Files.newBufferedReader(dist.resolve("plugins.lock"))) {
            lock.load(r);
        }
    }

    private static String sha256(Path file) throws IOException {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            try (InputStream in = new DigestInputStream(Files.newInputStream(file), d)) {
                in.transferTo(java.io.OutputStream.nullOutputStream());
            }
            return HexFormat.of().formatHex(d.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Path example(String name) {
        return Path.of(System.getProperty("hipep.repo.dir"), "examples", "small-cnn", name);
    }

    private List<String> runnerArgs() {
        return List.of("-m", example("model.onnx").toString(), "-i", example("test_data_set_1").toString(), "--compare",
                "--no-cache", "--print-plugin-info");
    }

    private String run(List<String> cmd) throws IOException, InterruptedException {
        return run(cmd, Map.of("JAVA", javaExecutable()));
    }

    /**
     * Runs {@code cmd} in the test's folder with {@code env} added (an empty value removes the
     * variable); the launchers' class-data sharing archives go to {@code <test folder>/xdg}.
     */
    private String run(List<String> cmd, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true);
        pb.environment().remove("HIPEP_PLUGINS");
        pb.environment().remove("HIPEP_JAVA_OPTS");
        pb.environment().remove("HIPEP_CDS");
        pb.environment().remove("JAVA");
        pb.environment().put("XDG_CACHE_HOME", work.resolve("xdg").toString());
        env.forEach((k, v) -> {
            if (v.isEmpty()) {
                pb.environment().remove(k);
            } else {
                pb.environment().put(k, v);
            }
        });
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).as("%s exited", cmd).isTrue();
        assertThat(p.exitValue()).as("exit code of %s; output:%n%s", cmd, out).isZero();
        return out;
    }

    private static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static void assertRanWithBothPlugins(String out) {
        assertThat(out).contains("[plugins] initialized 'sample', which contributed:")
                .contains("[plugins] initialized 'vendor', which contributed:")
                .contains("[plugins] selected: sample, vendor");
        List<String> compares = out.lines().filter(l -> l.contains("compare (")).toList();
        assertThat(compares).as("compare lines in:%n%s", out).isNotEmpty().allMatch(l -> l.endsWith("): match"));
    }

    @Test
    void theLockNamesThePluginsInOrderWithTheHashesOfTheirJars() throws IOException {
        assertThat(lock.getProperty("plugins")).isEqualTo("sample,vendor");
        for (String id : List.of("sample", "vendor")) {
            Path jar = dist.resolve(lock.getProperty("plugin." + id + ".jar"));
            assertThat(lock.getProperty("plugin." + id + ".sha256")).isEqualTo(sha256(jar));
            assertThat(Integer.parseInt(lock.getProperty("plugin." + id + ".bitcode.symbols"))).isPositive();
        }
        assertThat(lock.getProperty("plugin.sample.module")).isEqualTo("org.hipep.sample");
        assertThat(lock.getProperty("plugin.vendor.slot.AfterSimplifyOnnx")).isEqualTo("func.func(convert-onnx-add-to-vendor)");
        assertThat(lock.getProperty("plugin.vendor.libraries")).isEqualTo("hip_ep_vendor");
        assertThat(lock.getProperty("plugin.sample.sha256"))
                .isEqualTo(sha256(BuiltArtifacts.projectJar("hipep-sample-plugin")));
        for (String tool : List.of("hip-onnx-runner", "hip-compiler", "hip-mlir-opt", "hip-onnx-import", "hip-inspect",
                "hip-test", "hip-ep", "hip-assemble")) {
            assertThat(dist.resolve("bin").resolve(tool)).isExecutable();
        }
    }

    /** The launcher runs the model, and leaves its class-data sharing archive for the next launch. */
    @Test
    void theLauncherRunsTheExampleModelWithTheLockedPlugins() throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("bash", dist.resolve("bin/hip-onnx-runner").toString()));
        cmd.addAll(runnerArgs());
        String out = run(cmd);
        assertRanWithBothPlugins(out);
        assertThat(out).doesNotContainIgnoringCase("cds");
        assertThat(archives()).as("the archive, and no temporary left").hasSize(1)
                .allMatch(p -> p.getFileName().toString().endsWith(".jsa"));
    }

    private List<Path> archives() throws IOException {
        try (java.util.stream.Stream<Path> s = Files.list(work.resolve("xdg/hipep/cds"))) {
            return s.sorted().toList();
        }
    }

    @Test
    void theModulePathOfTheDistributionRunsTheExampleModel() throws IOException, InterruptedException {
        String natives = String.join(",", lock.stringPropertyNames().stream().filter(k -> k.startsWith("module.org.bytedeco.")
                && k.endsWith(".linux.x86_64")).map(k -> k.substring("module.".length())).sorted().toList());
        assertThat(natives.split(",")).contains("org.bytedeco.javacpp.linux.x86_64", "org.bytedeco.llvm.linux.x86_64",
                "org.bytedeco.openblas.linux.x86_64", "org.bytedeco.dnnl.linux.x86_64", "org.bytedeco.opencl.linux.x86_64");
        List<String> cmd = new ArrayList<>(List.of(javaExecutable(), "--module-path", dist.resolve("lib").toString(),
                "--add-modules", natives, "-m", RUNNER, "--plugins", "sample,vendor"));
        cmd.addAll(runnerArgs());
        assertRanWithBothPlugins(run(cmd));
    }

    /**
     * {@code hip-assemble --jlink}: the distribution carries a jlink image of the JDK modules it
     * needs, and its launcher runs the example model on that image (not on the build's JDK: the
     * JVM reports its java.home) with both plugins.
     */
    @Test
    void aJlinkImageRunsTheExampleModelFromTheLauncher() throws IOException, InterruptedException {
        Path modules = BuiltArtifacts.modulesDir();
        Path jdist = work.resolve("jdist");
        run(List.of(javaExecutable(), "--module-path", modules.toString(), "--add-modules", "ALL-MODULE-PATH", "-m",
                "org.hipep.host/org.hipep.host.cli.AssembleCommand", "--plugins", "sample,vendor", "--from", modules.toString(),
                "--out", jdist.toString(), "--jlink"));
        Path imageJava = jdist.resolve("image/bin/java");
        assertThat(imageJava).isExecutable();
        List<String> cmd = new ArrayList<>(List.of("bash", jdist.resolve("bin/hip-onnx-runner").toString()));
        cmd.addAll(runnerArgs());
        String out = run(cmd, Map.of("HIPEP_JAVA_OPTS", "-XshowSettings:properties"));
        assertThat(out).as("the JVM the launcher started").contains("java.home = " + jdist.resolve("image").toRealPath());
        assertRanWithBothPlugins(out);
        // the image has the JDK's base archive (jlink --generate-cds-archive), so the first launch
        // archived the tool's classes and the next one maps them
        assertThat(jdist.resolve("image/lib/server/classes.jsa")).isRegularFile();
        assertThat(archives()).hasSize(1);
        Path classes = work.resolve("classes.log");
        String second = run(cmd, Map.of("HIPEP_JAVA_OPTS", "-Xlog:class+load:file=" + classes));
        assertRanWithBothPlugins(second);
        assertThat(Files.readString(classes)).contains("source: shared objects file (top)");
    }
}
