package org.hipep.host.assembly;

import java.io.IOException;
import java.lang.module.FindException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReader;
import java.lang.module.ModuleReference;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The modules an assembly may take: every modular or plain jar in the {@code --from} folders (not
 * their subfolders), single jars, and exploded modules (a folder with {@code module-info.class}).
 * Each becomes a {@link ModuleReference} through {@link ModuleFinder#of}; the JPMS resolver does
 * the rest. Two entries with the same module name are a problem naming both.
 */
final class ModuleSource {
    /** The service types a plugin module provides (one of them makes it a plugin module). */
    static final Set<String> PLUGIN_SERVICES = Set.of("org.hipep.plugin.CompilerPlugin",
            "org.hipep.plugin.PipelineSlotExtension", "org.hipep.plugin.DialectRegistrationExtension",
            "org.hipep.plugin.RuntimeBitcodeExtension", "org.hipep.plugin.LibraryExtension");

    private final Map<String, ModuleReference> modules;
    private final Map<String, Path> files;

    private ModuleSource(Map<String, ModuleReference> modules, Map<String, Path> files) {
        this.modules = modules;
        this.files = files;
    }

    /**
     * Reads the entries of {@code from}; what cannot be used is added to {@code problems}.
     *
     * @param from folders of jars, jars, or exploded modules, in order (an earlier entry's module
     *     is not shadowed by a later one: the same name twice is a problem)
     */
    static ModuleSource scan(List<Path> from, List<String> problems) {
        Map<String, ModuleReference> modules = new LinkedHashMap<>();
        Map<String, Path> files = new LinkedHashMap<>();
        for (Path root : from) {
            for (Path entry : entries(root, problems)) {
                List<ModuleReference> found;
                try {
                    found = List.copyOf(ModuleFinder.of(entry).findAll());
                } catch (FindException e) {
                    problems.add("cannot read " + entry + " as a module: " + e.getMessage());
                    continue;
                }
                for (ModuleReference ref : found) {
                    String name = ref.descriptor().name();
                    Path prev = files.putIfAbsent(name, entry);
                    if (prev != null) {
                        problems.add("module " + name + " is in both " + prev + " and " + entry + "; keep one of them");
                        continue;
                    }
                    modules.put(name, ref);
                }
            }
        }
        return new ModuleSource(modules, files);
    }

    private static List<Path> entries(Path root, List<String> problems) {
        if (Files.isRegularFile(root)) {
            return List.of(root);
        }
        if (!Files.isDirectory(root)) {
            problems.add("--from " + root + " does not exist");
            return List.of();
        }
        if (Files.isRegularFile(root.resolve("module-info.class"))) {
            return List.of(root);
        }
        try (Stream<Path> s = Files.list(root)) {
            List<Path> jars = s.filter(p -> p.getFileName().toString().endsWith(".jar") && Files.isRegularFile(p))
                    .sorted().toList();
            if (jars.isEmpty()) {
                problems.add("--from " + root + " holds no jar (nor, within 6 levels, a .pom: it is no local Maven"
                        + " repository either)");
            }
            return jars;
        } catch (IOException e) {
            problems.add("cannot list --from " + root + ": " + e.getMessage());
            return List.of();
        }
    }

    /**
     * Whether a folder looks like a local Maven repository: no jar directly in it, POMs below it.
     * (Here, not in {@link MavenRepository}: asking must not need the resolver's classes.)
     */
    static boolean isMavenRepository(Path dir) {
        if (!Files.isDirectory(dir) || Files.isRegularFile(dir.resolve("module-info.class"))) {
            return false;
        }
        try (Stream<Path> top = Files.list(dir); Stream<Path> s = Files.walk(dir, 6, java.nio.file.FileVisitOption.FOLLOW_LINKS)) {
            return top.noneMatch(p -> p.getFileName().toString().endsWith(".jar"))
                    && s.anyMatch(p -> p.getFileName().toString().endsWith(".pom"));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Every module, by name, in the order found. */
    Map<String, ModuleReference> modules() {
        return modules;
    }

    /** A module by name. */
    Optional<ModuleReference> module(String name) {
        return Optional.ofNullable(modules.get(name));
    }

    /** The jar (or exploded folder) a module comes from. */
    Path file(String moduleName) {
        return files.get(moduleName);
    }

    /** The names of the modules that provide a plugin service, sorted. */
    Set<String> pluginModules() {
        Set<String> out = new TreeSet<>();
        for (ModuleReference ref : modules.values()) {
            if (ref.descriptor().provides().stream().anyMatch(p -> PLUGIN_SERVICES.contains(p.service()))) {
                out.add(ref.descriptor().name());
            }
        }
        return out;
    }

    /** A finder over the modules whose names pass {@code keep}. */
    ModuleFinder finder(Predicate<String> keep) {
        Map<String, ModuleReference> kept = new LinkedHashMap<>();
        modules.forEach((name, ref) -> {
            if (keep.test(name)) {
                kept.put(name, ref);
            }
        });
        return finderOf(kept);
    }

    /**
     * A finder of stand-ins for the modules that pass {@code keep}: the same name, requirements,
     * exports and packages, but no content. What a plugin layer reads when the host itself runs
     * on the class path: the stand-ins are defined to a loader that delegates to the class path,
     * where the project's (then unnamed) classes are.
     */
    ModuleFinder standIns(Predicate<String> keep) {
        Map<String, ModuleReference> out = new LinkedHashMap<>();
        modules.forEach((name, ref) -> {
            if (keep.test(name)) {
                out.put(name, new ModuleReference(standIn(ref.descriptor()), ref.location().orElse(null)) {
                    @Override
                    public ModuleReader open() {
                        return new EmptyReader();
                    }
                });
            }
        });
        return finderOf(out);
    }

    private static ModuleDescriptor standIn(ModuleDescriptor d) {
        if (d.isAutomatic()) {
            return ModuleDescriptor.newAutomaticModule(d.name()).packages(d.packages()).build();
        }
        ModuleDescriptor.Builder b = d.isOpen() ? ModuleDescriptor.newOpenModule(d.name()) : ModuleDescriptor.newModule(d.name());
        d.requires().forEach(b::requires);
        d.exports().forEach(b::exports);
        if (!d.isOpen()) {
            d.opens().forEach(b::opens);
        }
        return b.packages(d.packages()).build();
    }

    /** The bytes of a resource of a module, if the module and the resource exist. */
    Optional<byte[]> resource(String moduleName, String resource) throws IOException {
        ModuleReference ref = modules.get(moduleName);
        if (ref == null) {
            return Optional.empty();
        }
        try (ModuleReader reader = ref.open(); var in = reader.open(resource).orElse(null)) {
            return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
        }
    }

    /**
     * A module's version: the one in its descriptor, else the manifest's {@code Bundle-Version}
     * or {@code Implementation-Version}, else {@code unknown}.
     */
    String version(String moduleName) {
        ModuleReference ref = modules.get(moduleName);
        if (ref == null) {
            return "unknown";
        }
        if (ref.descriptor().rawVersion().isPresent()) {
            return ref.descriptor().rawVersion().get();
        }
        try {
            Optional<byte[]> mf = resource(moduleName, "META-INF/MANIFEST.MF");
            if (mf.isPresent()) {
                var attrs = new java.util.jar.Manifest(new java.io.ByteArrayInputStream(mf.get())).getMainAttributes();
                for (String key : List.of("Bundle-Version", "Implementation-Version")) {
                    if (attrs.getValue(key) != null) {
                        return attrs.getValue(key);
                    }
                }
            }
        } catch (IOException e) {
            return "unknown";
        }
        return "unknown";
    }

    private static ModuleFinder finderOf(Map<String, ModuleReference> refs) {
        Map<String, ModuleReference> copy = Map.copyOf(refs);
        Set<ModuleReference> all = Set.copyOf(refs.values());
        return new ModuleFinder() {
            @Override
            public Optional<ModuleReference> find(String name) {
                return Optional.ofNullable(copy.get(name));
            }

            @Override
            public Set<ModuleReference> findAll() {
                return all;
            }
        };
    }

    /** The reader of a stand-in module: no resources. */
    private static final class EmptyReader implements ModuleReader {
        @Override
        public Optional<URI> find(String name) {
            return Optional.empty();
        }

        @Override
        public Stream<String> list() {
            return Stream.empty();
        }

        @Override
        public void close() {
        }
    }

    /** All module names, for messages. */
    List<String> names() {
        return new ArrayList<>(modules.keySet());
    }
}
