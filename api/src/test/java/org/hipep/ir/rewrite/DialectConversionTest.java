package org.hipep.ir.rewrite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hipep.ir.rewrite.TestDialects.print;

import java.util.List;
import java.util.Map;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.junit.jupiter.api.Test;

class DialectConversionTest {
    private final TestDialects.Env env = new TestDialects.Env();
    private final TypeConverter tc = ToyLowering.converter();

    private static final String FUNC = """
            "toy.func"() ({
            ^bb0(%a: i64):
              %c = "toy.constant"() {value = 5 : i64} : () -> i64
              %s = "toy.add"(%a, %c) : (i64, i64) -> i64
              "toy.return"(%s) : (i64) -> ()
            }) {function_type = (i64) -> i64, sym_name = "f"} : () -> ()
            """;

    private static final String MIXED = """
            %c = "toy.constant"() {value = 5 : i64} : () -> i64
            %n = "toy.neg"(%c) : (i64) -> i64
            %s = "toy.add"(%n, %c) : (i64, i64) -> i64
            "test.use"(%s) : (i64) -> ()
            """;

    private ConversionTarget lowTarget() {
        return new ConversionTarget().addLegalDialect("low")
                .addDynamicallyLegalOp("toy.func", op -> ToyLowering.funcIsLegal(op, tc));
    }

    @Test
    void fullConversionConvertsTypesSignaturesAndFoldsMaterializations() {
        Operation m = env.parse(FUNC);
        LogicalResult r = DialectConversion.applyFullConversion(m, lowTarget(), ToyLowering.all(tc));
        assertThat(r.succeeded()).isTrue();
        assertThat(env.diagnostics).isEmpty();
        assertThat(print(m)).isEqualTo("""
                module {
                  "toy.func"() ({
                  ^bb0(%arg0: i32):
                    %0 = "low.constant"() {value = 5 : i32} : () -> i32
                    %1 = "low.add"(%arg0, %0) : (i32, i32) -> i32
                    "low.return"(%1) : (i32) -> ()
                  }) {function_type = (i32) -> i32, sym_name = "f"} : () -> ()
                }
                """);
    }

    @Test
    void partialConversionInsertsSourceAndTargetMaterializations() {
        Operation m = env.parse(MIXED);
        ConversionTarget target = new ConversionTarget().addLegalDialect("low").addLegalOp("toy.neg")
                .addIllegalOp("toy.constant", "toy.add");
        LogicalResult r = DialectConversion.applyPartialConversion(m, target, ToyLowering.all(tc));
        assertThat(r.succeeded()).isTrue();
        assertThat(print(m)).isEqualTo("""
                module {
                  %0 = "low.constant"() {value = 5 : i32} : () -> i32
                  %1 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> i64
                  %2 = "toy.neg"(%1) : (i64) -> i64
                  %3 = "builtin.unrealized_conversion_cast"(%2) : (i64) -> i32
                  %4 = "low.add"(%3, %0) : (i32, i32) -> i32
                  %5 = "builtin.unrealized_conversion_cast"(%4) : (i32) -> i64
                  "test.use"(%5) : (i64) -> ()
                }
                """);
    }

    @Test
    void fullConversionFailsOnUnknownOpsAndRollsBack() {
        Operation m = env.parse(MIXED);
        String before = print(m);
        ConversionTarget target = new ConversionTarget().addLegalDialect("low").addLegalOp("toy.neg");
        LogicalResult r = DialectConversion.applyFullConversion(m, target, ToyLowering.all(tc));
        assertThat(r.failed()).isTrue();
        assertThat(env.messages()).containsExactly("failed to legalize operation 'test.use'");
        assertThat(env.diagnostics.get(0).filePosition().line()).isEqualTo(4);
        assertThat(print(m)).isEqualTo(before);
    }

