package org.hipep.host.assembly;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;
import org.hipep.host.assembly.FixturePlugins.Spec;
import org.hipep.plugin.PluginApi;
import org.hipep.runtime.jit.BitcodeSymbols;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The assembler against plugin jars built at test time, the host and its dependencies taken from
 * the test class path: each of the refusals (unknown id, duplicate pass argument, bitcode symbol
 * defined twice — between plugins and against the runtime's bitcode —, a library not on disk, an
 * API version the host does not provide) is one line of one report, nothing is written when
 * refused, and a successful assembly writes lib/, bin/ and plugins.lock with what was validated.
 */
class AssemblerTest {
    @TempDir
    static Path tmp;
    static Path plugins;
    static Path libDir;
    static Path emptyDir;
    static String runtimeSymbol;
    static List<Path> from;

    @BeforeAll
    static void buildFixtures() throws IOException {
        plugins = Files.createDirectories(tmp.resolve("plugins"));
        libDir = Files.createDirectories(tmp.resolve("native"));
        Files.write(libDir.resolve("libfx_alpha.a"), new byte[] {'!', '<', 'a', 'r', 'c', 'h', '>', '\n'});
        emptyDir = Files.createDirectories(tmp.resolve("no-libraries"));
        // A symbol the runtime's own bitcode defines, read the same way the assembler reads it.
        runtimeSymbol = BitcodeSymbols.defined(BitcodeSymbols.runtimeBitcode(), "runtime").iterator().next();
        int v = PluginApi.VERSION;
        List<Spec> specs = List.of(
                new Spec("alpha", v, "fx-alpha-pass", List.of("fx_alpha_kernel"), Set.of(), libDir.toString(), "fx_alpha"),
                new Spec("twin", v, "fx-alpha-pass", List.of(), Set.of(), null, null),
                new Spec("clash", v, null, List.of("fx_alpha_kernel"), Set.of(), null, null),
                new Spec("shadow", v, null, List.of(runtimeSymbol), Set.of(), null, null),
                new Spec("override", v, null, List.of(runtimeSymbol), Set.of(runtimeSymbol), null, null),
                new Spec("nolib", v, null, List.of(), Set.of(), emptyDir.toString(), "fx_missing"),
                new Spec("future", v + 1, null, List.of(), Set.of(), null, null));
        for (Spec s : specs) {
            FixturePlugins.build(s, plugins);
        }
        from = new ArrayList<>();
        from.add(plugins);
        from.addAll(FixturePlugins.classPathModules());
    }

    private static List<String> problems(String... ids) {
        AssemblyException e = catchThrowableOfType(AssemblyException.class, () -> Assembler.plan(List.of(ids), from));
        assertThat(e).as("assembly of %s is refused", List.of(ids)).isNotNull();
        assertThat(e.getMessage()).startsWith("hip-assemble: the distribution was not written: " + e.problems().size());
        e.problems().forEach(p -> assertThat(e.getMessage()).contains("\n  - " + p));
        return e.problems();
    }

    private static String jar(String id) {
        return "module fx." + id + " in " + plugins.resolve("fx." + id + ".jar");
    }

    @Test
    void anUnknownIdListsTheKnownOnesWithTheirJars() {
        assertThat(problems("alpha", "nope")).singleElement().asString()
                .startsWith("unknown plugin id 'nope'; known: ")
                .contains("alpha (" + jar("alpha") + ")", "twin (" + jar("twin") + ")", "future (" + jar("future") + ")");
    }

    @Test
    void twoPluginsRegisteringOnePassArgumentAreBothNamed() {
        assertThat(problems("alpha", "twin")).containsExactly("pass argument 'fx-alpha-pass' is registered by both plugin"
                + " 'alpha' (" + jar("alpha") + ") and plugin 'twin' (" + jar("twin") + "); prefix plugin pass names with"
                + " the plugin id");
    }

    @Test
    void aBitcodeSymbolTwoPluginsDefineNamesTheSymbolAndBothPlugins() {
        assertThat(problems("alpha", "clash")).containsExactly("bitcode symbol 'fx_alpha_kernel' is defined by both plugin"
                + " 'alpha' (" + jar("alpha") + ") and plugin 'clash' (" + jar("clash") + ") without a declared override"
                + " (addRuntimeBitcodeWithOverrides)");
    }

