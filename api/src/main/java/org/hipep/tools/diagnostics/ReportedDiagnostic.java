package org.hipep.tools.diagnostics;

import org.hipep.ir.Severity;
import java.util.Objects;

/**
  * A diagnostic produced by the code under test.
  *
  * @param severity its severity
  * @param file     the buffer name it refers to (may be empty for an unknown location)
  * @param line     1-based line; 0 (or less) means an unknown location
  * @param column   1-based column (0 when unknown)
  * @param message  the message text
  */
public record ReportedDiagnostic(Severity severity, String file, int line, int column,
        String message) {

    /** Rejects null components. */
    public ReportedDiagnostic {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(message, "message");
        file = file == null ? "" : file;
    }

    /**
      * @param severity the severity
      * @param message  the message
      * @return a diagnostic without a source location
      */
    public static ReportedDiagnostic unknownLocation(Severity severity, String message) {
        return new ReportedDiagnostic(severity, "", 0, 0, message);
    }

    /** @return true when the diagnostic has a usable line number */
    public boolean hasKnownLocation() {
        return line > 0;
    }
}
