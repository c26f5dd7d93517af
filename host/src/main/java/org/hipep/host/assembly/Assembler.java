package org.hipep.host.assembly;

import java.io.IOException;
import java.lang.module.Configuration;
import java.lang.module.FindException;
import java.lang.module.ModuleFinder;
import java.lang.module.ResolutionException;
import java.lang.module.ResolvedModule;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.hipep.host.plugins.Contributions.BitcodeContribution;
import org.hipep.host.plugins.Contributions.LibraryContribution;
import org.hipep.host.plugins.Contributions.LibraryPathContribution;
import org.hipep.host.plugins.Contributions.PassContribution;
import org.hipep.host.plugins.Contributions.PipelineBuilderContribution;
import org.hipep.host.plugins.PluginException;
import org.hipep.host.plugins.PluginHost;
import org.hipep.host.plugins.PluginSnapshot;
import org.hipep.host.plugins.PluginSources;
import org.hipep.plugin.CompilerPlugin;
import org.hipep.plugin.PluginApi;
import org.hipep.runtime.jit.BitcodeSymbols;
import org.hipep.runtime.jit.LibrarySearch;
import org.hipep.runtime.jit.RuntimeFailure;

/**
 * Assembles a distribution: resolves the host and the selected plugin modules (with everything
 * they require) from folders of jars with the JPMS resolver, loads the plugin modules in a layer
 * and asks the host's registrar what each contributes, validates all of it, and only then writes
 * {@code dist/} ({@link DistWriter}).
 *
 * <p>Validation collects every problem before failing, in one {@link AssemblyException}: an
 * unknown plugin id (with the known ids and the jar of each), a plugin API version this host does
 * not support (both versions), two plugins registering the same pass or pipeline name (both
 * named), a bitcode symbol that two contributions, or a contribution and the runtime's own
 * bitcode ({@code hipep_runtime.bc} in the runtime jar), both define without a declared override
 * (symbol and both contributors), a library that is not on disk (name, plugin, paths searched),
 * a plugin whose registration fails, and requirements the resolver cannot meet.
 */
public final class Assembler {
    /** The host module: the root of every distribution. */
    public static final String HOST_MODULE = "org.hipep.host";
    /** The module whose jar carries the runtime bitcode. */
    public static final String RUNTIME_MODULE = "org.hipep.runtime";

    private Assembler() {
    }

    /**
     * What to assemble.
     *
     * @param pluginIds plugin ids, in selection order (may be empty)
     * @param from folders of jars, jars, exploded modules, or local Maven repositories to take
     *     the modules from
     * @param out the distribution folder to write (replaced only when the assembly succeeds)
     * @param jlink whether to add a jlink runtime image ({@code image/})
     * @param mavenGroup in a local Maven repository, the groupId of the host and of the plugin
     *     candidates ({@code org.hipep} when null)
     * @param mavenVersion in a local Maven repository, the version to take of each artifact
     *     (null: the newest of each)
     */
    public record Options(List<String> pluginIds, List<Path> from, Path out, boolean jlink, String mavenGroup,
            String mavenVersion) {
        /** Copies the lists. */
        public Options {
            pluginIds = List.copyOf(pluginIds);
            from = List.copyOf(from);
        }

        /** Options with the default group and the newest versions in a Maven repository. */
        public Options(List<String> pluginIds, List<Path> from, Path out, boolean jlink) {
            this(pluginIds, from, out, jlink, null, null);
        }
    }

    /**
     * A selected plugin as validated.
     *
     * @param id the plugin id
     * @param module its module
     * @param file the jar it comes from
     * @param version the module's version
     * @param apiVersion the plugin API version it was built against
     * @param snapshot what it contributes
     * @param bitcodeSymbols the symbols its bitcode defines
     */
    public record SelectedPlugin(String id, String module, Path file, String version, int apiVersion,
            PluginSnapshot snapshot, Set<String> bitcodeSymbols) {
    }

