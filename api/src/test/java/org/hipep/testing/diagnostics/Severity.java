package org.hipep.testing.diagnostics;

import java.util.Locale;

/** Severity of a compiler diagnostic, as used by MLIR's {@code expected-<severity>} comments. */
public enum Severity {
  /** An error. */
  ERROR,
  /** A warning. */
  WARNING,
  /** A remark. */
  REMARK,
  /** A note attached to another diagnostic. */
  NOTE;

  /** @return the lower-case spelling used in {@code expected-...} comments and messages */
  public String keyword() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * @param keyword {@code error}, {@code warning}, {@code remark} or {@code note}
   * @return the matching severity
   */
  public static Severity fromKeyword(String keyword) {
    return valueOf(keyword.toUpperCase(Locale.ROOT));
  }
}
