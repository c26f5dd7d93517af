package org.hipep.runtime.llvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.hipep.dialects.CoreDialects;
import org.hipep.ir.Context;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.Operation;
import org.hipep.ir.Verifier;
import org.hipep.ir.text.IrParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Small llvm-dialect modules, parsed from text, translated to LLVM IR and checked there. */
class LlvmTranslatorTest {
    private final Context ctx = new Context(CoreDialects.register(new DialectRegistry()));

    private Operation parse(String text) {
        Operation module = IrParser.parse(ctx, text, "test.mlir");
        assertThat(Verifier.verify(module).succeeded()).as("the input verifies").isTrue();
        return module;
    }

    @Test
    void functionsKeepTheirNamesSignaturesAndFlags() {
        Operation module = parse("""
                module {
                  llvm.func @ext(!llvm.ptr, i64) -> f32
                  llvm.func @add(%a: i32, %b: i32) -> i32 {
                    %0 = llvm.add %a, %b overflow<nsw> : i32
                    %1 = llvm.udiv exact %0, %b : i32
                    llvm.return %1 : i32
                  }
                  llvm.func internal @twice(%p: !llvm.ptr) -> f32 {
                    %n = llvm.mlir.constant(2 : i64) : i64
                    %0 = llvm.call @ext(%p, %n) : (!llvm.ptr, i64) -> f32
                    %1 = llvm.fadd %0, %0 {fastmathFlags = #llvm.fastmath<fast>} : f32
                    %2 = llvm.intr.sqrt(%1) : (f32) -> f32
                    llvm.return %2 : f32
                  }
                }
                """);
        try (LlvmModule m = LlvmTranslator.translate(module, "test")) {
            assertThat(m.definedFunctions()).containsEntry("add", "i32 (i32, i32)")
                    .containsEntry("twice", "float (ptr)");
            assertThat(m.declaredFunctions()).containsEntry("ext", "float (ptr, i64)")
                    .containsEntry("llvm.sqrt.f32", "float (float)");
            String ir = m.ir();
            assertThat(ir).contains("add nsw i32 %0, %1").contains("udiv exact i32")
                    .contains("define internal float @twice(ptr %0)").contains("fadd fast float")
                    .contains("call float @ext(ptr %0, i64 2)").contains("call float @llvm.sqrt.f32(");
        }
    }

    @Test
    void aLoopWithBlockArgumentsBecomesPhiNodesThatVerifyAndOptimise() {
        Operation module = parse("""
                module {
                  llvm.func @sum(%p: !llvm.ptr, %n: i64) -> f32 {
                    %zero = llvm.mlir.constant(0 : i64) : i64
                    %one = llvm.mlir.constant(1 : i64) : i64
                    %f0 = llvm.mlir.constant(0.0 : f32) : f32
                    llvm.br ^head(%zero, %f0 : i64, f32)
                  ^head(%i: i64, %acc: f32):
                    %c = llvm.icmp "slt" %i, %n : i64
                    llvm.cond_br %c, ^body, ^exit
                  ^body:
                    %q = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
                    %x = llvm.load %q {alignment = 4 : i64} : !llvm.ptr -> f32
                    %s = llvm.fadd %acc, %x : f32
                    %j = llvm.add %i, %one : i64
                    llvm.br ^head(%j, %s : i64, f32)
                  ^exit:
                    llvm.return %acc : f32
                  }
                }
                """);
        try (LlvmModule m = LlvmTranslator.translate(module, "loop")) {
            String ir = m.ir();
            assertThat(ir).contains("phi i64 [ 0, %2 ], [ ").contains("phi float [ 0.000000e+00, %2 ]")
                    .contains("icmp slt i64").contains("getelementptr inbounds float, ptr %0")
                    .contains("load float, ptr").contains(", align 4");
            m.optimize(2);
            m.verify();
            assertThat(m.targetTriple()).startsWith("x86_64");
            assertThat(m.dataLayout()).startsWith("e-");
            assertThat(m.definedFunctions()).containsEntry("sum", "float (ptr, i64)");
        }
    }

