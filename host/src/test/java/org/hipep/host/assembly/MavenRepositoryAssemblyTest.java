package org.hipep.host.assembly;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.hipep.host.assembly.FixturePlugins.Spec;
import org.hipep.host.cli.AssembleCommand;
import org.hipep.plugin.PluginApi;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code --from <local Maven repository>} against a repository laid out at test time: the
 * project's modules of this build (the test class path's build folders, packed as jars) under
 * {@code org.hipep}, their third-party dependencies linked from the jars the test class path
 * has, each with a POM whose dependencies are the module's {@code requires} (and, for the
 * JavaCPP modules, their {@code linux-x86_64} jars, as runtime's POM declares them); and fixture
 * plugin artifacts. No POM of ~/.m2's project snapshots is used (they may be stale).
 */
class MavenRepositoryAssemblyTest {
    private static final String VERSION = "0.1.0-test";
    private static final String NATIVE_CLASSIFIER = "linux-x86_64";

    @TempDir
    static Path tmp;
    static Path repo;
    static Path brokenRepo;

    /** A module of the test class path: where it is and its Maven coordinates. */
    private record Located(Path file, String groupId, String artifactId, String version, String classifier) {
        String coordinates() {
            return groupId + ":" + artifactId + ":" + version + (classifier == null ? "" : ":" + classifier);
        }
    }

    @BeforeAll
    static void buildRepositories() throws IOException {
        Path plugins = Files.createDirectories(tmp.resolve("plugins"));
        int v = PluginApi.VERSION;
        Path alpha = FixturePlugins.build(new Spec("alpha", v, "fx-alpha-pass", List.of(), Set.of(), null, null), plugins);
        Path beta = FixturePlugins.build(new Spec("beta", v, "fx-beta-pass", List.of(), Set.of(), null, null), plugins);
        Path old = FixturePlugins.build(new Spec("alphaold", v, null, List.of(), Set.of(), null, null), plugins);

        repo = Files.createDirectories(tmp.resolve("repo"));
        layOutProject(repo);
        install(repo, "org.hipep", "hipep-fx-alpha", "1.1", alpha, List.of("org.hipep:hipep-api:" + VERSION));
        install(repo, "org.hipep", "hipep-fx-alpha", "1.0.9", old, List.of("org.hipep:hipep-api:" + VERSION));
        // beta alone needs org.example:extra, an automatic module: were it handed to the JPMS
        // resolver, it would be resolved with every other automatic module (protobuf-java is one).
        Path extraFiles = Files.createDirectories(tmp.resolve("extra-files/META-INF"));
        Files.writeString(extraFiles.resolve("extra.txt"), "only beta needs this\n");
        Path extra = FixturePlugins.pack(extraFiles.getParent(), tmp.resolve("extra-1.0.jar"));
        install(repo, "org.example", "extra", "1.0", extra, List.of());
        install(repo, "org.hipep", "hipep-fx-beta", "2.0", beta,
                List.of("org.hipep:hipep-api:" + VERSION, "org.example:extra:1.0"));

        brokenRepo = Files.createDirectories(tmp.resolve("broken-repo"));
        layOutProject(brokenRepo);
        install(brokenRepo, "org.hipep", "hipep-fx-alpha", "1.1", alpha,
                List.of("org.hipep:hipep-api:" + VERSION, "org.hipep:hipep-gone:3.0"));
    }

