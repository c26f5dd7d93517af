package org.hipep.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.llvm.LLVM.LLVMContextRef;
import org.bytedeco.llvm.LLVM.LLVMMemoryBufferRef;
import org.bytedeco.llvm.LLVM.LLVMModuleRef;
import org.bytedeco.llvm.global.LLVM;
import org.hipep.host.plugins.PluginDiscovery;
import org.hipep.host.plugins.PluginHost;
import org.hipep.host.plugins.PluginSnapshot;
import org.hipep.host.plugins.PluginSources;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.Operation;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.interfaces.ConvertToLLVMPatternInterface;
import org.hipep.ir.text.AsmPrinterOptions;
import org.hipep.ir.text.IrParser;
import org.hipep.ir.text.IrPrinter;
import org.hipep.dialects.CoreDialects;
import org.hipep.ir.Severity;
import org.hipep.pass.PassManager;
import org.hipep.pass.PassRegistry;
import org.hipep.passes.CorePasses;
import org.hipep.passes.OnnxToHipPipeline;
import org.hipep.passes.hip.ConstantMemory;
import org.hipep.passes.hip.ExternalizeConstantsPass;
import org.hipep.plugin.PipelineSlot;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin contract test, in the manner of the seed's {@code test_static_plugins.cpp}: what the
 * host sees of the sample plugin when it is selected, and that nothing leaks when it is not.
 */
class SamplePluginContractTest {
    private static final String PRINT_SLOT = "func.func(hip-ep-sample-print-functions)";
    private static final String LATE_SLOT = "func.func(hip-ep-sample-emit-late-constant)";

    private static PluginSources sources() {
        PluginSources s = PluginDiscovery.discover();
        assertThat(s.plugins()).extracting(p -> p.id()).contains(SamplePlugin.ID);
        return s;
    }

    @Nested
    class SampleSelected {
        private final PluginHost host = new PluginHost();
        private final PluginSnapshot snapshot = host.snapshot(sources(), List.of(SamplePlugin.ID));

        @Test
        void dispatchIsIdempotent() {
            PluginSnapshot again = host.snapshot(sources(), List.of(SamplePlugin.ID));
            assertThat(again.slotRequests()).isEqualTo(snapshot.slotRequests());
            assertThat(again.passes()).hasSameSizeAs(snapshot.passes());
            assertThat(snapshot.report().warnings()).isEmpty();
        }

        @Test
        void requestsBothSlots() {
            assertThat(snapshot.passesForSlot(PipelineSlot.AFTER_CONVERT_ONNX_TO_HIP)).containsExactly(PRINT_SLOT);
            assertThat(snapshot.passesForSlot(PipelineSlot.BEFORE_BUFFERIZATION)).containsExactly(LATE_SLOT);
        }

        @Test
        void contributesTheStaticLibraryByNameAndPath() {
            assertThat(snapshot.libraryNames()).containsExactly("hip_ep_sample_lib");
            assertThat(snapshot.libraryPathStrings()).singleElement().satisfies(dir -> {
                Path lib = Path.of(dir, "libhip_ep_sample_lib.a");
                assertThat(lib).isRegularFile();
                byte[] bytes = Files.readAllBytes(lib);
                assertThat(new String(bytes, 0, 8, StandardCharsets.ISO_8859_1)).isEqualTo("!<arch>\n");
                assertThat(new String(bytes, StandardCharsets.ISO_8859_1)).contains("hip_ep_sample_lib_marker");
            });
        }

        @Test
        void contributesExactlyOneBitcodeModuleDefiningItsMarker() {
            assertThat(snapshot.bitcode()).singleElement().satisfies(b -> {
                assertThat(b.hasBitcodeMagic()).as("starts with 42 43 C0 DE").isTrue();
                LLVMContextRef ctx = LLVM.LLVMContextCreate();
                try {
                    byte[] bc = b.bitcode();
                    LLVMMemoryBufferRef buf = LLVM.LLVMCreateMemoryBufferWithMemoryRangeCopy(new BytePointer(bc), bc.length,
                            new BytePointer("sample.bc"));
                    LLVMModuleRef module = new LLVMModuleRef();
                    assertThat(LLVM.LLVMParseBitcodeInContext2(ctx, buf, module)).as("bitcode parses").isZero();
                    assertThat(LLVM.LLVMGetNamedFunction(module, "hip_ep_sample_plugin_runtime_marker")).isNotNull();
                    LLVM.LLVMDisposeModule(module);
                } finally {
                    LLVM.LLVMContextDispose(ctx);
                }
            });
        }

