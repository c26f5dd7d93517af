package org.hipep.ir.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.hipep.ir.Operation;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.rewrite.ConversionTarget.Legality;
import org.junit.jupiter.api.Test;

class ConversionTargetTest {
    private final TestDialects.Env env = new TestDialects.Env();
    private final List<Operation> ops = new ArrayList<>();

    ConversionTargetTest() {
        Operation m = env.parse("""
                %c = "toy.constant"() {value = 1 : i64} : () -> i64
                %a = "toy.add"(%c, %c) : (i64, i64) -> i64
                %n = "toy.neg"(%a) : (i64) -> i64
                %l = "low.constant"() {value = 1 : i32} : () -> i32
                %w = "low.add"(%l, %l) : (i32, i32) -> i32
                %x = "low.constant"() {value = 1 : i64} : () -> i64
                "test.use"(%n) : (i64) -> ()
                """);
        m.region(0).walk(ops::add);
    }

    private Operation op(int i) {
        return ops.get(i);
    }

    @Test
    void opSpecificDeclarationsTakePrecedenceOverDialects() {
        ConversionTarget t = new ConversionTarget().addIllegalDialect("toy").addLegalOp("toy.constant");
        assertThat(t.isLegal(op(0))).isEqualTo(Legality.LEGAL);
        assertThat(t.isLegal(op(1))).isEqualTo(Legality.ILLEGAL);
        assertThat(t.isIllegal(op(2))).isTrue();
        assertThat(t.isLegal(op(3))).isEqualTo(Legality.UNKNOWN);
        assertThat(t.isLegal(op(6))).isEqualTo(Legality.UNKNOWN);

        ConversionTarget u = new ConversionTarget().addLegalDialect("toy").addIllegalOp("toy.add");
        assertThat(u.isLegal(op(0))).isEqualTo(Legality.LEGAL);
        assertThat(u.isLegal(op(1))).isEqualTo(Legality.ILLEGAL);
        assertThat(u.isLegal(op(2))).isEqualTo(Legality.LEGAL);
    }

    @Test
    void dynamicLegalityAsksThePredicate() {
        ConversionTarget t = new ConversionTarget()
                .addDynamicallyLegalDialect("low", o -> o.resultTypes().equals(List.of(IntegerType.I32)))
                .addDynamicallyLegalOp("toy.neg", o -> o.attribute("ok") != null)
                .addLegalOp("low.add");
        assertThat(t.isLegal(op(3))).isEqualTo(Legality.LEGAL);
        assertThat(t.isLegal(op(5))).isEqualTo(Legality.ILLEGAL);
        assertThat(t.isLegal(op(4))).isEqualTo(Legality.LEGAL);
        assertThat(t.isLegal(op(2))).isEqualTo(Legality.ILLEGAL);
        // A dynamic op declaration overrides a static dialect one.
        t.addLegalDialect("toy").addDynamicallyLegalOp("toy.constant", o -> false);
        assertThat(t.isLegal(op(0))).isEqualTo(Legality.ILLEGAL);
        assertThat(t.isLegal(op(1))).isEqualTo(Legality.LEGAL);
    }

    @Test
    void laterDeclarationsReplaceEarlierOnes() {
        ConversionTarget t = new ConversionTarget().addIllegalOp("toy.add").addLegalOp("toy.add");
        assertThat(t.isLegal(op(1))).isEqualTo(Legality.LEGAL);
        t.addIllegalOp("toy.add");
        assertThat(t.isLegal(op(1))).isEqualTo(Legality.ILLEGAL);
    }

    @Test
    void unknownOpsMayBeDynamicallyLegal() {
        ConversionTarget t = new ConversionTarget().addIllegalDialect("low")
                .markUnknownOpDynamicallyLegal(o -> o.nameString().startsWith("test."));
        assertThat(t.isLegal(op(6))).isEqualTo(Legality.LEGAL);
        assertThat(t.isLegal(op(0))).isEqualTo(Legality.UNKNOWN);
        assertThat(t.isLegal(op(3))).isEqualTo(Legality.ILLEGAL);
    }
}
