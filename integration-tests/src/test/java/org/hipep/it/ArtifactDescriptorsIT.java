package org.hipep.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Each main artifact is an explicit JPMS module and an OSGi bundle of the same name. */
class ArtifactDescriptorsIT {

    @TestFactory
    Stream<DynamicTest> everyMainArtifactIsAModuleAndABundleWithOneName() {
        return BuiltArtifacts.MODULE_NAMES.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> DynamicTest.dynamicTest(e.getKey(), () -> checkArtifact(e.getKey(), e.getValue())));
    }

    private static void checkArtifact(String artifactId, String moduleName) throws IOException {
        Path jar = BuiltArtifacts.projectJar(artifactId);

        String described = runTool("jar", "--describe-module", "--file", jar.toString());
        assertThat(described).startsWith(moduleName + "@" + BuiltArtifacts.version() + " ");
        assertThat(described).doesNotContain("automatic");

        ModuleReference ref = ModuleFinder.of(jar).findAll().iterator().next();
        ModuleDescriptor descriptor = ref.descriptor();
        assertThat(descriptor.isAutomatic()).as("automatic module").isFalse();
        assertThat(descriptor.name()).isEqualTo(moduleName);

        try (JarFile jf = new JarFile(jar.toFile())) {
            Attributes main = jf.getManifest().getMainAttributes();
            assertThat(main.getValue("Bundle-SymbolicName")).isEqualTo(moduleName);
            assertThat(main.getValue("Bundle-ManifestVersion")).isEqualTo("2");
            assertThat(main.getValue("Bundle-Version")).startsWith(BuiltArtifacts.version().replace("-SNAPSHOT", ""));
            List<String> exports = descriptor.exports().stream().map(ModuleDescriptor.Exports::source).sorted().toList();
            List<String> bundleExports = exportedPackages(main.getValue("Export-Package"));
            assertThat(bundleExports).as("OSGi exports = JPMS exports").containsExactlyInAnyOrderElementsOf(exports);
            if (!exports.isEmpty()) {
                assertThat(main.getValue("Export-Package")).as("exported packages carry a version")
                        .contains("version=\"" + BuiltArtifacts.version().replace("-SNAPSHOT", "") + "\"");
            }
        }
    }

    @Test
    void apiDependsOnNoOtherProjectModule() throws IOException {
        Path api = BuiltArtifacts.projectJar("hipep-api");
        ModuleDescriptor d = ModuleFinder.of(api).findAll().iterator().next().descriptor();
        assertThat(d.requires()).extracting(ModuleDescriptor.Requires::name)
                .noneMatch(name -> name.startsWith("org.hipep."));

        String summary = runTool("jdeps", "--multi-release", "17", "--module-path",
                BuiltArtifacts.modulesDir().toString(), "-summary", api.toString());
        assertThat(summary.lines().map(String::trim).filter(l -> l.contains("->")))
                .as("jdeps summary of the api module")
                .isNotEmpty()
                .allSatisfy(line -> assertThat(line.substring(line.indexOf("->") + 2).trim())
                        .doesNotStartWith("org.hipep."));

        try (JarFile jf = new JarFile(api.toFile())) {
            var main = jf.getManifest().getMainAttributes();
            List<String> own = exportedPackages(main.getValue("Export-Package"));
            List<String> imports = exportedPackages(main.getValue("Import-Package"));
            assertThat(imports).filteredOn(pkg -> pkg.startsWith("org.hipep."))
                    .as("api imports only its own exported packages")
                    .allSatisfy(pkg -> assertThat(own).contains(pkg));
        }
    }

    @Test
    void samplePluginIsAServiceInBothWorlds() throws IOException {
        assertPluginServiceInBothWorlds("hipep-sample-plugin", "org.hipep.sample.SamplePlugin");
    }

    @Test
    void vendorPluginIsAServiceInBothWorlds() throws IOException {
        assertPluginServiceInBothWorlds("hipep-hip-ep-plugin-example", "org.hipep.vendor.VendorPlugin");
    }

    @Test
    void vendorPluginDependsOnlyOnTheApiAndTheCoreDialects() throws IOException {
        Path jar = BuiltArtifacts.projectJar("hipep-hip-ep-plugin-example");
        ModuleDescriptor d = ModuleFinder.of(jar).findAll().iterator().next().descriptor();
        assertThat(d.requires()).extracting(ModuleDescriptor.Requires::name)
                .filteredOn(name -> name.startsWith("org.hipep."))
                .containsExactlyInAnyOrder("org.hipep.api", "org.hipep.dialects");
    }

    private static void assertPluginServiceInBothWorlds(String artifactId, String provider) throws IOException {
        Path jar = BuiltArtifacts.projectJar(artifactId);
        ModuleDescriptor d = ModuleFinder.of(jar).findAll().iterator().next().descriptor();
        assertThat(d.provides()).anySatisfy(p -> {
            assertThat(p.service()).isEqualTo("org.hipep.plugin.CompilerPlugin");
            assertThat(p.providers()).containsExactly(provider);
        });
        try (JarFile jf = new JarFile(jar.toFile())) {
            String caps = jf.getManifest().getMainAttributes().getValue("Provide-Capability");
            assertThat(caps).contains("osgi.serviceloader=\"org.hipep.plugin.CompilerPlugin\"")
                    .contains("register:=\"" + provider + "\"");
            assertThat(jf.getEntry("META-INF/services/org.hipep.plugin.CompilerPlugin")).isNotNull();
        }
    }


    /** Package names of an OSGi package header, without attributes and directives. */
    private static List<String> exportedPackages(String header) {
        List<String> out = new ArrayList<>();
        if (header == null) {
            return out;
        }
        int depth = 0;
        StringBuilder clause = new StringBuilder();
        for (char c : (header + ",").toCharArray()) {
            if (c == '"') {
                depth ^= 1;
            }
            if (c == ',' && depth == 0) {
                out.add(clause.toString().split(";", 2)[0].trim());
                clause.setLength(0);
            } else {
                clause.append(c);
            }
        }
        return out;
    }

    private static String runTool(String name, String... args) {
        ToolProvider tool = ToolProvider.findFirst(name)
                .orElseThrow(() -> new IllegalStateException("the JDK running the tests has no '" + name + "' tool"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = tool.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), args);
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(rc).as("%s %s failed: %s%s", name, String.join(" ", args), text, err.toString(StandardCharsets.UTF_8)).isZero();
        return text;
    }
}
