package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.logging.Logger;
import org.hipep.host.plugins.Contributions.PassContribution;
import org.hipep.host.plugins.PluginReport;
import org.hipep.host.plugins.PluginSnapshot;
import org.hipep.pass.Pass;
import org.hipep.runtime.session.CodeDigest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compile cache key's digest of the compiler's code ({@link CompilerDigest}): every module
 * that compiles is read here (none falls back to the version), and the digest of a jar or class
 * folder follows its content (a changed byte, a renamed or an added class file change it; a copy
 * does not), as does a module read through its module reference.
 */
class CompilerDigestTest {
    @TempDir
    Path dir;

    @Test
    void everyCompilingModuleIsRead() {
        assertThat(CompilerDigest.unread()).isEmpty();
        assertThat(CompilerDigest.value()).matches("[0-9a-f]{32}");
        for (Class<?> c : CompilerDigest.MODULES) {
            assertThat(CodeDigest.location(c)).as(c.getName()).isNotNull();
        }
    }

    @Test
    void aFolderOrFileDigestFollowsItsContent() throws Exception {
        Path a = classes(dir.resolve("a"), new byte[] {1, 2, 3});
        Path b = classes(dir.resolve("b"), new byte[] {1, 2, 3});
        assertThat(CompilerDigest.digest(a)).isEqualTo(CompilerDigest.digest(b));

        Files.write(b.resolve("org/x/Pass.class"), new byte[] {1, 2, 4});
        assertThat(CompilerDigest.digest(a)).isNotEqualTo(CompilerDigest.digest(b));

        Path c = classes(dir.resolve("c"), new byte[] {1, 2, 3});
        Files.move(c.resolve("org/x/Pass.class"), c.resolve("org/x/Other.class"));
        assertThat(CompilerDigest.digest(a)).isNotEqualTo(CompilerDigest.digest(c));

        Path d = classes(dir.resolve("d"), new byte[] {1, 2, 3});
        Files.write(d.resolve("org/x/More.class"), new byte[0]);
        assertThat(CompilerDigest.digest(a)).isNotEqualTo(CompilerDigest.digest(d));

        Path jar = Files.write(dir.resolve("m.jar"), new byte[] {9, 8, 7});
        byte[] before = CompilerDigest.digest(jar);
        assertThat(CompilerDigest.digest(Files.write(dir.resolve("n.jar"), new byte[] {9, 8, 7}))).isEqualTo(before);
        Files.write(jar, new byte[] {9, 8, 6});
        assertThat(CompilerDigest.digest(jar)).isNotEqualTo(before);
    }

    @Test
    void aModuleOfARuntimeImageIsReadThroughItsReference() {
        byte[] logging = CompilerDigest.moduleDigest(Logger.class.getModule());
        assertThat(logging).isNotNull().hasSize(32).isEqualTo(CompilerDigest.moduleDigest(Logger.class.getModule()));
        assertThat(CompilerDigest.moduleDigest(Object.class.getModule())).isNotNull().isNotEqualTo(logging);
        assertThat(CompilerDigest.moduleDigest(CompilerDigestTest.class.getClassLoader().getUnnamedModule())).isNull();
    }

    /**
     * A plugin's code is part of the compile cache key: the same plugin id with its jar rebuilt
     * (here: an entry added) gives another fingerprint, and the same jar the same one.
     */
    @Test
    void aPluginsCodeKeysTheCompileCache() throws Exception {
        Path jar = dir.resolve("plugin.jar");
        pluginJar(jar, false);
        String first = HostModelCompiler.fingerprint(snapshotOf(jar));
        assertThat(HostModelCompiler.fingerprint(snapshotOf(jar))).isEqualTo(first);
        pluginJar(jar, true);
        assertThat(HostModelCompiler.fingerprint(snapshotOf(jar))).isNotEqualTo(first);
        assertThat(CompilerDigest.plugins(snapshot(List.of()))).isEmpty();
    }

    /** A pass factory of a plugin (loaded from a jar in the test); never asked for a pass. */
    public static final class Factory implements Supplier<Pass> {
        @Override
        public Pass get() {
            throw new UnsupportedOperationException("not compiled with");
        }
    }

    private static void pluginJar(Path jar, boolean rebuilt) throws Exception {
        String name = "org/hipep/host/session/CompilerDigestTest$Factory.class";
        byte[] bytes;
        try (InputStream in = CompilerDigestTest.class.getResourceAsStream("CompilerDigestTest$Factory.class")) {
            bytes = in.readAllBytes();
        }
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry(name));
            out.write(bytes);
            out.closeEntry();
            if (rebuilt) {
                out.putNextEntry(new JarEntry("org/hipep/host/session/Changed.txt"));
                out.write(1);
                out.closeEntry();
            }
        }
    }

    /** A snapshot of one plugin whose pass factory is the jar's {@link Factory}. */
    @SuppressWarnings("unchecked")
    private static PluginSnapshot snapshotOf(Path jar) throws Exception {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            Class<?> c = loader.loadClass(Factory.class.getName());
            assertThat(c.getProtectionDomain().getCodeSource().getLocation()).isEqualTo(jar.toUri().toURL());
            Supplier<Pass> factory = (Supplier<Pass>) c.getDeclaredConstructor().newInstance();
            PluginSnapshot s = snapshot(List.of(new PassContribution("p", "p-pass", "", factory)));
            assertThat(CompilerDigest.plugins(s)).hasSize(1);
            return s;
        }
    }

    private static PluginSnapshot snapshot(List<PassContribution> passes) {
        return new PluginSnapshot(new PluginReport(List.of(), List.of("p"), List.of("p"), List.of(), List.of()), passes,
                List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
    }

    private static Path classes(Path root, byte[] pass) throws Exception {
        Files.createDirectories(root.resolve("org/x"));
        Files.write(root.resolve("org/x/Pass.class"), pass);
        Files.write(root.resolve("org/x/Driver.class"), new byte[] {5, 5});
        return root;
    }
}
