package org.hipep.passes.hip;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.hipep.dialects.CoreDialects;
import org.hipep.ir.Context;
import org.hipep.ir.Diagnostic;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Severity;
import org.hipep.ir.builtin.ArrayAttr;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.text.AsmPrinterOptions;
import org.hipep.ir.text.IrParser;
import org.hipep.ir.text.IrPrinter;
import org.hipep.pass.Pass;
import org.hipep.pass.PassManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The production entry of {@code hip-externalize-constants}: artifacts in a temporary directory,
 * memory-address carriers read through a map-backed {@link ConstantMemory}. Expected bytes and
 * metadata follow the contract (§4.2, §4.3): 64-byte aligned entries in declaration order, zero
 * padding, splats expanded, Bulk=0 Splat=1 File=2 Memory=3.
 */
class ExternalizeConstantsPassTest {
    private static final long ADDRESS = 0x7f00_1000L;

    @TempDir
    Path out;

    /** Where the external weights file lives: a folder apart from the pass's output. */
    @TempDir
    Path weightsDir;

    private final Context ctx = new Context(CoreDialects.register(new DialectRegistry()));
    private final List<Diagnostic> errors = new ArrayList<>();

    ExternalizeConstantsPassTest() {
        ctx.diagnostics().registerHandler(d -> {
            if (d.severity() == Severity.ERROR) {
                errors.add(d);
            }
            return true;
        });
    }

    /** Memory at {@link #ADDRESS}: 11, 22, 33, 44. */
    private static final ConstantMemory MEMORY = mapMemory(Map.of(ADDRESS, new byte[] {11, 22, 33, 44}));

    static ConstantMemory mapMemory(Map<Long, byte[]> blocks) {
        return (address, size) -> {
            byte[] b = blocks.get(address);
            return b == null ? null : ByteBuffer.wrap(b, 0, (int) Math.min(size, b.length));
        };
    }

    private Operation parse(String text) {
        return IrParser.parse(ctx, text, "test.mlir");
    }

    private LogicalResult run(Operation module, Supplier<Pass> pass) {
        PassManager pm = new PassManager();
        pm.addPass(pass);
        return pm.run(module);
    }

    private static long[] longs(Operation module, String attr) {
        assertThat(module.attribute(attr)).as(attr).isInstanceOf(DenseArrayAttr.class);
        return ((DenseArrayAttr) module.attribute(attr)).asLongs();
    }

    private static String print(Operation op) {
        return IrPrinter.print(op, AsmPrinterOptions.defaults());
    }