    /**
     * An element-wise loop is vectorised at the host's full width: 16 floats a vector on an AVX-512
     * host (LLVM's tuning alone would take 8 on most of them), otherwise without the attribute.
     */
    @Test
    void elementWiseLoopsUseTheFullVectorWidthOnAvx512Hosts() {
        Operation module = parse("""
                module {
                  llvm.func @twice(%x: !llvm.ptr {llvm.noalias}, %y: !llvm.ptr {llvm.noalias}, %n: i64) {
                    %zero = llvm.mlir.constant(0 : i64) : i64
                    %one = llvm.mlir.constant(1 : i64) : i64
                    %two = llvm.mlir.constant(2.0 : f32) : f32
                    llvm.br ^head(%zero : i64)
                  ^head(%i: i64):
                    %c = llvm.icmp "slt" %i, %n : i64
                    llvm.cond_br %c, ^body, ^exit
                  ^body:
                    %p = llvm.getelementptr inbounds %x[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
                    %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
                    %w = llvm.fmul %v, %two : f32
                    %q = llvm.getelementptr inbounds %y[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
                    llvm.store %w, %q {alignment = 4 : i64} : f32, !llvm.ptr
                    %j = llvm.add %i, %one : i64
                    llvm.br ^head(%j : i64)
                  ^exit:
                    llvm.return
                  }
                }
                """);
        try (LlvmModule m = LlvmTranslator.translate(module, "wide")) {
            m.optimize(2);
            m.verify();
            String ir = m.ir();
            if (LlvmModule.hostHasAvx512()) {
                assertThat(ir).contains("\"prefer-vector-width\"=\"512\"").contains("fmul <16 x float>");
            } else {
                assertThat(ir).doesNotContain("prefer-vector-width").contains("fmul <");
            }
        }
    }

    @Test
    void globalsStringsAndAggregates() {
        Operation module = parse("""
                module {
                  llvm.mlir.global private constant @msg("hi\\0A\\00") {addr_space = 0 : i32} : !llvm.array<4 x i8>
                  llvm.mlir.global private constant @dims(dense<[2, 3]> : tensor<2xi64>) {addr_space = 0 : i32} : !llvm.array<2 x i64>
                  llvm.mlir.global private constant @w(dense<1.5> : tensor<3xf32>) {addr_space = 0 : i32} : !llvm.array<3 x f32>
                  llvm.func @puts(!llvm.ptr) -> i32
                  llvm.func @main() -> !llvm.struct<(ptr, i64)> {
                    %m = llvm.mlir.addressof @msg : !llvm.ptr
                    %r = llvm.call @puts(%m) : (!llvm.ptr) -> i32
                    %d = llvm.mlir.addressof @dims : !llvm.ptr
                    %q = llvm.getelementptr %d[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x i64>
                    %v = llvm.load %q : !llvm.ptr -> i64
                    %u = llvm.mlir.poison : !llvm.struct<(ptr, i64)>
                    %s0 = llvm.insertvalue %m, %u[0] : !llvm.struct<(ptr, i64)>
                    %s1 = llvm.insertvalue %v, %s0[1] : !llvm.struct<(ptr, i64)>
                    llvm.return %s1 : !llvm.struct<(ptr, i64)>
                  }
                }
                """);
        try (LlvmModule m = LlvmTranslator.translate(module, "globals")) {
            String ir = m.ir();
            assertThat(ir).contains("@msg = private constant [4 x i8] c\"hi\\0A\\00\"")
                    .contains("@dims = private constant [2 x i64] [i64 2, i64 3]")
                    .contains("@w = private constant [3 x float] [float 1.500000e+00, float 1.500000e+00, float 1.500000e+00]")
                    .contains("call i32 @puts(ptr @msg)")
                    .contains("getelementptr ([2 x i64], ptr @dims, i32 0, i32 1)")
                    // The builder folds an insertvalue of constants into a constant, as upstream's does.
                    .contains("insertvalue { ptr, i64 } { ptr @msg, i64 poison }, i64 %2, 1");
            assertThat(m.definedFunctions()).containsEntry("main", "{ ptr, i64 } ()");
        }
    }

