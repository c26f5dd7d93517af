package org.hipep.vendor;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code docs/plugin-authoring.md} cannot rot: every {@code ```java} block in it is a whole
 * compilation unit, and all of them are compiled together (with {@code -Werror}) against this
 * module's test class path, which holds the API, the core dialects and the runtime's Session API.
 */
class PluginAuthoringGuideTest {
    private static final Path GUIDE = Path.of("..", "docs", "plugin-authoring.md");
    private static final Pattern JAVA_BLOCK = Pattern.compile("(?ms)^```java\\n(.*?)^```$");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package ([\\w.]+);");
    private static final Pattern TYPE = Pattern.compile("(?m)^(?:public )?(?:final |abstract )*(?:class|interface|record|enum) (\\w+)");

    static List<String> snippets(String markdown) {
        List<String> out = new ArrayList<>();
        Matcher m = JAVA_BLOCK.matcher(markdown);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void everyJavaSnippetCompiles(@TempDir Path dir) throws IOException {
        String guide = Files.readString(GUIDE, StandardCharsets.UTF_8);
        List<String> snippets = snippets(guide);
        assertThat(snippets).as("java blocks in %s", GUIDE).hasSizeGreaterThanOrEqualTo(6);
        List<String> files = new ArrayList<>();
        for (String snippet : snippets) {
            Matcher pkg = PACKAGE.matcher(snippet);
            Matcher type = TYPE.matcher(snippet);
            assertThat(pkg.find() && type.find()).as("a snippet without a package or a top-level type:%n%s", snippet)
                    .isTrue();
            Path file = dir.resolve("src").resolve(pkg.group(1).replace('.', '/')).resolve(type.group(1) + ".java");
            Files.createDirectories(file.getParent());
            assertThat(file).as("two snippets define %s", file.getFileName()).doesNotExist();
            Files.writeString(file, snippet, StandardCharsets.UTF_8);
            files.add(file.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertThat(javac).as("a JDK (javax.tools) to compile the snippets with").isNotNull();
        List<String> args = new ArrayList<>(List.of("-d", dir.resolve("classes").toString(), "-classpath",
                classPath(), "--release", "17", "-Xlint:all,-processing,-path", "-Werror", "-proc:none"));
        args.addAll(files);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = javac.run(null, err, err, args.toArray(String[]::new));
        assertThat(rc).as("javac on the guide's snippets:%n%s", err.toString(StandardCharsets.UTF_8)).isZero();
    }

    @Test
    void theSnippetExtractorFindsBlocksAndOnlyJavaOnes() {
        String md = "text\n```java\npackage a;\nclass A {}\n```\n```text\nnot java\n```\n```java\npackage b;\n```\n";
        assertThat(snippets(md)).containsExactly("package a;\nclass A {}\n", "package b;\n");
    }

    @Test
    void theReadmeLinksTheGuideFromItsPluginsSection() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"), StandardCharsets.UTF_8);
        int plugins = readme.indexOf("## Plugins");
        int next = readme.indexOf("\n## ", plugins + 1);
        assertThat(plugins).isNotNegative();
        assertThat(readme.substring(plugins, next)).contains("(docs/plugin-authoring.md)");
    }

    /** The test class path: surefire's (it may hide it behind a manifest-only jar), else java.class.path. */
    private static String classPath() {
        Set<String> entries = new LinkedHashSet<>();
        for (String property : List.of("surefire.test.class.path", "java.class.path")) {
            String value = System.getProperty(property);
            if (value != null && !value.isBlank()) {
                entries.addAll(List.of(value.split(File.pathSeparator)));
            }
        }
        return String.join(File.pathSeparator, entries);
    }
}