    @Test
    void partialConversionFailsOnExplicitlyIllegalOpAndRollsBack() {
        String src = """
                %c = "toy.constant"() {value = 5 : i64} : () -> i64
                %s = "toy.add"(%c, %c) : (i64, i64) -> i64
                %m = "toy.mul"(%s, %c) : (i64, i64) -> i64
                "test.use"(%m) : (i64) -> ()
                """;
        Operation m = env.parse(src);
        String before = print(m);
        ConversionTarget target = new ConversionTarget().addLegalDialect("low").addIllegalDialect("toy");
        LogicalResult r = DialectConversion.applyPartialConversion(m, target, ToyLowering.all(tc));
        assertThat(r.failed()).isTrue();
        assertThat(env.messages())
                .containsExactly("failed to legalize operation 'toy.mul' that was explicitly marked illegal");
        assertThat(env.diagnostics.get(0).render()).startsWith("in.mlir:3:");
        assertThat(print(m)).isEqualTo(before);
        assertThat(print(m)).contains("toy.constant").doesNotContain("low.");
    }

    @Test
    void partialConversionLeavesUnknownOpsAlone() {
        Operation m = env.parse("""
                %c = "toy.constant"() {value = 5 : i64} : () -> i64
                %m = "toy.mul"(%c, %c) : (i64, i64) -> i64
                "test.use"(%m) : (i64) -> ()
                """);
        ConversionTarget target = new ConversionTarget().addLegalDialect("low").addIllegalOp("toy.constant");
        assertThat(DialectConversion.applyPartialConversion(m, target, ToyLowering.all(tc)).succeeded()).isTrue();
        assertThat(print(m)).isEqualTo("""
                module {
                  %0 = "low.constant"() {value = 5 : i32} : () -> i32
                  %1 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> i64
                  %2 = "toy.mul"(%1, %1) : (i64, i64) -> i64
                  "test.use"(%2) : (i64) -> ()
                }
                """);
        assertThat(env.diagnostics).isEmpty();
    }

    @Test
    void regionsOfLegalOpsAreStillConverted() {
        Operation m = env.parse("""
                "test.wrapper"() ({
                  %c = "toy.constant"() {value = 9 : i64} : () -> i64
                  "test.inner"() ({
                    %d = "toy.constant"() {value = 8 : i64} : () -> i64
                  }) : () -> ()
                }) : () -> ()
                """);
        ConversionTarget target = new ConversionTarget().addLegalDialect("low").addLegalOp("test.wrapper", "test.inner")
                .addIllegalDialect("toy");
        assertThat(DialectConversion.applyFullConversion(m, target, ToyLowering.all(tc)).succeeded()).isTrue();
        assertThat(print(m)).isEqualTo("""
                module {
                  "test.wrapper"() ({
                    %0 = "low.constant"() {value = 9 : i32} : () -> i32
                    "test.inner"() ({
                      %1 = "low.constant"() {value = 8 : i32} : () -> i32
                    }) : () -> ()
                  }) : () -> ()
                }
                """);
    }

    @Test
    void dynamicallyLegalOpsAreConvertedOnlyWhenRejected() {
        Operation m = env.parse("""
                %a = "test.a"() : () -> i32
                %b = "test.b"() : () -> i64
                %x = "toy.add"(%a, %a) : (i32, i32) -> i32
                %y = "toy.add"(%b, %b) : (i64, i64) -> i64
                "test.use"(%x, %y) : (i32, i64) -> ()
                """);
        ConversionTarget target = new ConversionTarget().addLegalDialect("low")
                .addDynamicallyLegalOp("toy.add", tc::isLegal);
        assertThat(DialectConversion.applyPartialConversion(m, target, ToyLowering.all(tc)).succeeded()).isTrue();
        assertThat(print(m)).isEqualTo("""
                module {
                  %0 = "test.a"() : () -> i32
                  %1 = "test.b"() : () -> i64
                  %2 = "builtin.unrealized_conversion_cast"(%1) : (i64) -> i32
                  %3 = "toy.add"(%0, %0) : (i32, i32) -> i32
                  %4 = "low.add"(%2, %2) : (i32, i32) -> i32
                  %5 = "builtin.unrealized_conversion_cast"(%4) : (i32) -> i64
                  "test.use"(%3, %5) : (i32, i64) -> ()
                }
                """);
    }

