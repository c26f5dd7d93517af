package org.hipep.testing.lit;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hipep.testing.filecheck.FileCheck;

/** The tools every {@link ToolRegistry} has: FileCheck, not, cat, echo, count. */
final class BuiltinTools {
    private BuiltinTools() {
    }

    static void registerAll(ToolRegistry registry) {
        registry.register("FileCheck",
                (args, ctx) -> FileCheck.run(args, ctx.stdin(), ctx.workDir(), ctx.stderr()));
        registry.register("not", BuiltinTools::not);
        registry.register("cat", BuiltinTools::cat);
        registry.register("echo", BuiltinTools::echo);
        registry.register("count", BuiltinTools::count);
    }

    /** {@code not cmd...}: runs cmd, exit 0 becomes 1 and any failure becomes 0. */
    private static int not(List<String> args, ToolContext ctx) throws Exception {
        if (args.isEmpty()) {
            ctx.stderr().append("not: missing command\n");
            return 2;
        }
        return ctx.invoke(args) == 0 ? 1 : 0;
    }

    /** {@code cat [file|-]...}: concatenates files (stdin when none or for {@code -}). */
    private static int cat(List<String> args, ToolContext ctx) throws Exception {
        if (args.isEmpty()) {
            ctx.stdout().append(ctx.stdin());
            return 0;
        }
        int rc = 0;
        for (String arg : args) {
            if (arg.equals("-")) {
                ctx.stdout().append(ctx.stdin());
                continue;
            }
            Path p = ctx.resolve(arg);
            if (!Files.isRegularFile(p)) {
                ctx.stderr().append("cat: ").append(arg).append(": No such file or directory\n");
                rc = 1;
                continue;
            }
            ctx.stdout().append(Files.readString(p, StandardCharsets.UTF_8));
        }
        return rc;
    }

    /** {@code echo [-n] words...}: prints the words separated by spaces. */
    private static int echo(List<String> args, ToolContext ctx) throws Exception {
        boolean newline = true;
        int first = 0;
        if (!args.isEmpty() && args.get(0).equals("-n")) {
            newline = false;
            first = 1;
        }
        ctx.stdout().append(String.join(" ", args.subList(first, args.size())));
        if (newline) {
            ctx.stdout().append('\n');
        }
        return 0;
    }

    /** {@code count N}: succeeds iff stdin has exactly N lines. */
    private static int count(List<String> args, ToolContext ctx) throws Exception {
        int expected;
        try {
            if (args.size() != 1) {
                throw new NumberFormatException();
            }
            expected = Integer.parseInt(args.get(0));
        } catch (NumberFormatException e) {
            ctx.stderr().append("count: expected one line-count argument, got ").append(args.toString())
                    .append('\n');
            return 2;
        }
        String in = ctx.stdin();
        int lines = (int) in.chars().filter(c -> c == '\n').count();
        if (!in.isEmpty() && !in.endsWith("\n")) {
            lines++;
        }
        if (lines != expected) {
            ctx.stderr().append("Expected " + expected + " lines, got " + lines + ".\n");
            return 1;
        }
        return 0;
    }
}
