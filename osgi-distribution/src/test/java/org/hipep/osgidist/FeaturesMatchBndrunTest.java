package org.hipep.osgidist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The Karaf feature file and the Felix bndrun cannot drift apart: every bundle a feature names is
 * one the bndrun resolved, at the same version, and every resolved bundle is either in a feature or
 * one that Karaf provides itself (listed here with the reason).
 *
 * <p>The features' {@code mvn:} URLs are looked up in {@code target/feature-repository}, this
 * module's runtime dependencies copied in the Maven repository layout, so a URL that names an
 * artifact this build does not pin fails too.
 */
class FeaturesMatchBndrunTest {
    /** Resolved for Felix, provided by Karaf itself: not in the features, by design (docs/distributions.md). */
    private static final Map<String, String> KARAF_PROVIDES = Map.ofEntries(
            Map.entry("org.apache.felix.scr", "Karaf's scr feature"),
            Map.entry("org.osgi.service.component", "Karaf's scr feature"),
            Map.entry("org.osgi.util.promise", "Karaf's scr feature"),
            Map.entry("org.osgi.util.function", "Karaf's scr feature"),
            Map.entry("org.osgi.namespace.extender", "Karaf's scr feature (an API-only bundle)"),
            Map.entry("slf4j.api", "Karaf's pax-logging exports org.slf4j"),
            Map.entry("slf4j.simple", "Karaf's pax-logging is the logging back end"),
            Map.entry("org.apache.felix.gogo.runtime", "Karaf's own shell"),
            Map.entry("org.apache.felix.gogo.shell", "Karaf's own shell"),
            Map.entry("org.apache.felix.gogo.command", "Karaf's own shell"));

    private static Map<String, VersionRange> runBundles;
    private static Document features;
    private static Path repository;

    @BeforeAll
    static void load() throws Exception {
        runBundles = Bndrun.runBundles(Bndrun.file());
        Path featuresFile = Path.of(required("hipep.features"));
        assertThat(featuresFile).as("the filtered features file").exists();
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setNamespaceAware(true);
        features = dbf.newDocumentBuilder().parse(featuresFile.toFile());
        repository = Path.of(required("hipep.feature.repository"));
        assertThat(repository).as("this module's dependencies in the repository layout").isDirectory();
    }

    private static String required(String property) {
        String v = System.getProperty(property);
        if (v == null) {
            throw new IllegalStateException("system property " + property + " is not set (run the tests through Maven)");
        }
        return v;
    }

    @Test
    void theBndrunRunsEveryProjectBundle() {
        assertThat(runBundles.keySet()).containsAll(Bndrun.PROJECT_BUNDLES);
    }

    @Test
    void everyFeatureBundleIsOneTheBndrunResolvedAtTheSameVersion() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, String> b : featureBundles().entrySet()) {
            String bsn = b.getValue().split(" ", 2)[0];
            String version = b.getValue().split(" ", 2)[1];
            VersionRange resolved = runBundles.get(bsn);
            if (resolved == null) {
                problems.add(b.getKey() + " (" + bsn + ") is not in the bndrun's -runbundles");
            } else if (!resolved.includes(version) || !resolved.lowText().equals(VersionRange.withoutQualifier(version))) {
                problems.add(b.getKey() + " is " + bsn + " " + version + " but the bndrun resolved " + resolved);
            }
        }
        assertThat(problems).as("feature bundles against " + Bndrun.file()).isEmpty();
    }

    @Test
    void everyResolvedBundleIsInAFeatureOrProvidedByKaraf() throws IOException {
        Set<String> inFeatures = new TreeSet<>();
        for (String v : featureBundles().values()) {
            inFeatures.add(v.split(" ", 2)[0]);
        }
        Set<String> missing = new TreeSet<>(runBundles.keySet());
        missing.removeAll(inFeatures);
        missing.removeAll(KARAF_PROVIDES.keySet());
        assertThat(missing).as("resolved for Felix but neither in a feature nor provided by Karaf").isEmpty();
        Set<String> both = new TreeSet<>(inFeatures);
        both.retainAll(KARAF_PROVIDES.keySet());
        assertThat(both).as("in a feature although Karaf provides it").isEmpty();
    }

    @Test
    void theFeaturesNeedKarafsDeclarativeServicesAndThePluginFeaturesNeedTheHost() {
        Map<String, List<String>> deps = new LinkedHashMap<>();
        NodeList list = features.getDocumentElement().getElementsByTagNameNS("*", "feature");
        for (int i = 0; i < list.getLength(); i++) {
            Element f = (Element) list.item(i);
            if (f.getParentNode() == features.getDocumentElement()) {
                List<String> names = new ArrayList<>();
                NodeList inner = f.getElementsByTagNameNS("*", "feature");
                for (int j = 0; j < inner.getLength(); j++) {
                    names.add(inner.item(j).getTextContent().trim());
                }
                deps.put(f.getAttribute("name"), names);
            }
        }
        assertThat(deps).containsOnly(Map.entry("hipep", List.of("scr")), Map.entry("hipep-sample", List.of("hipep")),
                Map.entry("hipep-vendor", List.of("hipep")));
    }

    /** Each feature bundle's URL mapped to "symbolic-name version" from the jar it names. */
    private static Map<String, String> featureBundles() throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        NodeList list = features.getDocumentElement().getElementsByTagNameNS("*", "bundle");
        for (int i = 0; i < list.getLength(); i++) {
            String url = list.item(i).getTextContent().trim();
            Path jar = jarOf(url);
            try (JarFile jf = new JarFile(jar.toFile())) {
                Attributes a = jf.getManifest().getMainAttributes();
                String bsn = a.getValue("Bundle-SymbolicName");
                assertThat(bsn).as(url + " is an OSGi bundle (" + jar + ")").isNotNull();
                out.put(url, bsn.split(";", 2)[0].trim() + " " + a.getValue("Bundle-Version"));
            }
        }
        assertThat(out).as("bundles in the features file").isNotEmpty();
        return out;
    }

    /** mvn:group/artifact/version, in the copied repository layout. */
    private static Path jarOf(String url) {
        assertThat(url).as("feature bundle URL").startsWith("mvn:");
        String[] gav = url.substring(4).split("/");
        assertThat(gav).as(url + " is mvn:group/artifact/version").hasSize(3);
        assertThat(gav[2]).as(url + " has its version filled in by the build").doesNotContain("${");
        Path jar = repository.resolve(gav[0].replace('.', '/')).resolve(gav[1]).resolve(gav[2])
                .resolve(gav[1] + "-" + gav[2] + ".jar");
        assertThat(jar).as(url + " is one of this module's pinned dependencies").exists();
        return jar;
    }
}
