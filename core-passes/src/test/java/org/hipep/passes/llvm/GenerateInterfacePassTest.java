package org.hipep.passes.llvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.hipep.dialects.CoreDialects;
import org.hipep.dialects.llvm.LLVMTypes;
import org.hipep.ir.Context;
import org.hipep.ir.Diagnostic;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.Operation;
import org.hipep.ir.Severity;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.Verifier;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.ir.text.IrParser;
import org.hipep.pass.PassManager;
import org.junit.jupiter.api.Test;

/** The metadata JSON of {@code generate-interface} and its writer. */
class GenerateInterfacePassTest {
    private final Context ctx = new Context(CoreDialects.register(new DialectRegistry()));
    private final List<Diagnostic> errors = new ArrayList<>();

    GenerateInterfacePassTest() {
        ctx.diagnostics().registerHandler(d -> {
            if (d.severity() == Severity.ERROR) {
                errors.add(d);
            }
            return true;
        });
    }

    /** One 2x? f32 input, one output, streaming constants, a pool and two plugins. */
    static final String MODEL = """
            module @m attributes {
                hip.constants_file = "m.constants.bin",
                hipdnn.constant_sizes = array<i64: 16, 8, 4, 12>,
                hipdnn.constant_offsets = array<i64: 0, 64, 0, 128>,
                hipdnn.constant_source_kinds = array<i32: 0, 1, 2, 3>,
                hipdnn.constant_splat_elem_values = array<i64: 0, 1065353216, 0, 0>,
                hipdnn.constant_splat_elem_sizes = array<i64: 0, 4, 0, 0>,
                hipdnn.constant_file_paths = ["", "", "w \\"x\\".bin", ""],
                hipdnn.constant_file_offsets = array<i64: 0, 0, 32, 0>,
                hipdnn.constant_mem_offsets = array<i64: 0, 0, 0, 128>,
                hipdnn.input_count = 1 : i64,
                hipdnn.input_shapes = [array<i64: 2, -1>],
                hipdnn.input_element_sizes = array<i64: 4>,
                hipdnn.input_names = ["x"],
                hipdnn.input_element_types = ["f32"],
                hipdnn.output_count = 1 : i64,
                hipdnn.output_shapes = [array<i64: -1>],
                hipdnn.output_element_sizes = array<i64: 8>,
                hipdnn.pool_size = 512 : i64,
                hipdnn.pool_sizes = array<i64: 512, 0>,
                hipdnn.buffer_count = 2 : i64,
                hipdnn.buffer_offsets = array<i64: 0, 256>,
                hipep.plugin_provenance = {vendor.b = ["b-pass"], vendor.a = ["a-one", "a-two"]}} {
              llvm.func @main_graph(%ctx: !llvm.ptr, %a: !llvm.ptr, %b: !llvm.ptr, %o: i64, %s0: i64, %s1: i64,
                  %t0: i64, %t1: i64) {
                llvm.return
              }
            }
            """;

    @Test
    void metadataJsonHasTheModelInfoFields() {
        Operation module = IrParser.parse(ctx, MODEL, "model.mlir");
        String json = GenerateInterfacePass.metadataJson(module, "ignored.bin");
        assertThat(json).isEqualTo("""
                {
                  "version": 1,
                  "constants_filename": "m.constants.bin",
                  "constants": [
                    {
                      "size": 16,
                      "offset": 0,
                      "source_type": "NONE"
                    },
                    {
                      "size": 8,
                      "offset": 64,
                      "source_type": "SplatSource",
                      "source": {
                        "elem_bytes": [0, 0, 128, 63]
                      }
                    },
                    {
                      "size": 4,
                      "offset": 0,
                      "source_type": "FileRefSource",
                      "source": {
                        "path": "w \\"x\\".bin",
                        "file_offset": 32
                      }
                    },
                    {
                      "size": 12,
                      "offset": 128,
                      "source_type": "MemSource",
                      "source": {
                        "mem_offset": 128
                      }
                    }
                  ],
                  "input_count": 1,
                  "output_count": 1,
                  "inputs": [
                    {
                      "name": "x",
                      "element_type": "f32",
                      "shape": [2, -1],
                      "element_size": 4
                    }
                  ],
                  "outputs": [
                    {
                      "name": null,
                      "element_type": null,
                      "shape": [-1],
                      "element_size": 8
                    }
                  ],
                  "pool_size": 512,
                  "pool_sizes": [512, 0],
                  "plugin_provenance": [
                    {
                      "plugin": "vendor.a",
                      "passes": ["a-one", "a-two"]
                    },
                    {
                      "plugin": "vendor.b",
                      "passes": ["b-pass"]
                    }
                  ]
                }""");
    }

