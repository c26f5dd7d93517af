package org.hipep.dialects.onnx.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto.DataType;
import org.junit.jupiter.api.Test;

/**
 * Each typed storage field decodes to the same little-endian bytes that {@code raw_data} would
 * hold, for every group of data types.
 */
class TypedStorageTest {

    /** Decodes a typed tensor and the raw tensor of {@code expected} bytes; both must agree. */
    private static TensorData check(DataType type, long[] dims, Consumer<TensorProto.Builder> fill, byte[] expected) {
        TensorProto.Builder typed = TensorProto.newBuilder().setName("t").setDataType(type.getNumber())
                .addAllDims(TestModels.boxed(dims));
        fill.accept(typed);
        TensorData fromTyped = OnnxTensors.decode(typed.build(), null, "typed");
        TensorProto raw = TensorProto.newBuilder().setName("t").setDataType(type.getNumber())
                .addAllDims(TestModels.boxed(dims)).setRawData(ByteString.copyFrom(expected)).build();
        TensorData fromRaw = OnnxTensors.decode(raw, null, "raw");
        assertThat(fromTyped.dtype().number()).isEqualTo(type.getNumber());
        assertThat(bytes(fromTyped.data())).as(type + " typed").containsExactly(expected);
        assertThat(fromTyped).isEqualTo(fromRaw);
        assertThat(fromTyped.data().order()).isEqualTo(ByteOrder.LITTLE_ENDIAN);
        return fromTyped;
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }

    private static ByteBuffer le(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }

    @Test
    void floatData() {
        check(DataType.FLOAT, new long[] {3}, t -> t.addFloatData(1.5f).addFloatData(-2f).addFloatData(Float.NaN),
                le(12).putFloat(1.5f).putFloat(-2f).putFloat(Float.NaN).array());
        check(DataType.COMPLEX64, new long[] {1}, t -> t.addFloatData(1f).addFloatData(2f),
                le(8).putFloat(1f).putFloat(2f).array());
    }

    @Test
    void doubleData() {
        check(DataType.DOUBLE, new long[] {2}, t -> t.addDoubleData(Math.PI).addDoubleData(-0.0),
                le(16).putDouble(Math.PI).putDouble(-0.0).array());
        check(DataType.COMPLEX128, new long[] {1}, t -> t.addDoubleData(3).addDoubleData(4),
                le(16).putDouble(3).putDouble(4).array());
    }

    @Test
    void int64Data() {
        check(DataType.INT64, new long[] {2}, t -> t.addInt64Data(Long.MIN_VALUE).addInt64Data(7),
                le(16).putLong(Long.MIN_VALUE).putLong(7).array());
    }

    @Test
    void uint64Data() {
        check(DataType.UINT64, new long[] {1}, t -> t.addUint64Data(-1L), le(8).putLong(-1L).array());
        check(DataType.UINT32, new long[] {2}, t -> t.addUint64Data(0xFFFF_FFFFL).addUint64Data(5),
                le(8).putInt(-1).putInt(5).array());
    }

    @Test
    void int32DataWideAndNarrow() {
        check(DataType.INT32, new long[] {2}, t -> t.addInt32Data(-5).addInt32Data(Integer.MAX_VALUE),
                le(8).putInt(-5).putInt(Integer.MAX_VALUE).array());
        check(DataType.INT16, new long[] {2}, t -> t.addInt32Data(-2).addInt32Data(300),
                le(4).putShort((short) -2).putShort((short) 300).array());
        check(DataType.UINT16, new long[] {1}, t -> t.addInt32Data(65535), le(2).putShort((short) -1).array());
        check(DataType.INT8, new long[] {2}, t -> t.addInt32Data(-128).addInt32Data(127), new byte[] {-128, 127});
        check(DataType.UINT8, new long[] {2}, t -> t.addInt32Data(255).addInt32Data(1), new byte[] {-1, 1});
        check(DataType.BOOL, new long[] {3}, t -> t.addInt32Data(1).addInt32Data(0).addInt32Data(1),
                new byte[] {1, 0, 1});
    }

    @Test
    void int32DataHalfFloatsAsBitPatterns() {
        // float16 1.0 = 0x3C00, -2.0 = 0xC000; bfloat16 1.0 = 0x3F80.
        check(DataType.FLOAT16, new long[] {2}, t -> t.addInt32Data(0x3C00).addInt32Data(0xC000),
                le(4).putShort((short) 0x3C00).putShort((short) 0xC000).array());
        check(DataType.BFLOAT16, new long[] {1}, t -> t.addInt32Data(0x3F80), le(2).putShort((short) 0x3F80).array());
    }

    @Test
    void int32DataEightBitFloatsAndPackedSubByte() {
        check(DataType.FLOAT8E4M3FN, new long[] {2}, t -> t.addInt32Data(0x38).addInt32Data(0xB8),
                new byte[] {0x38, (byte) 0xB8});
        // int4 [1, -1, 3]: packed low nibble first, two per int32_data entry, last byte padded.
        TensorData int4 = check(DataType.INT4, new long[] {3}, t -> t.addInt32Data(0xF1).addInt32Data(0x03),
                new byte[] {(byte) 0xF1, 0x03});
        assertThat(int4.dtype().byteSize(3)).isEqualTo(2);
    }

    @Test
    void stringData() {
        TensorProto t = TensorProto.newBuilder().setName("s").setDataType(DataType.STRING_VALUE).addDims(2)
                .addStringData(ByteString.copyFromUtf8("héllo")).addStringData(ByteString.EMPTY).build();
        TensorData d = OnnxTensors.decode(t, null, "strings");
        assertThat(d.dtype()).isEqualTo(OnnxDataType.STRING);
        assertThat(d.data().remaining()).isZero();
        assertThat(d.strings()).hasSize(2);
        assertThat(new String(d.strings().get(0), StandardCharsets.UTF_8)).isEqualTo("héllo");
    }

    @Test
    void scalarsAndEmptyTensors() {
        TensorData scalar = OnnxTensors.decode(TensorProto.newBuilder().setDataType(DataType.INT64_VALUE)
                .addInt64Data(42).build(), null, null);
        assertThat(scalar.rank()).isZero();
        assertThat(scalar.elementCount()).isEqualTo(1);
        assertThat(scalar.data().getLong(0)).isEqualTo(42);
        TensorData empty = OnnxTensors.decode(TensorProto.newBuilder().setDataType(DataType.FLOAT_VALUE).addDims(2)
                .addDims(0).addDims(4).build(), null, null);
        assertThat(empty.elementCount()).isZero();
        assertThat(empty.data().remaining()).isZero();
    }

    @Test
    void dataTypeNumbers() {
        for (DataType t : DataType.values()) {
            if (t != DataType.UNDEFINED) {
                assertThat(OnnxDataType.fromNumber(t.getNumber()).name()).isEqualTo(t.name());
            }
        }
        assertThat(OnnxDataType.values()).hasSize(DataType.values().length - 1);
        assertThatThrownBy(() -> OnnxDataType.fromNumber(0)).hasMessage("unknown data type 0");
        assertThatThrownBy(() -> OnnxDataType.fromNumber(27)).hasMessage("unknown data type 27");
        assertThat(OnnxDataType.FLOAT16.byteWidth()).isEqualTo(2);
        assertThat(OnnxDataType.STRING.byteWidth()).isZero();
        assertThat(OnnxDataType.UINT2.byteSize(5)).isEqualTo(2);
    }
}
