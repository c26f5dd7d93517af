package org.hipep.host.assembly;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hipep.host.assembly.Assembler.Plan;
import org.hipep.host.assembly.Assembler.SelectedPlugin;
import org.hipep.host.plugins.Contributions.BitcodeContribution;
import org.hipep.host.plugins.Contributions.PassContribution;
import org.hipep.plugin.PipelineSlot;
import org.hipep.plugin.PluginApi;

/**
 * The text of {@code plugins.lock}: what a distribution was assembled from and what each plugin
 * contributes, in {@link java.util.Properties} syntax with the keys in a fixed order (so that
 * {@code Properties.load} reads it and a shell reads a key with {@code sed -n 's/^plugins=//p'}).
 *
 * <pre>
 * lock.format=1
 * plugins=sample,vendor                      the selection, in order (the launchers' default)
 * plugin.api=1                               the host's plugin API version
 * plugin.&lt;id&gt;.module / .version / .jar / .sha256 / .api
 * plugin.&lt;id&gt;.passes=a,b                    pass and pipeline names it registers
 * plugin.&lt;id&gt;.slot.&lt;SlotName&gt;=text;text      pipeline texts per slot
 * plugin.&lt;id&gt;.bitcode.buffers / .symbols / .symbols.sha256 / .sha256
 * plugin.&lt;id&gt;.libraries / .library.paths / .dialects
 * module.&lt;name&gt;=&lt;jar&gt; &lt;version&gt; sha256:&lt;hex&gt;   every jar of lib/
 * </pre>
 */
final class PluginsLock {
    /** The lock's file name in the distribution. */
    static final String FILE = "plugins.lock";

    private PluginsLock() {
    }

    /**
     * The lock for {@code plan}.
     *
     * @param jars the file name of each module in {@code lib/}
     * @param sha256 the SHA-256 of each module's file in {@code lib/}
     */
    static String render(Plan plan, Map<String, String> jars, Map<String, String> sha256) {
        StringBuilder b = new StringBuilder();
        b.append("# hip-ep plugins.lock, written by hip-assemble: the plugins of this distribution and what they contribute.\n");
        b.append("lock.format=1\n");
        line(b, "plugins", String.join(",", plan.pluginIds()));
        line(b, "plugin.api", Integer.toString(PluginApi.VERSION));
        for (SelectedPlugin p : plan.plugins()) {
            String k = "plugin." + p.id() + ".";
            var s = p.snapshot();
            line(b, k + "module", p.module());
            line(b, k + "version", p.version());
            line(b, k + "jar", "lib/" + jars.get(p.module()));
            line(b, k + "sha256", sha256.get(p.module()));
            line(b, k + "api", Integer.toString(p.apiVersion()));
            List<String> passes = new java.util.ArrayList<>(s.passes().stream().map(PassContribution::argument).toList());
            s.pipelineBuilders().forEach(x -> passes.add(x.name()));
            line(b, k + "passes", String.join(",", passes));
            for (PipelineSlot slot : PipelineSlot.values()) {
                List<String> texts = s.passesForSlot(slot);
                if (!texts.isEmpty()) {
                    line(b, k + "slot." + slot.seedName(), String.join(";", texts));
                }
            }
            line(b, k + "bitcode.buffers", Integer.toString(s.bitcode().size()));
            line(b, k + "bitcode.symbols", Integer.toString(p.bitcodeSymbols().size()));
            line(b, k + "bitcode.symbols.sha256", sha256(String.join("\n", p.bitcodeSymbols()).getBytes(StandardCharsets.UTF_8)));
            MessageDigest all = digest();
            s.bitcode().forEach(x -> all.update(x.bitcode()));
            line(b, k + "bitcode.sha256", HexFormat.of().formatHex(all.digest()));
            Set<String> overrides = new java.util.TreeSet<>();
            s.bitcode().stream().map(BitcodeContribution::overriddenSymbols).forEach(overrides::addAll);
            if (!overrides.isEmpty()) {
                line(b, k + "bitcode.overrides", String.join(",", overrides));
            }
            line(b, k + "libraries", String.join(",", s.libraryNames()));
            line(b, k + "library.paths", String.join(java.io.File.pathSeparator, s.libraryPathStrings()));
            line(b, k + "dialects", Integer.toString(s.dialects().size()));
        }
        for (Map.Entry<String, String> m : new java.util.TreeMap<>(jars).entrySet()) {
            line(b, "module." + m.getKey(), m.getValue() + " " + plan.versions().get(m.getKey()) + " sha256:"
                    + sha256.get(m.getKey()));
        }
        return b.toString();
    }

    private static void line(StringBuilder b, String key, String value) {
        b.append(key).append('=').append(escape(value)).append('\n');
    }

    /** Properties escaping for a value: backslashes, line breaks and a leading blank. */
    private static String escape(String v) {
        String e = v.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
        return e.startsWith(" ") ? "\\" + e : e;
    }

    static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(digest().digest(bytes));
    }

    /** The SHA-256 of a file, read as a stream. */
    static String sha256(java.nio.file.Path file) throws java.io.IOException {
        MessageDigest d = digest();
        try (var in = new java.security.DigestInputStream(java.nio.file.Files.newInputStream(file), d)) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(d.digest());
    }

    static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }
}
