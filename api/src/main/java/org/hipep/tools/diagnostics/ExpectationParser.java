package org.hipep.tools.diagnostics;

import org.hipep.ir.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** Extracts {@link Expectation}s from source text, reporting malformed ones as problems. */
final class ExpectationParser {
    private static final Pattern TOKEN =
            Pattern.compile("(?<![A-Za-z0-9_-])expected-(error|warning|remark|note)");
    private static final Pattern DESIGNATOR = Pattern.compile("@([+-][0-9]+|above|below|unknown)");
    private static final Pattern NEXT_EXPECTATION = Pattern.compile("\\s*(//+\\s*)?expected-.*");

    private final String bufferName;
    private final int lineOffset;
    final List<Expectation> expectations = new ArrayList<>();
    final List<VerificationProblem> problems = new ArrayList<>();

    private ExpectationParser(String bufferName, int lineOffset) {
        this.bufferName = bufferName;
        this.lineOffset = lineOffset;
    }

    static ExpectationParser parse(String text, String bufferName, int lineOffset) {
        ExpectationParser p = new ExpectationParser(bufferName, lineOffset);
        p.run(text.split("\n", -1));
        return p;
    }

    private void run(String[] lines) {
        int lastPlainLine = 0;
        List<Integer> pendingBelow = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            int lineNo = i + 1;
            String line = lines[i];
            Matcher m = TOKEN.matcher(line);
            boolean designatorLine = false;
            int from = 0;
            while (from < line.length() && m.find(from)) {
                int end = parseOne(line, lineNo, m, lastPlainLine, pendingBelow);
                if (end < 0) {
                    from = m.end();
                    continue;
                }
                designatorLine = true;
                from = end;
            }
            if (!designatorLine) {
                for (int idx : pendingBelow) {
                    expectations.set(idx, expectations.get(idx).withTargetLine(lineNo));
                }
                pendingBelow.clear();
                lastPlainLine = lineNo;
            }
        }
        for (int idx : pendingBelow) {
            Expectation e = expectations.get(idx);
            problem(e.line(), e.column(), "expected-" + e.severity().label()
                    + "@below has no following line without expectations");
        }
        expectations.removeIf(e -> e.targetLine() == 0);
    }

    /**
      * Parses one expectation starting at the token match.
      *
      * @return the index after it, the token end for a malformed one, or -1 when it is no directive
      */
    private int parseOne(String line, int lineNo, Matcher m, int lastPlainLine,
            List<Integer> pendingBelow) {
        Severity severity = Severity.fromLabel(m.group(1));
        String what = "expected-" + m.group(1);
        int col = m.start() + 1;
        int p = m.end();
        boolean re = line.startsWith("-re", p) && (p + 3 == line.length() || !isWordChar(line.charAt(p + 3)));
        if (re) {
            p += 3;
            what += "-re";
        }
        if (p < line.length() && isWordChar(line.charAt(p))) {
            return -1;
        }
        p = skipBlanks(line, p);
        String designator = null;
        if (p < line.length() && line.charAt(p) == '@') {
            int end = p + 1;
            while (end < line.length() && !Character.isWhitespace(line.charAt(end)) && line.charAt(end) != '{') {
                end++;
            }
            designator = line.substring(p, end);
            if (!DESIGNATOR.matcher(designator).matches()) {
                problem(lineNo, col, "invalid line designator '" + designator + "' in " + what
                        + " (expected @+N, @-N, @above, @below or @unknown)");
                return m.end();
            }
            p = skipBlanks(line, end);
        }
        if (!line.startsWith("{{", p)) {
            problem(lineNo, col, "expected '{{' to start the message of " + what);
            return m.end();
        }
        int close = findMessageEnd(line, p + 2);
        if (close < 0) {
            problem(lineNo, col, "missing '}}' at the end of the message of " + what);
            return m.end();
        }
        String message = line.substring(p + 2, close);
        Pattern regex = null;
        if (re) {
            try {
                regex = compileRegex(message);
            } catch (IllegalArgumentException e) {
                problem(lineNo, col, "invalid regex in " + what + ": " + e.getMessage());
                return close + 2;
            }
        }
        int target = lineNo;
        if (designator != null) {
            String d = designator.substring(1);
            if (d.equals("unknown")) {
                target = Expectation.UNKNOWN;
            } else if (d.equals("above")) {
                target = lastPlainLine;
                if (target == 0) {
                    problem(lineNo, col, what + "@above has no preceding line without expectations");
                    return close + 2;
                }
            } else if (d.equals("below")) {
                target = 0;
            } else {
                int offset = Integer.parseInt(d.substring(1));
                target = d.charAt(0) == '+' ? lineNo + offset : lineNo - offset;
                if (target < 1) {
                    problem(lineNo, col, what + designator + " refers to line " + target
                            + ", before the start of the buffer");
                    return close + 2;
                }
            }
        }
        if (target == 0) {
            pendingBelow.add(expectations.size());
        }
        expectations.add(new Expectation(severity, message, regex, target, lineNo, col));
        return close + 2;
    }

    /** The message ends at the first "}}" followed by nothing but blanks or another expectation. */
    private static int findMessageEnd(String line, int from) {
        int k = line.indexOf("}}", from);
        while (k >= 0) {
            String rest = line.substring(k + 2);
            if (rest.isBlank() || NEXT_EXPECTATION.matcher(rest).matches()) {
                return k;
            }
            k = line.indexOf("}}", k + 1);
        }
        return -1;
    }

    /** Literal text with embedded {{regex}} blocks, as MLIR's {@code -re} expectations. */
    static Pattern compileRegex(String message) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < message.length()) {
            int open = message.indexOf("{{", i);
            if (open < 0) {
                sb.append(Pattern.quote(message.substring(i)));
                break;
            }
            if (open > i) {
                sb.append(Pattern.quote(message.substring(i, open)));
            }
            int close = message.indexOf("}}", open + 2);
            if (close < 0) {
                throw new IllegalArgumentException("found start of regex with no end '}}'");
            }
            String part = message.substring(open + 2, close);
            try {
                Pattern.compile(part);
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException(e.getDescription() + " in '" + part + "'", e);
            }
            sb.append('(').append(part).append(')');
            i = close + 2;
        }
        return Pattern.compile(sb.toString());
    }

    private static int skipBlanks(String line, int p) {
        while (p < line.length() && (line.charAt(p) == ' ' || line.charAt(p) == '\t')) {
            p++;
        }
        return p;
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-';
    }

    private void problem(int line, int col, String message) {
        problems.add(new VerificationProblem(bufferName, line + lineOffset, col, message));
    }
}
