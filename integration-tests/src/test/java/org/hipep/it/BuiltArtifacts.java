package org.hipep.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** Where the build put the artifacts under test, and what each project jar must be called. */
final class BuiltArtifacts {
    /** Artifact id to module name (= Bundle-SymbolicName) of every main artifact. */
    static final Map<String, String> MODULE_NAMES = Map.of(
            "hipep-api", "org.hipep.api",
            "hipep-core-dialects", "org.hipep.dialects",
            "hipep-core-passes", "org.hipep.passes",
            "hipep-runtime", "org.hipep.runtime",
            "hipep-host", "org.hipep.host",
            "hipep-sample-plugin", "org.hipep.sample",
            "hipep-hip-ep-plugin-example", "org.hipep.vendor");

    private BuiltArtifacts() {
    }

    static String version() {
        return required("hipep.version");
    }

    /** The module path: every runtime dependency, copied by the build. */
    static Path modulesDir() {
        return existingDir(required("hipep.modules.dir"));
    }

    /** The OSGi extender bundles (SPI Fly and ASM). */
    static Path osgiDir() {
        return existingDir(required("hipep.osgi.dir"));
    }

    static List<Path> jars(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + dir, e);
        }
    }

    /** The jar of a project artifact in the module path folder. */
    static Path projectJar(String artifactId) {
        Path jar = modulesDir().resolve(artifactId + "-" + version() + ".jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("the build did not copy " + jar.getFileName() + " into " + modulesDir());
        }
        return jar;
    }

    private static String required(String property) {
        String v = System.getProperty(property);
        if (v == null || v.isBlank()) {
            throw new IllegalStateException("system property " + property + " is not set: run these tests through Maven (mvn verify)");
        }
        return v;
    }

    private static Path existingDir(String dir) {
        Path p = Path.of(dir);
        if (!Files.isDirectory(p)) {
            throw new IllegalStateException(p + " does not exist: the pre-integration-test copy did not run");
        }
        return p;
    }
}