    @Test
    void signatureConversionRemapsTheEntryBlock() {
        Operation m = env.parse("""
                "toy.func"() ({
                ^bb0(%a: i64, %unused: i16):
                  "test.use"(%a) : (i64) -> ()
                  "toy.return"() : () -> ()
                }) {function_type = (i64, i16) -> (), sym_name = "g"} : () -> ()
                """);
        // Keeps argument 0 (as i32), drops argument 1 and appends an index argument.
        ConversionPattern dropSecond = ConversionPattern.of("toy.func", 1, tc, (op, operands, r) -> {
            SignatureConversion sc = new SignatureConversion(2);
            sc.addInputs(0, List.of(IntegerType.I32));
            sc.addInputs(List.of(IndexType.INSTANCE));
            if (r.convertRegionTypes(op.region(0), tc, sc).failed()) {
                return LogicalResult.failure();
            }
            r.modifyOpInPlace(op, () -> op.setAttribute("converted", IntegerAttr.i64(1)));
            return LogicalResult.success();
        });
        ConversionTarget target = new ConversionTarget()
                .addDynamicallyLegalOp("toy.func", op -> op.attribute("converted") != null);
        LogicalResult r = DialectConversion.applyPartialConversion(m, target,
                new RewritePatternSet().add(dropSecond).freeze());
        assertThat(r.succeeded()).isTrue();
        assertThat(print(m)).isEqualTo("""
                module {
                  "toy.func"() ({
                  ^bb0(%arg0: i32, %arg1: index):
                    %0 = "builtin.unrealized_conversion_cast"(%arg0) : (i32) -> i64
                    "test.use"(%0) : (i64) -> ()
                    "toy.return"() : () -> ()
                  }) {converted = 1 : i64, function_type = (i64, i16) -> (), sym_name = "g"} : () -> ()
                }
                """);
    }

    @Test
    void cancellingCastsAreFoldedAway() {
        Operation m = env.parse("""
                %c = "low.constant"() {value = 3 : i32} : () -> i32
                %w = "builtin.unrealized_conversion_cast"(%c) : (i32) -> i64
                %s = "toy.add"(%w, %w) : (i64, i64) -> i64
                "test.use"(%s) : (i64) -> ()
                """);
        ConversionTarget target = new ConversionTarget().addLegalDialect("low").addIllegalOp("toy.add");
        assertThat(DialectConversion.applyPartialConversion(m, target, ToyLowering.all(tc)).succeeded()).isTrue();
        assertThat(print(m)).isEqualTo("""
                module {
                  %0 = "low.constant"() {value = 3 : i32} : () -> i32
                  %1 = "low.add"(%0, %0) : (i32, i32) -> i32
                  %2 = "builtin.unrealized_conversion_cast"(%1) : (i32) -> i64
                  "test.use"(%2) : (i64) -> ()
                }
                """);
    }

    @Test
    void customMaterializationsAreUsed() {
        TypeConverter custom = ToyLowering.converter()
                .addSourceMaterialization((b, t, ins, loc) -> b.create(loc, "test.widen", ins, List.of(t), Map.of())
                        .result(0))
                .addTargetMaterialization((b, t, ins, loc) -> b.create(loc, "test.narrow", ins, List.of(t), Map.of())
                        .result(0));
        Operation m = env.parse(MIXED);
        ConversionTarget target = new ConversionTarget().addLegalDialect("low").addLegalOp("toy.neg")
                .addIllegalOp("toy.constant", "toy.add");
        assertThat(DialectConversion.applyPartialConversion(m, target, ToyLowering.all(custom)).succeeded()).isTrue();
        assertThat(print(m)).isEqualTo("""
                module {
                  %0 = "low.constant"() {value = 5 : i32} : () -> i32
                  %1 = "test.widen"(%0) : (i32) -> i64
                  %2 = "toy.neg"(%1) : (i64) -> i64
                  %3 = "test.narrow"(%2) : (i64) -> i32
                  %4 = "low.add"(%3, %0) : (i32, i32) -> i32
                  %5 = "test.widen"(%4) : (i32) -> i64
                  "test.use"(%5) : (i64) -> ()
                }
                """);
    }

