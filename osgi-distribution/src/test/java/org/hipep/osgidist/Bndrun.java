package org.hipep.osgidist;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The resolved part of the committed bndrun: its {@code -runbundles}, symbolic name to version
 * range, as bnd-resolver-maven-plugin wrote them.
 */
final class Bndrun {
    /** The seven bundles of this project that the distribution must run. */
    static final Set<String> PROJECT_BUNDLES = Set.of("org.hipep.api", "org.hipep.dialects", "org.hipep.passes",
            "org.hipep.runtime", "org.hipep.host", "org.hipep.sample", "org.hipep.vendor");

    private static final Pattern ENTRY = Pattern.compile("([A-Za-z0-9_.\\-]+)\\s*;\\s*version\\s*=\\s*['\"]([^'\"]+)['\"]");

    private Bndrun() {
    }

    /** The bndrun the build resolved (system property {@code hipep.bndrun}, set by the pom). */
    static Path file() {
        String p = System.getProperty("hipep.bndrun");
        if (p == null) {
            throw new IllegalStateException("system property hipep.bndrun is not set (run the tests through Maven)");
        }
        return Path.of(p);
    }

    /**
     * The {@code -runbundles} of a bndrun, in file order.
     *
     * @throws IllegalStateException when the file has no {@code -runbundles} (it was never resolved)
     */
    static Map<String, VersionRange> runBundles(Path bndrun) throws IOException {
        String text = Files.readString(bndrun).replace("\\\r\n", "").replace("\\\n", "");
        String line = text.lines().filter(l -> l.startsWith("-runbundles:")).findFirst()
                .orElseThrow(() -> new IllegalStateException(bndrun + " has no -runbundles: resolve it (see its pom)"));
        Map<String, VersionRange> bundles = new LinkedHashMap<>();
        Matcher m = ENTRY.matcher(line.substring("-runbundles:".length()));
        while (m.find()) {
            bundles.put(m.group(1), VersionRange.parse(m.group(2)));
        }
        if (bundles.isEmpty()) {
            throw new IllegalStateException("no bundle could be read from the -runbundles of " + bndrun + ": " + line);
        }
        return bundles;
    }
}
