package org.hipep.testing.filecheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hipep.testing.filecheck.FileCheckTesting.check;

import org.junit.jupiter.api.Test;

/** Check prefixes and implicit CHECK-NOTs. */
class FileCheckPrefixTest {
    private static final FileCheckOptions DEFAULTS = FileCheckOptions.defaults();

    @Test
    void customPrefixReplacesCheck() {
        String checks = "CHECK: ignored\nPOS: used\n";
        assertThat(check(checks, "used\n", DEFAULTS.withCheckPrefixes("POS")).passed()).isTrue();
        assertThat(check(checks, "ignored\n", DEFAULTS.withCheckPrefixes("POS")).passed()).isFalse();
    }

    @Test
    void customPrefixSupportsAllSuffixes() {
        String checks = "P-LABEL: f\nP: a\nP-NEXT: b\nP-SAME: c\nP-NOT: z\nP-DAG: d\nP-EMPTY:\n";
        assertThat(check(checks, "f\na\nb c\nd\n\n", DEFAULTS.withCheckPrefixes("P")).passed()).isTrue();
        assertThat(check(checks, "f\na\nb c\nz\nd\n\n", DEFAULTS.withCheckPrefixes("P")).passed())
                .isFalse();
    }

    @Test
    void multiplePrefixesAreAllActive() {
        String checks = "A: one\nB: two\n";
        FileCheckOptions ab = DEFAULTS.withCheckPrefixes("A", "B");
        assertThat(check(checks, "one\ntwo\n", ab).passed()).isTrue();
        assertThat(check(checks, "one\n", ab).message()).contains("error: B: expected string not found");
    }

    @Test
    void prefixWithoutDirectivesIsAnError() {
        FileCheckResult r = check("A: one\n", "one\n", DEFAULTS.withCheckPrefixes("A", "B", "C"));
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.message()).isEqualTo("error: no check strings found with prefixes 'B:', 'C:'\n");
    }

    @Test
    void unusedPrefixesCanBeAllowed() {
        FileCheckOptions opts = DEFAULTS.withCheckPrefixes("A", "B").withAllowUnusedPrefixes(true);
        assertThat(check("A: one\n", "one\n", opts).passed()).isTrue();
        assertThat(check("C: one\n", "one\n", opts).message())
                .isEqualTo("error: no check strings found with prefixes 'A:', 'B:'\n");
    }

    @Test
    void duplicatePrefixIsAnError() {
        FileCheckResult r = check("A: one\n", "one\n", DEFAULTS.withCheckPrefixes("A", "A"));
        assertThat(r.message()).isEqualTo(
                "error: supplied check prefix must be unique among check and comment prefixes: 'A'\n");
    }

    @Test
    void malformedPrefixIsAnError() {
        FileCheckResult r = check("1A: one\n", "one\n", DEFAULTS.withCheckPrefixes("1A"));
        assertThat(r.message()).isEqualTo("error: supplied check prefix must start with a letter and "
                + "contain only alphanumeric characters, hyphens, and underscores: '1A'\n");
    }

    @Test
    void implicitCheckNotAppliesEverywhere() {
        FileCheckOptions opts = DEFAULTS.withImplicitCheckNot("warning:");
        String checks = "CHECK: one\nCHECK: two\n";
        assertThat(check(checks, "one\ntwo\n", opts).passed()).isTrue();
        assertThat(check(checks, "warning: x\none\ntwo\n", opts).passed()).isFalse();
        assertThat(check(checks, "one\nwarning: x\ntwo\n", opts).passed()).isFalse();
        assertThat(check(checks, "one\ntwo\nwarning: x\n", opts).passed()).isFalse();
    }

    @Test
    void implicitCheckNotFailureNamesTheOption() {
        FileCheckOptions opts = DEFAULTS.withImplicitCheckNot("warning:");
        assertThat(check("CHECK: a\n", "a\nwarning: unused\n", opts).message()).isEqualTo("""
        command line:1:22: error: IMPLICIT-CHECK-NOT: excluded string found in input
        -implicit-check-not='warning:'
                             ^
        <stdin>:2:1: note: found here
        warning: unused
        ^~~~~~~~
        """);
    }

    @Test
    void implicitCheckNotAloneNeedsNoCheckDirective() {
        FileCheckOptions opts = DEFAULTS.withImplicitCheckNot("error");
        assertThat(check("nothing here\n", "fine\n", opts).passed()).isTrue();
        assertThat(check("nothing here\n", "an error\n", opts).passed()).isFalse();
    }
}