    /**
     * A validated assembly, ready to write.
     *
     * @param plugins the selected plugins, in order
     * @param modules the module path: module name to the jar (or exploded folder) it comes from
     * @param nativeModules the JavaCPP native modules among {@code modules} (nobody requires them)
     * @param systemModules the JDK modules the distribution needs (for jlink)
     * @param versions each module's version, by module name
     */
    public record Plan(List<SelectedPlugin> plugins, Map<String, Path> modules, List<String> nativeModules,
            Set<String> systemModules, Map<String, String> versions) {
        /** The selected ids, in order. */
        public List<String> pluginIds() {
            return plugins.stream().map(SelectedPlugin::id).toList();
        }
    }

    /** Validates and writes the distribution; returns what was written. */
    public static Plan assemble(Options options) throws IOException {
        Plan plan = plan(options.pluginIds(), options.from(), options.mavenGroup(), options.mavenVersion());
        DistWriter.write(plan, options.out(), options.jlink());
        return plan;
    }

    /**
     * Resolves and validates without writing anything ({@code org.hipep}, newest versions, in a
     * local Maven repository).
     *
     * @throws AssemblyException listing every problem found
     */
    public static Plan plan(List<String> ids, List<Path> from) {
        return plan(ids, from, null, null);
    }

    /**
     * Resolves and validates without writing anything. A {@code from} entry that is a local
     * Maven repository is first turned into jars ({@link MavenRepository}): the host and every
     * plugin artifact of {@code mavenGroup} with their runtime dependencies, whose plugin modules
     * are loaded to learn their ids; then the host and the selected plugin artifacts alone are
     * resolved again, and those jars are validated like a folder of jars, so that nothing only
     * an unselected plugin needs reaches the module path. (An unknown id is validated, and
     * reported, against all the repository's plugins.)
     *
     * @param mavenGroup groupId of the host and the plugin candidates in a repository (null:
     *     {@code org.hipep})
     * @param mavenVersion version of each artifact in a repository (null: the newest of each)
     * @throws AssemblyException listing every problem found
     */
    public static Plan plan(List<String> ids, List<Path> from, String mavenGroup, String mavenVersion) {
        List<Path> repos = from.stream().filter(ModuleSource::isMavenRepository).toList();
        if (repos.isEmpty()) {
            return validate(ids, from);
        }
        List<Path> others = from.stream().filter(f -> !repos.contains(f)).toList();
        String group = mavenGroup == null ? MavenRepository.DEFAULT_GROUP : mavenGroup;
        try {
            return fromRepositories(ids, others, repos, group, mavenVersion);
        } catch (LinkageError e) {
            throw new AssemblyException(List.of("--from " + repos + " is a local Maven repository, but Apache Maven"
                    + " Resolver is not available to this hip-assemble (" + e + "); run bin/hip-assemble of the build tree"
                    + " (it puts host/target/assemble-lib on the class path), or assemble from a folder of jars"));
        }
    }

    private static Plan fromRepositories(List<String> ids, List<Path> others, List<Path> repos, String group,
            String version) {
        List<String> problems = new ArrayList<>();
        List<MavenRepository> repositories = new ArrayList<>();
        List<MavenRepository.Candidates> candidates = new ArrayList<>();
        List<Path> all = new ArrayList<>(others);
        for (Path repo : repos) {
            MavenRepository r = new MavenRepository(repo, group, version);
            MavenRepository.Candidates c = r.candidates(problems);
            repositories.add(r);
            candidates.add(c);
            if (c.host() != null) {
                List<String> coords = new ArrayList<>();
                coords.add(c.host());
                coords.addAll(c.plugins().values());
                all.addAll(r.resolve(coords, problems));
            }
        }
        if (!problems.isEmpty()) {
            throw new AssemblyException(problems);
        }
        // Which plugin module has which id: only loading them says so (the registrar's ids).
        Map<String, String> moduleOfId;
        try {
            ModuleSource source = ModuleSource.scan(all, new ArrayList<>());
            PluginLayer layer = PluginLayer.load(source);
            moduleOfId = knownIds(layer, layer.sources());
        } catch (RuntimeException e) {
            return validate(ids, all); // reports what cannot be loaded, as for a folder of jars
        }
        if (!moduleOfId.keySet().containsAll(ids)) {
            return validate(ids, all); // the unknown-id report lists every plugin of the repository
        }
        Set<String> selected = new TreeSet<>();
        ids.forEach(id -> selected.add(moduleOfId.get(id)));
        List<Path> needed = new ArrayList<>(others);
        for (int i = 0; i < repositories.size(); i++) {
            List<String> coords = new ArrayList<>();
            coords.add(candidates.get(i).host());
            candidates.get(i).plugins().forEach((module, c) -> {
                if (selected.contains(module)) {
                    coords.add(c);
                }
            });
            needed.addAll(repositories.get(i).resolve(coords, problems));
        }
        if (!problems.isEmpty()) {
            throw new AssemblyException(problems);
        }
        return validate(ids, needed);
    }

