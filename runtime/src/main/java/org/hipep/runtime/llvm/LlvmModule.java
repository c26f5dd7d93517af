package org.hipep.runtime.llvm;

import static org.bytedeco.llvm.global.LLVM.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.TreeMap;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.llvm.LLVM.LLVMContextRef;
import org.bytedeco.llvm.LLVM.LLVMErrorRef;
import org.bytedeco.llvm.LLVM.LLVMMemoryBufferRef;
import org.bytedeco.llvm.LLVM.LLVMModuleRef;
import org.bytedeco.llvm.LLVM.LLVMPassBuilderOptionsRef;
import org.bytedeco.llvm.LLVM.LLVMTargetDataRef;
import org.bytedeco.llvm.LLVM.LLVMTargetMachineRef;
import org.bytedeco.llvm.LLVM.LLVMTargetRef;
import org.bytedeco.llvm.LLVM.LLVMValueRef;

/**
 * An LLVM module in a context of its own, as {@link LlvmTranslator} builds it (or as
 * {@link #parseIr} reads it): verification, optimisation with the new pass manager for the host
 * CPU, and emission of bitcode (the default artifact) or textual IR. Not thread-safe; {@link #close}
 * frees the module and its context.
 */
public final class LlvmModule implements AutoCloseable {
    private static boolean nativeTargetReady;

    private LLVMContextRef context;
    private LLVMModuleRef module;

    LlvmModule(LLVMContextRef context, LLVMModuleRef module) {
        this.context = context;
        this.module = module;
    }

    /** Reads textual LLVM IR into a module of a fresh context; a parse error is an exception with LLVM's message. */
    public static LlvmModule parseIr(String ir, String name) {
        LLVMContextRef ctx = LLVMContextCreate();
        byte[] bytes = ir.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        BytePointer text = new BytePointer(Math.max(1, bytes.length));
        text.put(bytes);
        LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(text, bytes.length,
                new BytePointer(name));
        LLVMModuleRef mod = new LLVMModuleRef();
        BytePointer error = new BytePointer((Pointer) null);
        // LLVMParseIRInContext takes ownership of the buffer, also on failure.
        if (LLVMParseIRInContext(ctx, buf, mod, error) != 0) {
            String message = takeMessage(error);
            LLVMContextDispose(ctx);
            throw new LlvmTranslationException("LLVM IR of " + name + " does not parse: " + message);
        }
        return new LlvmModule(ctx, mod);
    }

    /** Reads bitcode into a module of a fresh context; bytes that are not bitcode are an exception with LLVM's message. */
    public static LlvmModule parseBitcode(byte[] bitcode, String name) {
        LLVMContextRef ctx = LLVMContextCreate();
        try {
            return new LlvmModule(ctx, parseBitcode(ctx, bitcode, name));
        } catch (LlvmTranslationException e) {
            LLVMContextDispose(ctx);
            throw e;
        }
    }

    /**
     * Reads bitcode into a module of {@code ctx}. The context's diagnostic handler becomes one
     * that collects LLVM's messages: without one, LLVM prints an error and exits the process.
     * Bytes that are not bitcode LLVM can read are an exception with LLVM's message.
     */
    public static LLVMModuleRef parseBitcode(LLVMContextRef ctx, byte[] bitcode, String name) {
        LLVMContextSetDiagnosticHandler(ctx, Diagnostics.HANDLER, null);
        Diagnostics.MESSAGES.get().setLength(0);
        BytePointer bytes = new BytePointer(Math.max(1, bitcode.length));
        bytes.put(bitcode);
        LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(bytes, bitcode.length,
                new BytePointer(name));
        try {
            LLVMModuleRef mod = new LLVMModuleRef();
            if (LLVMParseBitcodeInContext2(ctx, buf, mod) != 0) {
                String message = Diagnostics.MESSAGES.get().toString().strip();
                throw new LlvmTranslationException(name + " (" + bitcode.length + " bytes) is not LLVM bitcode LLVM "
                        + LlvmLibrary.version() + " can read" + (message.isEmpty() ? "" : ": " + message));
            }
            return mod;
        } finally {
            LLVMDisposeMemoryBuffer(buf);
            bytes.close();
        }
    }

