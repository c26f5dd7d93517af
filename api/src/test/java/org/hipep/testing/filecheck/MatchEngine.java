package org.hipep.testing.filecheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
  * Runs parsed check strings over the input with FileCheck's algorithm: CHECK-LABELs are matched
  * first, lazily, and split the input into blocks; every other directive is confined to its block;
  * CHECK-DAG groups match in any order without overlapping; CHECK-NOTs are verified in the region
  * skipped before the next positive match.
  */
final class MatchEngine {
    private final SourceBuffer input;
    private final String in;
    private final List<CheckString> checks;
    private final Map<String, String> vars;
    private final boolean varScope;
    private final StringBuilder out;

    MatchEngine(SourceBuffer input, List<CheckString> checks, Map<String, String> vars,
            boolean varScope, StringBuilder out) {
        this.input = input;
        this.in = input.text();
        this.checks = checks;
        this.vars = vars;
        this.varScope = varScope;
        this.out = out;
    }

    /** @return true when every check passed; diagnostics are appended to the output otherwise */
    boolean run() {
        int n = checks.size();
        int bufStart = 0;
        int i = 0;
        int j = 0;
        boolean failed = false;
        while (true) {
            int regionStart = bufStart;
            int regionEnd;
            while (j < n && checks.get(j).pattern().kind() != CheckKind.LABEL) {
                j++;
            }
            if (j == n) {
                regionEnd = in.length();
            } else {
                int[] label = check(checks.get(j), bufStart, in.length(), true);
                if (label == null) {
                    return false;
                }
                regionEnd = label[1];
                bufStart = label[1];
                j++;
            }
            if (i != 0 && varScope) {
                vars.keySet().removeIf(name -> !name.startsWith("$"));
            }
            int pos = regionStart;
            for (; i < j; i++) {
                int[] m = check(checks.get(i), pos, regionEnd, false);
                if (m == null) {
                    failed = true;
                    i = j;
                    break;
                }
                pos = m[1];
            }
            if (j == n) {
                return !failed;
            }
        }
    }

    /** @return {first match start, last match end} or null after reporting a failure */
    private int[] check(CheckString cs, int start, int end, boolean labelScan) {
        CheckPattern p = cs.pattern();
        int lastPos = start;
        List<CheckPattern> nots = new ArrayList<>();
        if (!labelScan) {
            lastPos = checkDag(cs, start, end, nots);
            if (lastPos < 0) {
                return null;
            }
        }
        int lastMatchEnd = lastPos;
        int first = -1;
        for (int attempt = 1; attempt <= p.count(); attempt++) {
            CheckPattern.Match m = p.match(in, lastMatchEnd, end, vars);
            if (!m.found()) {
                reportNotFound(p, lastMatchEnd, end, attempt, m);
                return null;
            }
            vars.putAll(m.captures());
            if (attempt == 1) {
                first = m.pos();
            }
            lastMatchEnd = m.pos() + m.len();
        }
        if (!labelScan) {
            if (checkLinePosition(p, lastPos, first)) {
                return null;
            }
            if (checkNot(nots, lastPos, first)) {
                return null;
            }
        }
        return new int[] {first, lastMatchEnd};
    }

    private int checkDag(CheckString cs, int start, int end, List<CheckPattern> nots) {
        List<CheckPattern> dagNots = cs.dagNots();
        int startPos = start;
        List<int[]> ranges = new ArrayList<>();
        for (int idx = 0; idx < dagNots.size(); idx++) {
            CheckPattern p = dagNots.get(idx);
            if (p.kind() == CheckKind.NOT) {
                nots.add(p);
                continue;
            }
            int matchPos = startPos;
            int mi = 0;
            while (true) {
                CheckPattern.Match m = p.match(in, matchPos, end, vars);
                if (!m.found()) {
                    reportNotFound(p, matchPos, end, 1, m);
                    return -1;
                }
                vars.putAll(m.captures());
                int[] range = {m.pos(), m.pos() + m.len()};
                boolean overlap = false;
                for (; mi < ranges.size(); mi++) {
                    if (range[0] < ranges.get(mi)[1]) {
                        overlap = ranges.get(mi)[0] < range[1];
                        break;
                    }
                }
                if (!overlap) {
                    ranges.add(mi, range);
                    break;
                }
                matchPos = ranges.get(mi)[1];
            }
            boolean groupEnds = idx + 1 == dagNots.size() || dagNots.get(idx + 1).kind() == CheckKind.NOT;
            if (groupEnds) {
                if (!nots.isEmpty()) {
                    if (checkNot(nots, startPos, ranges.get(0)[0])) {
                        return -1;
                    }
                    nots.clear();
                }
                startPos = ranges.get(ranges.size() - 1)[1];
                ranges.clear();
            }
        }
        return startPos;
    }

