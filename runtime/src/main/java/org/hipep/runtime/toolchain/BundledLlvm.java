package org.hipep.runtime.toolchain;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.bytedeco.javacpp.Loader;

/**
 * The LLVM tools that ship inside the JavaCPP LLVM jar ({@code clang}, {@code llvm-ar},
 * {@code ld.lld}, {@code llvm-link}), made runnable. JavaCPP extracts them with
 * {@code libLLVM.so} and {@code libclang-cpp.so}, but the executables look for the versioned
 * names ({@code .so.20.1}) and only clang is marked executable; this adds the links and the
 * executable bit once.
 *
 * <p>Used at build time (C runtime kernels, plugin bitcode and static libraries are built with
 * it) and by the native-artifact path. It depends only on JavaCPP and the LLVM presets, so the
 * build runs this one file directly: {@code java -cp <javacpp and llvm jars> BundledLlvm.java
 * <tool> <args>}.
 */
public final class BundledLlvm {
    /** The tools this class runs. */
    public static final Set<String> TOOLS = Set.of("clang", "llvm-ar", "ld.lld", "llvm-link");
    private static final String[] VERSIONED = {"libLLVM.so", "libclang-cpp.so"};

    private BundledLlvm() {
    }

    /** The path of an extracted tool, ready to run. */
    public static synchronized Path tool(String name) throws IOException {
        if (!TOOLS.contains(name)) {
            throw new IllegalArgumentException("unknown bundled LLVM tool '" + name + "'; known: " + TOOLS);
        }
        String clang = Loader.load(org.bytedeco.llvm.program.clang.class);
        if (clang == null) {
            throw new IOException("the JavaCPP LLVM presets have no clang for this platform (" + Loader.getPlatform() + ")");
        }
        Path dir = Path.of(clang).getParent();
        for (String lib : VERSIONED) {
            Path link = versionedLink(dir.resolve(lib));
            if (Files.exists(dir.resolve(lib)) && !Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    Files.createSymbolicLink(link, Path.of(lib));
                } catch (java.nio.file.FileAlreadyExistsException e) {
                    // Another process made the link between the check and here: it exists, as wanted.
                    continue;
                }
            }
        }
        Path exe = dir.resolve(name);
        if (!Files.isRegularFile(exe)) {
            throw new IOException(name + " is not in the extracted LLVM presets at " + dir);
        }
        if (!Files.isExecutable(exe) && !exe.toFile().setExecutable(true)) {
            throw new IOException("cannot make " + exe + " executable");
        }
        return exe;
    }

    /** The versioned name the tools load {@code lib} by ({@code libLLVM.so.20.1}), beside it. */
    public static Path versionedLink(Path lib) {
        return lib.resolveSibling(lib.getFileName() + ".20.1");
    }

    /** Runs a tool with {@code args}, output to this process's streams; returns its exit code. */
    public static int run(String name, List<String> args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(tool(name).toString());
        cmd.addAll(args);
        return new ProcessBuilder(cmd).inheritIO().start().waitFor();
    }

    /**
     * {@code BundledLlvm <tool> <arguments>}: creates the parent folder of the output ({@code -o
     * <file>}, or an archive for {@code llvm-ar}) and exits with the tool's exit code.
     */
    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: BundledLlvm <" + String.join("|", TOOLS) + "> <arguments>");
            System.exit(2);
        }
        List<String> rest = List.of(args).subList(1, args.length);
        for (int i = 0; i + 1 < rest.size(); i++) {
            if (rest.get(i).equals("-o")) {
                createParent(rest.get(i + 1));
            }
        }
        if (args[0].equals("llvm-ar") && rest.size() >= 2) {
            createParent(rest.get(1));
        }
        System.exit(run(args[0], rest));
    }

    private static void createParent(String file) throws IOException {
        Path parent = Path.of(file).toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
    }
}
