package org.hipep.host.compiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.hipep.host.plugins.Contributions.PassContribution;
import org.hipep.host.plugins.Contributions.SlotRequest;
import org.hipep.host.plugins.PluginReport;
import org.hipep.host.plugins.PluginSnapshot;
import org.hipep.ir.Operation;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.builtin.ArrayAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.pass.Pass;
import org.hipep.plugin.PipelineSlot;
import org.hipep.testing.data.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The compiler driver: the built-in pipeline, and the HIPDNN_EP_PIPELINE override's three seed cases. */
class CompilerDriverTest {
    private static final PluginReport NO_PLUGINS = new PluginReport(List.of(), List.of(), List.of(), List.of(), List.of());

    @TempDir
    Path dir;

    private final List<String> warnings = new ArrayList<>();

    private static Path mnist() {
        return SharedData.dir(SharedData.MODELS).resolve("mnist-8").resolve("model.onnx");
    }

    private static PluginSnapshot withSlotRequest(String text) {
        return new PluginSnapshot(new PluginReport(List.of(), List.of("p"), List.of("p"), List.of(), List.of()),
                List.of(), List.of(new SlotRequest("p", PipelineSlot.AFTER_SIMPLIFY_ONNX, text)),
                List.of(), List.of(), List.of(), List.of(), List.of());
    }

    private static List<String> opNames(Operation module) {
        List<String> names = new ArrayList<>();
        module.walk(op -> names.add(op.name().toString()));
        return names;
    }