    @Test
    void patternsWithoutConverterGetTheLatestValues() {
        Operation m = env.parse(MIXED);
        Value[] seen = new Value[2];
        ConversionPattern noConverter = ConversionPattern.of("toy.add", 1, null, (op, operands, r) -> {
            seen[0] = operands.get(0);
            seen[1] = operands.get(1);
            r.replaceOp(op, r.create(op.location(), "low.add", operands, List.of(IntegerType.I64), Map.of()));
            return LogicalResult.success();
        });
        ConversionTarget target = new ConversionTarget().addLegalDialect("low").addLegalOp("toy.neg")
                .addIllegalOp("toy.constant", "toy.add");
        FrozenRewritePatternSet ps = new RewritePatternSet().add(ToyLowering.constant(tc), noConverter).freeze();
        assertThat(DialectConversion.applyPartialConversion(m, target, ps).succeeded()).isTrue();
        assertThat(seen[0].type()).isEqualTo(IntegerType.I64);
        assertThat(seen[0].definingOp().nameString()).isEqualTo("toy.neg");
        assertThat(seen[1].type()).isEqualTo(IntegerType.I32);
        assertThat(seen[1].definingOp().nameString()).isEqualTo("low.constant");
    }

    @Test
    void benefitOrderAndFallbackToTheNextPattern() {
        Operation m = env.parse("""
                %c = "toy.constant"() {value = 7 : i64} : () -> i64
                "test.use"(%c) : (i64) -> ()
                """);
        ConversionPattern picky = ConversionPattern.of("toy.constant", 5, tc, (op, operands, r) ->
                r.notifyMatchFailure(op, "only zero"));
        ConversionTarget target = new ConversionTarget().addLegalDialect("low").addIllegalOp("toy.constant");
        FrozenRewritePatternSet ps = new RewritePatternSet().add(ToyLowering.constant(tc), picky).freeze();
        assertThat(DialectConversion.applyPartialConversion(m, target, ps).succeeded()).isTrue();
        assertThat(print(m)).contains("\"low.constant\"() {value = 7 : i32}");
    }

    @Test
    void generatedOpsAreLegalizedRecursively() {
        Operation m = env.parse("""
                %c = "test.big"() : () -> i64
                "test.use"(%c) : (i64) -> ()
                """);
        // test.big -> toy.constant -> low.constant (through the constant lowering).
        ConversionPattern big = ConversionPattern.of("test.big", 1, null, (op, operands, r) -> {
            r.replaceOp(op, r.create(op.location(), "toy.constant", List.of(), List.of(IntegerType.I64),
                    Map.of("value", IntegerAttr.i64(42))));
            return LogicalResult.success();
        });
        ConversionTarget target = new ConversionTarget().addLegalDialect("low").addIllegalDialect("toy", "test")
                .addLegalOp("test.use");
        FrozenRewritePatternSet ps = new RewritePatternSet().add(big, ToyLowering.constant(tc)).freeze();
        assertThat(DialectConversion.applyFullConversion(m, target, ps).succeeded()).isTrue();
        assertThat(print(m)).isEqualTo("""
                module {
                  %0 = "low.constant"() {value = 42 : i32} : () -> i32
                  %1 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> i64
                  "test.use"(%1) : (i64) -> ()
                }
                """);
    }

    @Test
    void cyclicPatternsStopAtTheDepthBound() {
        String src = """
                %a = "test.a"() : () -> i64
                "test.use"(%a) : (i64) -> ()
                """;
        Operation m = env.parse(src);
        String before = print(m);
        ConversionPattern ab = ConversionPattern.of("test.a", 1, null, (op, operands, r) -> {
            r.replaceOp(op, r.create(op.location(), "test.b", List.of(), op.resultTypes(), Map.of()));
            return LogicalResult.success();
        });
        ConversionPattern ba = ConversionPattern.of("test.b", 1, null, (op, operands, r) -> {
            r.replaceOp(op, r.create(op.location(), "test.a", List.of(), op.resultTypes(), Map.of()));
            return LogicalResult.success();
        });
        ConversionTarget target = new ConversionTarget().addLegalOp("test.use");
        LogicalResult r = DialectConversion.applyFullConversion(m, target,
                new RewritePatternSet().add(ab, ba).freeze());
        assertThat(r.failed()).isTrue();
        assertThat(env.messages()).containsExactly("failed to legalize operation 'test.a'");
        assertThat(print(m)).isEqualTo(before);
    }

