package org.hipep.testing.filecheck;

/** A fatal FileCheck setup error (bad option, malformed check file); exit status 2. */
final class FileCheckError extends Exception {
    private static final long serialVersionUID = 1L;

    FileCheckError(String diagnostic) {
        super(diagnostic);
    }
}
