package org.hipep.testing.lit;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
  * Executes a {@link CommandLine} in-process, like lit's internal shell with {@code pipefail}:
  * stages run one after the other, each stage's stdout is the next one's stdin, a pipeline fails if
  * any stage fails, and {@code &&} stops at the first failing pipeline.
  */
final class ShellExecutor {
    private static final String DEV_NULL = "/dev/null";
    private static final Pattern PLAIN_WORD = Pattern.compile("[A-Za-z0-9_./=,:%+@^-]+");
    private static final int TRACE_FRAMES = 8;

    /** Aborts the whole RUN line (unknown tool, unreadable redirect, tool exception). */
    private static final class Abort extends Exception {
        private static final long serialVersionUID = 1L;

        Abort(String message) {
            super(message);
        }
    }

    private record FileSink(Path path, boolean append, StringBuilder text) {
    }

    private final ToolRegistry tools;
    private final Path workDir;
    private final Substitutions subs;
    private final StringBuilder report;

    ShellExecutor(ToolRegistry tools, Path workDir, Substitutions subs, StringBuilder report) {
        this.tools = tools;
        this.workDir = workDir;
        this.subs = subs;
        this.report = report;
    }

    /** @return the exit status of the line (0 when all pipelines succeeded) */
    int execute(CommandLine line) {
        try {
            for (CommandLine.Pipeline pipeline : line.pipelines()) {
                int status = runPipeline(pipeline);
                if (status != 0) {
                    return status;
                }
            }
            return 0;
        } catch (Abort e) {
            report.append("# error: ").append(e.getMessage()).append('\n');
            return 127;
        }
    }

    private int runPipeline(CommandLine.Pipeline pipeline) throws Abort {
        String stdin = "";
        int status = 0;
        List<CommandLine.Command> commands = pipeline.commands();
        for (int i = 0; i < commands.size(); i++) {
            StringBuilder out = new StringBuilder();
            int rc = runCommand(commands.get(i), stdin, out, i == commands.size() - 1);
            if (rc != 0) {
                status = rc;
            }
            stdin = out.toString();
        }
        return status;
    }

    private int runCommand(CommandLine.Command cmd, String pipedIn, StringBuilder outBuf,
            boolean last) throws Abort {
        StringBuilder errBuf = new StringBuilder();
        Appendable out = outBuf;
        Appendable err = errBuf;
        String stdin = pipedIn;
        List<FileSink> files = new ArrayList<>();
        report.append("# executed command: ").append(quote(cmd.argv())).append('\n');
        for (CommandLine.Redirect r : cmd.redirects()) {
            switch (r.kind()) {
                case STDIN -> stdin = readInput(r.target());
                case STDOUT, STDOUT_APPEND -> out = sink(r, files);
                case STDERR, STDERR_APPEND -> err = sink(r, files);
                case STDERR_TO_STDOUT -> err = out;
                case STDOUT_TO_STDERR -> out = err;
                default -> throw new IllegalStateException(r.kind().toString());
            }
        }
        ToolContext ctx = new ToolContext(stdin, out, err, workDir, subs, tools);
        int rc;
        try {
            rc = ctx.invoke(cmd.argv());
        } catch (UnknownToolException e) {
            throw new Abort(e.getMessage());
        } catch (ToolCrashException e) {
            throw new Abort("'" + e.tool() + "' threw " + trace((Exception) e.getCause()));
        } catch (RuntimeException e) {
            throw new Abort("'" + cmd.argv().get(0) + "' threw " + trace(e));
        }
        for (FileSink f : files) {
            write(f);
        }
        if (last && outBuf.length() > 0) {
            block("command stdout", outBuf);
        }
        if (errBuf.length() > 0) {
            block("command stderr", errBuf);
        }
        if (rc != 0) {
            report.append("# error: command failed with exit status: ").append(rc).append('\n');
        }
        return rc;
    }

    private String readInput(String target) throws Abort {
        if (target.equals(DEV_NULL)) {
            return "";
        }
        Path p = workDir.resolve(target);
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new Abort("could not open '" + p + "' for reading: " + e);
        }
    }

    private static Appendable sink(CommandLine.Redirect r, List<FileSink> files) {
        StringBuilder text = new StringBuilder();
        if (!r.target().equals(DEV_NULL)) {
            boolean append = r.kind() == CommandLine.RedirectKind.STDOUT_APPEND
                    || r.kind() == CommandLine.RedirectKind.STDERR_APPEND;
            files.add(new FileSink(Path.of(r.target()), append, text));
        }
        return text;
    }

    private void write(FileSink f) throws Abort {
        Path p = workDir.resolve(f.path());
        try {
            if (f.append()) {
                Files.writeString(p, f.text(), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
            } else {
                Files.writeString(p, f.text(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new Abort("could not write '" + p + "': " + e);
        }
    }

    private void block(String title, CharSequence text) {
        report.append("# .---").append(title).append("------------\n");
        String s = text.toString();
        if (s.endsWith("\n")) {
            s = s.substring(0, s.length() - 1);
        }
        for (String line : s.split("\n", -1)) {
            report.append("# | ").append(line).append('\n');
        }
        report.append("# `-----------------------------\n");
    }

    private static String trace(Exception e) {
        StringWriter sw = new StringWriter();
        e.printStackTrace(new PrintWriter(sw));
        String[] lines = sw.toString().split("\\R");
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < lines.length && i <= TRACE_FRAMES; i++) {
            sb.append(i == 0 ? "" : "\n#   ").append(lines[i].strip());
        }
        return sb.toString();
    }

    static String quote(List<String> argv) {
        StringBuilder sb = new StringBuilder();
        for (String a : argv) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(PLAIN_WORD.matcher(a).matches() ? a : "'" + a.replace("'", "'\"'\"'") + "'");
        }
        return sb.toString();
    }
}
