package org.hipep.testing.filecheck;

import java.util.List;

/**
 * A positive check (CHECK, -NEXT, -SAME, -EMPTY, -LABEL, -COUNT or the implicit end-of-file check)
 * together with the CHECK-DAG / CHECK-NOT directives that precede it.
 */
record CheckString(CheckPattern pattern, List<CheckPattern> dagNots) {
  CheckString {
    dagNots = List.copyOf(dagNots);
  }
}
