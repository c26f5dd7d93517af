package org.hipep.runtime.llvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.bytedeco.llvm.LLVM.LLVMBasicBlockRef;
import org.bytedeco.llvm.LLVM.LLVMValueRef;
import org.bytedeco.llvm.global.LLVM;
import org.hipep.ir.Operation;
import org.hipep.ir.text.AsmPrinterOptions;
import org.hipep.ir.text.IrPrinter;

/** Upstream's {@code mlir-translate-22 --mlir-to-llvmir}, for cross-checks of the translator. */
final class UpstreamTranslate {
    private UpstreamTranslate() {
    }

    /** The tool on the PATH or in {@code /usr/bin}, if installed. */
    static Optional<Path> tool() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(dir, "mlir-translate-22");
            if (Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        Path usual = Path.of("/usr/bin/mlir-translate-22");
        return Files.isExecutable(usual) ? Optional.of(usual) : Optional.empty();
    }

    /**
     * Upstream's LLVM IR of {@code module}, readable by LLVM 20, of a module this changes: it drops the module attribute
     * {@code onnx.opset_import} (upstream's parser rejects its empty-string key).
     */
    static String translate(Path tool, Operation module, Path dir) throws Exception {
        module.removeAttribute("onnx.opset_import");
        Path in = dir.resolve("upstream-in.mlir");
        Path err = dir.resolve("upstream-err.txt");
        Files.writeString(in, IrPrinter.print(module, AsmPrinterOptions.genericForm()));
        Process p = new ProcessBuilder(tool.toString(), "--mlir-to-llvmir", in.toString())
                .redirectError(err.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("%s rejected the module:%n%s", tool, Files.readString(err)).isZero();
        // LLVM 22 gives some intrinsic declarations (llvm.umax, ...) the function attribute
        // nocreateundeforpoison, which the LLVM 20 parser here does not know.
        return out.replace(" nocreateundeforpoison", "");
    }

    /**
     * Per defined function, how many instructions of each opcode it has, without
     * {@code insertvalue}/{@code extractvalue}: the C API has single-index forms only, so a nested
     * position takes extract + insert + insert where upstream's builder writes one instruction.
     */
    static Map<String, Map<Integer, Integer>> opcodeCounts(LlvmModule m) {
        Map<String, Map<Integer, Integer>> out = new TreeMap<>();
        for (LLVMValueRef f = LLVM.LLVMGetFirstFunction(m.module()); f != null && !f.isNull();
                f = LLVM.LLVMGetNextFunction(f)) {
            Map<Integer, Integer> counts = new TreeMap<>();
            for (LLVMBasicBlockRef b = LLVM.LLVMGetFirstBasicBlock(f); b != null && !b.isNull();
                    b = LLVM.LLVMGetNextBasicBlock(b)) {
                for (LLVMValueRef i = LLVM.LLVMGetFirstInstruction(b); i != null && !i.isNull();
                        i = LLVM.LLVMGetNextInstruction(i)) {
                    int opcode = LLVM.LLVMGetInstructionOpcode(i);
                    if (opcode != LLVM.LLVMExtractValue && opcode != LLVM.LLVMInsertValue) {
                        counts.merge(opcode, 1, Integer::sum);
                    }
                }
            }
            if (!counts.isEmpty()) {
                out.put(LLVM.LLVMGetValueName(f).getString(), counts);
            }
        }
        return out;
    }
}
