package org.hipep.dialects.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.hipep.dialects.onnx.schema.AttributeKind;
import org.hipep.dialects.onnx.schema.AttributeSpec;
import org.hipep.dialects.onnx.schema.ElementKind;
import org.hipep.dialects.onnx.schema.FormalParameter;
import org.hipep.dialects.onnx.schema.OnnxSchemas;
import org.hipep.dialects.onnx.schema.OpSchema;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.junit.jupiter.api.Test;

/** Version selection of {@link OnnxSchemas#lookup} and the shape of the table. */
class OnnxSchemasTest {
    private static OpSchema at(String op, int opset) {
        return OnnxSchemas.lookup(op, "", opset);
    }

    @Test
    void softmaxAxisDefaultChangesAt13() {
        assertThat(at("Softmax", 9).sinceVersion()).isEqualTo(1);
        assertThat(at("Softmax", 12).sinceVersion()).isEqualTo(11);
        assertThat(at("Softmax", 12).attribute("axis").defaultValue()).isEqualTo(IntegerAttr.i64(1));
        assertThat(at("Softmax", 13).sinceVersion()).isEqualTo(13);
        assertThat(at("Softmax", 13).attribute("axis").defaultValue()).isEqualTo(IntegerAttr.i64(-1));
    }

    @Test
    void splitTakesSplitInputAt13AndNumOutputsAt18() {
        OpSchema s11 = at("Split", 12);
        assertThat(s11.sinceVersion()).isEqualTo(11);
        assertThat(s11.attribute("split").kind()).isEqualTo(AttributeKind.INTS);
        assertThat(s11.maxInputs()).isEqualTo(1);
        OpSchema s13 = at("Split", 13);
        assertThat(s13.sinceVersion()).isEqualTo(13);
        assertThat(s13.attribute("split")).isNull();
        assertThat(s13.attribute("num_outputs")).isNull();
        assertThat(s13.inputs()).extracting(FormalParameter::name).containsExactly("input", "split");
        assertThat(at("Split", 17)).isSameAs(s13);
        OpSchema s18 = at("Split", 18);
        assertThat(s18.sinceVersion()).isEqualTo(18);
        assertThat(s18.attribute("num_outputs").kind()).isEqualTo(AttributeKind.INT);
        assertThat(s18.maxOutputs()).isEqualTo(Integer.MAX_VALUE);
        assertThat(s18.minOutputs()).isEqualTo(1);
    }

    @Test
    void clipBoundsMoveFromAttributesToInputsAt11() {
        OpSchema c6 = at("Clip", 6);
        assertThat(c6.sinceVersion()).isEqualTo(6);
        assertThat(c6.inputs()).hasSize(1);
        assertThat(c6.attribute("min").defaultValue()).isInstanceOf(FloatAttr.class);
        assertThat(at("Clip", 10)).isSameAs(c6);
        OpSchema c11 = at("Clip", 11);
        assertThat(c11.attributes()).isEmpty();
        assertThat(c11.minInputs()).isEqualTo(1);
        assertThat(c11.maxInputs()).isEqualTo(3);
        assertThat(c11.inputs().get(1).option()).isEqualTo(FormalParameter.Option.OPTIONAL);
        assertThat(c11.typeConstraint("T").elements()).doesNotContain(ElementKind.INT32);
        assertThat(at("Clip", 12).typeConstraint("T").elements()).contains(ElementKind.INT32);
    }

    @Test
    void axesMoveToInputs() {
        assertThat(at("Squeeze", 12).attribute("axes")).isNotNull();
        assertThat(at("Squeeze", 13).attribute("axes")).isNull();
        assertThat(at("Squeeze", 13).maxInputs()).isEqualTo(2);
        assertThat(at("Unsqueeze", 13).minInputs()).isEqualTo(2);
        assertThat(at("ReduceSum", 13).inputs()).hasSize(2);
        assertThat(at("ReduceMean", 17).inputs()).hasSize(1);
        assertThat(at("ReduceMean", 17).attribute("axes")).isNotNull();
        assertThat(at("ReduceMean", 18).inputs()).hasSize(2);
        assertThat(at("ReduceMax", 20).typeConstraint("T").elements()).contains(ElementKind.BOOL);
    }

    @Test
    void resizeVersions() {
        assertThat(at("Resize", 10).inputs()).hasSize(2);
        OpSchema r11 = at("Resize", 12);
        assertThat(r11.sinceVersion()).isEqualTo(11);
        assertThat(r11.minInputs()).isEqualTo(3);
        assertThat(at("Resize", 13).minInputs()).isEqualTo(1);
        assertThat(at("Resize", 17).attribute("antialias")).isNull();
        assertThat(at("Resize", 18).attribute("antialias")).isNotNull();
        assertThat(at("Resize", 19).sinceVersion()).isEqualTo(19);
    }

