package org.hipep.runtime.jit;

import static org.bytedeco.llvm.global.LLVM.*;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.llvm.LLVM.LLVMMemoryBufferRef;
import org.bytedeco.llvm.LLVM.LLVMModuleRef;
import org.bytedeco.llvm.LLVM.LLVMTargetMachineRef;
import org.hipep.runtime.llvm.LlvmModule;
import org.hipep.runtime.session.CodeDigest;
import org.hipep.runtime.toolchain.BundledLlvm;

/**
 * The native artifact: the linked modules merged into one (plugin modules linked into the model
 * after the override step), an object file for the host CPU (PIC) with the runtime functions it
 * reaches when the runtime is a {@link PrebuiltRuntime}, and a {@code .so} linked by the bundled
 * {@code ld.lld}.
 *
 * <p>libc and libm are linked as the files this JVM has loaded ({@code /proc/self/maps}; the
 * bundled lld has no system search paths, and Debian's {@code libc.so} is a linker script): the
 * {@code .so}'s references then carry glibc's default symbol versions, the ones the JIT's
 * {@code dlsym} binds. Unversioned, the loader bound them to the oldest: {@code memcpy@GLIBC_2.2.5}
 * (memmove's entry; its SSE2 copy on the benchmark machine, where the JIT's memcpy is AVX-512),
 * {@code logf@GLIBC_2.2.5} and the other pre-2.27 math wrappers. Where they are not found, their
 * symbols stay undefined (allowed for {@code -shared}) and resolve at load, unversioned. Nothing
 * else may stay undefined: the caller checked every symbol with the same generators as the JIT
 * first. {@code -Bsymbolic} binds the model's references to its own exported runtime functions,
 * so another model's {@code .so} can never interpose them.
 */
final class NativeArtifact {
    /** The glibc libraries linked when loaded ({@link #loadedGlibc}), in this order. */
    private static final List<String> GLIBC_SONAMES = List.of("libc.so.6", "libm.so.6");
    /** Read once: a process does not unload libc or libm. */
    private static final List<Path> LOADED_GLIBC = loadedGlibc();

    private NativeArtifact() {
    }

    /**
     * Writes {@code so}. With {@code prebuilt} (null when the runtime bitcode is linked into the model),
     * the model's object is first linked with the runtime functions it reaches
     * ({@link #linkRelocatable}), as the compile cache's objects are.
     */
    static void write(ModelLinker.Linked linked, int optLevel, List<LibrarySearch.Found> libraries, Path so,
            PrebuiltRuntime prebuilt) {
        LLVMModuleRef main = linked.main().module();
        Set<String> roots = prebuilt == null ? null
                : ModelLinker.keep(ModelLinker.externalDefinitions(main).keySet(), linked.parts());
        for (ModelLinker.Part plugin : linked.plugins()) {
            // LLVMLinkModules2 destroys the source module: take it out of the list that is disposed.
            LLVMModuleRef copy = LLVMCloneModule(plugin.module());
            if (LLVMLinkModules2(main, copy) != 0) {
                throw new RuntimeFailure("linking the bitcode of '" + plugin.contributor() + "' into the model failed");
            }
        }
        if (!linked.plugins().isEmpty()) {
            LlvmModule.optimize(main, optLevel);
        }
        Path abs = so.toAbsolutePath();
        Path work = null;
        try {
            work = Files.createTempDirectory(abs.getParent(), ".hipep-native");
            Path obj = work.resolve("model.o");
            byte[] code = emitObject(main, optLevel);
            Files.write(obj, prebuilt == null ? code : linkRelocatable(code, prebuilt.object(), roots));
            Path tmp = work.resolve(abs.getFileName().toString());
            List<String> args = new ArrayList<>(List.of("-shared", "-Bsymbolic", "--as-needed", "-o", tmp.toString(),
                    obj.toString()));
            List<Path> inputs = new ArrayList<>();
            libraries.forEach(l -> inputs.add(l.path()));
            inputs.add(OpenBlasLibrary.path());
            inputs.add(DnnlLibrary.path());
            for (Path lib : inputs) {
                args.add(lib.toString());
                if (!lib.getFileName().toString().endsWith(".a")) {
                    args.add("-rpath");
                    args.add(lib.getParent().toString());
                }
            }
            // the loader finds these by their sonames: no run path
            LOADED_GLIBC.forEach(lib -> args.add(lib.toString()));
            Path log = work.resolve("ld.log");
            List<String> cmd = new ArrayList<>();
            cmd.add(lld().toString());
            cmd.addAll(args);
            int rc = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start().waitFor();
            if (rc != 0) {
                throw new RuntimeFailure("ld.lld failed (exit " + rc + ") linking " + so + ": "
                        + Files.readString(log, StandardCharsets.UTF_8).strip() + "\n  command: " + String.join(" ", cmd));
            }
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the native model " + so, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RuntimeFailure("interrupted while linking " + so, e);
        } finally {
            deleteTree(work);
        }
    }

    /** What {@link #lld} is remembered under, beside the LLVM preset's jar. */
    static final String LLD_MEMO = "bundled ld.lld and libLLVM";

