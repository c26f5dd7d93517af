package org.hipep.dialects.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import org.hipep.dialects.CoreDialects;
import org.hipep.ir.Context;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.Operation;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.text.AttrTypePrinter;
import org.hipep.ir.text.IrParser;
import org.junit.jupiter.api.Test;

/** The dialect's helpers: op names, opset resolution, schema defaults, and attribute/type objects. */
class OnnxDialectTest {
    private static Operation firstOp(Operation module, String name) {
        Operation[] found = new Operation[1];
        module.walk(op -> {
            if (found[0] == null && op.is(name)) {
                found[0] = op;
            }
        });
        return found[0];
    }

    @Test
    void opNames() {
        assertThat(OnnxDialect.opName("", "Conv")).isEqualTo("onnx.Conv");
        assertThat(OnnxDialect.opName("ai.onnx", "Conv")).isEqualTo("onnx.Conv");
        assertThat(OnnxDialect.opName("com.microsoft", "Gelu")).isEqualTo("onnx.com.microsoft.Gelu");
        assertThat(OnnxDialect.opTypeOf("onnx.com.microsoft.Gelu")).isEqualTo("Gelu");
        assertThat(OnnxDialect.domainOf("onnx.com.microsoft.Gelu")).isEqualTo("com.microsoft");
        assertThat(OnnxDialect.domainOf("onnx.Conv")).isEmpty();
    }

    @Test
    void opsetAndDefaultsComeFromTheModule() {
        Context ctx = new Context(CoreDialects.register(new DialectRegistry()));
        Operation module = IrParser.parse(ctx, """
                module attributes {onnx.opset_import = {"" = 12 : i64}} {
                  func.func @g(%x: tensor<1x4xf32>) {
                    %0 = "onnx.Softmax"(%x) : (tensor<1x4xf32>) -> tensor<1x4xf32>
                    %1 = "onnx.Conv"(%x, %x) {kernel_shape = array<i64: 1>} : (tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<1x4xf32>
                    return
                  }
                }
                """, "test.mlir");
        Operation softmax = firstOp(module, "onnx.Softmax");
        assertThat(OnnxOpsets.opsetOf(softmax, "")).isEqualTo(12);
        assertThat(OnnxOpsets.opsetOf(softmax, "com.microsoft")).isEqualTo(OnnxOpsets.LATEST);
        assertThat(OnnxDialect.schemaOf(softmax).sinceVersion()).isEqualTo(11);
        assertThat(OnnxDialect.attributeOrDefault(softmax, "axis")).isEqualTo(IntegerAttr.i64(1));
        Operation conv = firstOp(module, "onnx.Conv");
        assertThat(OnnxDialect.attributeOrDefault(conv, "auto_pad")).isEqualTo(new StringAttr("NOTSET"));
        assertThat(OnnxDialect.attributeOrDefault(conv, "kernel_shape")).isEqualTo(DenseArrayAttr.i64(1));
        assertThat(OnnxDialect.attributeOrDefault(conv, "strides")).isNull();
        assertThat(conv.isRegistered()).isTrue();
    }

    @Test
    void typesAndExternalAttributePrintWithoutAContext() {
        RankedTensorType t = RankedTensorType.of(FloatType.F32, 2);
        assertThat(new SequenceType(t).toString()).isEqualTo("!onnx.seq<tensor<2xf32>>");
        assertThat(new OptionalType(new SequenceType(t)).toString()).isEqualTo("!onnx.opt<!onnx.seq<tensor<2xf32>>>");
        assertThat(new MapType(org.hipep.ir.builtin.IntegerType.I64, t).toString())
                .isEqualTo("!onnx.map<i64, tensor<2xf32>>");
        assertThat(new ExternalAttr("w.bin", 8, 8, t).toString())
                .isEqualTo("#onnx.external<\"w.bin\", offset = 8, length = 8> : tensor<2xf32>");
    }

    @Test
    void externalAttributeParsesAndPrints() {
        Context ctx = new Context(CoreDialects.register(new DialectRegistry()));
        String text = "#onnx.external<\"dir/w.bin\", offset = 4096, length = 64> : tensor<4x4xf32>";
        ExternalAttr a = (ExternalAttr) IrParser.parseAttribute(ctx, text);
        assertThat(a.location()).isEqualTo("dir/w.bin");
        assertThat(a.offset()).isEqualTo(4096);
        assertThat(a.length()).isEqualTo(64);
        assertThat(a.type()).isEqualTo(RankedTensorType.of(FloatType.F32, 4, 4));
        StringBuilder sb = new StringBuilder();
        new AttrTypePrinter(sb, ctx, org.hipep.ir.text.AsmPrinterOptions.defaults()).printAttribute(a);
        assertThat(sb.toString()).isEqualTo(text);
    }
}
