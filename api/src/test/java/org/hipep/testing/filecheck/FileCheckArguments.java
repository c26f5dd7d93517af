package org.hipep.testing.filecheck;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/** Parses FileCheck's command line ({@code -opt}, {@code --opt}, {@code --opt=v}, {@code --opt v}). */
final class FileCheckArguments {
    private static final Set<String> VALUE_OPTIONS = Set.of("input-file", "check-prefix",
            "check-prefixes", "comment-prefixes", "implicit-check-not", "dump-input",
            "dump-input-context", "dump-input-filter");
    private static final Set<String> FLAG_OPTIONS = Set.of("strict-whitespace", "match-full-lines",
            "allow-empty", "allow-unused-prefixes", "enable-var-scope", "v", "vv", "color");
    private static final Set<String> DUMP_INPUT_VALUES = Set.of("help", "always", "fail", "never");

    /** A parsed invocation; {@code inputFile} is null for stdin. */
    record Invocation(String checkFile, String inputFile, FileCheckOptions options) {
    }

    private FileCheckArguments() {
    }

    static Invocation parse(List<String> args) throws FileCheckError {
        FileCheckOptions opts = FileCheckOptions.defaults();
        List<String> prefixes = new ArrayList<>();
        List<String> positional = new ArrayList<>();
        String inputFile = null;
        boolean onlyPositional = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (onlyPositional || !arg.startsWith("-") || arg.equals("-")) {
                positional.add(arg);
                continue;
            }
            if (arg.equals("--")) {
                onlyPositional = true;
                continue;
            }
            if (arg.startsWith("-D")) {
                String def = arg.length() > 2 ? arg.substring(2) : next(args, ++i, "-D");
                opts = define(opts, def);
                continue;
            }
            String body = arg.startsWith("--") ? arg.substring(2) : arg.substring(1);
            int eq = body.indexOf('=');
            String name = eq < 0 ? body : body.substring(0, eq);
            String value = eq < 0 ? null : body.substring(eq + 1);
            if (VALUE_OPTIONS.contains(name)) {
                if (value == null) {
                    value = next(args, ++i, arg);
                }
                switch (name) {
                    case "input-file" -> inputFile = value.equals("-") ? null : value;
                    case "check-prefix" -> prefixes.add(value);
                    case "check-prefixes" -> prefixes.addAll(Arrays.asList(value.split(",", -1)));
                    case "comment-prefixes" -> opts = opts.withCommentPrefixes(value.split(",", -1));
                    case "implicit-check-not" -> opts = opts.withImplicitCheckNot(value);
                    case "dump-input" -> {
                        if (!DUMP_INPUT_VALUES.contains(value)) {
                            throw new FileCheckError("FileCheck: for the --dump-input option: Cannot find option "
                                    + "named '" + value + "'!\n");
                        }
                    }
                    default -> {
                        // accepted and ignored: --dump-input-context, --dump-input-filter
                    }
                }
            } else if (FLAG_OPTIONS.contains(name)) {
                boolean on = parseBool(arg, value);
                switch (name) {
                    case "strict-whitespace" -> opts = opts.withStrictWhitespace(on);
                    case "match-full-lines" -> opts = opts.withMatchFullLines(on);
                    case "allow-empty" -> opts = opts.withAllowEmpty(on);
                    case "allow-unused-prefixes" -> opts = opts.withAllowUnusedPrefixes(on);
                    case "enable-var-scope" -> opts = opts.withVarScope(on);
                    default -> {
                        // accepted and ignored: -v, -vv, --color
                    }
                }
            } else {
                throw new FileCheckError("FileCheck: Unknown command line argument '" + arg
                        + "'.  Try: 'FileCheck --help'\n");
            }
        }
        if (positional.isEmpty()) {
            throw new FileCheckError("FileCheck: Not enough positional command line arguments "
                    + "specified!\nMust specify at least 1 positional argument: See: FileCheck --help\n");
        }
        if (positional.size() > 1) {
            throw new FileCheckError("FileCheck: Too many positional arguments specified!\n"
                    + "Can specify at most 1 positional arguments: See: FileCheck --help\n");
        }
        if (!prefixes.isEmpty()) {
            opts = opts.withCheckPrefixes(prefixes.toArray(String[]::new));
        }
        return new Invocation(positional.get(0), inputFile, opts);
    }

    private static String next(List<String> args, int i, String option) throws FileCheckError {
        if (i >= args.size()) {
            throw new FileCheckError("FileCheck: for the " + option + " option: requires a value!\n");
        }
        return args.get(i);
    }

    private static boolean parseBool(String arg, String value) throws FileCheckError {
        if (value == null || value.equals("true") || value.equals("1")) {
            return true;
        }
        if (value.equals("false") || value.equals("0")) {
            return false;
        }
        throw new FileCheckError("FileCheck: for the " + arg.substring(0, arg.indexOf('='))
                + " option: '" + value + "' is invalid value for boolean argument! Try 0 or 1\n");
    }

    private static FileCheckOptions define(FileCheckOptions opts, String def) throws FileCheckError {
        int eq = def.indexOf('=');
        if (eq < 0) {
            throw new FileCheckError("error: Missing equal sign in command-line definition '-D" + def
                    + "'\n");
        }
        if (def.startsWith("#")) {
            throw new FileCheckError("error: numeric variable definitions are not supported: '-D" + def
                    + "'\n");
        }
        return opts.withDefine(def.substring(0, eq), def.substring(eq + 1));
    }
}
