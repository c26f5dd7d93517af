package org.hipep.host.assembly;

import java.io.IOException;
import java.lang.module.FindException;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.Artifact;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.graph.Dependency;
import org.eclipse.aether.repository.LocalRepository;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyRequest;
import org.eclipse.aether.resolution.DependencyResolutionException;
import org.eclipse.aether.resolution.DependencyResult;
import org.eclipse.aether.supplier.RepositorySystemSupplier;
import org.eclipse.aether.supplier.SessionBuilderSupplier;
import org.eclipse.aether.util.artifact.JavaScopes;
import org.eclipse.aether.util.filter.DependencyFilterUtils;
import org.eclipse.aether.util.version.GenericVersionScheme;
import org.eclipse.aether.version.InvalidVersionSpecificationException;
import org.eclipse.aether.version.Version;

/**
 * {@code hip-assemble --from <local Maven repository>}: the jars of the host and of plugin
 * artifacts, with their runtime dependency closures, resolved by Apache Maven Resolver offline
 * from that repository alone (no remote repository, the repository's files taken as they are).
 *
 * <p>Candidates are the artifacts under one groupId ({@code org.hipep} by default): for each
 * artifactId its newest version (or exactly the requested one); a candidate is a plugin artifact
 * when its jar's module descriptor provides a plugin service ({@link ModuleSource#PLUGIN_SERVICES}).
 * The host is {@code <group>:hipep-host} of the requested or newest version. The jars found are
 * then validated like a folder of jars ({@link Assembler}): one validation path.
 *
 * <p>The resolver is an optional dependency of the host ({@code requires static}): only this
 * class uses it, and only when a repository is given. Its jars split packages (maven-model and
 * maven-model-builder), so they cannot be modules: {@code bin/hip-assemble} puts them
 * ({@code host/target/assemble-lib}) on the class path, which the host module reads for that
 * launch only. No other tool and no assembled distribution has them.
 */
final class MavenRepository {
    /** The groupId whose artifacts are candidates unless another one is given. */
    static final String DEFAULT_GROUP = "org.hipep";
    /** The host's artifactId. */
    static final String HOST_ARTIFACT = "hipep-host";

    private final Path root;
    private final String group;
    private final String version;

    /**
     * A repository to resolve from.
     *
     * @param root the local repository's folder
     * @param group the groupId of the host and the plugin candidates
     * @param version the version to take of each artifact, or null for the newest of each
     */
    MavenRepository(Path root, String group, String version) {
        this.root = root;
        this.group = group;
        this.version = version;
    }

    /**
     * The candidates: {@code groupId:artifactId:version} of the host (first), then of every
     * artifact whose jar provides a plugin service, by its module name. Problems are added to
     * {@code problems} (the repository path and the coordinates they concern are named).
     */
    Candidates candidates(List<String> problems) {
        Path groupDir = root.resolve(group.replace('.', '/'));
        if (!Files.isDirectory(groupDir)) {
            problems.add("the local Maven repository " + root + " holds no artifact of group " + group + " (no " + groupDir + ")");
            return new Candidates(null, Map.of());
        }
        String host = null;
        Map<String, String> plugins = new LinkedHashMap<>();
        try (Stream<Path> s = Files.list(groupDir)) {
            for (Path artifactDir : s.filter(Files::isDirectory).sorted().toList()) {
                String artifactId = artifactDir.getFileName().toString();
                Optional<String> v = pick(artifactDir);
                if (v.isEmpty()) {
                    continue;
                }
                Path jar = artifactDir.resolve(v.get()).resolve(artifactId + "-" + v.get() + ".jar");
                String coords = group + ":" + artifactId + ":" + v.get();
                if (artifactId.equals(HOST_ARTIFACT)) {
                    host = coords;
                } else if (Files.isRegularFile(jar)) {
                    pluginModule(jar).ifPresent(m -> plugins.put(m, coords));
                }
            }
        } catch (IOException e) {
            problems.add("cannot list " + groupDir + " in the local Maven repository " + root + ": " + e.getMessage());
        }
        if (host == null) {
            problems.add("the local Maven repository " + root + " has no " + group + ":" + HOST_ARTIFACT
                    + (version == null ? "" : ":" + version) + " (looked in " + groupDir.resolve(HOST_ARTIFACT) + ")");
        }
        return new Candidates(host, plugins);
    }

