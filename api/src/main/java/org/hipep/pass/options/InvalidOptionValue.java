package org.hipep.pass.options;

/**
  * Internal signal that an option value (or list element) is invalid; {@link PassOptions} turns it
  * into a located {@link org.hipep.pass.text.PipelineParseException}.
  */
final class InvalidOptionValue extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String badText;
    private final String expected;

    /** {@code badText} is null when a required value is missing. */
    InvalidOptionValue(String badText, String expected) {
        super(expected);
        this.badText = badText;
        this.expected = expected;
    }

    String badText() {
        return badText;
    }

    String expected() {
        return expected;
    }
}
