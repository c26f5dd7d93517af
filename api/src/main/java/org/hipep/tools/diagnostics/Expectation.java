package org.hipep.tools.diagnostics;

import org.hipep.ir.Severity;
import java.util.regex.Pattern;

/**
  * A parsed {@code expected-<severity>[-re][@designator] {{message}}} comment.
  *
  * @param severity   expected severity
  * @param message    the text between the braces
  * @param regex      the compiled pattern for {@code -re} expectations, otherwise null
  * @param targetLine 1-based line the diagnostic must be reported on; {@link #UNKNOWN} for
  *                   {@code @unknown}
  * @param line       1-based line of the comment
  * @param column     1-based column of {@code expected-}
  */
record Expectation(Severity severity, String message, Pattern regex, int targetLine, int line,
        int column) {
    static final int UNKNOWN = -1;

    boolean matches(String actual) {
        return regex == null ? actual.contains(message) : regex.matcher(actual).find();
    }

    Expectation withTargetLine(int target) {
        return new Expectation(severity, message, regex, target, line, column);
    }
}