    @Test
    void withoutRecordedSignatureTheInputsComeFromMainGraph() {
        Operation module = IrParser.parse(ctx, """
                llvm.func @main_graph(%ctx: !llvm.ptr, %a: !llvm.ptr, %b: !llvm.ptr, %o: i64, %s0: i64, %t0: i64,
                    %c: !llvm.ptr, %d: !llvm.ptr, %o2: i64) {
                  llvm.return
                }
                """, "bare.mlir");
        String json = GenerateInterfacePass.metadataJson(module, "");
        assertThat(json).contains("\"constants_filename\": \"constants.bin\"", "\"constants\": []",
                "\"input_count\": 2", "\"output_count\": 0", "\"shape\": [-1]", "\"shape\": []",
                "\"element_size\": 4", "\"pool_size\": 0", "\"plugin_provenance\": []")
                .doesNotContain("pool_sizes");
        assertThat(GenerateInterfacePass.metadataJson(module, "opt.bin"))
                .contains("\"constants_filename\": \"opt.bin\"");
    }

    @Test
    void generatedModuleVerifies() {
        Operation module = IrParser.parse(ctx, MODEL, "model.mlir");
        PassManager pm = new PassManager();
        pm.addPass(GenerateInterfacePass::new);
        assertThat(pm.run(module).succeeded()).as("%s", errors).isTrue();
        assertThat(Verifier.verify(module).succeeded()).as("%s", errors).isTrue();
        String json = GenerateInterfacePass.metadataJson(IrParser.parse(ctx, MODEL, "model.mlir"), "");
        // The global holds the JSON and its NUL; inference_init passes the length without the NUL.
        assertThat(module.toString()).contains("global_type = !llvm.array<" + (json.length() + 1) + " x i8>",
                "<{value = " + json.length() + " : i64}>");
    }

    @Test
    void malformedConstantMetadataIsRefusedWithTheAttributeName() {
        String main = "llvm.func @main_graph(%ctx: !llvm.ptr) {\n  llvm.return\n}\n";
        assertThat(refusal("module attributes {hipdnn.constant_sizes = array<i64: 4>} {\n" + main + "}"))
                .isEqualTo("module attribute 'hipdnn.constant_offsets' is missing; the other constant metadata"
                        + " arrays need it");
        assertThat(refusal("module attributes {hipdnn.constant_sizes = array<i64: 4>, hipdnn.constant_offsets ="
                + " array<i64: 0, 64>} {\n" + main + "}"))
                .isEqualTo("module attribute 'hipdnn.constant_offsets' has 2 entries, expected 1");
        assertThat(refusal("module attributes {hipdnn.constant_sizes = array<i64: 4>, hipdnn.constant_offsets ="
                + " array<i64: 0>, hipdnn.constant_source_kinds = array<i32: 7>} {\n" + main + "}"))
                .isEqualTo("module attribute 'hipdnn.constant_source_kinds' has unknown kind 7 at index 0");
        assertThat(refusal("module attributes {hipdnn.constant_sizes = array<i64: 4>, hipdnn.constant_offsets ="
                + " array<i64: 0>, hipdnn.constant_source_kinds = array<i32: 1>,"
                + " hipdnn.constant_splat_elem_values = array<i64: 0>, hipdnn.constant_splat_elem_sizes ="
                + " array<i64: 9>} {\n" + main + "}"))
                .isEqualTo("module attribute 'hipdnn.constant_splat_elem_sizes' has 9 at index 0 (1 to 8 bytes)");
        assertThat(refusal("module attributes {hipdnn.input_shapes = [\"x\"]} {\n" + main + "}"))
                .isEqualTo("module attribute 'hipdnn.input_shapes' must be an array of array<i64>");
    }

    @Test
    void aRefusalLeavesTheModuleUnchanged() {
        Operation module = IrParser.parse(ctx, """
                llvm.func @hipdnn_ep_pool_init(!llvm.ptr) -> i32
                llvm.func @main_graph(%ctx: !llvm.ptr, %a: !llvm.ptr, %b: !llvm.ptr, %o: i64) {
                  llvm.return
                }
                """, "stale.mlir");
        String before = module.toString();
        PassManager pm = new PassManager();
        pm.addPass(GenerateInterfacePass::new);
        assertThat(pm.run(module).succeeded()).isFalse();
        assertThat(errors).singleElement().satisfies(d -> {
            assertThat(d.message()).startsWith("generate-interface: @hipdnn_ep_pool_init exists but is not");
            assertThat(d.filePosition().line()).isEqualTo(1);
        });
        assertThat(module.toString()).isEqualTo(before);
    }

