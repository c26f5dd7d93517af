package org.hipep.testing.lit;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
  * lit-style {@code %} substitutions. {@link #forTest} provides {@code %s} (absolute source path),
  * {@code %S} and {@code %p} (source directory), {@code %t} (a temp file path unique to the test
  * file) and {@code %T} (its per-file temp directory); {@code %%} always yields a literal
  * {@code %}. Keys are matched longest first, left to right, in a single pass (replacement text is
  * not substituted again); an unknown {@code %x} is left as is.
  */
public final class Substitutions {
    private final Map<String, String> values;

    private Substitutions(Map<String, String> values) {
        this.values = values;
    }

    /** @return substitutions with no entries (only {@code %%}) */
    public static Substitutions empty() {
        return new Substitutions(new LinkedHashMap<>());
    }

    /**
      * @param sourceFile the test file
      * @param tempDir    the test file's private temp directory
      * @return the standard substitutions for that test file
      */
    public static Substitutions forTest(Path sourceFile, Path tempDir) {
        Path source = sourceFile.toAbsolutePath().normalize();
        Path dir = source.getParent();
        Path temp = tempDir.toAbsolutePath().normalize();
        return empty()
                .with("%s", source.toString())
                .with("%S", dir.toString())
                .with("%p", dir.toString())
                .with("%t", temp.resolve(source.getFileName() + ".tmp").toString())
                .with("%T", temp.toString());
    }

    /**
      * @param key   the key, starting with {@code %}
      * @param value its replacement
      * @return a copy with the entry added or replaced
      */
    public Substitutions with(String key, String value) {
        if (!key.startsWith("%") || key.length() < 2 || key.equals("%%")) {
            throw new IllegalArgumentException("substitution keys look like %name: '" + key + "'");
        }
        Map<String, String> copy = new LinkedHashMap<>(values);
        copy.put(key, value);
        return new Substitutions(copy);
    }

    /**
      * @param key a key such as {@code %t}
      * @return its value, if defined
      */
    public Optional<String> get(String key) {
        return Optional.ofNullable(values.get(key));
    }

    /** @return all entries, in definition order */
    public Map<String, String> asMap() {
        return Collections.unmodifiableMap(values);
    }

    /**
      * @param text a RUN line
      * @return the text with all substitutions applied
      */
    public String apply(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 64);
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c != '%') {
                sb.append(c);
                i++;
                continue;
            }
            if (text.startsWith("%%", i)) {
                sb.append('%');
                i += 2;
                continue;
            }
            String best = null;
            for (String key : values.keySet()) {
                if (text.startsWith(key, i) && (best == null || key.length() > best.length())) {
                    best = key;
                }
            }
            if (best == null) {
                sb.append(c);
                i++;
            } else {
                sb.append(values.get(best));
                i += best.length();
            }
        }
        return sb.toString();
    }
}