    /** @return true (after reporting) when some CHECK-NOT pattern occurs in {@code [start, end)} */
    private boolean checkNot(List<CheckPattern> nots, int start, int end) {
        boolean failed = false;
        for (CheckPattern p : nots) {
            CheckPattern.Match m = p.match(in, start, end, vars);
            if (!m.undefined().isEmpty()) {
                p.source().diag(out, p.loc(), "error",
                        p.description() + ": excluded string not found in input", 0);
                noteUndefined(start, m.undefined());
                failed = true;
            } else if (m.found()) {
                p.source().diag(out, p.loc(), "error", p.description() + ": excluded string found in input", 0);
                input.diag(out, m.pos(), "note", "found here", m.len());
                noteSubstitutions(m.pos(), m.substitutions());
                failed = true;
            }
        }
        return failed;
    }

    /** Verifies the line constraints of -NEXT, -EMPTY and -SAME; true (after reporting) on failure. */
    private boolean checkLinePosition(CheckPattern p, int prevEnd, int matchPos) {
        CheckKind kind = p.kind();
        if (kind != CheckKind.NEXT && kind != CheckKind.EMPTY && kind != CheckKind.SAME) {
            return false;
        }
        int newlines = 0;
        int firstLineStart = -1;
        for (int k = prevEnd; k < matchPos; k++) {
            if (in.charAt(k) == '\n') {
                newlines++;
                if (newlines == 1) {
                    firstLineStart = k + 1;
                }
            }
        }
        String name = p.prefix() + kind.suffix();
        if (kind == CheckKind.SAME) {
            if (newlines == 0) {
                return false;
            }
            p.source().diag(out, p.loc(), "error", name + ": is not on the same line as previous match", 0);
        } else if (newlines == 0) {
            p.source().diag(out, p.loc(), "error", name + ": is on the same line as previous match", 0);
        } else if (newlines != 1) {
            p.source().diag(out, p.loc(), "error",
                    name + ": is not on the line after the previous match", 0);
        } else {
            return false;
        }
        input.diag(out, matchPos, "note", "'next' match was here", 0);
        input.diag(out, prevEnd, "note", "previous match ended here", 0);
        if (kind != CheckKind.SAME && newlines > 1) {
            input.diag(out, firstLineStart, "note", "non-matching line after previous match is here", 0);
        }
        return true;
    }

    private void reportNotFound(CheckPattern p, int scanStart, int end, int attempt,
            CheckPattern.Match m) {
        String message = p.description() + ": expected string not found in input";
        if (p.count() > 1) {
            message += " (" + attempt + " out of " + p.count() + ")";
        }
        p.source().diag(out, p.loc(), "error", message, 0);
        input.diag(out, scanStart, "note", "scanning from here", 0);
        noteSubstitutions(scanStart, m.substitutions());
        if (!m.undefined().isEmpty()) {
            noteUndefined(scanStart, m.undefined());
            return;
        }
        int best = FuzzyMatcher.best(in, scanStart, end, p.exampleText(vars));
        if (best >= 0) {
            input.diag(out, best, "note", "possible intended match here", 0);
        }
    }

    private void noteSubstitutions(int at, List<String[]> subs) {
        for (String[] s : subs) {
            input.diag(out, at, "note", "with \"" + escape(s[0]) + "\" equal to \"" + escape(s[1]) + "\"", 0);
        }
    }

    private void noteUndefined(int at, List<String> names) {
        StringBuilder sb = new StringBuilder("uses undefined variable(s):");
        for (String name : names) {
            sb.append(" \"").append(escape(name)).append('"');
        }
        input.diag(out, at, "note", sb.toString(), 0);
    }

    /** Escapes like LLVM's {@code raw_ostream::write_escaped}. */
    static String escape(String s) {
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) {
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '\t' -> sb.append("\\t");
                case '\n' -> sb.append("\\n");
                case '"' -> sb.append("\\\"");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        sb.append('\\').append(String.format("%03o", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.toString();
    }
}
