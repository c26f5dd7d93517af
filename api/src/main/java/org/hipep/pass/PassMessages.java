package org.hipep.pass;

/**
 * The exact texts of the diagnostics and exceptions of the pass infrastructure. Most follow MLIR's
 * wording ({@code PassManager.cpp}, {@code PassRegistry.cpp}); tests pin them.
 */
public final class PassMessages {

    private PassMessages() {
    }

    /** A pipeline element names neither a registered pass nor a registered pipeline. */
    public static String unknownPassOrPipeline(String name) {
        return "'" + name + "' does not refer to a registered pass or pass pipeline";
    }

    /** A pass anchored on {@code passAnchor} was added to a manager anchored elsewhere. */
    public static String wrongAnchor(String passName, String passAnchor, String managerAnchor) {
        return "Can't add pass '" + passName + "' restricted to '" + passAnchor
                + "' on a PassManager intended to run on '" + managerAnchor + "', did you intend to nest?";
    }

    /** The options of a pass or pipeline element are invalid; {@code detail} says why. */
    public static String failedToAdd(String argument, String optionsText, String detail) {
        return "failed to add `" + argument + "` with options `" + optionsText + "`: " + detail;
    }

    /**
     * A pass signalled failure or threw; {@code exceptionMessage} is the exception's message, or
     * {@code null}.
     */
    public static String passFailed(String argument, String opName, String exceptionMessage) {
        String base = "pass '" + argument + "' failed on '" + opName + "'";
        return exceptionMessage == null ? base : base + ": " + exceptionMessage;
    }

    /** The verifier rejected the IR after a pass. */
    public static String verificationFailed(String argument) {
        return "verification failed after running pass '" + argument + "'";
    }

    /** A registry argument is taken. */
    public static String duplicateArgument(String argument, String owner, String newOwner) {
        return "pass argument '" + argument + "' is already registered by " + owner + "; " + newOwner
                + " cannot register it again";
    }

    /** A pass manager was run on an op other than its anchor. */
    public static String cannotRunOn(String anchor, String opName) {
        return "can't run '" + anchor + "' pass manager on '" + opName + "' op";
    }

    /** A pass was asked to run on an op its {@link Pass#canScheduleOn} rejects (after {@code 'op' op }). */
    public static String unsupportedOperation(String argument) {
        return "trying to schedule pass '" + argument + "' on an unsupported operation";
    }
}
