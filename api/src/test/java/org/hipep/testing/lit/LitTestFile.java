package org.hipep.testing.lit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
  * The lit directives of one test file. Directives sit after a comment leader ({@code //},
  * {@code #} or {@code ;}) at the start of a line: {@code RUN:} (a trailing {@code \} continues the
  * command on the next {@code RUN:} line), {@code REQUIRES:}, {@code UNSUPPORTED:} and
  * {@code XFAIL:}, the latter three taking comma-separated feature names ({@code *} matches
  * everything; boolean feature expressions are not supported).
  *
  * @param runLines    the RUN directives
  * @param requires    features from REQUIRES lines
  * @param unsupported features from UNSUPPORTED lines
  * @param xfails      features from XFAIL lines
  * @param errors      problems found while parsing (e.g. an unterminated continuation)
  */
public record LitTestFile(List<RunLine> runLines, List<String> requires, List<String> unsupported,
        List<String> xfails, List<String> errors) {
    private static final Pattern DIRECTIVE =
            Pattern.compile("^\\s*(?://+|#+|;+)\\s*(RUN|REQUIRES|UNSUPPORTED|XFAIL):(.*)$");

    /** Copies the lists. */
    public LitTestFile {
        runLines = List.copyOf(runLines);
        requires = List.copyOf(requires);
        unsupported = List.copyOf(unsupported);
        xfails = List.copyOf(xfails);
        errors = List.copyOf(errors);
    }

    /**
      * @param text the test file contents
      * @return its directives
      */
    public static LitTestFile parse(String text) {
        List<RunLine> runs = new ArrayList<>();
        List<String> requires = new ArrayList<>();
        List<String> unsupported = new ArrayList<>();
        List<String> xfails = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        String[] lines = text.split("\\r?\\n", -1);
        StringBuilder pending = null;
        int pendingLine = 0;
        for (int i = 0; i < lines.length; i++) {
            Matcher m = DIRECTIVE.matcher(lines[i]);
            if (!m.matches()) {
                continue;
            }
            String body = m.group(2).strip();
            switch (m.group(1)) {
                case "RUN" -> {
                    boolean continues = body.endsWith("\\");
                    String part = continues ? body.substring(0, body.length() - 1).strip() : body;
                    if (pending == null) {
                        pending = new StringBuilder(part);
                        pendingLine = i + 1;
                    } else if (!part.isEmpty()) {
                        pending.append(pending.length() > 0 ? " " : "").append(part);
                    }
                    if (!continues) {
                        runs.add(new RunLine(pendingLine, pending.toString()));
                        pending = null;
                    }
                }
                case "REQUIRES" -> requires.addAll(features(body));
                case "UNSUPPORTED" -> unsupported.addAll(features(body));
                default -> xfails.addAll(features(body));
            }
        }
        if (pending != null) {
            errors.add("Test has unterminated RUN lines (with '\\'): the RUN line at line " + pendingLine
                    + " continues past the last RUN line");
        }
        return new LitTestFile(runs, requires, unsupported, xfails, errors);
    }

    private static List<String> features(String body) {
        return Arrays.stream(body.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    /**
      * @param available features known to be present
      * @return true when the file is expected to fail ({@code XFAIL: *} or a present feature)
      */
    public boolean isExpectedToFail(Set<String> available) {
        return xfails.stream().anyMatch(f -> f.equals("*") || available.contains(f));
    }

    /**
      * @param available features known to be present
      * @param absent    features known to be absent
      * @return why the file must be skipped, if it must: a REQUIRES feature known to be absent, or an
      *     UNSUPPORTED feature known to be present (or {@code *})
      */
    public Optional<String> skipReason(Set<String> available, Set<String> absent) {
        for (String f : requires) {
            if (absent.contains(f)) {
                return Optional.of("REQUIRES: " + f + " (feature is absent)");
            }
        }
        for (String f : unsupported) {
            if (f.equals("*") || available.contains(f)) {
                return Optional.of("UNSUPPORTED: " + f);
            }
        }
        return Optional.empty();
    }
}