    @Test
    void builtInPipelineCompilesMnistToTheLlvmDialectAndWritesTheSidecar() throws Exception {
        CompilerDriver driver = new CompilerDriver(PluginSnapshot.empty(NO_PLUGINS), warnings::add);
        CompilerDriver.Compilation c = driver.compile(mnist(), CompilerDriver.Options.defaults(dir));
        // hipdnn-pipeline: llvm dialect only, the hip ops as kernel calls, the generated entry points.
        assertThat(opNames(c.module())).filteredOn(n -> !n.equals("builtin.module")).isNotEmpty()
                .allMatch(n -> n.startsWith("llvm."));
        assertThat(new SymbolTable(c.module()).lookup("inference_compute")).isNotNull();
        assertThat(new SymbolTable(c.module()).lookup("hipep_conv_f32_in3_clamp")).isNotNull(); // bias folded in, Relu fused
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .anyMatch(n -> n.endsWith(".constants.bin")).anyMatch(n -> n.endsWith(".constants.json"));
        }
        assertThat(warnings).isEmpty();
    }

    @Test
    void overrideThatDoesNotParseFailsUpFront() {
        CompilerDriver driver = new CompilerDriver(PluginSnapshot.empty(NO_PLUGINS), warnings::add);
        String value = "builtin.module(no-such-pass)";
        assertThatThrownBy(() -> driver.compile(mnist(), CompilerDriver.Options.defaults(dir).withPipelineOverride(value)))
                .isInstanceOf(CompileException.class)
                .hasMessageStartingWith("HIPDNN_EP_PIPELINE: failed to parse pipeline 'builtin.module(no-such-pass)': ")
                .hasMessageContaining("no-such-pass");
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void overrideWithoutGenerateInterfaceHitsTheGuard() {
        CompilerDriver driver = new CompilerDriver(PluginSnapshot.empty(NO_PLUGINS), warnings::add);
        for (String value : List.of("builtin.module(func.func(canonicalize))", "  builtin.module(hip-infer-shapes) ",
                "func.func(canonicalize)")) {
            assertThatThrownBy(() -> driver.compile(mnist(),
                    CompilerDriver.Options.defaults(dir).withPipelineOverride(value)))
                    .as(value)
                    .isInstanceOf(CompileException.class)
                    .hasMessage("HIPDNN_EP_PIPELINE: the custom pipeline did not produce an 'inference_compute' entry"
                            + " point (did it omit generate-interface?)");
        }
    }

    @Test
    void overrideSkipsSlotRequestsWithOneWarning() {
        CompilerDriver driver = new CompilerDriver(withSlotRequest("cse"), warnings::add);
        assertThatThrownBy(() -> driver.compile(mnist(),
                CompilerDriver.Options.defaults(dir).withPipelineOverride("builtin.module(cse)")))
                .isInstanceOf(CompileException.class);
        assertThat(warnings).containsExactly("[plugin] WARNING: HIPDNN_EP_PIPELINE is set, so the built-in pipeline is"
                + " bypassed and plugin requestPipelineSlot() injections do NOT run. Name the plugin pass directly in"
                + " the HIPDNN_EP_PIPELINE string to run it under the override.");
    }

    @Test
    void builtInPipelineRunsSlotRequestsWithoutTheOverrideWarning() throws Exception {
        CompilerDriver driver = new CompilerDriver(withSlotRequest("no-such-plugin-pass"), warnings::add);
        driver.compile(mnist(), CompilerDriver.Options.defaults(dir));
        assertThat(warnings).anyMatch(w -> w.startsWith("[plugin] WARNING: could not add pass pipeline"
                + " 'no-such-plugin-pass' requested for pipeline slot 0."));
        assertThat(warnings).noneMatch(w -> w.contains("HIPDNN_EP_PIPELINE"));
    }

    private static Pass qPass() {
        return new Pass() {
            @Override
            public String argument() {
                return "q-pass";
            }

            @Override
            protected void runOnOperation() {
            }
        };
    }

    @Test
    void theModuleRecordsWhichPluginContributedWhichPass() throws Exception {
        PluginSnapshot snapshot = new PluginSnapshot(
                new PluginReport(List.of(), List.of("p", "q"), List.of("p", "q"), List.of(), List.of()),
                List.of(new PassContribution("q", "q-pass", "a pass", CompilerDriverTest::qPass)), List.of(),
                List.of(), List.of(), List.of(), List.of(), List.of());
        CompilerDriver.Compilation c = new CompilerDriver(snapshot, warnings::add)
                .compile(mnist(), CompilerDriver.Options.defaults(dir));
        assertThat(c.module().attribute("hipep.plugin_provenance")).isEqualTo(DictionaryAttr.of(Map.of(
                "p", new ArrayAttr(List.of()), "q", new ArrayAttr(List.of(new StringAttr("q-pass"))))));
    }

    /** A plugin pass that records, in order, the slot it was requested at and whether the entry point exists. */
    private static Pass recorder(String argument, List<String> log) {
        return new Pass() {
            @Override
            public String argument() {
                return argument;
            }

            @Override
            protected void runOnOperation() {
                log.add(argument + (new SymbolTable(getOperation()).lookup("inference_compute") != null
                        ? " (entry point)" : ""));
            }
        };
    }

    @Test
    void theBackHalfSlotsRunAtTheSeedsSeams() throws Exception {
        List<String> log = new ArrayList<>();
        List<PassContribution> passes = new ArrayList<>();
        List<SlotRequest> requests = new ArrayList<>();
        for (PipelineSlot slot : List.of(PipelineSlot.AFTER_GENERATE_INTERFACE, PipelineSlot.BEFORE_CONVERT_HIP_TO_LLVM,
                PipelineSlot.AFTER_POOL_ALLOCS, PipelineSlot.BEFORE_BUFFERIZATION)) {
            String name = "record-" + slot.index();
            passes.add(new PassContribution("p", name, "records " + slot, () -> recorder(name, log)));
            requests.add(new SlotRequest("p", slot, name));
        }
        PluginSnapshot snapshot = new PluginSnapshot(
                new PluginReport(List.of(), List.of("p"), List.of("p"), List.of(), List.of()),
                passes, requests, List.of(), List.of(), List.of(), List.of(), List.of());
        new CompilerDriver(snapshot, warnings::add).compile(mnist(), CompilerDriver.Options.defaults(dir));
        assertThat(log).containsExactly("record-3", "record-4", "record-5", "record-6 (entry point)");
        assertThat(warnings).isEmpty();
    }

    @Test
    void systemPropertyWinsOverTheEnvironmentAndBlankMeansUnset() {
        Properties props = new Properties();
        Map<String, String> env = Map.of("HIPDNN_EP_PIPELINE", "from-env");
        assertThat(CompilerDriver.pipelineOverride(env, props)).contains("from-env");
        props.setProperty("HIPDNN_EP_PIPELINE", "from-property");
        assertThat(CompilerDriver.pipelineOverride(env, props)).contains("from-property");
        props.setProperty("HIPDNN_EP_PIPELINE", "   ");
        assertThat(CompilerDriver.pipelineOverride(env, props)).contains("from-env");
        assertThat(CompilerDriver.pipelineOverride(Map.of("HIPDNN_EP_PIPELINE", ""), new Properties())).isEmpty();
    }

    @Test
    void aFileThatIsNoModelIsReportedWithItsPath() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.onnx"), "not a protobuf");
        CompilerDriver driver = new CompilerDriver(PluginSnapshot.empty(NO_PLUGINS), warnings::add);
        assertThatThrownBy(() -> driver.compile(bad, CompilerDriver.Options.defaults(dir)))
                .isInstanceOf(CompileException.class).hasMessageContaining("bad.onnx");
    }
}