    @Test
    void rollbackKeepsUsesOfValuesDefinedOutsideTheRoot() {
        Operation m = env.parse("""
                %x = "toy.constant"() {value = 1 : i64} : () -> i64
                "test.wrapper"() ({
                  %y = "toy.add"(%x, %x) : (i64, i64) -> i64
                  %z = "toy.mul"(%y, %x) : (i64, i64) -> i64
                  "test.use"(%z) : (i64) -> ()
                }) : () -> ()
                "test.use"(%x) : (i64) -> ()
                """);
        String before = print(m);
        Operation constant = m.region(0).front().front();
        Operation wrapper = constant.nextNode();
        Value x = constant.result(0);
        int[] usesSeenByPattern = {-1};
        ConversionPattern add = ConversionPattern.of("toy.add", 1, tc, (op, operands, r) -> {
            usesSeenByPattern[0] = x.useList().size();
            r.replaceOp(op, r.create(op.location(), "low.add", operands, List.of(IntegerType.I32), Map.of()));
            return LogicalResult.success();
        });
        ConversionTarget target = new ConversionTarget().addLegalDialect("low").addIllegalOp("toy.add", "toy.mul");
        LogicalResult r = DialectConversion.applyPartialConversion(wrapper, target,
                new RewritePatternSet().add(add).freeze());
        assertThat(r.failed()).isTrue();
        // The 4 uses of the input plus the target materialization; the snapshot adds none.
        assertThat(usesSeenByPattern[0]).isEqualTo(5);
        assertThat(print(m)).isEqualTo(before);
        assertThat(x.useList()).hasSize(4);
        assertThat(x.users()).allSatisfy(u -> assertThat(m.isProperAncestor(u)).isTrue());

        // The restored IR is live: converting it again with every pattern succeeds.
        ConversionPattern mul = ConversionPattern.of("toy.mul", 1, tc, (op, operands, rw) -> {
            rw.replaceOp(op, rw.create(op.location(), "low.mul", operands, List.of(IntegerType.I32), Map.of()));
            return LogicalResult.success();
        });
        assertThat(DialectConversion.applyPartialConversion(wrapper, target,
                new RewritePatternSet().add(add, mul).freeze()).succeeded()).isTrue();
        assertThat(print(m)).isEqualTo("""
                module {
                  %0 = "toy.constant"() {value = 1 : i64} : () -> i64
                  "test.wrapper"() ({
                    %1 = "builtin.unrealized_conversion_cast"(%0) : (i64) -> i32
                    %2 = "low.add"(%1, %1) : (i32, i32) -> i32
                    %3 = "low.mul"(%2, %1) : (i32, i32) -> i32
                    %4 = "builtin.unrealized_conversion_cast"(%3) : (i32) -> i64
                    "test.use"(%4) : (i64) -> ()
                  }) : () -> ()
                  "test.use"(%0) : (i64) -> ()
                }
                """);
    }

    @Test
    void exceptionsInPatternsRollBackAndPropagate() {
        Operation m = env.parse(MIXED);
        String before = print(m);
        ConversionPattern boom = ConversionPattern.of("toy.add", 1, tc, (op, operands, r) -> {
            throw new IllegalArgumentException("boom");
        });
        ConversionTarget target = new ConversionTarget().addLegalDialect("low").addIllegalDialect("toy")
                .addLegalOp("toy.neg");
        FrozenRewritePatternSet ps = new RewritePatternSet().add(ToyLowering.constant(tc), boom).freeze();
        assertThatThrownBy(() -> DialectConversion.applyPartialConversion(m, target, ps))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("boom");
        assertThat(print(m)).isEqualTo(before);
    }