    private static Plan validate(List<String> ids, List<Path> from) {
        List<String> problems = new ArrayList<>();
        ModuleSource source = ModuleSource.scan(from, problems);
        PluginLayer layer;
        try {
            layer = PluginLayer.load(source);
        } catch (RuntimeException e) {
            problems.add("cannot load the plugin modules of " + from + ": " + e.getMessage());
            throw new AssemblyException(problems);
        }
        PluginSources sources = layer.sources();
        sources.brokenProviders().forEach(b -> problems.add("a plugin provider cannot be loaded: " + b));

        Map<String, String> moduleOfId = knownIds(layer, sources);
        List<String> valid = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (String id : ids) {
            if (!seen.add(id)) {
                problems.add("plugin '" + id + "' is selected twice");
            } else if (!moduleOfId.containsKey(id)) {
                problems.add(unknown(id, moduleOfId, layer, source));
            } else {
                valid.add(id);
            }
        }
        for (CompilerPlugin p : sources.plugins()) {
            if (valid.contains(p.id()) && !PluginApi.isSupported(p.apiVersion())) {
                problems.add("plugin '" + p.id() + "' (" + where(source, moduleOfId.get(p.id())) + ") needs plugin API version "
                        + p.apiVersion() + ", but this host provides versions " + PluginApi.OLDEST_SUPPORTED + " to "
                        + PluginApi.VERSION);
                valid.remove(p.id());
            }
        }

        PluginHost host = new PluginHost();
        List<SelectedPlugin> selected = new ArrayList<>();
        for (String id : valid) {
            String module = moduleOfId.get(id);
            try {
                PluginSnapshot s = host.snapshot(sources, List.of(id));
                s.report().skipped().forEach(k -> problems.add("plugin '" + id + "' (" + where(source, module)
                        + ") cannot register: " + k.reason()));
                if (s.report().skipped().isEmpty()) {
                    selected.add(new SelectedPlugin(id, module, source.file(module), source.version(module),
                            apiVersion(sources, id), s, Set.of()));
                }
            } catch (PluginException e) {
                problems.add(e.getMessage() + " (" + where(source, module) + ")");
            }
        }
        checkPassNames(selected, source, problems);
        selected = checkBitcode(selected, source, problems);
        checkLibraries(selected, source, problems);

        Set<String> pluginModules = new TreeSet<>();
        selected.forEach(p -> pluginModules.add(p.module()));
        Plan plan = resolveModulePath(source, selected, pluginModules, problems);
        if (!problems.isEmpty()) {
            throw new AssemblyException(problems);
        }
        return plan;
    }

    private static Map<String, String> knownIds(PluginLayer layer, PluginSources s) {
        Map<String, String> out = new LinkedHashMap<>();
        s.plugins().forEach(p -> out.putIfAbsent(p.id(), layer.moduleOf(p)));
        s.slotExtensions().forEach(e -> out.putIfAbsent(e.pluginId(), layer.moduleOf(e)));
        s.dialectExtensions().forEach(e -> out.putIfAbsent(e.pluginId(), layer.moduleOf(e)));
        s.bitcodeExtensions().forEach(e -> out.putIfAbsent(e.pluginId(), layer.moduleOf(e)));
        s.libraryExtensions().forEach(e -> out.putIfAbsent(e.pluginId(), layer.moduleOf(e)));
        return out;
    }