        @Test
        void itsDialectLoadsWithAnImplementedToLlvmInterface() {
            assertThat(snapshot.dialects()).hasSize(1);
            Context ctx = new Context(snapshot.applyDialects(CoreDialects.register(new DialectRegistry())));
            ctx.loadAllAvailableDialects();
            Dialect d = ctx.getLoadedDialect(SampleDialect.NAMESPACE);
            assertThat(d).isNotNull();
            assertThat(d.hasPromisedInterface(ConvertToLLVMPatternInterface.class)).isFalse();
            assertThat(d.getInterface(ConvertToLLVMPatternInterface.class)).isNotNull();
        }

        @Test
        void theMarkerIsErasedByTheToLlvmLowering() {
            Context ctx = new Context(snapshot.applyDialects(CoreDialects.register(new DialectRegistry())));
            Operation module = IrParser.parse(ctx, """
                    func.func @marker_lowers() {
                      "hip_ep_sample.marker"() : () -> ()
                      return
                    }
                    """, "marker.mlir");
            assertThat(SampleLowering.convertToLLVM(module).succeeded()).isTrue();
            String printed = IrPrinter.print(module, AsmPrinterOptions.defaults());
            assertThat(printed).contains("func.func @marker_lowers()").doesNotContain("hip_ep_sample.marker");
        }
    }

    @Nested
    class NothingSelected {
        private final PluginHost host = new PluginHost();

        @Test
        void everyAccessorIsEmptyThenTheEntryCanBeCalledExplicitly() {
            PluginSnapshot none = host.snapshot(sources(), List.of());
            assertThat(none.passesForSlot(PipelineSlot.AFTER_CONVERT_ONNX_TO_HIP)).isEmpty();
            assertThat(none.passesForSlot(PipelineSlot.BEFORE_BUFFERIZATION)).isEmpty();
            assertThat(none.libraryNames()).isEmpty();
            assertThat(none.libraryPathStrings()).isEmpty();
            assertThat(none.bitcode()).isEmpty();
            assertThat(none.dialects()).isEmpty();
            assertThat(none.passes()).isEmpty();

            PluginSnapshot explicit = host.snapshot(PluginSources.of(List.of(new SamplePlugin())), List.of(SamplePlugin.ID));
            assertThat(explicit.passesForSlot(PipelineSlot.AFTER_CONVERT_ONNX_TO_HIP)).containsExactly(PRINT_SLOT);
            assertThat(explicit.passesForSlot(PipelineSlot.BEFORE_BUFFERIZATION)).containsExactly(LATE_SLOT);
        }
    }

    /**
     * Mode EXPECT_SAMPLE=0, checks 8–9: the in-tree pipeline with the sample plugin's slot hook.
     * A function marked {@code hip_ep_sample.emit_constant} gets a carrier at
     * AfterConvertOnnxToHip, which is externalized; one marked
     * {@code hip_ep_sample.emit_late_constant} gets one at BeforeBufferization, which the
     * late-carrier guard rejects.
     */
    @Nested
    class OnnxToHipPipelineWithSlots {
        private final PluginSnapshot snapshot = new PluginHost().snapshot(sources(), List.of(SamplePlugin.ID));
        private final List<String> errors = new java.util.ArrayList<>();
        private final List<String> warnings = new java.util.ArrayList<>();

        @TempDir
        Path out;

        private Operation module;

        private boolean run(String marker) {
            Context ctx = new Context(snapshot.applyDialects(CoreDialects.register(new DialectRegistry())));
            ctx.allowUnregisteredDialects(true);
            ctx.diagnostics().registerHandler(d -> {
                if (d.severity() == Severity.ERROR) {
                    errors.add(d.message());
                }
                return true;
            });
            module = IrParser.parse(ctx, """
                    func.func @main_graph(%input: tensor<2xf32> {onnx.name = "input"}) -> tensor<2xf32> attributes {%MARK%} {
                      "onnx.Return"(%input) : (tensor<2xf32>) -> ()
                    }
                    """.replace("%MARK%", marker), "main.mlir");
            PassRegistry registry = snapshot.registerPasses(CorePasses.register(new PassRegistry()));
            PassManager pm = new PassManager();
            OnnxToHipPipeline.build(pm, new OnnxToHipPipeline.Options(out.toString(), 1, false),
                    snapshot.slotHook(registry, warnings::add));
            return pm.run(module).succeeded();
        }

