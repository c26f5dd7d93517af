package org.hipep.dialects.onnx.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.hipep.dialects.onnx.load.TestModels.model;
import static org.hipep.dialects.onnx.load.TestModels.reluGraph;
import static org.hipep.dialects.onnx.load.TestModels.write;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.hipep.dialects.onnx.proto.OnnxProto.StringStringEntryProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tensors whose elements live in a file next to the model. */
class ExternalDataTest {

    @TempDir
    Path root;

    private Path modelDir;

    @BeforeEach
    void folders() throws Exception {
        modelDir = Files.createDirectories(root.resolve("model"));
        // 16 bytes of header, then the floats 1..6.
        ByteBuffer b = ByteBuffer.allocate(16 + 24).order(ByteOrder.LITTLE_ENDIAN);
        b.position(16);
        for (int i = 1; i <= 6; i++) {
            b.putFloat(i * 1.5f);
        }
        write(modelDir.resolve("weights.bin"), b.array());
        write(root.resolve("escape.bin"), b.array());
    }

    private static TensorProto external(String location, Long offset, Long length) {
        TensorProto.Builder t = TensorProto.newBuilder().setName("w").setDataType(TestModels.FLOAT).addDims(2)
                .addDims(3).setDataLocation(TensorProto.DataLocation.EXTERNAL)
                .addExternalData(entry("location", location));
        if (offset != null) {
            t.addExternalData(entry("offset", offset.toString()));
        }
        if (length != null) {
            t.addExternalData(entry("length", length.toString()));
        }
        return t.build();
    }

    private static StringStringEntryProto entry(String key, String value) {
        return StringStringEntryProto.newBuilder().setKey(key).setValue(value).build();
    }

    private OnnxModel load(TensorProto w) {
        return OnnxModelLoader.load(write(modelDir, "model.onnx", model(reluGraph().addInitializer(w).build()).build()));
    }

    private String refused(TensorProto w) {
        OnnxLoadException e = catchThrowableOfType(OnnxLoadException.class, () -> load(w));
        assertThat(e).isNotNull();
        assertThat(e.getMessage()).startsWith(modelDir.resolve("model.onnx") + ": initializer: tensor 'w': ");
        return e.detail();
    }

    @Test
    void mappedAndReadCorrectly() {
        TensorData w = load(external("weights.bin", 16L, 24L)).initializers().get("w");
        assertThat(w.dims()).containsExactly(2, 3);
        ByteBuffer data = w.data();
        assertThat(data.isDirect()).as("memory-mapped").isTrue();
        assertThat(data.isReadOnly()).isTrue();
        assertThat(data.remaining()).isEqualTo(24);
        for (int i = 0; i < 6; i++) {
            assertThat(data.getFloat(4 * i)).isEqualTo((i + 1) * 1.5f);
        }
    }

    @Test
    void lengthDefaultsToTheRestOfTheFile() {
        TensorData w = load(external("./weights.bin", 16L, null)).initializers().get("w");
        assertThat(w.data().getFloat(20)).isEqualTo(9f);
    }

    @Test
    void offsetAndLengthBeyondTheFileEnd() {
        assertThat(refused(external("weights.bin", 24L, 24L)))
                .endsWith("external data [offset 24, length 24] is beyond the end of 'weights.bin' (40 bytes)");
        assertThat(refused(external("weights.bin", 41L, null))).contains("offset 41 is beyond the end");
    }

    @Test
    void lengthNotMatchingTheDims() {
        assertThat(refused(external("weights.bin", 0L, 40L))).contains("has 40 bytes but dims and type need 24");
    }

    @Test
    void parentEscape() {
        assertThat(refused(external("../escape.bin", 16L, 24L))).contains("escapes the model's folder");
        assertThat(refused(external("sub/../../escape.bin", 16L, 24L))).contains("escapes the model's folder");
    }

    @Test
    void absoluteLocation() {
        String abs = root.resolve("escape.bin").toAbsolutePath().toString();
        assertThat(refused(external(abs, 16L, 24L))).contains("is absolute");
    }

    @Test
    void symlinkPointingOutside() throws Exception {
        Files.createSymbolicLink(modelDir.resolve("link.bin"), root.resolve("escape.bin"));
        assertThat(refused(external("link.bin", 16L, 24L)))
                .contains("outside the model's folder").contains("symbolic link");
    }

    @Test
    void symlinkInsideTheFolderIsFine() throws Exception {
        Files.createSymbolicLink(modelDir.resolve("alias.bin"), modelDir.resolve("weights.bin"));
        assertThat(load(external("alias.bin", 16L, 24L)).initializers().get("w").data().getFloat(0)).isEqualTo(1.5f);
    }

    @Test
    void missingFile() {
        assertThat(refused(external("nowhere.bin", 0L, 24L))).contains("does not exist");
    }

    @Test
    void streamWithoutBaseDirectory() {
        byte[] bytes = model(reluGraph().addInitializer(external("weights.bin", 16L, 24L)).build()).build()
                .toByteArray();
        OnnxLoadException e = catchThrowableOfType(OnnxLoadException.class,
                () -> OnnxModelLoader.load(new java.io.ByteArrayInputStream(bytes), "stream", null));
        assertThat(e.getMessage()).startsWith("stream: ").contains("needs the model's folder");
        OnnxModel m = OnnxModelLoader.load(new java.io.ByteArrayInputStream(bytes), "stream", modelDir);
        assertThat(m.file()).isNull();
        assertThat(m.initializers().get("w").data().getFloat(4)).isEqualTo(3f);
    }

    @Test
    void importedExternalInitializersStayAReferenceToTheirFile() {
        OnnxModel model = load(external("weights.bin", 16L, 24L));
        org.hipep.ir.Context ctx = new org.hipep.ir.Context(
                org.hipep.dialects.CoreDialects.register(new org.hipep.ir.DialectRegistry()));
        org.hipep.ir.Operation module = org.hipep.dialects.onnx.importer.OnnxImporter.importModel(ctx, model);
        assertThat(org.hipep.ir.Verifier.verify(module).succeeded()).isTrue();
        String printed = org.hipep.ir.text.IrPrinter.print(module, org.hipep.ir.text.AsmPrinterOptions.defaults());
        assertThat(printed).contains("\"onnx.Constant\"() {value = #onnx.external<\"weights.bin\", offset = 16, length = 24>"
                + " : tensor<2x3xf32>}").doesNotContain("dense<");
    }
}
