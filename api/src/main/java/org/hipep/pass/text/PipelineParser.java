package org.hipep.pass.text;

import java.util.ArrayList;
import java.util.List;

/**
  * Parser for MLIR's textual pass pipeline grammar (the argument of {@code mlir-opt
  * --pass-pipeline=...}):
  *
  * <pre>
  * pipeline     ::= op-anchor '(' element-list? ')'
  * element-list ::= element (',' element)*
  * element      ::= op-anchor '(' element-list? ')'   -- nested pipeline
  *                | name options?                     -- a pass or a registered pipeline
  * options      ::= '{' option-text '}'               -- braces may nest; quotes protect
  * op-anchor, name ::= [A-Za-z0-9_.$-]+
  * </pre>
  *
  * Whitespace is allowed around tokens. Name resolution is left to the caller. Instances are
  * single-use; use the static entry points.
  */
public final class PipelineParser {

    private final String text;
    private int pos;

    private PipelineParser(String text) {
        this.text = text;
    }

    /**
      * Parses an anchored pipeline such as {@code builtin.module(func.func(cse),canonicalize)}.
      *
      * @return the top-level pipeline (its anchor and elements)
      * @throws PipelineParseException on any syntax error
      */
    public static NestedPipeline parse(String text) {
        return new PipelineParser(text).parseAnchored();
    }

    /**
      * Parses the legacy, un-anchored form ({@code canonicalize,cse} or {@code func.func(cse),cse}),
      * for callers that supply the anchor themselves. Empty or blank text yields an empty list.
      *
      * @throws PipelineParseException on any syntax error
      */
    public static List<PipelineElement> parseUnanchored(String text) {
        PipelineParser parser = new PipelineParser(text);
        parser.skipWhitespace();
        if (parser.atEnd()) {
            return List.of();
        }
        return parser.parseElementList(false);
    }

    /** Returns whether {@code c} may appear in an anchor or a pass name. */
    public static boolean isNameChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '_' || c == '.' || c == '$' || c == '-';
    }

    private NestedPipeline parseAnchored() {
        skipWhitespace();
        int start = pos;
        String anchor = scanName();
        skipWhitespace();
        if (anchor.isEmpty() || peek() != '(') {
            throw error(0, ParseMessages.NOT_ANCHORED);
        }
        pos++;
        List<PipelineElement> elements = parseNestedBody();
        NestedPipeline top = new NestedPipeline(anchor, elements, new SourceRange(start, pos));
        skipWhitespace();
        if (!atEnd()) {
            throw error(pos, peek() == ')' ? ParseMessages.EXTRA_CLOSING_PAREN : ParseMessages.TRAILING_TEXT);
        }
        return top;
    }

    /** Parses what follows an opening parenthesis, up to and including the matching ')'. */
    private List<PipelineElement> parseNestedBody() {
        skipWhitespace();
        if (peek() == ')') {
            pos++;
            return List.of();
        }
        if (atEnd()) {
            throw error(pos, ParseMessages.UNBALANCED_PARENS);
        }
        return parseElementList(true);
    }

    /**
      * Parses {@code element (',' element)*}. When {@code nested}, consumes the closing ')' too;
      * otherwise the list must extend to the end of the text.
      */
    private List<PipelineElement> parseElementList(boolean nested) {
        List<PipelineElement> elements = new ArrayList<>();
        while (true) {
            elements.add(parseElement());
            skipWhitespace();
            if (atEnd()) {
                if (nested) {
                    throw error(pos, ParseMessages.UNBALANCED_PARENS);
                }
                return elements;
            }
            char c = peek();
            if (c == ',') {
                pos++;
            } else if (c == ')') {
                if (!nested) {
                    throw error(pos, ParseMessages.EXTRA_CLOSING_PAREN);
                }
                pos++;
                return elements;
            } else {
                throw error(pos, ParseMessages.EXPECTED_COMMA);
            }
        }
    }

    private PipelineElement parseElement() {
        skipWhitespace();
        int start = pos;
        String name = scanName();
        if (name.isEmpty()) {
            throw error(pos, ParseMessages.EXPECTED_NAME);
        }
        int nameEnd = pos;
        skipWhitespace();
        char c = peek();
        if (c == '(') {
            pos++;
            List<PipelineElement> elements = parseNestedBody();
            return new NestedPipeline(name, elements, new SourceRange(start, pos));
        }
        if (c == '{') {
            int open = pos;
            int close = OptionLexer.findClosingBrace(text, open);
            if (close < 0) {
                throw error(open, ParseMessages.MISSING_CLOSING_BRACE);
            }
            pos = close + 1;
            return new PassElement(name, text.substring(open + 1, close), new SourceRange(start, pos));
        }
        pos = nameEnd;
        return new PassElement(name, null, new SourceRange(start, nameEnd));
    }

    private String scanName() {
        int start = pos;
        while (pos < text.length() && isNameChar(text.charAt(pos))) {
            pos++;
        }
        return text.substring(start, pos);
    }

    private void skipWhitespace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private boolean atEnd() {
        return pos >= text.length();
    }

    private char peek() {
        return atEnd() ? '\0' : text.charAt(pos);
    }

    private PipelineParseException error(int column, String message) {
        return PipelineParseException.at(text, column, message);
    }
}
