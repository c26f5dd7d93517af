package org.hipep.testing.lit;

import java.util.ArrayList;
import java.util.List;

/**
  * A RUN line split like lit's internal shell does: pipelines joined by {@code &&}, commands joined
  * by {@code |}, each command a list of words plus redirections.
  *
  * <p>Words: single quotes are literal; double quotes honour {@code \"}, {@code \\}, {@code \$} and
  * {@code \`}; outside quotes a backslash escapes the next character; adjacent pieces form one word.
  * Operators: {@code |}, {@code &&}, {@code <}, {@code >}, {@code >>}, {@code 1>}, {@code 2>},
  * {@code 2>>}, {@code 2>&1}, {@code >&2}/{@code 1>&2}. Not supported (rejected with a
  * {@link CommandLineException}): {@code ||}, {@code ;}, {@code &}, {@code &>}; no globbing or
  * variable expansion is performed.
  *
  * @param pipelines the pipelines, run in order while they succeed
  */
public record CommandLine(List<Pipeline> pipelines) {

    /** Copies the list. */
    public CommandLine {
        pipelines = List.copyOf(pipelines);
    }

    /**
      * Commands connected by pipes.
      *
      * @param commands the stages, in order
      */
    public record Pipeline(List<Command> commands) {
        /** Copies the list. */
        public Pipeline {
            commands = List.copyOf(commands);
        }
    }

    /**
      * One command.
      *
      * @param argv      program name followed by its arguments
      * @param redirects redirections, in the order written
      */
    public record Command(List<String> argv, List<Redirect> redirects) {
        /** Copies the lists. */
        public Command {
            argv = List.copyOf(argv);
            redirects = List.copyOf(redirects);
        }
    }

    /**
      * A redirection.
      *
      * @param kind   what is redirected
      * @param target the file, or null for {@code 2>&1} / {@code >&2}
      */
    public record Redirect(RedirectKind kind, String target) {
    }

    /** The redirection operators. */
    public enum RedirectKind {
        /** {@code < file}. */
        STDIN("<"),
        /** {@code > file}. */
        STDOUT(">"),
        /** {@code >> file}. */
        STDOUT_APPEND(">>"),
        /** {@code 2> file}. */
        STDERR("2>"),
        /** {@code 2>> file}. */
        STDERR_APPEND("2>>"),
        /** {@code 2>&1}. */
        STDERR_TO_STDOUT("2>&1"),
        /** {@code >&2}. */
        STDOUT_TO_STDERR(">&2");

        private final String operator;

        RedirectKind(String operator) {
            this.operator = operator;
        }

        /** @return the operator as written */
        public String operator() {
            return operator;
        }

        /** @return true when the operator takes a file operand */
        public boolean takesFile() {
            return this != STDERR_TO_STDOUT && this != STDOUT_TO_STDERR;
        }

        static RedirectKind of(String op) {
            for (RedirectKind k : values()) {
                if (k.operator.equals(op)) {
                    return k;
                }
            }
            return null;
        }
    }

    private record Token(String text, boolean operator) {
    }

    /**
      * Splits a (substituted) RUN line.
      *
      * @param text the command text
      * @return the parsed command line
      * @throws CommandLineException on malformed input
      */
    public static CommandLine parse(String text) {
        List<Token> tokens = tokenize(text);
        List<Pipeline> pipelines = new ArrayList<>();
        List<Command> commands = new ArrayList<>();
        List<String> argv = new ArrayList<>();
        List<Redirect> redirects = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (!t.operator()) {
                argv.add(t.text());
                continue;
            }
            RedirectKind kind = RedirectKind.of(t.text());
            if (kind != null) {
                String target = null;
                if (kind.takesFile()) {
                    if (i + 1 >= tokens.size() || tokens.get(i + 1).operator()) {
                        throw new CommandLineException("missing file name after '" + t.text() + "'");
                    }
                    target = tokens.get(++i).text();
                }
                redirects.add(new Redirect(kind, target));
                continue;
            }
            commands.add(finish(argv, redirects, t.text()));
            argv = new ArrayList<>();
            redirects = new ArrayList<>();
            if (t.text().equals("&&")) {
                pipelines.add(new Pipeline(commands));
                commands = new ArrayList<>();
            }
        }
        if (tokens.isEmpty()) {
            throw new CommandLineException("empty command line");
        }
        commands.add(finish(argv, redirects, "end of line"));
        pipelines.add(new Pipeline(commands));
        return new CommandLine(pipelines);
    }

    private static Command finish(List<String> argv, List<Redirect> redirects, String before) {
        if (argv.isEmpty()) {
            throw new CommandLineException("missing command before '" + before + "'");
        }
        return new Command(argv, redirects);
    }

    private static List<Token> tokenize(String s) {
        List<Token> tokens = new ArrayList<>();
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            String op = operatorAt(s, i);
            if (op != null) {
                tokens.add(new Token(op.equals("1>&2") ? ">&2" : op.equals("1>") ? ">"
                        : op.equals("1>>") ? ">>" : op, true));
                i += op.length();
                continue;
            }
            StringBuilder word = new StringBuilder();
            while (i < n) {
                c = s.charAt(i);
                if (Character.isWhitespace(c) || "|&;<>".indexOf(c) >= 0) {
                    break;
                }
                if (c == '\'') {
                    int close = s.indexOf('\'', i + 1);
                    if (close < 0) {
                        throw new CommandLineException("unterminated single quote at column " + (i + 1));
                    }
                    word.append(s, i + 1, close);
                    i = close + 1;
                } else if (c == '"') {
                    i = readDoubleQuoted(s, i, word);
                } else if (c == '\\') {
                    word.append(i + 1 < n ? s.charAt(i + 1) : '\\');
                    i += 2;
                } else {
                    word.append(c);
                    i++;
                }
            }
            tokens.add(new Token(word.toString(), false));
        }
        return tokens;
    }

    private static int readDoubleQuoted(String s, int start, StringBuilder word) {
        int i = start + 1;
        while (true) {
            if (i >= s.length()) {
                throw new CommandLineException("unterminated double quote at column " + (start + 1));
            }
            char d = s.charAt(i);
            if (d == '"') {
                return i + 1;
            }
            if (d == '\\' && i + 1 < s.length() && "\"\\$`".indexOf(s.charAt(i + 1)) >= 0) {
                word.append(s.charAt(i + 1));
                i += 2;
            } else {
                word.append(d);
                i++;
            }
        }
    }

    private static String operatorAt(String s, int i) {
        if (s.startsWith("||", i)) {
            throw new CommandLineException("unsupported shell operator '||' at column " + (i + 1));
        }
        String[] ops = {"2>&1", "1>&2", "2>>", "1>>", "2>", "1>", ">&2", ">>", "&&", ">", "<", "|"};
        for (String op : ops) {
            if (s.startsWith(op, i)) {
                return op;
            }
        }
        for (String bad : new String[] {"&>", "&", ";"}) {
            if (s.startsWith(bad, i)) {
                throw new CommandLineException("unsupported shell operator '" + bad + "' at column "
                        + (i + 1));
            }
        }
        return null;
    }
}
