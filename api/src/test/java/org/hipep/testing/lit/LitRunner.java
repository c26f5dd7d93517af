package org.hipep.testing.lit;

import java.nio.file.Path;

/** Runs RUN lines: applies substitutions, splits the command line and executes it in-process. */
public final class LitRunner {
    private final ToolRegistry tools;

    /** @param tools the tools RUN lines may use */
    public LitRunner(ToolRegistry tools) {
        this.tools = tools;
    }

    /**
      * Runs one RUN directive.
      *
      * @param runLine the directive (line number and raw command)
      * @param subs    the substitutions of its test file
      * @param workDir the working directory (the test source's directory)
      * @return the result; its report starts with {@code RUN: at line N: <substituted command>}
      */
    public RunResult run(RunLine runLine, Substitutions subs, Path workDir) {
        return execute("RUN: at line " + runLine.line() + ": ", runLine.command(), subs, workDir);
    }

    /**
      * Runs a command line that is not tied to a file line.
      *
      * @param command the raw command (substitutions not yet applied)
      * @param subs    the substitutions
      * @param workDir the working directory
      * @return the result
      */
    public RunResult run(String command, Substitutions subs, Path workDir) {
        return execute("RUN: ", command, subs, workDir);
    }

    private RunResult execute(String header, String command, Substitutions subs, Path workDir) {
        String expanded = subs.apply(command).strip();
        StringBuilder report = new StringBuilder(header).append(expanded).append('\n');
        CommandLine parsed;
        try {
            parsed = CommandLine.parse(expanded);
        } catch (CommandLineException e) {
            report.append("# error: cannot parse command line: ").append(e.getMessage()).append('\n');
            return new RunResult(false, 2, report.toString());
        }
        int status = new ShellExecutor(tools, workDir, subs, report).execute(parsed);
        return new RunResult(status == 0, status, report.toString());
    }
}
