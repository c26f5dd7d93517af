package org.hipep.pass.text;

/**
  * The exact diagnostic texts produced by the pipeline parser and the option lexer. Most are MLIR's
  * own wording (see {@code mlir/lib/Pass/PassRegistry.cpp}); tests pin them.
  */
public final class ParseMessages {

    /** The buffer name MLIR's textual pipeline parser uses in its diagnostics. */
    public static final String BUFFER_NAME = "MLIR Textual PassPipeline Parser";

    /** The top-level text is not of the form {@code anchor(...)}. */
    public static final String NOT_ANCHORED =
            "expected pass pipeline to be wrapped with the anchor operation type, e.g. "
                    + "'builtin.module(...)'";

    /** A nested pipeline is missing its closing parenthesis. */
    public static final String UNBALANCED_PARENS =
            "encountered unbalanced parentheses while parsing pipeline";

    /** A closing parenthesis has no matching opening one. */
    public static final String EXTRA_CLOSING_PAREN =
            "encountered extra closing ')' creating unbalanced parentheses while parsing pipeline";

    /** Two elements are not separated by a comma. */
    public static final String EXPECTED_COMMA = "expected ',' after parsing pipeline";

    /** An element is empty or does not start with a name character. */
    public static final String EXPECTED_NAME = "expected pass or pipeline name";

    /** An option brace group is not closed. */
    public static final String MISSING_CLOSING_BRACE =
            "missing closing '}' while processing pass options";

    /** Text follows the closing parenthesis of the anchored top-level pipeline (our wording). */
    public static final String TRAILING_TEXT =
            "expected end of pipeline text after the anchored pipeline";

    /** A quoted option value is not closed (our wording). */
    public static final String UNTERMINATED_QUOTE =
            "unterminated quoted string while processing pass options";

    /** A closing brace in option text has no matching opening one (our wording). */
    public static final String EXTRA_CLOSING_BRACE =
            "unexpected '}' while processing pass options";

    /** An option starts with {@code =} (our wording). */
    public static final String EMPTY_OPTION_NAME = "expected option name before '='";

    private ParseMessages() {}

    /** Message for a quote or brace character inside an option name (our wording). */
    public static String invalidOptionNameChar(char c) {
        return "unexpected '" + c + "' in option name";
    }
}