    private List<String> files() throws IOException {
        try (Stream<Path> s = Files.list(out)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static byte[] expectedFullBin(byte[] fileBytes) {
        byte[] b = new byte[194];
        b[0] = 1;
        b[1] = 2;
        b[2] = 3;
        for (int i = 0; i < 4; i++) {
            // f32 2.0 = 0x40000000, little-endian
            b[64 + 4 * i + 3] = 0x40;
        }
        b[128] = 11;
        b[129] = 22;
        b[130] = 33;
        b[131] = 44;
        b[192] = fileBytes[0];
        b[193] = fileBytes[1];
        return b;
    }

    private Path weights() throws IOException {
        Path w = weightsDir.resolve("weights.bin");
        Files.write(w, new byte[] {9, 8, 7, 6, 5});
        return w;
    }

    private String fourSources(Path weights) {
        return """
                module @net {
                  func.func @f() -> (tensor<3xi8>, tensor<4xf32>, tensor<4xui8>, tensor<2xi8>, tensor<1xi8>) {
                    %a = hip.constant {value = dense<[1, 2, 3]> : tensor<3xi8>} : tensor<3xi8>
                    %b = hip.constant {value = dense<2.0> : tensor<4xf32>} : tensor<4xf32>
                    %c = hip.constant {memory_address = %ADDR% : i64, size = 4 : i64} : tensor<4xui8>
                    %d = hip.constant {location = "%FILE%", offset = 2 : i64, size = 2 : i64} : tensor<2xi8>
                    %e = hip.constant {value = dense<5> : tensor<1xi8>} : tensor<1xi8>
                    return %a, %b, %c, %d, %e : tensor<3xi8>, tensor<4xf32>, tensor<4xui8>, tensor<2xi8>, tensor<1xi8>
                  }
                }
                """.replace("%ADDR%", Long.toString(ADDRESS)).replace("%FILE%", weights.toString());
    }

    /** A splat fills every element of the blob, whatever its length (the expansion copies by doubling). */
    @Test
    void splatsOfAnyLengthFillEveryElement() throws IOException {
        Operation module = parse("""
                module @net {
                  func.func @f() -> (tensor<7xf32>, tensor<1000003xi16>) {
                    %a = hip.constant {value = dense<2.5> : tensor<7xf32>} : tensor<7xf32>
                    %b = hip.constant {value = dense<-3> : tensor<1000003xi16>} : tensor<1000003xi16>
                    return %a, %b : tensor<7xf32>, tensor<1000003xi16>
                  }
                }
                """);
        assertThat(run(module, () -> ExternalizeConstantsPass.create(out, 2, false, MEMORY)).succeeded())
                .as("%s", errors).isTrue();
        assertThat(longs(module, "hipdnn.constant_sizes")).containsExactly(28, 2000006);
        long[] offsets = longs(module, "hipdnn.constant_offsets");
        ByteBuffer bin = ByteBuffer.wrap(Files.readAllBytes(out.resolve("net.constants.bin")))
                .order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 7; i++) {
            assertThat(bin.getFloat(Math.toIntExact(offsets[0]) + 4 * i)).as("f32 element %d", i).isEqualTo(2.5f);
        }
        for (int i = 0; i < 1000003; i++) {
            short v = bin.getShort(Math.toIntExact(offsets[1]) + 2 * i);
            if (v != -3) {
                throw new AssertionError("i16 element " + i + " is " + v);
            }
        }
    }

    /**
     * Bytes in a direct buffer (a model read through a mapping), larger than one write, between two
     * splats: each lands at its offset whole, with the padding before it zero.
     */
    @Test
    void directBytesLargerThanOneWriteLandWholeBetweenSplats() throws IOException {
        Operation module = parse("""
                module @net {
                  func.func @f() -> (tensor<3xi8>, tensor<786433xi32>, tensor<5xf32>) {
                    %a = hip.constant {value = dense<7> : tensor<3xi8>} : tensor<3xi8>
                    %b = hip.constant {value = dense<0> : tensor<786433xi32>} : tensor<786433xi32>
                    %c = hip.constant {value = dense<-1.5> : tensor<5xf32>} : tensor<5xf32>
                    return %a, %b, %c : tensor<3xi8>, tensor<786433xi32>, tensor<5xf32>
                  }
                }
                """);
        ByteBuffer direct = ByteBuffer.allocateDirect(4 * 786433).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 786433; i++) {
            direct.putInt(4 * i, i * 0x9E3779B1);
        }
        List<Operation> constants = new ArrayList<>();
        module.walk(op -> {
            if (op.is("hip.constant")) {
                constants.add(op);
            }
        });
        Operation b = constants.get(1);
        b.setAttribute("value", DenseElementsAttr.fromRaw((ShapedType) b.result(0).type(), direct.duplicate()));
        assertThat(run(module, () -> ExternalizeConstantsPass.create(out, 2, false, MEMORY)).succeeded())
                .as("%s", errors).isTrue();
        assertThat(longs(module, "hipdnn.constant_offsets")).containsExactly(0, 64, 64 + 3145792);
        ByteBuffer bin = ByteBuffer.wrap(Files.readAllBytes(out.resolve("net.constants.bin")))
                .order(java.nio.ByteOrder.LITTLE_ENDIAN);
        assertThat(bin.remaining()).isEqualTo(64 + 3145792 + 20);
        byte[] head = new byte[64];
        bin.get(0, head);
        byte[] expectedHead = new byte[64];
        expectedHead[0] = expectedHead[1] = expectedHead[2] = 7;
        assertThat(head).as("the splat and the padding after it").isEqualTo(expectedHead);
        for (int i = 0; i < 786433; i++) {
            if (bin.getInt(64 + 4 * i) != direct.getInt(4 * i)) {
                throw new AssertionError("i32 element " + i + " is " + bin.getInt(64 + 4 * i));
            }
        }
        for (int i = 64 + 4 * 786433; i < 64 + 3145792; i++) {
            assertThat(bin.get(i)).as("padding byte %d", i).isZero();
        }
        for (int i = 0; i < 5; i++) {
            assertThat(bin.getFloat(64 + 3145792 + 4 * i)).as("f32 element %d", i).isEqualTo(-1.5f);
        }
    }

