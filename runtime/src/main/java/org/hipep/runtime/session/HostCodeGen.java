package org.hipep.runtime.session;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.hipep.runtime.jit.ModelLoader;
import org.hipep.runtime.llvm.LlvmModule;

/**
 * The part of the compile cache's key that says what machine code an entry holds: the runtime's
 * form on this host ({@link ModelLoader#runtimeForm}: a prebuilt level's object or the bitcode)
 * and LLVM's host triple, CPU name and features ({@link LlvmModule#hostDescription}).
 *
 * <p>Both come from LLVM, which a fresh process loads for nothing else when a native model comes
 * from the cache (40-48 MB of a fresh JVM's peak resident memory: {@link ModelLoader#loadNative}
 * needs none). So their digest is
 * remembered among {@link CodeDigest}'s memos, for as long as the runtime's jar is unchanged, under
 * what the digest follows from: the CPU as the kernel describes it (vendor, family, model,
 * stepping, name and flags of the first processor in {@code /proc/cpuinfo}: another CPU or
 * another set of features is another memo), LLVM's jar, the architecture and the
 * {@code hipep.runtime.prebuilt} setting. Where one of these cannot be read (no
 * {@code /proc/cpuinfo}, LLVM or the runtime not in a file), LLVM is asked every time.
 */
final class HostCodeGen {
    /** The {@code /proc/cpuinfo} fields of a processor that identify its CPU and its features. */
    static final Set<String> CPU_FIELDS = Set.of("vendor_id", "cpu family", "model", "model name", "stepping", "flags");

    private static final String LLVM_CLASS = "org.bytedeco.llvm.global.LLVM";

    private HostCodeGen() {
    }

    /** SHA-256 of the runtime's form and LLVM's host description, remembered as the class comment says. */
    static byte[] digest() {
        return digest(CpuInfo.PROC, llvmContainer(), CodeDigest.container(ModelLoader.class), CodeDigest.memoFolder(),
                Instant.now(), HostCodeGen::askLlvm);
    }

    /**
     * {@code ask}'s digest, remembered in {@code memos} for as long as the runtime's jar
     * {@code runtime} is unchanged ({@link CodeDigest#memoised}) under the CPU {@code cpuinfo}
     * describes and LLVM's jar {@code llvm}; asked every time when one of them is null or unreadable.
     */
    static byte[] digest(Path cpuinfo, Path llvm, Path runtime, Path memos, Instant now, Supplier<byte[]> ask) {
        String cpu = cpuFingerprint(cpuinfo);
        CodeDigest.Stamp llvmStamp = llvm == null ? null : CodeDigest.stamp(llvm);
        if (cpu == null || llvmStamp == null || runtime == null) {
            return ask.get();
        }
        String what = "host code generation\n" + System.getProperty("os.arch") + "\n"
                + System.getProperty("hipep.runtime.prebuilt", "true") + "\n" + llvm + " " + llvmStamp.line() + "\n"
                + cpu;
        return CodeDigest.memoised(runtime, what, ask, memos, now);
    }

    /** What the memo stands for, from LLVM: loads its library when this process has not yet. */
    static byte[] askLlvm() {
        return CodeDigest.sha256().digest((ModelLoader.runtimeForm() + "\n" + LlvmModule.hostDescription())
                .getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The {@link #CPU_FIELDS} lines of the first processor in {@code cpuinfo} (up to its first
     * blank line), in their order; null when the file cannot be read or names none of them.
     */
    static String cpuFingerprint(Path cpuinfo) {
        List<String> kept = new ArrayList<>();
        try {
            for (String line : CpuInfo.firstProcessor(cpuinfo)) {
                String key = CpuInfo.key(line);
                if (key != null && CPU_FIELDS.contains(key)) {
                    kept.add(line.strip());
                }
            }
        } catch (IOException | UncheckedIOException e) {
            return null;
        }
        return kept.isEmpty() ? null : String.join("\n", kept);
    }

    /**
     * The jar (or runtime image) LLVM's bindings come from, found without initialising them (which
     * would load the library); null when it is not a file or the bindings are missing.
     */
    private static Path llvmContainer() {
        try {
            return CodeDigest.container(Class.forName(LLVM_CLASS, false, HostCodeGen.class.getClassLoader()));
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }
}
