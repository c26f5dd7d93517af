package org.hipep.pass.text;

/**
  * A half-open range {@code [start, end)} of 0-based character offsets into the pipeline text an
  * element was parsed from. Callers resolving names against a registry use {@link #start()} with
  * {@link PipelineParseException#at(String, int, String)} to point at the offending element.
  *
  * @param start offset of the first character of the element
  * @param end offset one past the last character of the element
  */
public record SourceRange(int start, int end) {

    /** Validates that {@code 0 <= start <= end}. */
    public SourceRange {
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("invalid source range [" + start + ", " + end + ")");
        }
    }

    /** Returns the number of characters covered by this range. */
    public int length() {
        return end - start;
    }

    /** Returns the text covered by this range within {@code text}. */
    public String slice(String text) {
        return text.substring(start, end);
    }
}
