package org.hipep.pass.text;

import java.util.Objects;

/**
  * A pass or registered pass pipeline referenced by name, with the raw option text found between its
  * braces.
  *
  * @param name the pass or pipeline name
  * @param options the raw text between the braces (verbatim), or {@code null} when no braces were
  *     given
  * @param where the range from the name to the closing brace (or the end of the name)
  */
public record PassElement(String name, String options, SourceRange where)
        implements PipelineElement {

    /** Validates the components. */
    public PassElement {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(where, "where");
    }

    /**
      * Returns the offset of the option text (the character after the opening brace), or -1 when there
      * are no options. Use with {@link PipelineParseException#rebase(String, int)} to report option
      * errors against the whole pipeline text.
      */
    public int optionsStart() {
        return options == null ? -1 : where.end() - 1 - options.length();
    }
}
