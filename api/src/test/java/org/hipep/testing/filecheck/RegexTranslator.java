package org.hipep.testing.filecheck;

import java.util.Map;

/**
  * Translates the POSIX-ERE flavoured regexes of FileCheck patterns into {@link java.util.regex}
  * syntax. Handled: POSIX character classes ({@code [[:digit:]]}), a literal {@code ]} first in a
  * bracket expression, a literal {@code [} or {@code &} inside brackets, GNU word boundaries
  * ({@code \<}, {@code \>}) and a {@code {} that does not start a bound. Everything else is passed
  * through, so Java extensions ({@code \d}, lazy quantifiers, look-around) also work, and a
  * backslash inside brackets is an escape (as in Java), not a literal.
  */
final class RegexTranslator {
    private static final Map<String, String> POSIX_CLASSES = Map.ofEntries(
            Map.entry("alpha", "\\p{Alpha}"), Map.entry("digit", "\\p{Digit}"),
            Map.entry("alnum", "\\p{Alnum}"), Map.entry("space", "\\p{Space}"),
            Map.entry("upper", "\\p{Upper}"), Map.entry("lower", "\\p{Lower}"),
            Map.entry("punct", "\\p{Punct}"), Map.entry("xdigit", "\\p{XDigit}"),
            Map.entry("blank", "\\p{Blank}"), Map.entry("cntrl", "\\p{Cntrl}"),
            Map.entry("print", "\\p{Print}"), Map.entry("graph", "\\p{Graph}"));

    private RegexTranslator() {
    }

    static String toJava(String regex) {
        StringBuilder sb = new StringBuilder(regex.length() + 8);
        int i = 0;
        int n = regex.length();
        while (i < n) {
            char c = regex.charAt(i);
            if (c == '\\') {
                if (i + 1 >= n) {
                    sb.append("\\\\");
                    i++;
                } else {
                    char d = regex.charAt(i + 1);
                    sb.append(d == '<' || d == '>' ? "\\b" : "\\" + d);
                    i += 2;
                }
            } else if (c == '[') {
                i = copyBracket(regex, i, sb);
            } else if (c == '{' && !isBound(regex, i)) {
                sb.append("\\{");
                i++;
            } else {
                sb.append(c);
                i++;
            }
        }
        return sb.toString();
    }

    private static int copyBracket(String s, int start, StringBuilder sb) {
        int n = s.length();
        int j = start + 1;
        sb.append('[');
        if (j < n && s.charAt(j) == '^') {
            sb.append('^');
            j++;
        }
        if (j < n && s.charAt(j) == ']') {
            sb.append("\\]");
            j++;
        }
        while (j < n && s.charAt(j) != ']') {
            char c = s.charAt(j);
            if (s.startsWith("[:", j)) {
                int close = s.indexOf(":]", j + 2);
                String mapped = close < 0 ? null : POSIX_CLASSES.get(s.substring(j + 2, close));
                if (mapped != null) {
                    sb.append(mapped);
                    j = close + 2;
                    continue;
                }
            }
            if (c == '\\' && j + 1 < n) {
                sb.append(c).append(s.charAt(j + 1));
                j += 2;
                continue;
            }
            if (c == '[' || c == '&') {
                sb.append('\\');
            }
            sb.append(c);
            j++;
        }
        if (j < n) {
            sb.append(']');
            j++;
        }
        return j;
    }

    private static boolean isBound(String s, int i) {
        int j = i + 1;
        int digits = 0;
        while (j < s.length() && Character.isDigit(s.charAt(j))) {
            j++;
            digits++;
        }
        if (digits == 0) {
            return false;
        }
        if (j < s.length() && s.charAt(j) == ',') {
            j++;
            while (j < s.length() && Character.isDigit(s.charAt(j))) {
                j++;
            }
        }
        return j < s.length() && s.charAt(j) == '}';
    }
}
