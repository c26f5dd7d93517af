package org.hipep.tools.diagnostics;

/**
  * One problem found by the {@link DiagnosticVerifier}.
  *
  * @param file    buffer name of the location
  * @param line    1-based line, or 0 for an unknown location
  * @param column  1-based column, or 0 when unknown
  * @param message the message (without the {@code error:} tag)
  */
public record VerificationProblem(String file, int line, int column, String message) {

    /**
      * @return {@code <file>:<line>:<col>: error: <message>}, or
      *     {@code unknown location: error: <message>} when the location is unknown
      */
    public String format() {
        String where = line <= 0 ? "unknown location" : file + ":" + line + ":" + column;
        return where + ": error: " + message;
    }

    @Override
    public String toString() {
        return format();
    }
}
