package org.hipep.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Launches the built jars as named modules: {@code java --module-path ... -m org.hipep.host/...},
 * with the JavaCPP native modules that nobody requires added by name, as {@code bin/hipep-launch}
 * does.
 */
class ModulePathLaunchIT {
    /** The natives of JavaCPP, LLVM, OpenBLAS and oneDNN (with the OpenCL loader libdnnl links). */
    static final String NATIVE_MODULES = "org.bytedeco.javacpp.linux.x86_64,org.bytedeco.llvm.linux.x86_64,"
            + "org.bytedeco.openblas.linux.x86_64,org.bytedeco.dnnl.linux.x86_64,org.bytedeco.opencl.linux.x86_64";

    private static String launch(String mainClass, String... args) throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        String modulePath = BuiltArtifacts.jars(BuiltArtifacts.modulesDir()).stream()
                .map(Path::toString).collect(Collectors.joining(File.pathSeparator));
        List<String> cmd = new java.util.ArrayList<>(List.of(java.toString(),
                "--module-path", modulePath,
                "--add-modules", NATIVE_MODULES,
                "-m", "org.hipep.host/" + mainClass));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).as("host exited").isTrue();
        assertThat(p.exitValue()).as("exit code; output:%n%s", out).isZero();
        return out;
    }

    @Test
    void hostRunsOnTheModulePathAndDiscoversTheInTreePlugins() throws IOException, InterruptedException {
        String out = launch("org.hipep.host.cli.HipEpCommand");
        assertThat(out).contains("hip-ep " + BuiltArtifacts.version() + "\n")
                .contains("LLVM: 20.1.")
                .contains("(module path)")
                .contains("plugins: [sample, vendor]\n")
                .contains("sample  plugin API 1  (module org.hipep.sample)")
                .contains("vendor  plugin API 1  (module org.hipep.vendor)");
    }

    /**
     * The example CNN (a 3x3 convolution, which the runtime runs through oneDNN) compiles, JIT-links
     * and matches its expected outputs: the JIT needs OpenBLAS and oneDNN (libdnnl and the OpenCL
     * loader it links) loaded from their native modules.
     */
    @Test
    void theRunnerRunsTheExampleCnnOnTheModulePath() throws IOException, InterruptedException {
        Path example = Path.of(System.getProperty("hipep.repo.dir"), "examples", "small-cnn");
        String out = launch("org.hipep.host.cli.OnnxRunnerCommand", "-m", example.resolve("model.onnx").toString(),
                "-i", example.resolve("test_data_set_1").toString(), "--compare", "--no-cache");
        List<String> compares = out.lines().filter(l -> l.contains("compare (")).toList();
        assertThat(compares).as("compare lines in:%n%s", out).isNotEmpty().allMatch(l -> l.endsWith("): match"));
    }

    /** {@code bin/hipep-launch}, behind every {@code bin/hip-*} tool, adds the same native modules. */
    @Test
    void theBuildTreeLauncherAddsTheNativeModulesThisTestRunsWith() throws IOException {
        Path script = Path.of(System.getProperty("hipep.repo.dir"), "bin", "hipep-launch");
        assertThat(Files.readString(script)).contains("--add-modules " + NATIVE_MODULES + " ");
    }

    /**
     * {@code bin/hipep-launch} archives the classes a tool loads at its first launch (class-data
     * sharing, in {@code $XDG_CACHE_HOME/hipep/cds}) and maps them at the next one; {@code HIPEP_CDS=0}
     * turns that off.
     */
    @Test
    void theBuildTreeLauncherSharesClassDataBetweenLaunches(@TempDir Path cache) throws Exception {
        Path runner = Path.of(System.getProperty("hipep.repo.dir"), "bin", "hip-onnx-runner");
        String first = script(runner, cache.resolve("xdg"), Map.of(), "--version");
        Path cds = cache.resolve("xdg/hipep/cds");
        List<Path> archives = files(cds);
        assertThat(archives).as("the archive, and no temporary left").hasSize(1);
        assertThat(archives.get(0).getFileName().toString()).endsWith(".jsa");
        Path classes = cache.resolve("classes.log");
        String second = script(runner, cache.resolve("xdg"), Map.of("HIPEP_JAVA_OPTS", "-Xlog:class+load:file=" + classes),
                "--version");
        assertThat(second).isEqualTo(first);
        assertThat(Files.readString(classes)).contains("source: shared objects file (top)");
        assertThat(files(cds)).isEqualTo(archives);
        script(runner, cache.resolve("off"), Map.of("HIPEP_CDS", "0"), "--version");
        assertThat(cache.resolve("off/hipep/cds")).doesNotExist();
    }

    /**
     * A Java without the JDK's base archive ({@code lib/server/classes.jsa}) refuses to start with
     * the archive options, so the launcher runs it without them.
     */
    @Test
    void aJavaWithoutTheBaseArchiveRunsWithoutClassDataSharing(@TempDir Path dir) throws Exception {
        Path java = Files.createDirectories(dir.resolve("jdk/bin")).resolve("java");
        Path args = dir.resolve("args.txt");
        Files.writeString(java, "#!/usr/bin/env bash\nprintf '%s\\n' \"$@\" > '" + args + "'\nexec '"
                + Path.of(System.getProperty("java.home"), "bin", "java") + "' \"$@\"\n");
        assertThat(java.toFile().setExecutable(true)).isTrue();
        Path runner = Path.of(System.getProperty("hipep.repo.dir"), "bin", "hip-onnx-runner");
        script(runner, dir.resolve("xdg"), Map.of("JAVA", java.toString()), "--version");
        assertThat(Files.readString(args)).contains("-m").doesNotContain("-XX:SharedArchiveFile")
                .doesNotContain("-XX:ArchiveClassesAtExit");
        assertThat(dir.resolve("xdg/hipep/cds")).doesNotExist();
    }

    /** Runs a {@code bin/} tool with {@code XDG_CACHE_HOME=xdg} and {@code env}; its output, which must not mention CDS. */
    private static String script(Path tool, Path xdg, Map<String, String> env, String... args)
            throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(List.of("bash", tool.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("XDG_CACHE_HOME", xdg.toString());
        pb.environment().put("JAVA", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        pb.environment().remove("HIPEP_JAVA_OPTS");
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).as("tool exited").isTrue();
        assertThat(p.exitValue()).as("exit code; output:%n%s", out).isZero();
        assertThat(out).doesNotContainIgnoringCase("cds");
        return out;
    }

    private static List<Path> files(Path dir) throws IOException {
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }

    @Test
    void theSelectedSamplePluginContributesOnTheModulePath() throws IOException, InterruptedException {
        String out = launch("org.hipep.host.cli.HipEpCommand", "--plugins=sample", "--print-plugin-info");
        assertThat(out).contains("[plugins] available: 'sample' (plugin API 1, module org.hipep.sample)")
                .contains("[plugins] initialized 'sample', which contributed:")
                .contains("  slot AfterConvertOnnxToHip (2): func.func(hip-ep-sample-print-functions)")
                .contains("  library: hip_ep_sample_lib")
                .containsPattern("  runtime bitcode: [0-9]+ bytes")
                .contains("selected: [sample]");
    }

    @Test
    void theSelectedVendorPluginContributesOnTheModulePath() throws IOException, InterruptedException {
        String out = launch("org.hipep.host.cli.HipEpCommand", "--plugins=vendor", "--print-plugin-info");
        assertThat(out).contains("[plugins] available: 'vendor' (plugin API 1, module org.hipep.vendor)")
                .contains("[plugins] initialized 'vendor', which contributed:")
                .contains("  slot AfterSimplifyOnnx (0): func.func(convert-onnx-add-to-vendor)")
                .contains("  library: hip_ep_vendor")
                .containsPattern("  runtime bitcode: [0-9]+ bytes")
                .contains("selected: [vendor]");
    }
}