    @Test
    void otherSignatureChanges() {
        assertThat(at("TopK", 9).attribute("k").required()).isTrue();
        assertThat(at("TopK", 10).inputs()).hasSize(2);
        assertThat(at("TopK", 10).attribute("largest")).isNull();
        assertThat(at("TopK", 11).attribute("largest").defaultValue()).isEqualTo(IntegerAttr.i64(1));
        assertThat(at("Dropout", 9).outputs().get(1).typeConstraint()).isEqualTo("T");
        assertThat(at("Dropout", 10).outputs().get(1).typeConstraint()).isEqualTo("T1");
        assertThat(at("Dropout", 12).maxInputs()).isEqualTo(3);
        assertThat(at("BatchNormalization", 9).maxOutputs()).isEqualTo(5);
        assertThat(at("BatchNormalization", 14).maxOutputs()).isEqualTo(3);
        assertThat(at("BatchNormalization", 15).inputs().get(3).typeConstraint()).isEqualTo("T2");
        assertThat(at("Gemm", 10).minInputs()).isEqualTo(3);
        assertThat(at("Gemm", 11).minInputs()).isEqualTo(2);
        assertThat(at("Shape", 14).attribute("start")).isNull();
        assertThat(at("Shape", 15).attribute("start").defaultValue()).isEqualTo(IntegerAttr.i64(0));
        assertThat(at("Reshape", 13).attribute("allowzero")).isNull();
        assertThat(at("Reshape", 14).attribute("allowzero")).isNotNull();
        assertThat(at("Attention", 23).maxInputs()).isEqualTo(6);
        assertThat(at("Attention", 24).maxInputs()).isEqualTo(7);
        assertThat(at("Upsample", 10).deprecated()).isTrue();
        assertThat(at("Pad", 18).maxInputs()).isEqualTo(4);
        assertThat(at("Pad", 2).attribute("pads").required()).isTrue();
    }

    @Test
    void opsIntroducedLaterAreAbsentEarlier() {
        assertThat(at("Gelu", 19)).isNull();
        assertThat(at("Gelu", 20)).isNotNull();
        assertThat(at("LayerNormalization", 16)).isNull();
        assertThat(at("RotaryEmbedding", 23).maxInputs()).isEqualTo(4);
        assertThat(at("NoSuchOp", 13)).isNull();
        assertThat(OnnxSchemas.isKnown("NoSuchOp", "")).isFalse();
    }

    @Test
    void domains() {
        assertThat(OnnxSchemas.lookup("Conv", "ai.onnx", 13)).isSameAs(at("Conv", 13));
        assertThat(OnnxSchemas.lookup("Gelu", "com.microsoft", 1).domain()).isEqualTo("com.microsoft");
        assertThat(OnnxSchemas.lookup("Gelu", "com.microsoft", 1).toString()).isEqualTo("com.microsoft.Gelu-1");
        assertThat(OnnxSchemas.domains()).containsExactly("", "com.microsoft");
    }

    @Test
    void newestWhenOpsetIsLatest() {
        assertThat(OnnxSchemas.lookup("Relu", "", OnnxOpsets.LATEST)).isSameAs(OnnxSchemas.latest("Relu", ""));
        assertThat(OnnxSchemas.latest("Relu", "").sinceVersion()).isEqualTo(14);
        assertThat(OnnxSchemas.versions("Relu", "")).extracting(OpSchema::sinceVersion).containsExactly(1, 6, 13, 14);
    }

    @Test
    void defaultsHaveTheirKindsIrForm() {
        for (OpSchema s : OnnxSchemas.all()) {
            for (AttributeSpec a : s.attributes().values()) {
                if (a.defaultValue() != null) {
                    assertThat(AttributeChecker.matches(a.kind(), a.defaultValue())).as(s + " " + a.name()).isTrue();
                }
            }
            for (FormalParameter p : s.inputs()) {
                assertThat(s.typeConstraint(p.typeConstraint())).as(s + " " + p.name()).isNotNull();
            }
        }
    }

    @Test
    void signlessIntegersStandForSignedAndUnsigned() {
        assertThat(ElementKind.kindsOf(IntegerType.I8)).containsExactlyInAnyOrder(ElementKind.INT8, ElementKind.UINT8);
        assertThat(ElementKind.kindsOf(IntegerType.I1)).containsExactly(ElementKind.BOOL);
        assertThat(ElementKind.kindsOf(new IntegerType(8, IntegerType.Signedness.UNSIGNED)))
                .containsExactly(ElementKind.UINT8);
        assertThat(ElementKind.kindsOf(new IntegerType(3, IntegerType.Signedness.SIGNLESS))).isNull();
    }

    /** Every op of ../shared/onnx-node-tests and ../shared/models, at its model's opset (listed in a resource). */
    @Test
    void everyOpOfTheSharedModelsHasASchema() throws IOException {
        List<String> missing = new ArrayList<>();
        int rows = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                Objects.requireNonNull(getClass().getResourceAsStream("/onnx/shared-ops.tsv")), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                rows++;
                if (OnnxSchemas.lookup(f[1], f[0], Integer.parseInt(f[2])) == null) {
                    missing.add(line);
                }
            }
        }
        assertThat(rows).isGreaterThan(100);
        assertThat(missing).isEmpty();
    }
}