    @Test
    void switchCasesCarryTheirBlockArguments() {
        Operation module = parse("""
                module {
                  llvm.func @pick(%k: i32, %a: i64, %b: i64) -> i64 {
                    llvm.switch %k : i32, ^done(%a : i64) [
                      1: ^done(%b : i64),
                      2: ^other
                    ]
                  ^other:
                    llvm.unreachable
                  ^done(%r: i64):
                    llvm.return %r : i64
                  }
                }
                """);
        try (LlvmModule m = LlvmTranslator.translate(module, "switch")) {
            assertThat(m.ir()).contains("switch i32 %0, label").contains("i32 1, label").contains("i32 2, label")
                    .contains("phi i64 [ %1, %3 ], [ %2, ").contains("unreachable");
            m.optimize(1);
        }
    }

    @Test
    void castsComparisonsIntrinsicsAndNestedAggregates() {
        Operation module = parse("""
                module {
                  llvm.mlir.global private constant @h(dense<[1.0, -2.0]> : tensor<2xf16>) {addr_space = 0 : i32} : !llvm.array<2 x f16>
                  llvm.func @mix(%a: i32, %b: f32, %p: !llvm.ptr, %q: !llvm.ptr, %n: i64) -> !llvm.struct<(array<2 x i64>, f64)> {
                    %0 = llvm.sext %a : i32 to i64
                    %1 = llvm.zext nneg %a : i32 to i64
                    %2 = llvm.trunc %0 : i64 to i16
                    %3 = llvm.sitofp %a : i32 to f32
                    %4 = llvm.fpext %b : f32 to f64
                    %5 = llvm.fcmp "uno" %3, %b : f32
                    %6 = llvm.fcmp "olt" %3, %b : f32
                    %7 = llvm.select %6, %3, %b : i1, f32
                    %8 = llvm.intr.smax(%0, %1) : (i64, i64) -> i64
                    %9 = llvm.intr.maxnum(%7, %b) : (f32, f32) -> f32
                    %10 = llvm.intr.stacksave : !llvm.ptr
                    "llvm.intr.memcpy"(%p, %q, %n) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
                    %z = llvm.mlir.constant(0 : i8) : i8
                    "llvm.intr.memset"(%p, %z, %n) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
                    llvm.intr.stackrestore %10 : !llvm.ptr
                    %11 = llvm.mlir.undef : !llvm.struct<(array<2 x i64>, f64)>
                    %12 = llvm.insertvalue %8, %11[0, 1] : !llvm.struct<(array<2 x i64>, f64)>
                    %13 = llvm.insertvalue %4, %12[1] : !llvm.struct<(array<2 x i64>, f64)>
                    %14 = llvm.extractvalue %13[0, 1] : !llvm.struct<(array<2 x i64>, f64)>
                    %15 = llvm.ptrtoint %p : !llvm.ptr to i64
                    %16 = llvm.inttoptr %15 : i64 to !llvm.ptr
                    llvm.store %14, %16 {alignment = 8 : i64} : i64, !llvm.ptr
                    llvm.return %13 : !llvm.struct<(array<2 x i64>, f64)>
                  }
                }
                """);
        try (LlvmModule m = LlvmTranslator.translate(module, "mix")) {
            String ir = m.ir();
            assertThat(ir).contains("@h = private constant [2 x half] [half 0xH3C00, half 0xHC000]")
                    .contains("sext i32 %0 to i64").contains("zext nneg i32 %0 to i64").contains("trunc i64")
                    .contains("sitofp i32 %0 to float").contains("fpext float %1 to double")
                    .contains("fcmp uno float").contains("fcmp olt float").contains("select i1")
                    .contains("call i64 @llvm.smax.i64(").contains("call float @llvm.maxnum.f32(")
                    .contains("call ptr @llvm.stacksave.p0()")
                    .contains("call void @llvm.memcpy.p0.p0.i64(ptr %2, ptr %3, i64 %4, i1 false)")
                    .contains("call void @llvm.memset.p0.i64(ptr %2, i8 0, i64 %4, i1 false)")
                    .contains("call void @llvm.stackrestore.p0(")
                    .contains("insertvalue [2 x i64] undef, i64").contains("extractvalue { [2 x i64], double }")
                    .contains("ptrtoint ptr %2 to i64").contains("inttoptr i64").contains("store i64 ")
                    .contains(", align 8");
        }
    }

