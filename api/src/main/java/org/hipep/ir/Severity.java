package org.hipep.ir;

/** How serious a diagnostic is. */
public enum Severity {
    /** The IR is invalid or a step failed. */
    ERROR("error"),
    /** Suspicious but valid. */
    WARNING("warning"),
    /** Information about what a step did. */
    REMARK("remark"),
    /** Extra information attached to another diagnostic. */
    NOTE("note");

    private final String label;

    Severity(String label) {
        this.label = label;
    }

    /** The word printed before the message ({@code error}). */
    public String label() {
        return label;
    }

    /** The severity printed as {@code label}. */
    public static Severity fromLabel(String label) {
        for (Severity s : values()) {
            if (s.label.equals(label)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown severity '" + label + "'");
    }
}
