package org.hipep.tools.diagnostics;

import org.hipep.ir.Severity;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** MLIR -verify-diagnostics semantics. */
class DiagnosticVerifierTest {
    private static final String FILE = "test.mlir";

    private static ReportedDiagnostic error(int line, String message) {
        return new ReportedDiagnostic(Severity.ERROR, FILE, line, 3, message);
    }

    private static VerificationResult verify(String source, ReportedDiagnostic... diags) {
        return DiagnosticVerifier.verify(source, FILE, List.of(diags));
    }

    private static List<String> problems(VerificationResult r) {
        return r.problems().stream().map(VerificationProblem::format).toList();
    }

    @Test
    void errorOnSameLineMatches() {
        String src = "%0 = \"foo\"() : () -> i32 // expected-error {{invalid op}}\n";
        assertThat(verify(src, error(1, "'foo' is an invalid op here")).passed()).isTrue();
    }

    @Test
    void errorOnOtherLineDoesNotMatch() {
        String src = "// expected-error {{invalid op}}\n%0 = foo\n";
        assertThat(problems(verify(src, error(2, "invalid op")))).containsExactly(
                "test.mlir:2:3: error: unexpected error: invalid op",
                "test.mlir:1:4: error: expected error \"invalid op\" was not produced");
    }

    @Test
    void plusOffsetPointsBelow() {
        String src = "// expected-error@+2 {{bad}}\n// filler\nop\n";
        assertThat(verify(src, error(3, "bad")).passed()).isTrue();
        assertThat(verify(src, error(2, "bad")).passed()).isFalse();
    }

    @Test
    void minusOffsetPointsAbove() {
        String src = "op\n// expected-warning@-1 {{careful}}\n";
        ReportedDiagnostic w = new ReportedDiagnostic(Severity.WARNING, FILE, 1, 1, "be careful");
        assertThat(verify(src, w).passed()).isTrue();
        assertThat(verify(src, new ReportedDiagnostic(Severity.WARNING, FILE, 2, 1, "be careful"))
                .passed()).isFalse();
    }

    @Test
    void aboveSkipsOtherExpectationLines() {
        String src = """
        op1
        // expected-error@above {{first}}
        // expected-note@above {{second}}
        """;
        ReportedDiagnostic note = new ReportedDiagnostic(Severity.NOTE, FILE, 1, 1, "second");
        assertThat(verify(src, error(1, "first"), note).passed()).isTrue();
        assertThat(verify(src, error(2, "first"), note).passed()).isFalse();
    }

    @Test
    void belowAppliesToNextLineWithoutExpectations() {
        String src = """
        // expected-error@below {{first}}
        // expected-remark@below {{second}}
        op
        """;
        ReportedDiagnostic remark = new ReportedDiagnostic(Severity.REMARK, FILE, 3, 1, "second");
        assertThat(verify(src, error(3, "first"), remark).passed()).isTrue();
        assertThat(verify(src, error(1, "first"), remark).passed()).isFalse();
    }

    @Test
    void unknownMatchesDiagnosticsWithoutLocation() {
        String src = "// expected-error@unknown {{no location}}\nop\n";
        ReportedDiagnostic d = ReportedDiagnostic.unknownLocation(Severity.ERROR, "has no location");
        assertThat(verify(src, d).passed()).isTrue();
        assertThat(problems(verify(src, error(1, "has no location")))).containsExactly(
                "test.mlir:1:3: error: unexpected error: has no location",
                "test.mlir:1:4: error: expected error \"no location\" was not produced");
    }

    @Test
    void unexpectedUnknownLocationDiagnostic() {
        ReportedDiagnostic d = ReportedDiagnostic.unknownLocation(Severity.WARNING, "stray");
        assertThat(problems(verify("op\n", d)))
                .containsExactly("unknown location: error: unexpected warning: stray");
    }

    @Test
    void regexExpectation() {
        String src = "op // expected-error-re {{type 'i{{[0-9]+}}' is not {{(allowed|legal)}}}}\n";
        assertThat(verify(src, error(1, "type 'i32' is not legal here")).passed()).isTrue();
        assertThat(verify(src, error(1, "type 'f32' is not legal here")).passed()).isFalse();
    }

    @Test
    void regexExpectationTreatsTextOutsideBracesLiterally() {
        String src = "op // expected-error-re {{a.b{{.*}}}}\n";
        assertThat(verify(src, error(1, "a.b and more")).passed()).isTrue();
        assertThat(verify(src, error(1, "axb and more")).passed()).isFalse();
    }

