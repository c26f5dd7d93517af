package org.hipep.testing.filecheck;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** One parsed check pattern: literal text, {@code {{regex}}}, {@code [[VAR:regex]]}, {@code [[VAR]]}. */
final class CheckPattern {
    private static final Pattern VAR_NAME = Pattern.compile("\\$?[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern LINE_EXPR = Pattern.compile("@LINE(?:([+-])([0-9]+))?");
    private static final int FLAGS = Pattern.MULTILINE | Pattern.UNIX_LINES;
    private static final Pattern EMPTY_LINE = Pattern.compile("\n$", FLAGS);

    /** A component of a regex pattern. */
    private sealed interface Part permits Lit, Re, Def, BackRef, Use, LineNo {
    }

    private record Lit(String text) implements Part {
    }

    private record Re(String source, String java) implements Part {
    }

    private record Def(String name, String source, String java, String group) implements Part {
    }

    private record BackRef(String name, String group) implements Part {
    }

    private record Use(String name) implements Part {
    }

    private record LineNo(String display, String value) implements Part {
    }

    /** Result of one match attempt. */
    record Match(int pos, int len, List<String[]> substitutions, List<String> undefined,
            Map<String, String> captures) {
        boolean found() {
            return pos >= 0;
        }
    }

    private final CheckKind kind;
    private final String prefix;
    private final int count;
    private final boolean literal;
    private final SourceBuffer source;
    private final int loc;
    private final String fixed;
    private final List<Part> parts;
    private final boolean fullLines;
    private final boolean strict;
    private final Pattern compiled;

    private CheckPattern(CheckKind kind, String prefix, int count, boolean literal, SourceBuffer source,
            int loc, String fixed, List<Part> parts, boolean fullLines, boolean strict) {
        this.kind = kind;
        this.prefix = prefix;
        this.count = count;
        this.literal = literal;
        this.source = source;
        this.loc = loc;
        this.fixed = fixed;
        this.parts = parts;
        this.fullLines = fullLines;
        this.strict = strict;
        boolean dynamic = parts.stream().anyMatch(p -> p instanceof Use);
        this.compiled = fixed != null || dynamic || kind == CheckKind.EOF ? null
                : kind == CheckKind.EMPTY ? EMPTY_LINE
                : Pattern.compile(buildRegex(Map.of(), new ArrayList<>(), new ArrayList<>()), FLAGS);
    }

    /** The implicit end-of-file pattern that carries trailing CHECK-DAG/CHECK-NOT directives. */
    static CheckPattern eof(String prefix, SourceBuffer source) {
        return new CheckPattern(CheckKind.EOF, prefix, 1, false, source, source.text().length(), null,
                List.of(), false, false);
    }

    /**
      * Parses the pattern text {@code [start, end)} of {@code source} (the rest of a directive line).
      *
      * @param line the check-file line, used for {@code @LINE}
      */
    static CheckPattern parse(SourceBuffer source, int start, int end, CheckKind kind, String prefix,
            int count, boolean literal, int line, FileCheckOptions opts) throws FileCheckError {
        String text = source.text();
        boolean keepWhitespace = opts.strictWhitespace() && opts.matchFullLines();
        if (!keepWhitespace) {
            while (start < end && (text.charAt(start) == ' ' || text.charAt(start) == '\t')) {
                start++;
            }
            while (end > start && (text.charAt(end - 1) == ' ' || text.charAt(end - 1) == '\t')) {
                end--;
            }
        }
        String pat = text.substring(start, end);
        if (pat.isEmpty() && kind != CheckKind.EMPTY) {
            throw error(source, start, "found empty check string with prefix '" + prefix + ":'");
        }
        if (!pat.isEmpty() && kind == CheckKind.EMPTY) {
            throw error(source, start, "found non-empty check string for empty check with prefix '"
                    + prefix + ":'");
        }
        boolean fullLinesHere = opts.matchFullLines() && kind != CheckKind.NOT;
        boolean strict = opts.strictWhitespace();
        if (kind == CheckKind.EMPTY) {
            return new CheckPattern(kind, prefix, count, literal, source, start, null, List.of(), false,
                    strict);
        }
        if (!fullLinesHere && (literal || (!pat.contains("{{") && !pat.contains("[[")))) {
            return new CheckPattern(kind, prefix, count, literal, source, start, pat, List.of(), false,
                    strict);
        }
        List<Part> parts = literal ? List.of(new Lit(pat)) : parseParts(source, start, pat, line);
        try {
            return new CheckPattern(kind, prefix, count, literal, source, start, null, parts,
                    fullLinesHere, strict);
        } catch (PatternSyntaxException e) {
            throw error(source, start, "invalid regex: " + e.getDescription());
        }
    }

    private static List<Part> parseParts(SourceBuffer src, int base, String pat, int line)
            throws FileCheckError {
        List<Part> parts = new ArrayList<>();
        Map<String, String> definedHere = new HashMap<>();
        int i = 0;
        while (i < pat.length()) {
            if (pat.startsWith("{{", i)) {
                int close = pat.indexOf("}}", i + 2);
                if (close < 0) {
                    throw error(src, base + i, "found start of regex string with no end '}}'");
                }
                while (close + 2 < pat.length() && pat.charAt(close + 2) == '}') {
                    close++;
                }
                String re = pat.substring(i + 2, close);
                parts.add(new Re(re, checkedRegex(src, base + i, re)));
                i = close + 2;
            } else if (pat.startsWith("[[", i)) {
                int close = findVarEnd(pat, i + 2);
                if (close < 0) {
                    throw error(src, base + i, "Invalid substitution block, no ]] found");
                }
                parts.add(parseVariable(src, base + i + 2, pat.substring(i + 2, close), line, definedHere,
                        parts.size()));
                i = close + 2;
            } else {
                int next = nextSpecial(pat, i);
                parts.add(new Lit(pat.substring(i, next)));
                i = next;
            }
        }
        return parts;
    }

    private static Part parseVariable(SourceBuffer src, int at, String body, int line,
            Map<String, String> definedHere, int index) throws FileCheckError {
        if (body.startsWith("#")) {
            String expr = body.substring(1).replace(" ", "");
            if (!LINE_EXPR.matcher(expr).matches()) {
                throw error(src, at, "numeric substitution blocks are not supported (only [[#@LINE+N]])");
            }
            body = expr;
        }
        if (body.startsWith("@")) {
            Matcher m = LINE_EXPR.matcher(body);
            if (!m.matches()) {
                throw error(src, at, "invalid pseudo variable '" + body.split("[:+-]", 2)[0] + "'");
            }
            int value = line;
            if (m.group(1) != null) {
                int delta = Integer.parseInt(m.group(2));
                value += m.group(1).equals("+") ? delta : -delta;
            }
            return new LineNo(body, Integer.toString(value));
        }
        int colon = body.indexOf(':');
        if (colon >= 0) {
            String name = body.substring(0, colon);
            if (!VAR_NAME.matcher(name).matches()) {
                throw error(src, at, "invalid name in string variable definition");
            }
            String re = body.substring(colon + 1);
            String group = "fcv" + index;
            Def def = new Def(name, re, checkedRegex(src, at + colon + 1, re), group);
            definedHere.put(name, group);
            return def;
        }
        if (!VAR_NAME.matcher(body).matches()) {
            throw error(src, at, "invalid name in string variable use");
        }
        String group = definedHere.get(body);
        return group != null ? new BackRef(body, group) : new Use(body);
    }

    private static String checkedRegex(SourceBuffer src, int at, String re) throws FileCheckError {
        String java = RegexTranslator.toJava(re);
        try {
            Pattern.compile(java, FLAGS);
        } catch (PatternSyntaxException e) {
            throw error(src, at, "invalid regex: " + e.getDescription());
        }
        return java;
    }

    private static int nextSpecial(String pat, int from) {
        int a = pat.indexOf("{{", from);
        int b = pat.indexOf("[[", from);
        int next = pat.length();
        if (a >= 0) {
            next = a;
        }
        if (b >= 0 && b < next) {
            next = b;
        }
        return next;
    }

    /** Finds the {@code ]]} closing a variable block, skipping nested brackets and escapes. */
    private static int findVarEnd(String s, int from) throws FileCheckError {
        int depth = 0;
        int i = from;
        while (i < s.length()) {
            if (depth == 0 && s.startsWith("]]", i)) {
                return i;
            }
            char c = s.charAt(i);
            if (c == '\\') {
                i += 2;
                continue;
            }
            if (c == '[') {
                depth++;
            } else if (c == ']' && depth > 0) {
                depth--;
            }
            i++;
        }
        return -1;
    }

    static FileCheckError error(SourceBuffer src, int offset, String message) {
        StringBuilder sb = new StringBuilder();
        src.diag(sb, offset, "error", message, 0);
        return new FileCheckError(sb.toString());
    }

    private String buildRegex(Map<String, String> vars, List<String[]> subs, List<String> undefined) {
        StringBuilder re = new StringBuilder();
        if (fullLines) {
            re.append(strict ? "^" : "^ *");
        }
        for (Part part : parts) {
            if (part instanceof Lit lit) {
                re.append(Pattern.quote(lit.text()));
            } else if (part instanceof Re r) {
                re.append("(?:").append(r.java()).append(')');
            } else if (part instanceof Def d) {
                re.append("(?<").append(d.group()).append('>').append(d.java()).append(')');
            } else if (part instanceof BackRef b) {
                re.append("\\k<").append(b.group()).append('>');
            } else if (part instanceof Use u) {
                String value = vars.get(u.name());
                if (value == null) {
                    if (!undefined.contains(u.name())) {
                        undefined.add(u.name());
                    }
                } else {
                    re.append(Pattern.quote(value));
                    subs.add(new String[] {u.name(), value});
                }
            } else if (part instanceof LineNo l) {
                re.append(Pattern.quote(l.value()));
                subs.add(new String[] {l.display(), l.value()});
            }
        }
        if (fullLines) {
            re.append(strict ? "$" : " *$");
        }
        return re.toString();
    }

    /**
      * Searches {@code [start, end)} of {@code input} for the first match.
      *
      * @param vars current variable values (for {@code [[VAR]]} uses)
      */
    Match match(String input, int start, int end, Map<String, String> vars) {
        List<String[]> subs = new ArrayList<>();
        if (kind == CheckKind.EOF) {
            return new Match(end, 0, subs, List.of(), Map.of());
        }
        if (fixed != null) {
            int idx = input.indexOf(fixed, start);
            boolean ok = idx >= 0 && idx + fixed.length() <= end;
            return new Match(ok ? idx : -1, ok ? fixed.length() : 0, subs, List.of(), Map.of());
        }
        List<String> undefined = new ArrayList<>();
        Pattern p = compiled;
        if (p == null) {
            String re = buildRegex(vars, subs, undefined);
            if (!undefined.isEmpty()) {
                return new Match(-1, 0, subs, undefined, Map.of());
            }
            p = Pattern.compile(re, FLAGS);
        } else {
            buildRegex(vars, subs, undefined);
        }
        Matcher m = p.matcher(input).region(start, end);
        if (!m.find()) {
            return new Match(-1, 0, subs, List.of(), Map.of());
        }
        Map<String, String> captures = new HashMap<>();
        for (Part part : parts) {
            if (part instanceof Def d) {
                captures.put(d.name(), m.group(d.group()));
            }
        }
        if (kind == CheckKind.EMPTY) {
            return new Match(m.start() + 1, m.end() - m.start() - 1, subs, List.of(), captures);
        }
        return new Match(m.start(), m.end() - m.start(), subs, List.of(), captures);
    }

    /** Text used to look for a "possible intended match": the pattern with variables filled in. */
    String exampleText(Map<String, String> vars) {
        if (fixed != null) {
            return fixed;
        }
        StringBuilder sb = new StringBuilder();
        for (Part part : parts) {
            if (part instanceof Lit lit) {
                sb.append(lit.text());
            } else if (part instanceof Re r) {
                sb.append(r.source());
            } else if (part instanceof Def d) {
                sb.append(d.source());
            } else if (part instanceof BackRef b) {
                sb.append(vars.getOrDefault(b.name(), ""));
            } else if (part instanceof Use u) {
                sb.append(vars.getOrDefault(u.name(), ""));
            } else if (part instanceof LineNo l) {
                sb.append(l.value());
            }
        }
        return sb.toString();
    }

    /** @return true when the pattern defines or uses a variable (including {@code @LINE}) */
    boolean hasVariable() {
        return parts.stream().anyMatch(p -> !(p instanceof Lit) && !(p instanceof Re));
    }

    /** @return the directive name as FileCheck prints it, e.g. {@code CHECK-NEXT} */
    String description() {
        String base = kind == CheckKind.PLAIN && count > 1 ? prefix + "-COUNT" : prefix + kind.suffix();
        return literal ? base + "{LITERAL}" : base;
    }

    CheckKind kind() {
        return kind;
    }

    String prefix() {
        return prefix;
    }

    int count() {
        return count;
    }

    SourceBuffer source() {
        return source;
    }

    int loc() {
        return loc;
    }
}