    /** The diagnostic handler {@link #parseBitcode} installs: it keeps the messages for the calling thread. */
    private static final class Diagnostics {
        static final ThreadLocal<StringBuilder> MESSAGES = ThreadLocal.withInitial(StringBuilder::new);
        static final org.bytedeco.llvm.LLVM.LLVMDiagnosticHandler HANDLER =
                new org.bytedeco.llvm.LLVM.LLVMDiagnosticHandler() {
                    @Override
                    public void call(org.bytedeco.llvm.LLVM.LLVMDiagnosticInfoRef info, Pointer context) {
                        BytePointer d = LLVMGetDiagInfoDescription(info);
                        MESSAGES.get().append(d.getString()).append('\n');
                        LLVMDisposeMessage(d);
                    }
                };
    }

    /**
     * The text of the constant global {@code name} holding a NUL-terminated string (as
     * {@code __metadata_json}), without the NUL; empty when there is no such global.
     */
    public java.util.Optional<String> stringGlobal(String name) {
        LLVMValueRef g = LLVMGetNamedGlobal(checkOpen(), name);
        if (g == null || g.isNull()) {
            return java.util.Optional.empty();
        }
        LLVMValueRef init = LLVMGetInitializer(g);
        if (init == null || init.isNull() || LLVMIsConstantString(init) == 0) {
            return java.util.Optional.empty();
        }
        org.bytedeco.javacpp.SizeTPointer length = new org.bytedeco.javacpp.SizeTPointer(1);
        BytePointer text = LLVMGetAsString(init, length);
        byte[] bytes = new byte[(int) length.get()];
        text.get(bytes);
        int end = bytes.length;
        while (end > 0 && bytes[end - 1] == 0) {
            end--;
        }
        return java.util.Optional.of(new String(bytes, 0, end, java.nio.charset.StandardCharsets.UTF_8));
    }

    /** The module reference, for callers that continue with the C API (JIT, linking). */
    public LLVMModuleRef module() {
        return checkOpen();
    }

    /** The context the module lives in. */
    public LLVMContextRef context() {
        checkOpen();
        return context;
    }

    /** Runs LLVM's verifier; a failure is an exception carrying the verifier's message. */
    public void verify() {
        BytePointer error = new BytePointer((Pointer) null);
        int broken = LLVMVerifyModule(checkOpen(), LLVMReturnStatusAction, error);
        String message = takeMessage(error);
        if (broken != 0) {
            throw new LlvmTranslationException("the LLVM module does not verify: " + message.strip());
        }
    }

    /**
     * Sets the host's triple and data layout on the module and runs {@code default<O<level>>}
     * of the new pass manager with a target machine for the host CPU and its features (on an
     * AVX-512 host, with loops vectorised 512 bits wide: {@link #preferFullWidthVectors}).
     *
     * @param level 0 to 3
     */
    public void optimize(int level) {
        optimize(checkOpen(), level);
    }

    /**
     * {@link #optimize(int)} for a module the caller owns (one being linked or handed to the JIT).
     *
     * @param level 0 to 3
     */
    public static void optimize(LLVMModuleRef mod, int level) {
        if (level < 0 || level > 3) {
            throw new IllegalArgumentException("optimisation level " + level + " is not one of 0..3");
        }
        LLVMTargetMachineRef tm = hostTargetMachine(level);
        LLVMPassBuilderOptionsRef options = LLVMCreatePassBuilderOptions();
        try {
            BytePointer triple = LLVMGetTargetMachineTriple(tm);
            LLVMSetTarget(mod, triple);
            LLVMDisposeMessage(triple);
            LLVMTargetDataRef layout = LLVMCreateTargetDataLayout(tm);
            LLVMSetModuleDataLayout(mod, layout);
            LLVMDisposeTargetData(layout);
            BytePointer features = LLVMGetTargetMachineFeatureString(tm);
            boolean avx512 = hasAvx512(features.getString());
            LLVMDisposeMessage(features);
            if (avx512) {
                preferFullWidthVectors(mod);
            }
            LLVMErrorRef err = LLVMRunPasses(mod, new BytePointer("default<O" + level + ">"), tm, options);
            if (err != null && !err.isNull()) {
                BytePointer msg = LLVMGetErrorMessage(err);
                String text = msg.getString();
                LLVMDisposeErrorMessage(msg);
                throw new LlvmTranslationException("default<O" + level + "> failed: " + text);
            }
        } finally {
            LLVMDisposePassBuilderOptions(options);
            LLVMDisposeTargetMachine(tm);
        }
    }

