package org.hipep.runtime.llvm;

/**
 * A failure to bring an llvm-dialect module to LLVM IR: an op or attribute the translator does not
 * know (the message names it and its location), a module LLVM's verifier rejects (the message is
 * LLVM's), or a failure of the optimiser or of the target lookup.
 */
public class LlvmTranslationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** A failure with its message. */
    public LlvmTranslationException(String message) {
        super(message);
    }
}