    @Test
    void mainGraphReturnsNothingUnlessSomethingElseInTheModuleCallsIt() {
        String main = """
                llvm.func @main_graph(%ctx: !llvm.ptr) -> !llvm.struct<(ptr, i64)> {
                  %p = llvm.mlir.zero : !llvm.ptr
                  %u = llvm.mlir.poison : !llvm.struct<(ptr, i64)>
                  %d = llvm.insertvalue %p, %u[0] : !llvm.struct<(ptr, i64)>
                  llvm.return %d : !llvm.struct<(ptr, i64)>
                }
                """;
        Operation alone = generated(main);
        Operation graph = new SymbolTable(alone).lookup("main_graph");
        assertThat(functionType(graph).returnsVoid()).isTrue();
        assertThat(graph.toString()).contains("\"llvm.return\"() : () -> ()");
        assertThat(mainGraphCallResults(alone)).isZero();

        Operation called = generated(main + """
                llvm.func @probe(%ctx: !llvm.ptr) -> !llvm.struct<(ptr, i64)> {
                  %r = llvm.call @main_graph(%ctx) : (!llvm.ptr) -> !llvm.struct<(ptr, i64)>
                  llvm.return %r : !llvm.struct<(ptr, i64)>
                }
                """);
        Operation kept = new SymbolTable(called).lookup("main_graph");
        assertThat(functionType(kept).returnsVoid()).isFalse();
        assertThat(kept.toString()).contains("\"llvm.return\"(%");
        assertThat(mainGraphCallResults(called)).isEqualTo(2); // inference_compute's and @probe's
    }

    private static LLVMTypes.FunctionType functionType(Operation function) {
        return (LLVMTypes.FunctionType) ((TypeAttr) function.attribute("function_type")).value();
    }

    /** The results of the module's calls of {@code @main_graph}, added up. */
    private static int mainGraphCallResults(Operation module) {
        int[] results = {0};
        module.walk(op -> {
            if (op.is("llvm.call") && op.attribute("callee") instanceof SymbolRefAttr callee
                    && callee.rootReference().equals("main_graph")) {
                results[0] += op.numResults();
            }
        });
        return results[0];
    }

    private Operation generated(String text) {
        Operation module = IrParser.parse(ctx, text, "graph.mlir");
        PassManager pm = new PassManager();
        pm.addPass(GenerateInterfacePass::new);
        assertThat(pm.run(module).succeeded()).as("%s", errors).isTrue();
        assertThat(Verifier.verify(module).succeeded()).as("%s", errors).isTrue();
        return module;
    }

    private String refusal(String text) {
        Operation module = IrParser.parse(ctx, text, "bad.mlir");
        try {
            GenerateInterfacePass.metadataJson(module, "");
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        throw new AssertionError("no refusal for " + text);
    }

    @Test
    void jsonEscapesQuotesBackslashesControlAndNonAsciiCharacters() {
        assertThat(Json.quote("a\"b\\c")).isEqualTo("\"a\\\"b\\\\c\"");
        assertThat(Json.quote("\n\r\t\b\f")).isEqualTo("\"\\n\\r\\t\\b\\f\"");
        assertThat(Json.quote("\u0001\u001f\u007f")).isEqualTo("\"\\u0001\\u001f\\u007f\"");
        assertThat(Json.quote("é€")).isEqualTo("\"\\u00e9\\u20ac\"");
        assertThat(Json.quote("\uD83D\uDE00")).isEqualTo("\"\\ud83d\\ude00\"");
        assertThat(Json.quote("/ plain ~")).isEqualTo("\"/ plain ~\"");
    }

    @Test
    void jsonWritesScalarsContainersAndRefusesOtherValues() {
        assertThat(Json.write(java.util.Map.of())).isEqualTo("{}");
        assertThat(Json.write(List.of())).isEqualTo("[]");
        assertThat(Json.write(java.util.Arrays.asList(1L, null, true, "s"))).isEqualTo("[1, null, true, \"s\"]");
        assertThat(Json.write(List.of(List.of(1L), java.util.Map.of("k", 2L))))
                .isEqualTo("[\n  [1],\n  {\n    \"k\": 2\n  }\n]");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Json.write(1.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a JSON value");
    }
}