    @Test
    void unexpectedDiagnosticIsReported() {
        assertThat(problems(verify("op\n", error(1, "surprise"))))
                .containsExactly("test.mlir:1:3: error: unexpected error: surprise");
    }

    @Test
    void expectedButNotProducedIsReportedAtTheComment() {
        String src = "op\n  op2 // expected-error {{missing}}\n";
        assertThat(problems(verify(src)))
                .containsExactly("test.mlir:2:10: error: expected error \"missing\" was not produced");
    }

    @Test
    void severityMismatchIsReported() {
        String src = "op // expected-error {{oops}}\n";
        ReportedDiagnostic w = new ReportedDiagnostic(Severity.WARNING, FILE, 1, 1, "oops");
        assertThat(problems(verify(src, w))).containsExactly(
                "test.mlir:1:7: error: 'warning' diagnostic emitted when expecting a 'error'",
                "test.mlir:1:7: error: expected error \"oops\" was not produced");
    }

    @Test
    void twoExpectationsOnOneLine() {
        String src = "op // expected-error {{first}} expected-note {{second}}\n";
        ReportedDiagnostic note = new ReportedDiagnostic(Severity.NOTE, FILE, 1, 1, "second");
        assertThat(verify(src, error(1, "first"), note).passed()).isTrue();
        assertThat(problems(verify(src, error(1, "first")))).containsExactly(
                "test.mlir:1:32: error: expected note \"second\" was not produced");
    }

    @Test
    void eachExpectationIsConsumedOnce() {
        String src = "op // expected-error {{dup}}\n";
        assertThat(problems(verify(src, error(1, "dup"), error(1, "dup"))))
                .containsExactly("test.mlir:1:3: error: unexpected error: dup");
        String twice = "op // expected-error {{dup}} // expected-error {{dup}}\n";
        assertThat(verify(twice, error(1, "dup"), error(1, "dup")).passed()).isTrue();
    }

    @Test
    void malformedExpectationsAreReportedWithLocation() {
        String src = """
        op // expected-error missing braces
        op // expected-error@+x {{bad offset}}
        op // expected-warning {{no end
        op // expected-error@-9 {{before start}}
        op // expected-error-re {{bad {{(}} regex}}
        """;
        assertThat(problems(verify(src))).containsExactly(
                "test.mlir:1:7: error: expected '{{' to start the message of expected-error",
                "test.mlir:2:7: error: invalid line designator '@+x' in expected-error "
                        + "(expected @+N, @-N, @above, @below or @unknown)",
                "test.mlir:3:7: error: missing '}}' at the end of the message of expected-warning",
                "test.mlir:4:7: error: expected-error@-9 refers to line -5, before the start of the buffer",
                "test.mlir:5:7: error: invalid regex in expected-error-re: Unclosed group in '('");
    }

    @Test
    void allProblemsAreReportedTogether() {
        String src = "a // expected-error {{one}}\nb // expected-error {{two}}\n";
        VerificationResult r = verify(src, error(2, "three"));
        assertThat(r.problems()).hasSize(3);
        assertThat(r.report()).isEqualTo(String.join("\n",
                "test.mlir:2:3: error: unexpected error: three",
                "test.mlir:1:6: error: expected error \"one\" was not produced",
                "test.mlir:2:6: error: expected error \"two\" was not produced"));
    }

    @Test
    void diagnosticsForOtherFilesAreUnexpected() {
        String src = "op // expected-error {{x}}\n";
        ReportedDiagnostic other = new ReportedDiagnostic(Severity.ERROR, "other.mlir", 1, 2, "x");
        assertThat(problems(verify(src, other))).containsExactly(
                "other.mlir:1:2: error: unexpected error: x",
                "test.mlir:1:7: error: expected error \"x\" was not produced");
    }

    @Test
    void wordsMerelyContainingTheKeywordAreIgnored() {
        assertThat(verify("// unexpected-error {{x}} and expected-errors\n").passed()).isTrue();
    }

    @Test
    void chunkLinesAreMappedBackToTheOriginalFile() {
        String src = "op1\n// -----\nop2\nop3 // expected-error {{in chunk}}\n";
        SplitInput.Chunk chunk = SplitInput.split(src).get(1);
        assertThat(DiagnosticVerifier.verify(chunk, FILE, List.of(error(2, "in chunk"))).passed())
                .isTrue();
        assertThat(problems(DiagnosticVerifier.verify(chunk, FILE, List.of(error(1, "other")))))
                .containsExactly("test.mlir:3:3: error: unexpected error: other",
                        "test.mlir:4:8: error: expected error \"in chunk\" was not produced");
    }
}
