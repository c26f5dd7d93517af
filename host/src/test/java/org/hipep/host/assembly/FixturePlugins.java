package org.hipep.host.assembly;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.module.FindException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import org.hipep.plugin.CompilerPlugin;
import org.hipep.runtime.llvm.LlvmModule;

/**
 * Plugin module jars built at test time: tiny plugin sources compiled with {@code javax.tools}
 * against the API module and packed with a {@code module-info} that provides
 * {@code CompilerPlugin}, so the assembler resolves and loads them like real plugin jars.
 */
final class FixturePlugins {
    /**
     * One fixture plugin (module {@code fx.<id>}).
     *
     * @param id the plugin id
     * @param apiVersion what {@code apiVersion()} returns
     * @param passArgument a pass it registers (and requests at AfterSimplifyOnnx), or null
     * @param bitcodeSymbols functions its runtime bitcode defines (none: no bitcode)
     * @param overrides the symbols its bitcode declares as overrides
     * @param libraryPath a library directory it registers, or null
     * @param library a library it names, or null
     */
    record Spec(String id, int apiVersion, String passArgument, List<String> bitcodeSymbols, Set<String> overrides,
            String libraryPath, String library) {
    }

    private FixturePlugins() {
    }

    /** Builds {@code fx.<id>.jar} in {@code dir}; returns the jar. */
    static Path build(Spec spec, Path dir) throws IOException {
        String module = "fx." + spec.id();
        Path work = Files.createTempDirectory(dir.getParent(), "fx-src-");
        Path src = Files.createDirectories(work.resolve("src/" + module.replace('.', '/')));
        Files.writeString(work.resolve("src/module-info.java"), "module " + module + " {\n  requires org.hipep.api;\n"
                + "  provides org.hipep.plugin.CompilerPlugin with " + module + ".Plugin;\n}\n");
        StringBuilder body = new StringBuilder();
        if (spec.passArgument() != null) {
            body.append("    r.registerPass(FxPass::new);\n")
                    .append("    r.requestPipelineSlot(org.hipep.plugin.PipelineSlot.AFTER_SIMPLIFY_ONNX, \"func.func(")
                    .append(spec.passArgument()).append(")\");\n");
            Files.writeString(src.resolve("FxPass.java"), "package " + module + ";\n"
                    + "final class FxPass extends org.hipep.pass.Pass {\n"
                    + "  @Override public String argument() { return \"" + spec.passArgument() + "\"; }\n"
                    + "  @Override public String anchorName() { return \"func.func\"; }\n"
                    + "  @Override protected void runOnOperation() { }\n}\n");
        }
        if (!spec.bitcodeSymbols().isEmpty()) {
            List<String> quoted = spec.overrides().stream().map(s -> "\"" + s + "\"").toList();
            body.append("    byte[] bc;\n    try (var in = Plugin.class.getResourceAsStream(\"kernels.bc\")) {\n")
                    .append("      bc = in.readAllBytes();\n    } catch (java.io.IOException e) {\n")
                    .append("      throw new java.io.UncheckedIOException(e);\n    }\n")
                    .append("    r.addRuntimeBitcodeWithOverrides(bc, java.util.Set.of(").append(String.join(", ", quoted))
                    .append("));\n");
        }
        if (spec.libraryPath() != null) {
            body.append("    r.addLibraryPath(\"").append(spec.libraryPath()).append("\");\n");
        }
        if (spec.library() != null) {
            body.append("    r.addLibrary(\"").append(spec.library()).append("\");\n");
        }
        Files.writeString(src.resolve("Plugin.java"), "package " + module + ";\n"
                + "public final class Plugin implements org.hipep.plugin.CompilerPlugin {\n"
                + "  @Override public String id() { return \"" + spec.id() + "\"; }\n"
                + "  @Override public int apiVersion() { return " + spec.apiVersion() + "; }\n"
                + "  @Override public void register(org.hipep.plugin.PluginRegistry r) {\n" + body + "  }\n}\n");

        Path classes = Files.createDirectories(work.resolve("classes"));
        List<String> args = new ArrayList<>(List.of("--release", "17", "--module-path", apiLocation().toString(),
                "-d", classes.toString()));
        try (Stream<Path> s = Files.walk(work.resolve("src"))) {
            s.filter(p -> p.toString().endsWith(".java")).forEach(p -> args.add(p.toString()));
        }
        // java.util.spi.ToolProvider: javax.tools is in java.compiler, which the host module does not read.
        ToolProvider javac = ToolProvider.findFirst("javac").orElseThrow(() -> new IllegalStateException(
                "these tests need a JDK with javac"));
        java.io.StringWriter log = new java.io.StringWriter();
        java.io.PrintWriter pw = new java.io.PrintWriter(log);
        int rc = javac.run(pw, pw, args.toArray(String[]::new));
        pw.flush();
        if (rc != 0) {
            throw new IllegalStateException("javac failed for fixture " + module + ": " + log);
        }
        if (!spec.bitcodeSymbols().isEmpty()) {
            StringBuilder ir = new StringBuilder();
            spec.bitcodeSymbols().forEach(f -> ir.append("define void @").append(f).append("() {\n  ret void\n}\n"));
            try (LlvmModule m = LlvmModule.parseIr(ir.toString(), module)) {
                Files.write(classes.resolve(module.replace('.', '/')).resolve("kernels.bc"), m.bitcode());
            }
        }
        return pack(classes, dir.resolve(module + ".jar"));
    }