        @Test
        void aSlotConstantIsExternalized() throws Exception {
            assertThat(run(SamplePrintFunctionsPass.EMIT_CONSTANT)).as("pipeline succeeds").isTrue();
            assertThat(warnings).isEmpty();
            assertThat(((DenseArrayAttr) module.attribute("hipdnn.constant_sizes")).asLongs()).containsExactly(2);
            assertThat(((DenseArrayAttr) module.attribute("hipdnn.constant_offsets")).asLongs()).containsExactly(0);
            assertThat(Files.readAllBytes(out.resolve("model.constants.bin"))).isEqualTo(new byte[] {101, 102});
            List<Operation> carriers = new java.util.ArrayList<>();
            module.walk(op -> {
                if (op.is("hip.constant")) {
                    carriers.add(op);
                }
            });
            assertThat(carriers).isEmpty();
        }

        @Test
        void aLateConstantFailsTheGuard() {
            assertThat(run(SampleEmitLateConstantPass.EMIT_LATE_CONSTANT)).as("pipeline fails").isFalse();
            assertThat(errors).anySatisfy(m -> assertThat(m).contains("hip.constant survived past hip-externalize-constants"));
        }
    }

    /**
     * Both modes, tail (checks 10–12): a memory-address carrier run through the production
     * externalizer with injected memory holding {@code {11, 22, 33, 44}}.
     */
    @Nested
    class MemoryAddressCarriers {
        private static final long ADDRESS = 0x5000_0000L;
        private static final byte[] BYTES = {11, 22, 33, 44};
        private final ConstantMemory memory = (address, size) ->
                address == ADDRESS && size == BYTES.length ? ByteBuffer.wrap(BYTES.clone()) : null;

        @TempDir
        Path out;

        private Operation externalize(long minElements, boolean skipData) {
            Context ctx = new Context(CoreDialects.register(new DialectRegistry()));
            Operation module = IrParser.parse(ctx, """
                    func.func @main_graph() -> tensor<4xui8> {
                      %c = hip.constant {memory_address = %ADDR% : i64, size = 4 : i64} : tensor<4xui8>
                      return %c : tensor<4xui8>
                    }
                    """.replace("%ADDR%", Long.toString(ADDRESS)), "memory.mlir");
            PassManager pm = new PassManager();
            pm.addPass(() -> ExternalizeConstantsPass.create(out, minElements, skipData, memory));
            assertThat(pm.run(module).succeeded()).as("externalization succeeds").isTrue();
            return module;
        }

        private List<String> written() throws Exception {
            try (Stream<Path> s = Files.list(out)) {
                return s.map(p -> p.getFileName().toString()).sorted().toList();
            }
        }

        @Test
        void fullModeWritesTheBytesToTheBlob() throws Exception {
            externalize(1, false);
            assertThat(Files.readAllBytes(out.resolve("model.constants.bin"))).isEqualTo(BYTES);
        }

        @Test
        void streamingModeRecordsAMemorySourceInAPartialBlob() throws Exception {
            Operation module = externalize(1, true);
            assertThat(((DenseArrayAttr) module.attribute("hipdnn.constant_source_kinds")).asLongs())
                    .as("Memory = 3").containsExactly(3);
            assertThat(((DenseArrayAttr) module.attribute("hipdnn.constant_mem_offsets")).asLongs()).containsExactly(0);
            assertThat(Files.readAllBytes(out.resolve("model.constants.bin"))).isEqualTo(BYTES);
        }

        @Test
        void inlineModeMaterializesTheBytesAndWritesNoFile() throws Exception {
            Operation module = externalize(0, false);
            List<DenseElementsAttr> values = new java.util.ArrayList<>();
            module.walk(op -> {
                if (op.is("arith.constant")) {
                    values.add((DenseElementsAttr) op.attribute("value"));
                }
            });
            assertThat(values).singleElement().satisfies(v -> {
                ByteBuffer raw = v.rawData();
                byte[] got = new byte[raw.remaining()];
                raw.get(got);
                assertThat(got).isEqualTo(BYTES);
            });
            assertThat(written()).isEmpty();
        }
    }
}
