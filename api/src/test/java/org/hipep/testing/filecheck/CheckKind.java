package org.hipep.testing.filecheck;

/** The kind of a check directive (the suffix after the prefix). */
enum CheckKind {
    PLAIN(""), NEXT("-NEXT"), SAME("-SAME"), NOT("-NOT"), DAG("-DAG"), LABEL("-LABEL"),
    EMPTY("-EMPTY"), EOF("-EOF");

    private final String suffix;

    CheckKind(String suffix) {
        this.suffix = suffix;
    }

    /** @return the directive suffix, e.g. {@code -NEXT} */
    String suffix() {
        return suffix;
    }
}