    /** Packs the files under {@code classes} into {@code jar}; returns the jar. */
    static Path pack(Path classes, Path jar) throws IOException {
        try (OutputStream os = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(os);
                Stream<Path> s = Files.walk(classes)) {
            for (Path f : s.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace(File.separatorChar, '/')));
                Files.copy(f, out);
                out.closeEntry();
            }
        }
        return jar;
    }

    /** Where the API module's classes are (its jar, or its build folder). */
    static Path apiLocation() {
        try {
            return Path.of(CompilerPlugin.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The test class path's modules (jars, and build folders with a {@code module-info.class})
     * that a folder of the host and its dependencies would hold: what {@code org.hipep.host}
     * requires (not {@code static}), transitively, with the JavaCPP platform modules of those.
     * Optional dependencies (the Maven resolver) and test libraries are left out, and so are
     * entries that are no module and repeated module names.
     */
    static List<Path> classPathModules() {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Map<String, Path> byName = new LinkedHashMap<>();
        Map<String, ModuleDescriptor> descriptors = new HashMap<>();
        for (String e : cp.split(File.pathSeparator)) {
            Path p = Path.of(e);
            boolean jar = e.endsWith(".jar") && Files.isRegularFile(p);
            boolean exploded = Files.isRegularFile(p.resolve("module-info.class"));
            if (!jar && !exploded) {
                continue;
            }
            try {
                var refs = ModuleFinder.of(p).findAll();
                if (refs.size() == 1) {
                    ModuleDescriptor d = refs.iterator().next().descriptor();
                    if (byName.putIfAbsent(d.name(), p) == null) {
                        descriptors.put(d.name(), d);
                    }
                }
            } catch (FindException ignored) {
                // not usable as a module: a folder of jars would not offer it either
            }
        }
        Set<String> keep = new LinkedHashSet<>();
        Deque<String> todo = new ArrayDeque<>(List.of(Assembler.HOST_MODULE));
        while (!todo.isEmpty()) {
            String name = todo.pop();
            if (!byName.containsKey(name) || !keep.add(name)) {
                continue;
            }
            String natives = name + "." + Assembler.platform();
            if (byName.containsKey(natives)) {
                keep.add(natives);
            }
            descriptors.get(name).requires().stream()
                    .filter(r -> !r.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC))
                    .forEach(r -> todo.push(r.name()));
        }
        List<Path> out = new ArrayList<>();
        keep.forEach(n -> out.add(byName.get(n)));
        return out;
    }

    static String read(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.UTF_8);
    }
}
