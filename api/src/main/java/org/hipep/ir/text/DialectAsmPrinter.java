package org.hipep.ir.text;

/** The printer given to a dialect's type and attribute hooks (after {@code !ns.} / {@code #ns.}). */
public interface DialectAsmPrinter extends AsmPrinter {
}
