package org.hipep.testing.lit;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
  * Configuration of a {@link LitSuite}.
  *
  * @param tools             the tools RUN lines may use
  * @param suffixes          file name suffixes of test files (default {@code .mlir})
  * @param availableFeatures features known to be present (for UNSUPPORTED / XFAIL)
  * @param absentFeatures    features known to be absent (a REQUIRES on one of them skips the file)
  * @param substitutions     extra {@code %key -> value} substitutions
  * @param tempRoot          where per-file temp directories go; null for a fresh temp directory
  */
public record LitConfig(ToolRegistry tools, Set<String> suffixes, Set<String> availableFeatures,
        Set<String> absentFeatures, Map<String, String> substitutions, Path tempRoot) {

    /** Copies the collections. */
    public LitConfig {
        suffixes = Set.copyOf(suffixes);
        availableFeatures = Set.copyOf(availableFeatures);
        absentFeatures = Set.copyOf(absentFeatures);
        substitutions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(substitutions));
    }

    /**
      * @param tools the tool registry
      * @return a configuration for {@code *.mlir} files with no features and a fresh temp root
      */
    public static LitConfig defaults(ToolRegistry tools) {
        return new LitConfig(tools, Set.of(".mlir"), Set.of(), Set.of(), Map.of(), null);
    }

    /**
      * @param fileSuffixes suffixes such as {@code .mlir}, {@code .test}
      * @return a copy using these suffixes
      */
    public LitConfig withSuffixes(String... fileSuffixes) {
        return new LitConfig(tools, new LinkedHashSet<>(Arrays.asList(fileSuffixes)),
                availableFeatures, absentFeatures, substitutions, tempRoot);
    }

    /**
      * @param features present features
      * @return a copy with these features present
      */
    public LitConfig withAvailableFeatures(String... features) {
        return new LitConfig(tools, suffixes, new LinkedHashSet<>(Arrays.asList(features)),
                absentFeatures, substitutions, tempRoot);
    }

    /**
      * @param features absent features
      * @return a copy with these features absent
      */
    public LitConfig withAbsentFeatures(String... features) {
        return new LitConfig(tools, suffixes, availableFeatures,
                new LinkedHashSet<>(Arrays.asList(features)), substitutions, tempRoot);
    }

    /**
      * @param key   a key such as {@code %mlir_lib}
      * @param value its value
      * @return a copy with the substitution added
      */
    public LitConfig withSubstitution(String key, String value) {
        Map<String, String> all = new LinkedHashMap<>(substitutions);
        all.put(key, value);
        return new LitConfig(tools, suffixes, availableFeatures, absentFeatures, all, tempRoot);
    }

    /**
      * @param root directory for per-file temp directories
      * @return a copy using it
      */
    public LitConfig withTempRoot(Path root) {
        return new LitConfig(tools, suffixes, availableFeatures, absentFeatures, substitutions, root);
    }
}