    @Test
    void fullModeWritesAlignedBlobAndManifest() throws IOException {
        Operation module = parse(fourSources(weights()));
        assertThat(run(module, () -> ExternalizeConstantsPass.create(out, 2, false, MEMORY)).succeeded())
                .as("%s", errors).isTrue();

        assertThat(files()).containsExactly("net.constants.bin", "net.constants.json");
        assertThat(Files.readAllBytes(out.resolve("net.constants.bin"))).isEqualTo(expectedFullBin(new byte[] {7, 6}));
        assertThat(module.attribute("hip.constants_file")).isEqualTo(new StringAttr("net.constants.bin"));
        assertThat(longs(module, "hipdnn.constant_sizes")).containsExactly(3, 16, 4, 2);
        assertThat(longs(module, "hipdnn.constant_offsets")).containsExactly(0, 64, 128, 192);
        assertThat(module.attribute("hipdnn.constant_source_kinds")).as("full mode has no source kinds").isNull();

        String json = Files.readString(out.resolve("net.constants.json"), StandardCharsets.UTF_8);
        assertThat(json).startsWith("{\n  \"version\": 1,\n  \"binary_file\": \"net.constants.bin\",\n"
                + "  \"num_constants\": 4,\n  \"total_bytes\": 194,\n  \"constants\": [\n    {\n"
                + "      \"name\": \"hip_ext_constant_0\",\n      \"shape\": [3],\n      \"element_type\": \"i8\",\n"
                + "      \"offset\": 0,\n      \"size\": 3,\n      \"alignment\": 64\n    },\n");
        assertThat(json).contains("\"name\": \"hip_ext_constant_1\",\n      \"shape\": [4],\n"
                + "      \"element_type\": \"f32\",\n      \"offset\": 64,\n      \"size\": 16,");
        assertThat(json).contains("\"element_type\": \"ui8\",\n      \"offset\": 128,");
        assertThat(json).endsWith("\"offset\": 192,\n      \"size\": 2,\n      \"alignment\": 64\n    }\n  ]\n}\n");

        String ir = print(module);
        assertThat(ir).doesNotContain("hip.constant ");
        assertThat(ir).contains("memref.global \"private\" @hip_ext_constant_3 : memref<2xi8> {alignment = 64 : i64, "
                + "hip.external_data = {index = 3 : i64, offset = 192 : i64, size = 2 : i64}}");
        assertThat(ir).contains("bufferization.to_tensor %0 restrict : memref<3xi8> to tensor<3xi8>");
        assertThat(ir).as("below the threshold").contains("arith.constant dense<5> : tensor<1xi8>");
    }

