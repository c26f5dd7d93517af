package org.hipep.testing.filecheck;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Finds the directives of a check file and turns them into {@link CheckString}s. */
final class CheckFileParser {
    private static final CheckKind[] SUFFIXED = {
            CheckKind.NEXT, CheckKind.SAME, CheckKind.NOT, CheckKind.DAG, CheckKind.LABEL, CheckKind.EMPTY};

    /** Parse result: the check strings and the check prefixes that occurred. */
    record Parsed(List<CheckString> checks, Set<String> usedPrefixes) {
    }

    private record Directive(int prefixStart, String prefix, boolean comment, CheckKind kind,
            int count, boolean literal, int patternStart) {
    }

    private final SourceBuffer buf;
    private final String text;
    private final List<String> checkPrefixes;
    private final List<String> allPrefixes;
    private final List<String> commentPrefixes;

    private CheckFileParser(SourceBuffer buf, List<String> checkPrefixes, List<String> comments) {
        this.buf = buf;
        this.text = buf.text();
        this.checkPrefixes = checkPrefixes;
        this.commentPrefixes = comments;
        List<String> all = new ArrayList<>(checkPrefixes);
        all.addAll(comments);
        all.sort(Comparator.comparingInt(String::length).reversed());
        this.allPrefixes = all;
    }

    static Parsed parse(SourceBuffer buf, List<String> checkPrefixes, List<String> comments,
            List<CheckPattern> implicitNots, FileCheckOptions opts) throws FileCheckError {
        return new CheckFileParser(buf, checkPrefixes, comments).run(implicitNots, opts);
    }

    private Parsed run(List<CheckPattern> implicitNots, FileCheckOptions opts) throws FileCheckError {
        List<CheckString> checks = new ArrayList<>();
        List<CheckPattern> dagNots = new ArrayList<>(implicitNots);
        Set<String> used = new LinkedHashSet<>();
        int pos = 0;
        Directive d;
        while ((d = findNext(pos)) != null) {
            int eol = text.indexOf('\n', d.patternStart());
            if (eol < 0) {
                eol = text.length();
            }
            pos = eol;
            if (d.comment()) {
                continue;
            }
            used.add(d.prefix());
            int line = buf.lineNumber(d.prefixStart());
            CheckPattern p = CheckPattern.parse(buf, d.patternStart(), eol, d.kind(), d.prefix(),
                    d.count(), d.literal(), line, opts);
            if (d.kind() == CheckKind.LABEL && p.hasVariable()) {
                throw CheckPattern.error(buf, d.prefixStart(),
                        "found '" + d.prefix() + "-LABEL:' with variable definition or use");
            }
            if ((d.kind() == CheckKind.NEXT || d.kind() == CheckKind.SAME || d.kind() == CheckKind.EMPTY)
                    && checks.isEmpty()) {
                throw CheckPattern.error(buf, d.prefixStart(), "found '" + d.prefix() + d.kind().suffix()
                        + "' without previous '" + d.prefix() + ": line");
            }
            if (d.kind() == CheckKind.DAG || d.kind() == CheckKind.NOT) {
                dagNots.add(p);
                continue;
            }
            checks.add(new CheckString(p, dagNots));
            dagNots = new ArrayList<>(implicitNots);
        }
        if (!dagNots.isEmpty()) {
            checks.add(new CheckString(CheckPattern.eof(checkPrefixes.get(0), buf), dagNots));
        }
        return new Parsed(checks, used);
    }

    private Directive findNext(int from) throws FileCheckError {
        int search = from;
        while (true) {
            int best = -1;
            for (String prefix : allPrefixes) {
                int idx = indexOfWordStart(prefix, search);
                if (idx >= 0 && (best < 0 || idx < best)) {
                    best = idx;
                }
            }
            if (best < 0) {
                return null;
            }
            for (String prefix : allPrefixes) {
                if (text.startsWith(prefix, best)) {
                    Directive d = parseSuffix(prefix, best, commentPrefixes.contains(prefix));
                    if (d != null) {
                        return d;
                    }
                }
            }
            search = best + 1;
        }
    }

    private int indexOfWordStart(String prefix, int from) {
        int idx = text.indexOf(prefix, from);
        while (idx > 0 && isWordChar(text.charAt(idx - 1))) {
            idx = text.indexOf(prefix, idx + 1);
        }
        return idx;
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-';
    }

    private Directive parseSuffix(String prefix, int start, boolean comment) throws FileCheckError {
        int q = start + prefix.length();
        if (comment) {
            return q < text.length() && text.charAt(q) == ':'
                    ? new Directive(start, prefix, true, CheckKind.PLAIN, 1, false, q + 1) : null;
        }
        CheckKind kind = CheckKind.PLAIN;
        int count = 1;
        if (text.startsWith("-COUNT-", q)) {
            int digits = q + 7;
            while (digits < text.length() && Character.isDigit(text.charAt(digits))) {
                digits++;
            }
            if (digits == q + 7) {
                return null;
            }
            String num = text.substring(q + 7, digits);
            count = num.length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(num);
            if (count == 0 || num.length() > 9) {
                throw CheckPattern.error(buf, start,
                        "invalid count in -COUNT specification on prefix '" + prefix + "'");
            }
            q = digits;
        } else if (text.startsWith("-", q)) {
            CheckKind found = null;
            for (CheckKind k : SUFFIXED) {
                int after = q + k.suffix().length();
                if (text.startsWith(k.suffix(), q) && after < text.length()
                        && (text.charAt(after) == ':' || text.charAt(after) == '{')) {
                    found = k;
                    break;
                }
            }
            if (found == null) {
                return null;
            }
            kind = found;
            q += found.suffix().length();
        }
        boolean literal = text.startsWith("{LITERAL}", q);
        if (literal) {
            q += "{LITERAL}".length();
        }
        if (q >= text.length() || text.charAt(q) != ':') {
            return null;
        }
        return new Directive(start, prefix, false, kind, count, literal, q + 1);
    }
}