    @Test
    void aBitcodeSymbolOfTheRuntimeNeedsADeclaredOverride() {
        assertThat(problems("shadow")).singleElement().asString()
                .startsWith("bitcode symbol '" + runtimeSymbol + "' is defined by both the runtime ("
                        + BitcodeSymbols.RUNTIME_RESOURCE + " in ")
                .endsWith(") and plugin 'shadow' (" + jar("shadow") + ") without a declared override"
                        + " (addRuntimeBitcodeWithOverrides)");
        assertThat(Assembler.plan(List.of("override"), from).pluginIds()).containsExactly("override");
    }

    @Test
    void aLibraryNotOnDiskNamesThePluginAndThePathsSearched() {
        assertThat(problems("nolib")).containsExactly("library 'fx_missing' of plugin 'nolib' (" + jar("nolib")
                + ") is not on disk; searched: [" + emptyDir.resolve("libfx_missing.so") + ", "
                + emptyDir.resolve("libfx_missing.a") + "]");
    }

    @Test
    void anApiVersionTheHostDoesNotProvideNamesBothVersions() {
        assertThat(problems("future")).containsExactly("plugin 'future' (" + jar("future") + ") needs plugin API version "
                + (PluginApi.VERSION + 1) + ", but this host provides versions " + PluginApi.OLDEST_SUPPORTED + " to "
                + PluginApi.VERSION);
    }