    @Test
    void streamingModeRecordsSourcesAndPacksMemoryBytesOnly() throws IOException {
        Path missing = out.resolveSibling("not-there-" + System.nanoTime() + ".bin");
        Operation module = parse("""
                module {
                  func.func @f() -> (tensor<4xui8>, tensor<8xf16>, tensor<4xf32>) {
                    %c = hip.constant {memory_address = %ADDR% : i64, size = 4 : i64} : tensor<4xui8>
                    %s = hip.constant {value = dense<-2> : tensor<8xi16>} : tensor<8xi16>
                    %f = hip.constant {location = "%FILE%", offset = 64 : i64, size = 16 : i64} : tensor<4xf32>
                    %h = hip.constant {value = dense<1.0> : tensor<8xf16>} : tensor<8xf16>
                    return %c, %h, %f : tensor<4xui8>, tensor<8xf16>, tensor<4xf32>
                  }
                }
                """.replace("%ADDR%", Long.toString(ADDRESS)).replace("%FILE%", missing.toString()));
        assertThat(run(module, () -> ExternalizeConstantsPass.create(out, 1, true, MEMORY)).succeeded())
                .as("%s", errors).isTrue();

        assertThat(files()).as("partial blob, no manifest").containsExactly("model.constants.bin");
        assertThat(Files.readAllBytes(out.resolve("model.constants.bin"))).containsExactly(11, 22, 33, 44);
        assertThat(longs(module, "hipdnn.constant_source_kinds")).containsExactly(3, 1, 2, 1);
        assertThat(longs(module, "hipdnn.constant_sizes")).containsExactly(4, 16, 16, 16);
        assertThat(longs(module, "hipdnn.constant_mem_offsets")).containsExactly(0, 0, 0, 0);
        assertThat(longs(module, "hipdnn.constant_file_offsets")).containsExactly(0, 0, 64, 0);
        // -2 as i16 is 0xfffe; f16 1.0 is 0x3c00
        assertThat(longs(module, "hipdnn.constant_splat_elem_values")).containsExactly(0, 0xfffe, 0, 0x3c00);
        assertThat(longs(module, "hipdnn.constant_splat_elem_sizes")).containsExactly(0, 2, 0, 2);
        assertThat(module.attribute("hipdnn.constant_file_paths")).isEqualTo(new ArrayAttr(List.of(
                new StringAttr(""), new StringAttr(""), new StringAttr(missing.toString()), new StringAttr(""))));
    }

    @Test
    void hybridModePacksMemoryAndNonSplatInlineBytesAligned() throws IOException {
        Operation module = parse("""
                module @h {
                  func.func @f() -> (tensor<4xui8>, tensor<3xi16>) {
                    %c = hip.constant {memory_address = %ADDR% : i64, size = 4 : i64} : tensor<4xui8>
                    %i = hip.constant {value = dense<[1, 256, -1]> : tensor<3xi16>} : tensor<3xi16>
                    return %c, %i : tensor<4xui8>, tensor<3xi16>
                  }
                }
                """.replace("%ADDR%", Long.toString(ADDRESS)));
        assertThat(run(module, () -> ExternalizeConstantsPass.create(out, 1, true, MEMORY)).succeeded())
                .as("%s", errors).isTrue();

        byte[] expected = new byte[70];
        expected[0] = 11;
        expected[1] = 22;
        expected[2] = 33;
        expected[3] = 44;
        byte[] inline = {1, 0, 0, 1, (byte) 0xff, (byte) 0xff};
        System.arraycopy(inline, 0, expected, 64, inline.length);
        assertThat(files()).containsExactly("h.constants.bin");
        assertThat(Files.readAllBytes(out.resolve("h.constants.bin"))).isEqualTo(expected);
        assertThat(longs(module, "hipdnn.constant_source_kinds")).containsExactly(3, 3);
        assertThat(longs(module, "hipdnn.constant_mem_offsets")).containsExactly(0, 64);
        assertThat(longs(module, "hipdnn.constant_offsets")).containsExactly(0, 64);
        assertThat(module.attribute("hip.constants_file")).isEqualTo(new StringAttr("h.constants.bin"));
    }