    /**
     * Found artifacts.
     *
     * @param host the host's coordinates, or null when missing
     * @param plugins plugin module name to the coordinates of its artifact
     */
    record Candidates(String host, Map<String, String> plugins) {
    }

    /** The version directory to take: the requested one if present, else the newest. */
    private Optional<String> pick(Path artifactDir) throws IOException {
        if (version != null) {
            return Files.isDirectory(artifactDir.resolve(version)) ? Optional.of(version) : Optional.empty();
        }
        GenericVersionScheme scheme = new GenericVersionScheme();
        Version best = null;
        String bestName = null;
        try (Stream<Path> s = Files.list(artifactDir)) {
            for (Path d : s.filter(Files::isDirectory).toList()) {
                String name = d.getFileName().toString();
                try {
                    Version v = scheme.parseVersion(name);
                    if (best == null || v.compareTo(best) > 0) {
                        best = v;
                        bestName = name;
                    }
                } catch (InvalidVersionSpecificationException e) {
                    // not a version folder
                }
            }
        }
        return Optional.ofNullable(bestName);
    }

    /** The module name of a jar that provides a plugin service. */
    private static Optional<String> pluginModule(Path jar) {
        try {
            for (ModuleReference ref : ModuleFinder.of(jar).findAll()) {
                if (ref.descriptor().provides().stream().anyMatch(p -> ModuleSource.PLUGIN_SERVICES.contains(p.service()))) {
                    return Optional.of(ref.descriptor().name());
                }
            }
        } catch (FindException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /**
     * The jars of the given artifacts and of their runtime dependencies (JavaCPP's platform
     * jars come as the dependencies with a platform classifier that the POMs declare),
     * resolved offline from this repository alone; what cannot be resolved is added to
     * {@code problems} with its coordinates.
     */
    List<Path> resolve(Collection<String> coordinates, List<String> problems) {
        RepositorySystem system = new RepositorySystemSupplier().get();
        // "simple": every file in the repository counts, wherever it was downloaded from (the
        // default manager would hide artifacts recorded as coming from a remote repository).
        try (RepositorySystemSession.CloseableSession session = new SessionBuilderSupplier(system).get()
                .withLocalRepositories(new LocalRepository(root, "simple"))
                .setOffline(true)
                .setSystemProperties(System.getProperties())
                .build()) {
            CollectRequest collect = new CollectRequest();
            coordinates.forEach(c -> collect.addDependency(new Dependency(new DefaultArtifact(c), JavaScopes.RUNTIME)));
            DependencyRequest request = new DependencyRequest(collect, DependencyFilterUtils.classpathFilter(JavaScopes.RUNTIME));
            List<Path> out = new ArrayList<>();
            try {
                DependencyResult result = system.resolveDependencies(session, request);
                result.getArtifactResults().forEach(r -> out.add(r.getArtifact().getPath()));
            } catch (DependencyResolutionException e) {
                problems.add(describe(e, coordinates));
            }
            return out;
        } finally {
            system.shutdown();
        }
    }

    private String describe(DependencyResolutionException e, Collection<String> roots) {
        Set<String> missing = new LinkedHashSet<>();
        DependencyResult r = e.getResult();
        if (r != null) {
            for (ArtifactResult a : r.getArtifactResults()) {
                if (!a.isResolved()) {
                    missing.add("missing " + coords(a.getRequest().getArtifact()));
                }
            }
            if (r.getCollectExceptions() != null) {
                r.getCollectExceptions().forEach(c -> missing.add(withCauses(c)));
            }
        }
        return "cannot resolve " + roots + " from the local Maven repository " + root + " (offline, that repository only): "
                + (missing.isEmpty() ? e.getMessage() : String.join("; ", missing));
    }

    /** A collection failure's message and its causes' (the last one names what is missing). */
    private static String withCauses(Throwable t) {
        List<String> parts = new ArrayList<>();
        for (Throwable c = t; c != null && parts.size() < 6; c = c.getCause()) {
            String m = c.getMessage();
            if (m != null && (parts.isEmpty() || !parts.get(parts.size() - 1).contains(m))) {
                parts.add(m);
            }
        }
        return String.join(": ", parts);
    }

    private static String coords(Artifact a) {
        return a.getGroupId() + ":" + a.getArtifactId() + ":" + a.getExtension()
                + (a.getClassifier().isEmpty() ? "" : ":" + a.getClassifier()) + ":" + a.getVersion();
    }
}
