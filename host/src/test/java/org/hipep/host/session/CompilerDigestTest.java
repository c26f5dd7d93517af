package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.Logger;
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
            assertThat(CompilerDigest.location(c)).as(c.getName()).isNotNull();
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

    private static Path classes(Path root, byte[] pass) throws Exception {
        Files.createDirectories(root.resolve("org/x"));
        Files.write(root.resolve("org/x/Pass.class"), pass);
        Files.write(root.resolve("org/x/Driver.class"), new byte[] {5, 5});
        return root;
    }
}