    @Test
    void anOpItDoesNotKnowIsAnErrorNamingItAndItsLocation() {
        Operation module = IrParser.parse(ctx, """
                module {
                  llvm.func @f(%a: i32) -> i32 {
                    %0 = arith.addi %a, %a : i32 loc("mystery.mlir":7:3)
                    llvm.return %0 : i32
                  }
                }
                """, "test.mlir");
        assertThatThrownBy(() -> LlvmTranslator.translate(module, "bad"))
                .isInstanceOf(LlvmTranslationException.class)
                .hasMessageContaining("'arith.addi'").hasMessageContaining("mystery.mlir");
    }

    @Test
    void anLlvmOpOutsideTheCoveredSubsetIsAnErrorNamingIt() {
        Operation module = parse("""
                module {
                  llvm.func @f(%a: f32) -> f32 {
                    %0 = llvm.call_intrinsic "llvm.fabs.f32"(%a) : (f32) -> f32 loc("calls.mlir":3:5)
                    llvm.return %0 : f32
                  }
                }
                """);
        assertThatThrownBy(() -> LlvmTranslator.translate(module, "bad"))
                .isInstanceOf(LlvmTranslationException.class)
                .hasMessageContaining("'llvm.call_intrinsic'").hasMessageContaining("calls.mlir");
    }

    @Test
    void aModuleLlvmRejectsIsAnErrorWithLlvmsMessage() {
        // A block without a terminator passes through to LLVM, whose verifier names the problem.
        Operation module = IrParser.parse(ctx, """
                module {
                  llvm.func @f(%a: i32) -> i32 {
                    %0 = llvm.add %a, %a : i32
                  }
                }
                """, "test.mlir");
        assertThatThrownBy(() -> LlvmTranslator.translate(module, "bad"))
                .isInstanceOf(LlvmTranslationException.class)
                .hasMessageContaining("does not verify").hasMessageContaining("terminator");
    }

    @Test
    void bitcodeAndIrAreWrittenAtomically(@TempDir Path dir) throws Exception {
        Operation module = parse("""
                module {
                  llvm.func @one() -> i32 {
                    %0 = llvm.mlir.constant(1 : i32) : i32
                    llvm.return %0 : i32
                  }
                }
                """);
        try (LlvmModule m = LlvmTranslator.translate(module, "one")) {
            m.optimize(0);
            try (LlvmModule again = LlvmModule.parseIr(m.ir(), "one.ll")) {
                again.verify();
                assertThat(again.definedFunctions()).isEqualTo(m.definedFunctions());
            }
            m.writeBitcode(dir.resolve("one.bc"));
            m.writeIr(dir.resolve("one.ll"));
        }
        byte[] bc = Files.readAllBytes(dir.resolve("one.bc"));
        assertThat(bc).startsWith((byte) 'B', (byte) 'C');
        assertThat(Files.readString(dir.resolve("one.ll"))).contains("define i32 @one()");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("one.bc", "one.ll");
        }
        assertThatThrownBy(() -> LlvmModule.parseIr("define i32 @x( {", "broken.ll"))
                .isInstanceOf(LlvmTranslationException.class).hasMessageContaining("broken.ll");
    }
}
