package org.hipep.host.assembly;

import java.util.List;

/**
 * An assembly that was refused: every problem found, each a line that says what and where. The
 * message is the whole report; nothing was written.
 */
public final class AssemblyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The problems, in the order found. */
    private final transient List<String> problems;

    /** A refusal listing {@code problems} (at least one). */
    public AssemblyException(List<String> problems) {
        super(report(problems));
        this.problems = List.copyOf(problems);
    }

    /** The problems, one line each. */
    public List<String> problems() {
        return problems;
    }

    private static String report(List<String> problems) {
        StringBuilder b = new StringBuilder("hip-assemble: the distribution was not written: ")
                .append(problems.size()).append(problems.size() == 1 ? " problem" : " problems");
        for (String p : problems) {
            b.append("\n  - ").append(p);
        }
        return b.toString();
    }
}
