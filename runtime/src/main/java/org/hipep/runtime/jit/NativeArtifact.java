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
import java.util.stream.Stream;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.llvm.LLVM.LLVMMemoryBufferRef;
import org.bytedeco.llvm.LLVM.LLVMModuleRef;
import org.bytedeco.llvm.LLVM.LLVMTargetMachineRef;
import org.hipep.runtime.llvm.LlvmModule;
import org.hipep.runtime.toolchain.BundledLlvm;

/**
 * The native artifact: the linked modules merged into one (plugin modules linked into the model
 * after the override step), an object file for the host CPU (PIC), and a {@code .so} linked by
 * the bundled {@code ld.lld}.
 *
 * <p>libc, libm and pthread are not linked: the bundled lld has no system search paths (and
 * Debian's {@code libc.so} is a linker script into them), and every JVM already has them loaded,
 * so their symbols stay undefined in the {@code .so} (allowed for {@code -shared}) and resolve at
 * load. Nothing else may stay undefined: the caller checked every symbol with the same generators
 * as the JIT first. {@code -Bsymbolic} binds the model's references to its own exported runtime
 * functions, so another model's {@code .so} can never interpose them.
 */
final class NativeArtifact {
    private NativeArtifact() {
    }

    static void write(ModelLinker.Linked linked, int optLevel, List<LibrarySearch.Found> libraries, Path so) {
        LLVMModuleRef main = linked.main().module();
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
            Files.write(obj, emitObject(main, optLevel));
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
            Path log = work.resolve("ld.log");
            List<String> cmd = new ArrayList<>();
            cmd.add(BundledLlvm.tool("ld.lld").toString());
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
}
