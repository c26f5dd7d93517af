package org.hipep.testing.filecheck;

/** Shared helpers for the FileCheck tests. */
final class FileCheckTesting {
    private FileCheckTesting() {
    }

    static FileCheckResult check(String checkFile, String input) {
        return check(checkFile, input, FileCheckOptions.defaults());
    }

    static FileCheckResult check(String checkFile, String input, FileCheckOptions options) {
        return FileCheck.check(checkFile, "check.txt", input, "<stdin>", options);
    }
}