    private static int apiVersion(PluginSources s, String id) {
        return s.plugins().stream().filter(p -> p.id().equals(id)).mapToInt(CompilerPlugin::apiVersion).findFirst()
                .orElse(PluginApi.VERSION);
    }

    private static String unknown(String id, Map<String, String> known, PluginLayer layer, ModuleSource source) {
        StringBuilder b = new StringBuilder("unknown plugin id '").append(id).append("'; known: ");
        if (known.isEmpty()) {
            b.append("(none)");
        } else {
            List<String> parts = new ArrayList<>();
            new TreeSet<>(known.keySet()).forEach(k -> parts.add(k + " (" + where(source, known.get(k)) + ")"));
            b.append(String.join(", ", parts));
        }
        layer.unloadable().forEach((m, why) -> b.append("; plugin module ").append(m).append(" (")
                .append(source.file(m)).append(") cannot be resolved: ").append(why));
        return b.toString();
    }

    /** {@code module m in /path/x.jar}. */
    static String where(ModuleSource source, String module) {
        return module == null ? "the host" : "module " + module + " in " + source.file(module);
    }

    private static void checkPassNames(List<SelectedPlugin> selected, ModuleSource source, List<String> problems) {
        Map<String, SelectedPlugin> owners = new LinkedHashMap<>();
        for (SelectedPlugin p : selected) {
            List<String> names = new ArrayList<>();
            p.snapshot().passes().stream().map(PassContribution::argument).forEach(names::add);
            p.snapshot().pipelineBuilders().stream().map(PipelineBuilderContribution::name).forEach(names::add);
            for (String name : names) {
                SelectedPlugin prev = owners.putIfAbsent(name, p);
                if (prev != null && prev != p) {
                    problems.add("pass argument '" + name + "' is registered by both plugin '" + prev.id() + "' ("
                            + where(source, prev.module()) + ") and plugin '" + p.id() + "' (" + where(source, p.module())
                            + "); prefix plugin pass names with the plugin id");
                }
            }
        }
    }

    private static List<SelectedPlugin> checkBitcode(List<SelectedPlugin> selected, ModuleSource source, List<String> problems) {
        Map<String, String> owner = new LinkedHashMap<>();
        try {
            byte[] runtime = source.resource(RUNTIME_MODULE, BitcodeSymbols.RUNTIME_RESOURCE).orElse(null);
            if (runtime == null) {
                problems.add("the runtime bitcode " + BitcodeSymbols.RUNTIME_RESOURCE + " is not in --from (module "
                        + RUNTIME_MODULE + (source.module(RUNTIME_MODULE).isPresent() ? " in " + source.file(RUNTIME_MODULE)
                        : " is missing") + ")");
            } else {
                String runtimeName = "the runtime (" + BitcodeSymbols.RUNTIME_RESOURCE + " in " + source.file(RUNTIME_MODULE) + ")";
                BitcodeSymbols.defined(runtime, "runtime").forEach(s -> owner.put(s, runtimeName));
            }
        } catch (IOException | RuntimeFailure e) {
            problems.add("cannot read the runtime bitcode of " + source.file(RUNTIME_MODULE) + ": " + e.getMessage());
        }
        List<SelectedPlugin> out = new ArrayList<>();
        for (SelectedPlugin p : selected) {
            Set<String> symbols = new TreeSet<>();
            String name = "plugin '" + p.id() + "' (" + where(source, p.module()) + ")";
            for (BitcodeContribution b : p.snapshot().bitcode()) {
                Set<String> defined;
                try {
                    defined = BitcodeSymbols.defined(b.bitcode(), "plugin '" + p.id() + "'");
                } catch (RuntimeFailure e) {
                    problems.add("the runtime bitcode of " + name + " is not readable: " + e.getMessage());
                    continue;
                }
                for (String s : defined) {
                    String earlier = owner.get(s);
                    if (earlier != null && !b.overriddenSymbols().contains(s)) {
                        problems.add("bitcode symbol '" + s + "' is defined by both " + earlier + " and " + name
                                + " without a declared override (addRuntimeBitcodeWithOverrides)");
                    }
                    owner.put(s, name);
                }
                symbols.addAll(defined);
            }
            out.add(new SelectedPlugin(p.id(), p.module(), p.file(), p.version(), p.apiVersion(), p.snapshot(), symbols));
        }
        return out;
    }

