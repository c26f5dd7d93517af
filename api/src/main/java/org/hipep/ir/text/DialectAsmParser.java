package org.hipep.ir.text;

/**
 * The parser given to a dialect's type and attribute hooks, positioned right after
 * {@code !namespace.} / {@code #namespace.}.
 */
public interface DialectAsmParser extends AsmParser {
    /**
     * The whole body text of the type or attribute (the identifier after the dot and a balanced
     * {@code <...>} group if present), for dialects that parse it themselves; reading it
     * consumes it.
     */
    String consumeBody();
}