    @Test
    void patternsMustNotChangeTheIrBeforeFailing() {
        Operation m = env.parse(MIXED);
        String before = print(m);
        ConversionPattern sloppy = ConversionPattern.of("toy.constant", 1, tc, (op, operands, r) -> {
            r.create(op.location(), "low.constant", List.of(), List.of(IntegerType.I32), Map.of());
            return LogicalResult.failure();
        });
        ConversionTarget target = new ConversionTarget().addLegalDialect("low").addIllegalOp("toy.constant");
        assertThatThrownBy(() -> DialectConversion.applyPartialConversion(m, target,
                new RewritePatternSet().add(sloppy).freeze()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("after changing the IR");
        assertThat(print(m)).isEqualTo(before);
    }

    @Test
    void erasedOpsMustLoseTheirUsesByTheEnd() {
        String src = """
                %c = "toy.constant"() {value = 1 : i64} : () -> i64
                "test.sink"(%c) : (i64) -> ()
                """;
        ConversionPattern eraseConstant = ConversionPattern.of("toy.constant", 1, null, (op, operands, r) -> {
            r.eraseOp(op);
            return LogicalResult.success();
        });
        ConversionPattern eraseSink = ConversionPattern.of("test.sink", 1, null, (op, operands, r) -> {
            r.eraseOp(op);
            return LogicalResult.success();
        });
        Operation m = env.parse(src);
        ConversionTarget target = new ConversionTarget().addIllegalOp("toy.constant", "test.sink");
        assertThat(DialectConversion.applyPartialConversion(m, target,
                new RewritePatternSet().add(eraseConstant, eraseSink).freeze()).succeeded()).isTrue();
        assertThat(print(m)).isEqualTo("module {\n}\n");

        Operation kept = env.parse(src);
        String before = print(kept);
        ConversionTarget keepSink = new ConversionTarget().addIllegalOp("toy.constant").addLegalOp("test.sink");
        assertThat(DialectConversion.applyPartialConversion(kept, keepSink,
                new RewritePatternSet().add(eraseConstant).freeze()).failed()).isTrue();
        assertThat(env.messages()).containsExactly("failed to legalize operation 'toy.constant' marked as erased");
        assertThat(print(kept)).isEqualTo(before);
    }

    @Test
    void unconvertibleOperandTypesFailTheMatch() {
        Operation m = env.parse("""
                %a = "test.a"() : () -> f32
                %s = "toy.add"(%a, %a) : (f32, f32) -> f32
                """);
        String before = print(m);
        TypeConverter onlyInts = new TypeConverter()
                .addSimpleConversion(t -> t instanceof IntegerType ? IntegerType.I32 : null);
        ConversionTarget target = new ConversionTarget().addLegalDialect("low").addIllegalOp("toy.add");
        LogicalResult r = DialectConversion.applyPartialConversion(m, target,
                new RewritePatternSet().add(ToyLowering.add(onlyInts)).freeze());
        assertThat(r.failed()).isTrue();
        assertThat(env.messages())
                .containsExactly("failed to legalize operation 'toy.add' that was explicitly marked illegal");
        assertThat(print(m)).isEqualTo(before);
    }

    @Test
    void unconvertibleSignatureFailsAndRollsBack() {
        Operation m = env.parse("""
                "toy.func"() ({
                ^bb0(%a: i64, %b: f32):
                  "toy.return"(%a) : (i64) -> ()
                }) {function_type = (i64, f32) -> i64, sym_name = "h"} : () -> ()
                """);
        String before = print(m);
        TypeConverter onlyInts = new TypeConverter()
                .addSimpleConversion(t -> t instanceof IntegerType ? IntegerType.I32 : null);
        ConversionTarget target = new ConversionTarget().addLegalDialect("low")
                .addDynamicallyLegalOp("toy.func", op -> ToyLowering.funcIsLegal(op, onlyInts));
        LogicalResult r = DialectConversion.applyFullConversion(m, target, ToyLowering.all(onlyInts));
        assertThat(r.failed()).isTrue();
        assertThat(env.messages()).containsExactly("failed to legalize operation 'toy.func'");
        assertThat(print(m)).isEqualTo(before);
    }
}