    private static void checkLibraries(List<SelectedPlugin> selected, ModuleSource source, List<String> problems) {
        LibrarySearch search = LibrarySearch.none();
        for (SelectedPlugin p : selected) {
            for (LibraryPathContribution d : p.snapshot().libraryPaths()) {
                search = search.withDirectory(p.id(), Path.of(d.path()));
            }
        }
        for (SelectedPlugin p : selected) {
            for (LibraryContribution l : p.snapshot().libraries()) {
                search = search.withLibrary(p.id(), l.nameOrPath());
            }
        }
        for (LibrarySearch.Missing m : search.missing()) {
            String id = m.library().contributor();
            SelectedPlugin p = selected.stream().filter(s -> s.id().equals(id)).findFirst().orElseThrow();
            problems.add("library '" + m.library().name() + "' of plugin '" + id + "' (" + where(source, p.module())
                    + ") is not on disk; searched: " + (m.searched().isEmpty() ? "(no library path registered)" : m.searched()));
        }
    }

    private static Plan resolveModulePath(ModuleSource source, List<SelectedPlugin> selected, Set<String> pluginModules,
            List<String> problems) {
        if (source.module(HOST_MODULE).isEmpty()) {
            problems.add("the host module " + HOST_MODULE + " is not in --from; add the folder with hipep-host and its"
                    + " dependencies (host/target/lib and the host jar, or a Maven copy-dependencies folder)");
            return null;
        }
        Set<String> unselected = new TreeSet<>(source.pluginModules());
        unselected.removeAll(pluginModules);
        ModuleFinder finder = source.finder(n -> !unselected.contains(n));
        Set<String> roots = new LinkedHashSet<>();
        roots.add(HOST_MODULE);
        roots.addAll(pluginModules);
        try {
            Configuration cf = Configuration.empty().resolveAndBind(finder, ModuleFinder.ofSystem(), roots);
            List<String> natives = new ArrayList<>();
            String platform = platform();
            for (ResolvedModule m : cf.modules()) {
                String n = m.name() + "." + platform;
                if (m.name().startsWith("org.bytedeco.") && source.module(n).isPresent()) {
                    natives.add(n);
                }
            }
            natives.sort(null);
            roots.addAll(natives);
            cf = Configuration.empty().resolveAndBind(finder, ModuleFinder.ofSystem(), roots);
            Map<String, Path> modules = new java.util.TreeMap<>();
            Map<String, String> versions = new java.util.TreeMap<>();
            for (ResolvedModule m : cf.modules()) {
                if (source.module(m.name()).filter(r -> r.equals(m.reference())).isPresent()) {
                    modules.put(m.name(), source.file(m.name()));
                    versions.put(m.name(), source.version(m.name()));
                }
            }
            Configuration plain = Configuration.empty().resolve(finder, ModuleFinder.ofSystem(), modules.keySet());
            Set<String> system = new TreeSet<>();
            plain.modules().stream().map(ResolvedModule::name).filter(n -> !modules.containsKey(n)).forEach(system::add);
            if (plain.modules().stream().anyMatch(m -> m.reference().descriptor().isAutomatic())) {
                // An automatic module (protobuf-java) declares no requirements but may use any JDK
                // module (protobuf uses java.logging): give the image what the class path would have.
                system.add("java.se");
            }
            return new Plan(selected, modules, natives, system, versions);
        } catch (ResolutionException | FindException e) {
            problems.add("the module path cannot be resolved from " + roots + ": " + e.getMessage());
            return null;
        }
    }

    /** JavaCPP's platform as a module-name suffix: {@code linux.x86_64}. */
    static String platform() {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
        String o = os.startsWith("mac") ? "macosx" : os.startsWith("windows") ? "windows" : "linux";
        String a = switch (arch) {
            case "amd64", "x86_64" -> "x86_64";
            case "aarch64", "arm64" -> "arm64";
            case "ppc64le" -> "ppc64le";
            default -> arch;
        };
        return o + "." + a;
    }
}
