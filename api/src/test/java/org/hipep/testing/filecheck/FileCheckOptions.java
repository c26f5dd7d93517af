package org.hipep.testing.filecheck;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
  * Options of a {@link FileCheck} run; the programmatic counterpart of FileCheck's command-line flags.
  *
  * <p>Instances are immutable; start from {@link #defaults()} and derive variants with the
  * {@code with...} methods. Unlike LLVM's FileCheck, variable scoping ({@code --enable-var-scope})
  * is on by default, matching MLIR's lit configuration: at each {@code CHECK-LABEL} block every
  * variable whose name does not start with {@code $} is forgotten.
  *
  * @param checkPrefixes       check prefixes; empty means the default prefix {@code CHECK}
  * @param commentPrefixes     comment prefixes whose directive lines are ignored (default COM, RUN)
  * @param implicitCheckNot    patterns checked as {@code CHECK-NOT} between all positive matches
  * @param strictWhitespace    disables horizontal whitespace canonicalisation
  * @param matchFullLines      requires positive patterns to match whole lines
  * @param allowEmpty          permits an empty input
  * @param allowUnusedPrefixes permits check prefixes that never occur in the check file
  * @param enableVarScope      clears non-{@code $} variables at each CHECK-LABEL block
  * @param defines             string variables defined up front (like {@code -DVAR=value})
  */
public record FileCheckOptions(
        List<String> checkPrefixes,
        List<String> commentPrefixes,
        List<String> implicitCheckNot,
        boolean strictWhitespace,
        boolean matchFullLines,
        boolean allowEmpty,
        boolean allowUnusedPrefixes,
        boolean enableVarScope,
        Map<String, String> defines) {

    /** The prefix used when {@link #checkPrefixes()} is empty. */
    public static final String DEFAULT_PREFIX = "CHECK";

    /** Validates and defensively copies the collections. */
    public FileCheckOptions {
        checkPrefixes = List.copyOf(checkPrefixes);
        commentPrefixes = List.copyOf(commentPrefixes);
        implicitCheckNot = List.copyOf(implicitCheckNot);
        defines = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(defines));
    }

    /**
      * Returns the default options: prefix {@code CHECK}, comment prefixes {@code COM} and {@code RUN},
      * whitespace canonicalisation, and variable scoping enabled.
      *
      * @return the default options
      */
    public static FileCheckOptions defaults() {
        return new FileCheckOptions(
                List.of(), List.of("COM", "RUN"), List.of(), false, false, false, false, true, Map.of());
    }

    /** @return the effective check prefixes ({@code [CHECK]} when none were configured) */
    public List<String> effectiveCheckPrefixes() {
        return checkPrefixes.isEmpty() ? List.of(DEFAULT_PREFIX) : checkPrefixes;
    }

    /** @return true when no check prefix was configured explicitly */
    public boolean usesDefaultPrefix() {
        return checkPrefixes.isEmpty();
    }

    /**
      * @param prefixes the check prefixes to use
      * @return a copy using exactly these check prefixes
      */
    public FileCheckOptions withCheckPrefixes(String... prefixes) {
        return new FileCheckOptions(Arrays.asList(prefixes), commentPrefixes, implicitCheckNot,
                strictWhitespace, matchFullLines, allowEmpty, allowUnusedPrefixes, enableVarScope, defines);
    }

    /**
      * @param prefixes the comment prefixes to use
      * @return a copy using exactly these comment prefixes
      */
    public FileCheckOptions withCommentPrefixes(String... prefixes) {
        return new FileCheckOptions(checkPrefixes, Arrays.asList(prefixes), implicitCheckNot,
                strictWhitespace, matchFullLines, allowEmpty, allowUnusedPrefixes, enableVarScope, defines);
    }

    /**
      * @param patterns patterns to add as implicit {@code CHECK-NOT}s
      * @return a copy with these implicit check-not patterns appended
      */
    public FileCheckOptions withImplicitCheckNot(String... patterns) {
        List<String> all = new ArrayList<>(implicitCheckNot);
        all.addAll(Arrays.asList(patterns));
        return new FileCheckOptions(checkPrefixes, commentPrefixes, all,
                strictWhitespace, matchFullLines, allowEmpty, allowUnusedPrefixes, enableVarScope, defines);
    }

    /**
      * @param value whether whitespace is matched strictly
      * @return a copy with {@code --strict-whitespace} set to {@code value}
      */
    public FileCheckOptions withStrictWhitespace(boolean value) {
        return new FileCheckOptions(checkPrefixes, commentPrefixes, implicitCheckNot,
                value, matchFullLines, allowEmpty, allowUnusedPrefixes, enableVarScope, defines);
    }

    /**
      * @param value whether patterns must match full lines
      * @return a copy with {@code --match-full-lines} set to {@code value}
      */
    public FileCheckOptions withMatchFullLines(boolean value) {
        return new FileCheckOptions(checkPrefixes, commentPrefixes, implicitCheckNot,
                strictWhitespace, value, allowEmpty, allowUnusedPrefixes, enableVarScope, defines);
    }

    /**
      * @param value whether an empty input is accepted
      * @return a copy with {@code --allow-empty} set to {@code value}
      */
    public FileCheckOptions withAllowEmpty(boolean value) {
        return new FileCheckOptions(checkPrefixes, commentPrefixes, implicitCheckNot,
                strictWhitespace, matchFullLines, value, allowUnusedPrefixes, enableVarScope, defines);
    }

    /**
      * @param value whether unused prefixes are accepted
      * @return a copy with {@code --allow-unused-prefixes} set to {@code value}
      */
    public FileCheckOptions withAllowUnusedPrefixes(boolean value) {
        return new FileCheckOptions(checkPrefixes, commentPrefixes, implicitCheckNot,
                strictWhitespace, matchFullLines, allowEmpty, value, enableVarScope, defines);
    }

    /**
      * @param value whether local variables are cleared at CHECK-LABEL blocks
      * @return a copy with variable scoping set to {@code value}
      */
    public FileCheckOptions withVarScope(boolean value) {
        return new FileCheckOptions(checkPrefixes, commentPrefixes, implicitCheckNot,
                strictWhitespace, matchFullLines, allowEmpty, allowUnusedPrefixes, value, defines);
    }

    /**
      * @param name  the variable name
      * @param value its value
      * @return a copy that additionally defines the string variable (like {@code -Dname=value})
      */
    public FileCheckOptions withDefine(String name, String value) {
        Map<String, String> all = new LinkedHashMap<>(defines);
        all.put(Objects.requireNonNull(name), Objects.requireNonNull(value));
        return new FileCheckOptions(checkPrefixes, commentPrefixes, implicitCheckNot,
                strictWhitespace, matchFullLines, allowEmpty, allowUnusedPrefixes, enableVarScope, all);
    }
}