    @Test
    void inlineModeReadsFileAndMemoryBytesIntoExactTypes() throws IOException {
        Path bits = out.resolveSibling("bits-" + System.nanoTime() + ".bin");
        Files.write(bits, new byte[] {0, 1, 0, 1});
        try {
            Operation module = parse("""
                    func.func @f() -> (tensor<4xui8>, tensor<3xi1>) {
                      %c = hip.constant {memory_address = %ADDR% : i64, size = 4 : i64} : tensor<4xui8>
                      %b = hip.constant {location = "%FILE%", offset = 1 : i64, size = 3 : i64} : tensor<3xi1>
                      return %c, %b : tensor<4xui8>, tensor<3xi1>
                    }
                    """.replace("%ADDR%", Long.toString(ADDRESS)).replace("%FILE%", bits.toString()));
            assertThat(run(module, () -> ExternalizeConstantsPass.create(out, 0, false, MEMORY)).succeeded())
                    .as("%s", errors).isTrue();
            assertThat(files()).isEmpty();
            assertThat(module.attribute("hipdnn.constant_sizes")).isNull();
            String ir = print(module);
            assertThat(ir).contains("arith.constant dense<[11, 22, 33, 44]> : tensor<4xui8>");
            assertThat(ir).contains("arith.constant dense<[true, false, true]> : tensor<3xi1>");
        } finally {
            Files.deleteIfExists(bits);
        }
    }

    @Test
    void failureLeavesIrAndOutputDirectoryUntouched() throws IOException {
        Path missing = out.resolveSibling("gone-" + System.nanoTime() + ".bin");
        Operation module = parse("""
                func.func @f() -> (tensor<2xi8>, tensor<4xui8>, tensor<2xi8>) {
                  %a = hip.constant {value = dense<[1, 2]> : tensor<2xi8>} : tensor<2xi8>
                  %c = hip.constant {memory_address = %ADDR% : i64, size = 4 : i64} : tensor<4xui8>
                  %d = hip.constant {location = "%FILE%", offset = 0 : i64, size = 2 : i64} : tensor<2xi8>
                  return %a, %c, %d : tensor<2xi8>, tensor<4xui8>, tensor<2xi8>
                }
                """.replace("%ADDR%", Long.toString(ADDRESS)).replace("%FILE%", missing.toString()));
        String before = print(module);
        assertThat(run(module, () -> ExternalizeConstantsPass.create(out, 1, false, MEMORY)).failed()).isTrue();
        assertThat(errors).extracting(Diagnostic::message)
                .anyMatch(m -> m.equals("file source '" + missing + "' does not exist or is not a regular file"));
        assertThat(print(module)).isEqualTo(before);
        assertThat(files()).isEmpty();
    }

    @Test
    void shortFileSourceIsRefusedWithItsLocation() throws IOException {
        Path w = weights();
        Operation module = parse("""
                func.func @f() -> tensor<4xi8> {
                  %d = hip.constant {location = "%FILE%", offset = 2 : i64, size = 4 : i64} : tensor<4xi8>
                  return %d : tensor<4xi8>
                }
                """.replace("%FILE%", w.toString()));
        String before = print(module);
        assertThat(run(module, () -> ExternalizeConstantsPass.create(out, 0, false, null)).failed()).isTrue();
        assertThat(errors).extracting(Diagnostic::message).anyMatch(m -> m.startsWith("file source '" + w
                + "' has 5 bytes, too few for 4 bytes at offset 2"));
        assertThat(print(module)).isEqualTo(before);
    }

    @Test
    void unwritableOutputLeavesIrUnchangedAndNoFiles() throws IOException {
        Path notADir = out.resolve("plain-file");
        Files.write(notADir, new byte[] {1});
        Operation module = parse("""
                func.func @f() -> tensor<2xi8> {
                  %a = hip.constant {value = dense<[1, 2]> : tensor<2xi8>} : tensor<2xi8>
                  return %a : tensor<2xi8>
                }
                """);
        String before = print(module);
        assertThat(run(module, () -> ExternalizeConstantsPass.create(notADir, 1, false, null)).failed()).isTrue();
        assertThat(errors).extracting(Diagnostic::message)
                .anyMatch(m -> m.startsWith("cannot write constants artifacts to '" + notADir + "'"));
        assertThat(print(module)).isEqualTo(before);
        assertThat(files()).containsExactly("plain-file");
    }

