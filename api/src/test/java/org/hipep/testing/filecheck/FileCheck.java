package org.hipep.testing.filecheck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
  * An in-process, LLVM-compatible FileCheck.
  *
  * <p>Supported directives: {@code CHECK}, {@code -NEXT}, {@code -SAME}, {@code -EMPTY},
  * {@code -NOT}, {@code -DAG}, {@code -LABEL}, {@code -COUNT-n}, the {@code {LITERAL}} modifier and
  * {@code COM:} comments. Patterns support {@code {{regex}}}, {@code [[VAR:regex]]},
  * {@code [[VAR]]} and {@code [[@LINE]]}, {@code [[@LINE+N]]}, {@code [[@LINE-N]]}. Regexes are Java
  * regexes after a light POSIX translation ({@code [[:digit:]]}-style classes, {@code \<}/{@code \>},
  * a literal {@code ]} first or {@code [} inside brackets, a {@code {} that starts no bound).
  * Numeric variables ({@code [[#VAR]]}) other than {@code [[#@LINE+N]]} are not supported.
  *
  * <p>Diagnostics follow FileCheck's text format: location, message, the source line and a caret.
  * As in FileCheck, both buffers are canonicalised first (runs of spaces/tabs become one space
  * unless whitespace is strict), so printed lines and columns refer to the canonical text.
  */
public final class FileCheck {
    private static final Pattern PREFIX_SYNTAX = Pattern.compile("[A-Za-z][A-Za-z0-9_-]*");
    private static final Pattern VARIABLE_NAME = Pattern.compile("\\$?[A-Za-z_][A-Za-z0-9_]*");
    private static final String STDIN_NAME = "<stdin>";

    private FileCheck() {
    }

    /**
      * Checks {@code input} against the directives in {@code checkFileText}.
      *
      * @param checkFileText the check file contents
      * @param checkFileName the check file name used in diagnostics
      * @param input         the text to verify
      * @param inputName     the input name used in diagnostics, e.g. {@code <stdin>}
      * @param options       the options
      * @return success, or a failure carrying FileCheck's diagnostics
      */
    public static FileCheckResult check(String checkFileText, String checkFileName, String input,
            String inputName, FileCheckOptions options) {
        try {
            List<String> prefixes = options.effectiveCheckPrefixes();
            validatePrefixes(prefixes, options.commentPrefixes());
            for (String name : options.defines().keySet()) {
                if (!VARIABLE_NAME.matcher(name).matches()) {
                    throw new FileCheckError("error: invalid name in string variable definition '-D" + name
                            + "=" + options.defines().get(name) + "'\n");
                }
            }
            boolean collapse = !options.strictWhitespace();
            SourceBuffer checkBuf =
                    new SourceBuffer(checkFileName, SourceBuffer.canonicalize(checkFileText, collapse));
            List<CheckPattern> implicit = new ArrayList<>();
            for (String raw : options.implicitCheckNot()) {
                String pat = SourceBuffer.canonicalize(raw, collapse);
                String lead = "-implicit-check-not='";
                SourceBuffer cmd = new SourceBuffer("command line", lead + pat + "'");
                implicit.add(CheckPattern.parse(cmd, lead.length(), lead.length() + pat.length(),
                        CheckKind.NOT, "IMPLICIT-CHECK", 1, false, 1, options));
            }
            CheckFileParser.Parsed parsed = CheckFileParser.parse(checkBuf, prefixes,
                    options.commentPrefixes(), implicit, options);
            checkUnusedPrefixes(prefixes, parsed.usedPrefixes(), implicit.isEmpty(), options);
            if (input.isEmpty() && !options.allowEmpty()) {
                return FileCheckResult.failure(2, "FileCheck error: '" + inputName + "' is empty.\n");
            }
            SourceBuffer in = new SourceBuffer(inputName, SourceBuffer.canonicalize(input, collapse));
            Map<String, String> vars = new HashMap<>(options.defines());
            StringBuilder out = new StringBuilder();
            boolean ok = new MatchEngine(in, parsed.checks(), vars, options.enableVarScope(), out).run();
            return ok ? FileCheckResult.success() : FileCheckResult.failure(1, out.toString());
        } catch (FileCheckError e) {
            return FileCheckResult.failure(2, e.getMessage());
        }
    }

    /**
      * Runs FileCheck like its command-line tool: {@code FileCheck [options] <check-file>}.
      * Accepts {@code --input-file}, {@code --check-prefix(es)}, {@code --comment-prefixes},
      * {@code --implicit-check-not}, {@code --strict-whitespace}, {@code --match-full-lines},
      * {@code --allow-empty}, {@code --allow-unused-prefixes}, {@code --enable-var-scope},
      * {@code -D<VAR>=<value>}, and ignores {@code --dump-input*}, {@code -v}, {@code -vv},
      * {@code --color}; each with one or two dashes.
      *
      * @param args    the arguments (without the program name)
      * @param stdin   the standard input, read when no {@code --input-file} is given
      * @param workDir directory against which relative file names are resolved
      * @param stderr  receives the diagnostics
      * @return the exit status: 0 success, 1 check failure, 2 usage or setup error
      */
    public static int run(List<String> args, String stdin, Path workDir, Appendable stderr) {
        FileCheckResult result;
        try {
            FileCheckArguments.Invocation inv = FileCheckArguments.parse(args);
            String checkText = read(workDir, inv.checkFile(), "check");
            String inputName = inv.inputFile() == null ? STDIN_NAME : inv.inputFile();
            String input = inv.inputFile() == null ? stdin : read(workDir, inv.inputFile(), "input");
            result = check(checkText, inv.checkFile(), input, inputName, inv.options());
        } catch (FileCheckError e) {
            result = FileCheckResult.failure(2, e.getMessage());
        }
        try {
            stderr.append(result.message());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return result.exitCode();
    }

    private static String read(Path workDir, String file, String what) throws FileCheckError {
        Path path = workDir.resolve(file);
        if (!Files.isRegularFile(path)) {
            throw new FileCheckError("Could not open " + what + " file '" + file
                    + "': No such file or directory\n");
        }
        try {
            return Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new FileCheckError("Could not open " + what + " file '" + file + "': " + e + "\n");
        }
    }

    private static void validatePrefixes(List<String> checks, List<String> comments)
            throws FileCheckError {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < checks.size() + comments.size(); i++) {
            boolean comment = i >= checks.size();
            String p = comment ? comments.get(i - checks.size()) : checks.get(i);
            String kind = comment ? "comment" : "check";
            if (!PREFIX_SYNTAX.matcher(p).matches()) {
                throw new FileCheckError("error: supplied " + kind + " prefix must start with a letter and "
                        + "contain only alphanumeric characters, hyphens, and underscores: '" + p + "'\n");
            }
            if (!seen.add(p)) {
                throw new FileCheckError("error: supplied " + kind + " prefix must be unique among check "
                        + "and comment prefixes: '" + p + "'\n");
            }
        }
    }

    private static void checkUnusedPrefixes(List<String> prefixes, Set<String> used,
            boolean noImplicit, FileCheckOptions options) throws FileCheckError {
        List<String> missing = prefixes.stream().filter(p -> !used.contains(p)).toList();
        boolean noneFound = missing.size() == prefixes.size();
        boolean someUnused = !options.allowUnusedPrefixes() && !missing.isEmpty();
        if ((noneFound || someUnused) && (noImplicit || !options.usesDefaultPrefix())) {
            StringBuilder sb = new StringBuilder("error: no check strings found with prefix");
            sb.append(missing.size() > 1 ? "es " : " ");
            for (int i = 0; i < missing.size(); i++) {
                sb.append(i == 0 ? "" : ", ").append('\'').append(missing.get(i)).append(":'");
            }
            throw new FileCheckError(sb.append('\n').toString());
        }
    }
}
