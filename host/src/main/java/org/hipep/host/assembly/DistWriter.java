package org.hipep.host.assembly;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import org.hipep.host.assembly.Assembler.Plan;

/**
 * Writes a validated {@link Plan} as a distribution folder: {@code lib/} (the module path),
 * {@code bin/} (a launcher per tool), {@code plugins.lock}, and optionally {@code image/} (a jlink
 * runtime of the JDK modules the distribution needs; the launchers prefer its java). Everything is built in a sibling
 * temporary folder and moved into place at the end, so an existing distribution is replaced only
 * when the new one is complete, and a failure leaves the output folder as it was.
 */
final class DistWriter {
    /** Each tool's launcher name and main class (module {@code org.hipep.host}). */
    static final Map<String, String> TOOLS = tools();

    private DistWriter() {
    }

    private static Map<String, String> tools() {
        Map<String, String> t = new LinkedHashMap<>();
        t.put("hip-onnx-runner", "org.hipep.host.cli.OnnxRunnerCommand");
        t.put("hip-compiler", "org.hipep.host.cli.CompilerCommand");
        t.put("hip-mlir-opt", "org.hipep.host.tools.HipMlirOpt");
        t.put("hip-onnx-import", "org.hipep.host.tools.HipOnnxImport");
        t.put("hip-inspect", "org.hipep.host.cli.InspectCommand");
        t.put("hip-test", "org.hipep.host.cli.TestCommand");
        t.put("hip-ep", "org.hipep.host.cli.HipEpCommand");
        t.put("hip-assemble", "org.hipep.host.cli.AssembleCommand");
        return java.util.Collections.unmodifiableMap(t);
    }

    /** Writes {@code plan} to {@code out} (replacing it only on success). */
    static void write(Plan plan, Path out, boolean jlink) throws IOException {
        Path target = out.toAbsolutePath().normalize();
        Path parent = target.getParent();
        Files.createDirectories(parent);
        Path tmp = Files.createTempDirectory(parent, "." + target.getFileName() + ".assembling-");
        try {
            Map<String, String> jars = new TreeMap<>();
            Map<String, String> sha = new TreeMap<>();
            Path lib = Files.createDirectories(tmp.resolve("lib"));
            for (Map.Entry<String, Path> m : plan.modules().entrySet()) {
                Path from = m.getValue();
                Path to;
                if (Files.isDirectory(from)) {
                    to = lib.resolve(m.getKey() + ".jar");
                    jarFolder(from, to);
                } else {
                    to = lib.resolve(from.getFileName().toString());
                    Files.copy(from, to, StandardCopyOption.COPY_ATTRIBUTES);
                }
                jars.put(m.getKey(), to.getFileName().toString());
                sha.put(m.getKey(), PluginsLock.sha256(to));
            }
            Files.writeString(tmp.resolve(PluginsLock.FILE), PluginsLock.render(plan, jars, sha), StandardCharsets.UTF_8);
            Path bin = Files.createDirectories(tmp.resolve("bin"));
            executable(bin.resolve("hipep-launch"), Launchers.common(plan.nativeModules()));
            for (Map.Entry<String, String> t : TOOLS.entrySet()) {
                executable(bin.resolve(t.getKey()), Launchers.tool(t.getKey(), Assembler.HOST_MODULE + "/" + t.getValue()));
            }
            if (jlink) {
                jlink(plan, tmp);
            }
            replace(tmp, target);
        } catch (IOException | RuntimeException e) {
            deleteTree(tmp);
            throw e;
        }
    }

    private static void replace(Path tmp, Path target) throws IOException {
        if (!Files.exists(target)) {
            move(tmp, target);
            return;
        }
        Path old = target.resolveSibling("." + target.getFileName() + ".replaced-" + System.nanoTime());
        move(target, old);
        try {
            move(tmp, target);
        } catch (IOException e) {
            move(old, target);
            throw e;
        }
        deleteTree(old);
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to);
        }
    }

    private static void executable(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (UnsupportedOperationException e) {
            file.toFile().setExecutable(true, false);
        }
    }

    /** An exploded module (a build's classes folder) as a jar, entries in a stable order. */
    private static void jarFolder(Path dir, Path jar) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir)) {
            files = s.filter(Files::isRegularFile).sorted().toList();
        }
        try (OutputStream os = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(os)) {
            for (Path f : files) {
                JarEntry e = new JarEntry(dir.relativize(f).toString().replace('\\', '/'));
                e.setTime(0);
                out.putNextEntry(e);
                Files.copy(f, out);
                out.closeEntry();
            }
        }
    }

    /**
     * {@code image/}: a jlink runtime of the JDK modules the distribution needs. The application
     * modules stay in {@code lib/}: protobuf-java is an automatic module, which jlink refuses, and
     * JavaCPP does not load natives stored inside a jimage (dependencies.md §5). The natives stay
     * in their module jars in {@code lib/}, where the image's java finds them on the module path
     * exactly as any other java does; copying them into {@code image/lib} (the §5 recipe) runs
     * LLVM but not the runtime's OpenBLAS lookup, which needs JavaCPP to have loaded OpenBLAS itself.
     */
    private static void jlink(Plan plan, Path tmp) throws IOException {
        ToolProvider tool = ToolProvider.findFirst("jlink").orElseThrow(() -> new IOException(
                "--jlink needs a JDK with the jlink tool (jdk.jlink); this Java (" + System.getProperty("java.home") + ") has none"));
        Path image = tmp.resolve("image");
        StringWriter log = new StringWriter();
        PrintWriter pw = new PrintWriter(log);
        List<String> args = new ArrayList<>(List.of("--add-modules", String.join(",", plan.systemModules()),
                "--output", image.toString(), "--strip-debug", "--no-header-files", "--no-man-pages",
                // the JDK's own classes archived, which the launchers' per-tool archives extend (a
                // JVM without this base archive refuses -XX:ArchiveClassesAtExit)
                "--generate-cds-archive"));
        int rc = tool.run(pw, pw, args.toArray(String[]::new));
        pw.flush();
        if (rc != 0) {
            throw new IOException("jlink " + String.join(" ", args) + " failed (exit " + rc + "): " + log);
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