    /** The function attribute by which {@link #optimize} lets the vectorisers use 512-bit vectors. */
    static final String PREFER_VECTOR_WIDTH = "prefer-vector-width";

    /**
     * On an AVX-512 host, sets {@code prefer-vector-width=512} on every function defined in the module
     * (one that sets its own keeps it). LLVM tunes many AVX-512 CPUs (the Intel Xeon of
     * docs/BENCHMARKS.md among them) to vectorise loops 256 bits wide, which avoids the lower clock of
     * 512-bit code in programs that use it in short bursts; a model's runs spend most of their time
     * in oneDNN's 512-bit kernels anyway, so the runtime's own loops lose nothing by it and gain the
     * width: the exact Gelu pass of a BERT layer takes 23-28% less of a run (docs/BENCHMARKS.md,
     * sixteenth round). Loops the runtime vectorises by hand (16-lane vector types) are 512 bits
     * wide already.
     */
    private static void preferFullWidthVectors(LLVMModuleRef mod) {
        for (LLVMValueRef f = LLVMGetFirstFunction(mod); f != null && !f.isNull(); f = LLVMGetNextFunction(f)) {
            var set = LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, PREFER_VECTOR_WIDTH,
                    PREFER_VECTOR_WIDTH.length());
            if (LLVMIsDeclaration(f) == 0 && (set == null || set.isNull())) {
                LLVMAddTargetDependentFunctionAttr(f, PREFER_VECTOR_WIDTH, "512");
            }
        }
    }

    /** Whether the host CPU has AVX-512 Foundation (its LLVM feature string holds {@code +avx512f}). */
    public static boolean hostHasAvx512() {
        BytePointer features = LLVMGetHostCPUFeatures();
        try {
            return hasAvx512(features.getString());
        } finally {
            LLVMDisposeMessage(features);
        }
    }

    /** Whether an LLVM feature string ({@code +sse2,-avx512f,...}) enables AVX-512 Foundation. */
    private static boolean hasAvx512(String features) {
        return java.util.Arrays.asList(features.split(",")).contains("+avx512f");
    }

    /** The target triple set on the module (empty before {@link #optimize}). */
    public String targetTriple() {
        return LLVMGetTarget(checkOpen()).getString();
    }

    /** The data layout set on the module (empty before {@link #optimize}). */
    public String dataLayout() {
        return LLVMGetDataLayoutStr(checkOpen()).getString();
    }

    /**
     * The host's LLVM triple, CPU name and features, as code generated here depends on them (part
     * of the compile cache's key: machine code made for one CPU may not run on another).
     */
    public static String hostDescription() {
        BytePointer triple = LLVMGetDefaultTargetTriple();
        BytePointer cpu = LLVMGetHostCPUName();
        BytePointer features = LLVMGetHostCPUFeatures();
        try {
            return triple.getString() + "/" + cpu.getString() + "/" + features.getString();
        } finally {
            LLVMDisposeMessage(triple);
            LLVMDisposeMessage(cpu);
            LLVMDisposeMessage(features);
        }
    }

    /**
     * A target machine for the host CPU and its features (PIC) at code-generation level
     * {@code level} (0 to 3); the caller disposes it ({@code LLVMDisposeTargetMachine}).
     */
    public static synchronized LLVMTargetMachineRef hostTargetMachine(int level) {
        if (!nativeTargetReady) {
            if (LLVMInitializeNativeTarget() != 0 || LLVMInitializeNativeAsmPrinter() != 0) {
                throw new LlvmTranslationException("LLVM has no native target for this host");
            }
            nativeTargetReady = true;
        }
        BytePointer triple = LLVMGetDefaultTargetTriple();
        BytePointer cpu = LLVMGetHostCPUName();
        BytePointer features = LLVMGetHostCPUFeatures();
        try {
            LLVMTargetRef target = new LLVMTargetRef();
            BytePointer error = new BytePointer((Pointer) null);
            if (LLVMGetTargetFromTriple(triple, target, error) != 0) {
                throw new LlvmTranslationException("no LLVM target for " + triple.getString() + ": "
                        + takeMessage(error));
            }
            int opt = switch (level) {
                case 0 -> LLVMCodeGenLevelNone;
                case 1 -> LLVMCodeGenLevelLess;
                case 2 -> LLVMCodeGenLevelDefault;
                default -> LLVMCodeGenLevelAggressive;
            };
            return LLVMCreateTargetMachine(target, triple, cpu, features, opt, LLVMRelocPIC, LLVMCodeModelDefault);
        } finally {
            LLVMDisposeMessage(triple);
            LLVMDisposeMessage(cpu);
            LLVMDisposeMessage(features);
        }
    }

    /** The module as bitcode, the default artifact. */
    public byte[] bitcode() {
        LLVMMemoryBufferRef buf = LLVMWriteBitcodeToMemoryBuffer(checkOpen());
        try {
            long size = LLVMGetBufferSize(buf);
            byte[] out = new byte[Math.toIntExact(size)];
            LLVMGetBufferStart(buf).capacity(size).get(out);
            return out;
        } finally {
            LLVMDisposeMemoryBuffer(buf);
        }
    }

    /** The module as textual LLVM IR, for debugging. */
    public String ir() {
        BytePointer text = LLVMPrintModuleToString(checkOpen());
        try {
            return text.getString();
        } finally {
            LLVMDisposeMessage(text);
        }
    }

    /** Writes {@link #bitcode} to {@code file} atomically (a temporary file beside it, then a move). */
    public void writeBitcode(Path file) throws IOException {
        org.hipep.api.AtomicFiles.write(file, bitcode());
    }

    /** Writes {@link #ir} to {@code file} atomically. */
    public void writeIr(Path file) throws IOException {
        org.hipep.api.AtomicFiles.write(file, ir());
    }

    /** The functions with a body, by name, each with its LLVM function type as LLVM prints it. */
    public Map<String, String> definedFunctions() {
        return functions(true);
    }

    /** The functions without a body (declarations, intrinsics included), by name, with their types. */
    public Map<String, String> declaredFunctions() {
        return functions(false);
    }

    /** The global variables, by name, each with its value type as LLVM prints it. */
    public Map<String, String> globals() {
        Map<String, String> out = new TreeMap<>();
        for (LLVMValueRef g = LLVMGetFirstGlobal(checkOpen()); g != null && !g.isNull(); g = LLVMGetNextGlobal(g)) {
            BytePointer type = LLVMPrintTypeToString(LLVMGlobalGetValueType(g));
            out.put(LLVMGetValueName(g).getString(), type.getString());
            LLVMDisposeMessage(type);
        }
        return out;
    }

    private Map<String, String> functions(boolean defined) {
        Map<String, String> out = new TreeMap<>();
        for (LLVMValueRef f = LLVMGetFirstFunction(checkOpen()); f != null && !f.isNull();
                f = LLVMGetNextFunction(f)) {
            if ((LLVMIsDeclaration(f) == 0) == defined) {
                BytePointer type = LLVMPrintTypeToString(LLVMGlobalGetValueType(f));
                out.put(LLVMGetValueName(f).getString(), type.getString());
                LLVMDisposeMessage(type);
            }
        }
        return out;
    }

    private LLVMModuleRef checkOpen() {
        if (module == null) {
            throw new IllegalStateException("the LLVM module is closed");
        }
        return module;
    }

    /** Frees the module and its context; later calls fail. */
    @Override
    public void close() {
        if (module != null) {
            LLVMDisposeModule(module);
            LLVMContextDispose(context);
            module = null;
            context = null;
        }
    }

    static String takeMessage(BytePointer message) {
        if (message == null || message.isNull()) {
            return "";
        }
        String s = message.getString();
        LLVMDisposeMessage(message);
        return s;
    }
}