    @Test
    void aMissingMemoryBlockIsRefused() {
        Operation module = parse("""
                func.func @f() -> tensor<4xui8> {
                  %c = hip.constant {memory_address = 4096 : i64, size = 4 : i64} : tensor<4xui8>
                  return %c : tensor<4xui8>
                }
                """);
        assertThat(run(module, () -> ExternalizeConstantsPass.create(out, 1, false, MEMORY)).failed()).isTrue();
        assertThat(errors).extracting(Diagnostic::message).contains("memory-address source 0x1000 gave 0 of 4 bytes");
    }

    @Test
    void productionPassWithoutMemoryRefusesMemoryCarriers() {
        Operation module = parse("""
                func.func @f() -> tensor<4xui8> {
                  %c = hip.constant {memory_address = 4096 : i64, size = 4 : i64} : tensor<4xui8>
                  return %c : tensor<4xui8>
                }
                """);
        assertThat(run(module, () -> ExternalizeConstantsPass.create(out, 1, false, null)).failed()).isTrue();
        assertThat(errors).extracting(Diagnostic::message).contains(ExternalizeConstantsPass.MEMORY_REFUSAL);
    }

    @Test
    void writesThroughAnyFileSystemProvider() throws IOException {
        Path zip = out.resolve("artifacts.zip");
        try (java.nio.file.FileSystem fs = java.nio.file.FileSystems.newFileSystem(zip, Map.of("create", "true"))) {
            Path dir = fs.getPath("/constants");
            Operation module = parse("""
                    func.func @f() -> (tensor<4xui8>, tensor<2xi8>) {
                      %c = hip.constant {memory_address = %ADDR% : i64, size = 4 : i64} : tensor<4xui8>
                      %a = hip.constant {value = dense<[5, 6]> : tensor<2xi8>} : tensor<2xi8>
                      return %c, %a : tensor<4xui8>, tensor<2xi8>
                    }
                    """.replace("%ADDR%", Long.toString(ADDRESS)));
            assertThat(run(module, () -> ExternalizeConstantsPass.create(dir, 1, false, MEMORY)).succeeded())
                    .as("%s", errors).isTrue();
            try (Stream<Path> s = Files.list(dir)) {
                assertThat(s.map(p -> p.getFileName().toString()).sorted())
                        .containsExactly("model.constants.bin", "model.constants.json");
            }
            byte[] expected = new byte[66];
            System.arraycopy(new byte[] {11, 22, 33, 44}, 0, expected, 0, 4);
            expected[64] = 5;
            expected[65] = 6;
            assertThat(Files.readAllBytes(dir.resolve("model.constants.bin"))).isEqualTo(expected);
        }
    }

    @Test
    void sanitizesHints() {
        assertThat(ExternalizeConstantsPass.sanitize("conv1.weight/0")).isEqualTo("conv1_weight_0");
        assertThat(Arrays.asList(ExternalizeConstantsPass.SourceKind.values()))
                .extracting(Enum::ordinal).containsExactly(0, 1, 2, 3);
    }

    @Test
    void denseElementsKeepTheCarrierType() {
        Operation module = parse("""
                func.func @f() -> tensor<2xbf16> {
                  %a = hip.constant {value = dense<[1.0, 2.0]> : tensor<2xbf16>} : tensor<2xbf16>
                  return %a : tensor<2xbf16>
                }
                """);
        assertThat(run(module, () -> ExternalizeConstantsPass.create(out, 0, false, null)).succeeded()).isTrue();
        Operation[] c = new Operation[1];
        module.walk(op -> {
            if (op.is("arith.constant")) {
                c[0] = op;
            }
        });
        assertThat(((DenseElementsAttr) c[0].attribute("value")).type().toString()).contains("bf16");
    }
}