    @Test
    void everyProblemIsInOneReportAndNothingIsWritten() throws IOException {
        Path out = Files.createDirectories(tmp.resolve("refused/dist"));
        Files.writeString(out.resolve("marker"), "an earlier distribution");
        var options = new Assembler.Options(List.of("alpha", "twin", "clash", "shadow", "nolib", "future", "nope"), from,
                out, false);
        AssemblyException e = catchThrowableOfType(AssemblyException.class, () -> Assembler.assemble(options));
        assertThat(e.problems()).hasSize(6);
        assertThat(e.problems()).anyMatch(p -> p.startsWith("unknown plugin id 'nope'"))
                .anyMatch(p -> p.startsWith("pass argument 'fx-alpha-pass'"))
                .anyMatch(p -> p.startsWith("bitcode symbol 'fx_alpha_kernel'"))
                .anyMatch(p -> p.startsWith("bitcode symbol '" + runtimeSymbol + "'"))
                .anyMatch(p -> p.startsWith("library 'fx_missing'"))
                .anyMatch(p -> p.startsWith("plugin 'future'"));
        try (Stream<Path> s = Files.list(out.getParent())) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("dist");
        }
        try (Stream<Path> s = Files.list(out)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("marker");
        }
    }

    @Test
    void aSuccessfulAssemblyWritesTheModulePathLaunchersAndTheLock() throws IOException {
        Path out = Files.createDirectories(tmp.resolve("ok/dist"));
        Files.writeString(out.resolve("marker"), "replaced on success");
        Assembler.Plan plan = Assembler.assemble(new Assembler.Options(List.of("alpha", "override"), from, out, false));

        assertThat(out.resolve("marker")).doesNotExist();
        try (Stream<Path> s = Files.list(out.getParent())) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("dist");
        }
        Path lib = out.resolve("lib");
        assertThat(lib.resolve("fx.alpha.jar")).isRegularFile();
        assertThat(lib.resolve("fx.override.jar")).isRegularFile();
        assertThat(lib.resolve("fx.twin.jar")).doesNotExist();
        assertThat(plan.modules()).containsKeys(Assembler.HOST_MODULE, "org.hipep.api", Assembler.RUNTIME_MODULE,
                "org.bytedeco.llvm", "org.bytedeco.llvm." + Assembler.platform(), "fx.alpha", "fx.override")
                .doesNotContainKeys("fx.twin", "fx.clash");
        try (Stream<Path> s = Files.list(lib)) {
            assertThat(s.count()).isEqualTo(plan.modules().size());
        }
        // lib/ alone is a module path that resolves the host and the plugins.
        var cf = java.lang.module.Configuration.empty().resolve(java.lang.module.ModuleFinder.of(lib),
                java.lang.module.ModuleFinder.ofSystem(), List.of(Assembler.HOST_MODULE, "fx.alpha", "fx.override"));
        assertThat(cf.findModule(Assembler.HOST_MODULE)).isPresent();

        for (String tool : DistWriter.TOOLS.keySet()) {
            Path script = out.resolve("bin").resolve(tool);
            assertThat(script).isExecutable();
            assertThat(FixturePlugins.read(script)).contains("hipep-launch\" org.hipep.host/" + DistWriter.TOOLS.get(tool));
        }
        assertThat(FixturePlugins.read(out.resolve("bin/hipep-launch"))).contains("--module-path \"$dist/lib\"")
                .contains("org.bytedeco.llvm." + Assembler.platform()).contains("-Dhipep.plugins=$plugins")
                .contains(Launchers.cds()).contains("hipep_cds_exec \"$dist/lib\" \"$main\" \"$java\"");

        Properties lock = new Properties();
        try (Reader r = Files.newBufferedReader(out.resolve("plugins.lock"))) {
            lock.load(r);
        }
        assertThat(lock.getProperty("plugins")).isEqualTo("alpha,override");
        assertThat(lock.getProperty("plugin.alpha.module")).isEqualTo("fx.alpha");
        assertThat(lock.getProperty("plugin.alpha.jar")).isEqualTo("lib/fx.alpha.jar");
        assertThat(lock.getProperty("plugin.alpha.sha256")).isEqualTo(PluginsLock.sha256(lib.resolve("fx.alpha.jar")))
                .isEqualTo(PluginsLock.sha256(Files.readAllBytes(plugins.resolve("fx.alpha.jar"))));
        assertThat(lock.getProperty("plugin.alpha.passes")).isEqualTo("fx-alpha-pass");
        assertThat(lock.getProperty("plugin.alpha.slot.AfterSimplifyOnnx")).isEqualTo("func.func(fx-alpha-pass)");
        assertThat(lock.getProperty("plugin.alpha.bitcode.symbols")).isEqualTo("1");
        assertThat(lock.getProperty("plugin.alpha.libraries")).isEqualTo("fx_alpha");
        assertThat(lock.getProperty("plugin.alpha.library.paths")).isEqualTo(libDir.toString());
        assertThat(lock.getProperty("plugin.override.bitcode.overrides")).isEqualTo(runtimeSymbol);
        assertThat(lock.getProperty("plugin.override.passes")).isEmpty();
        assertThat(lock.getProperty("module." + Assembler.HOST_MODULE)).startsWith("org.hipep.host.jar ")
                .endsWith(" sha256:" + PluginsLock.sha256(lib.resolve("org.hipep.host.jar")));
    }

    @Test
    void hipAssembleExitsWithOneAndPrintsTheReportOnStandardError() {
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        Path dist = tmp.resolve("cli/dist");
        List<String> args = new ArrayList<>(List.of("--plugins", "alpha,nope", "--out", dist.toString()));
        from.forEach(f -> args.addAll(List.of("--from", f.toString())));
        int rc = new picocli.CommandLine(new org.hipep.host.cli.AssembleCommand()).setOut(new java.io.PrintWriter(out))
                .setErr(new java.io.PrintWriter(err)).execute(args.toArray(String[]::new));
        assertThat(rc).isEqualTo(1);
        assertThat(err.toString()).startsWith("hip-assemble: the distribution was not written: 1 problem\n"
                + "  - unknown plugin id 'nope'; known: ");
        assertThat(out.toString()).isEmpty();
        assertThat(dist.getParent()).doesNotExist();
    }

    @Test
    void aFolderWithoutTheHostIsRefused() {
        assertThatThrownBy(() -> Assembler.plan(List.of(), List.of(plugins))).isInstanceOf(AssemblyException.class)
                .hasMessageContaining("the host module org.hipep.host is not in --from");
    }
}