    /** The host and everything it requires, from this build and the test class path. */
    private static void layOutProject(Path root) throws IOException {
        Map<String, Path> byName = new LinkedHashMap<>();
        for (Path p : FixturePlugins.classPathModules()) {
            byName.put(ModuleFinder.of(p).findAll().iterator().next().descriptor().name(), p);
        }
        Deque<String> todo = new ArrayDeque<>(List.of(Assembler.HOST_MODULE));
        Set<String> done = new LinkedHashSet<>();
        while (!todo.isEmpty()) {
            String name = todo.pop();
            if (!done.add(name)) {
                continue;
            }
            ModuleDescriptor d = ModuleFinder.of(byName.get(name)).findAll().iterator().next().descriptor();
            List<String> deps = new ArrayList<>();
            for (ModuleDescriptor.Requires r : d.requires()) {
                String n = r.name();
                if (r.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC) || n.startsWith("java.")
                        || n.startsWith("jdk.")) {
                    continue;
                }
                assertThat(byName).as("module %s required by %s is on the test class path", n, name).containsKey(n);
                deps.add(locate(n, byName.get(n)).coordinates());
                todo.push(n);
                String natives = n + "." + Assembler.platform();
                if (byName.containsKey(natives)) {
                    deps.add(locate(natives, byName.get(natives)).coordinates());
                    todo.push(natives);
                }
            }
            Located at = locate(name, byName.get(name));
            Path file = byName.get(name);
            if (Files.isDirectory(file)) {
                Path classes = Files.createDirectories(tmp.resolve("packed-" + root.getFileName()));
                file = FixturePlugins.pack(file, classes.resolve(at.artifactId() + ".jar"));
            }
            install(root, at.groupId(), at.artifactId(), at.version(), at.classifier(), file, deps);
        }
    }

    /**
     * The coordinates of a class-path module: {@code org.hipep:hipep-<name>:VERSION} for this
     * build's modules (class folders under {@code mvn test}, packaged jars in a reactor that ran
     * {@code package}), else read from the jar's place in the local repository it came from.
     */
    private static Located locate(String module, Path file) {
        if (module.startsWith("org.hipep.")) {
            String artifactId = "hipep-" + module.substring("org.hipep.".length()).replace('.', '-');
            return new Located(file, "org.hipep", artifactId, VERSION, null);
        }
        Path versionDir = file.getParent();
        Path artifactDir = versionDir.getParent();
        Path top = artifactDir;
        while (top != null && top.getFileName() != null && !top.getFileName().toString().equals("repository")) {
            top = top.getParent();
        }
        assertThat(top != null && top.getFileName() != null).as("%s lies in a local Maven repository", file).isTrue();
        String groupId = top.relativize(artifactDir.getParent()).toString().replace('/', '.');
        String artifactId = artifactDir.getFileName().toString();
        String version = versionDir.getFileName().toString();
        String base = artifactId + "-" + version;
        String fileName = file.getFileName().toString();
        String rest = fileName.substring(base.length(), fileName.length() - ".jar".length());
        return new Located(file, groupId, artifactId, version, rest.isEmpty() ? null : rest.substring(1));
    }

    private static void install(Path root, String g, String a, String v, Path jar, List<String> deps) throws IOException {
        install(root, g, a, v, null, jar, deps);
    }

    /** A jar (linked when it is a file elsewhere) and, once per artifact, its POM. */
    private static void install(Path root, String g, String a, String v, String classifier, Path jar, List<String> deps)
            throws IOException {
        Path dir = Files.createDirectories(root.resolve(g.replace('.', '/')).resolve(a).resolve(v));
        Path target = dir.resolve(a + "-" + v + (classifier == null ? "" : "-" + classifier) + ".jar");
        if (jar.startsWith(tmp)) {
            Files.copy(jar, target);
        } else {
            Files.createSymbolicLink(target, jar);
        }
        Path pom = dir.resolve(a + "-" + v + ".pom");
        StringBuilder b = new StringBuilder("<project xmlns=\"http://maven.apache.org/POM/4.0.0\">\n"
                + "  <modelVersion>4.0.0</modelVersion>\n  <groupId>" + g + "</groupId><artifactId>" + a
                + "</artifactId><version>" + v + "</version>\n  <dependencies>\n");
        for (String dep : deps) {
            String[] c = dep.split(":");
            b.append("    <dependency><groupId>").append(c[0]).append("</groupId><artifactId>").append(c[1])
                    .append("</artifactId><version>").append(c[2]).append("</version>")
                    .append(c.length > 3 ? "<classifier>" + c[3] + "</classifier>" : "").append("</dependency>\n");
        }
        b.append("  </dependencies>\n</project>\n");
        if (classifier == null || !Files.exists(pom)) {
            Files.writeString(pom, b.toString());
        }
    }

    @Test
    void assemblesTheSelectedPluginWithTheHostAndTheNativesFromTheRepository() throws IOException {
        Path out = tmp.resolve("dist");
        Assembler.Plan plan = Assembler.assemble(new Assembler.Options(List.of("alpha"), List.of(repo), out, false));

        assertThat(plan.pluginIds()).containsExactly("alpha");
        assertThat(plan.plugins().get(0).file())
                .isEqualTo(repo.resolve("org/hipep/hipep-fx-alpha/1.1/hipep-fx-alpha-1.1.jar"));
        assertThat(plan.modules()).containsKeys(Assembler.HOST_MODULE, Assembler.RUNTIME_MODULE, "fx.alpha",
                "org.bytedeco.llvm." + Assembler.platform(), "org.bytedeco.javacpp." + Assembler.platform())
                .doesNotContainKeys("fx.beta", "fx.alphaold", "extra");
        assertThat(plan.modules().values()).allSatisfy(p -> assertThat(p).startsWithRaw(repo));
        assertThat(plan.modules().keySet()).noneMatch(m -> m.startsWith("org.apache.maven"));
        try (Stream<Path> s = Files.list(out.resolve("lib"))) {
            assertThat(s.count()).isEqualTo(plan.modules().size());
        }
        assertThat(Files.readString(out.resolve("plugins.lock"))).contains("alpha");
    }

    @Test
    void anUnknownIdListsThePluginsOfTheRepositoryNewestVersionsOnly() {
        AssemblyException e = catchThrowableOfType(AssemblyException.class,
                () -> Assembler.plan(List.of("alpha", "nope"), List.of(repo)));
        assertThat(e).isNotNull();
        assertThat(e.problems()).singleElement().asString()
                .contains("unknown plugin id 'nope'; known: alpha (module fx.alpha in "
                        + repo.resolve("org/hipep/hipep-fx-alpha/1.1/hipep-fx-alpha-1.1.jar"))
                .contains("beta (module fx.beta in " + repo.resolve("org/hipep/hipep-fx-beta/2.0"))
                .doesNotContain("alphaold");
    }

    @Test
    void aRequestedVersionTakesThatVersionOfEachArtifact() {
        AssemblyException e = catchThrowableOfType(AssemblyException.class,
                () -> Assembler.plan(List.of("alphaold"), List.of(repo), "org.hipep", "1.0.9"));
        assertThat(e).isNotNull();
        assertThat(e.problems()).singleElement().asString()
                .contains("has no org.hipep:hipep-host:1.0.9").contains(repo.toString());
    }

    @Test
    void aMissingDependencyNamesTheRepositoryAndTheCoordinates() {
        AssemblyException e = catchThrowableOfType(AssemblyException.class,
                () -> Assembler.plan(List.of("alpha"), List.of(brokenRepo)));
        assertThat(e).isNotNull();
        assertThat(e.problems()).singleElement().asString()
                .contains("from the local Maven repository " + brokenRepo)
                .contains("org.hipep:hipep-gone:jar:3.0");
    }

    @Test
    void theCommandAssemblesFromARepositoryWithAnotherGroupRefused() {
        StringWriter err = new StringWriter();
        CommandLine cmd = new CommandLine(new AssembleCommand());
        cmd.setErr(new PrintWriter(err));
        cmd.setOut(new PrintWriter(new StringWriter()));
        int rc = cmd.execute("--plugins", "beta", "--from", repo.toString(), "--out", tmp.resolve("cli-dist").toString());
        assertThat(rc).as(err.toString()).isZero();
        assertThat(tmp.resolve("cli-dist/lib/extra-1.0.jar")).as("beta's dependency").isRegularFile();

        rc = cmd.execute("--plugins", "beta", "--from", repo.toString(), "--group", "com.example",
                "--out", tmp.resolve("cli-dist2").toString());
        assertThat(rc).isEqualTo(1);
        assertThat(err.toString()).contains("holds no artifact of group com.example");
    }
}