    /**
     * The bundled {@code ld.lld}. {@link BundledLlvm#tool} has JavaCPP load LLVM's clang program to
     * learn where the tools were extracted, which in a fresh JVM took 117-132 ms and mapped
     * libclang-cpp (+21 MB resident) into a process that only runs {@code ld.lld}. So the files the
     * tool runs from (itself, libLLVM and the versioned link to it that it loads) are remembered
     * among {@link CodeDigest}'s memos for as long as the LLVM jar is unchanged, each with its
     * stamp, as {@link PresetLibrary} remembers the presets' libraries; a later process takes the
     * tool from there while every file keeps its stamp.
     */
    static Path lld() throws IOException {
        Class<?> preset = org.bytedeco.llvm.program.clang.class;
        Path known = rememberedTool(CodeDigest.recallFor(preset, LLD_MEMO));
        if (known != null) {
            return known;
        }
        Path tool = BundledLlvm.tool("ld.lld");
        String memo = toolMemo(tool, tool.resolveSibling("libLLVM.so"));
        if (memo != null) {
            CodeDigest.rememberFor(preset, LLD_MEMO, memo);
        }
        return tool;
    }

    /**
     * The memo of {@code tool} and the library {@code lib} it loads through the link
     * {@code <lib>.20.1} beside it: a line "stamp TAB path" each, the tool first; {@code null} when
     * a file has no stamp, the link is missing or a path holds a line break.
     */
    static String toolMemo(Path tool, Path lib) {
        return Files.exists(BundledLlvm.versionedLink(lib)) ? CodeDigest.stampedFiles(List.of(tool, lib)) : null;
    }

    /**
     * The tool {@link #toolMemo} remembered, when each file still has its stamp, the tool is
     * executable and the library's versioned link leads to a file; else {@code null}.
     */
    static Path rememberedTool(String memo) {
        List<Path> files = CodeDigest.unchangedFiles(memo);
        return files != null && files.size() == 2 && Files.isExecutable(files.get(0))
                && Files.exists(BundledLlvm.versionedLink(files.get(1))) ? files.get(0) : null;
    }

    /**
     * The model's object and the prebuilt runtime's linked into one relocatable object by the bundled
     * {@code ld.lld -r --gc-sections}: only the sections reachable from {@code roots} (the model's
     * definitions, the host's symbols, what plugin modules use) are kept; the runtime object has a
     * section per function, so these are the runtime functions the model calls and theirs.
     */
    static byte[] linkRelocatable(byte[] model, byte[] runtime, Set<String> roots) {
        Path work = null;
        try {
            work = Files.createTempDirectory("hipep-link");
            Path modelObj = work.resolve("model.o");
            Path runtimeObj = work.resolve("runtime.o");
            Path out = work.resolve("linked.o");
            Files.write(modelObj, model);
            Files.write(runtimeObj, runtime);
            List<String> cmd = new ArrayList<>(List.of(lld().toString(), "-r", "--gc-sections"));
            for (String root : roots) {
                cmd.add("--undefined=" + root);
            }
            cmd.addAll(List.of("-o", out.toString(), modelObj.toString(), runtimeObj.toString()));
            Path log = work.resolve("ld.log");
            int rc = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start().waitFor();
            if (rc != 0) {
                throw new RuntimeFailure("ld.lld failed (exit " + rc + ") linking the model with the prebuilt runtime: "
                        + Files.readString(log, StandardCharsets.UTF_8).strip());
            }
            return Files.readAllBytes(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot link the model with the prebuilt runtime", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RuntimeFailure("interrupted while linking the model with the prebuilt runtime", e);
        } finally {
            deleteTree(work);
        }
    }

    /** The object file of {@code mod} for this host at code-generation level {@code optLevel}. */
    static byte[] emitObject(LLVMModuleRef mod, int optLevel) {
        LLVMTargetMachineRef tm = LlvmModule.hostTargetMachine(optLevel);
        try {
            BytePointer error = new BytePointer((Pointer) null);
            LLVMMemoryBufferRef buf = new LLVMMemoryBufferRef();
            if (LLVMTargetMachineEmitToMemoryBuffer(tm, mod, LLVMObjectFile, error, buf) != 0) {
                String msg = error.isNull() ? "" : error.getString();
                throw new RuntimeFailure("emitting the object file of the model failed: " + msg);
            }
            try {
                long size = LLVMGetBufferSize(buf);
                byte[] out = new byte[Math.toIntExact(size)];
                LLVMGetBufferStart(buf).capacity(size).get(out);
                return out;
            } finally {
                LLVMDisposeMemoryBuffer(buf);
            }
        } finally {
            LLVMDisposeTargetMachine(tm);
        }
    }

    private static void deleteTree(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the temporary folder " + dir, e);
        }
    }

    /**
     * The glibc libraries ({@link #GLIBC_SONAMES}) this process has mapped, one path each as
     * {@code /proc/self/maps} names it; fewer (none) where a library or the file is not there.
     */
    static List<Path> loadedGlibc() {
        Path[] found = new Path[GLIBC_SONAMES.size()];
        Path maps = Path.of("/proc/self/maps");
        if (Files.isReadable(maps)) {
            try (Stream<String> lines = Files.lines(maps, StandardCharsets.UTF_8)) {
                lines.filter(l -> l.indexOf('/') >= 0).map(l -> Path.of(l.substring(l.indexOf('/')))).forEach(f -> {
                    int i = GLIBC_SONAMES.indexOf(f.getFileName().toString());
                    if (i >= 0 && found[i] == null) {
                        found[i] = f;
                    }
                });
            } catch (IOException | UncheckedIOException e) {
                return List.of();
            }
        }
        return Stream.of(found).filter(f -> f != null).toList();
    }
}
