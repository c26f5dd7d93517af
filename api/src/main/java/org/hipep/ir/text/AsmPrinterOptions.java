package org.hipep.ir.text;

/**
 * How IR is printed.
 *
 * @param generic print every op in the generic form ({@code --mlir-print-op-generic})
 * @param debugInfo print locations ({@code --mlir-print-debuginfo})
 * @param hexThreshold dense elements attributes with more elements than this (and not splat)
 *     print in the hex form; MLIR's default is 100
 */
public record AsmPrinterOptions(boolean generic, boolean debugInfo, long hexThreshold) {
    /** MLIR's defaults: custom forms, no locations. */
    public static AsmPrinterOptions defaults() {
        return new AsmPrinterOptions(false, false, 100);
    }

    /** Generic form, no locations. */
    public static AsmPrinterOptions genericForm() {
        return new AsmPrinterOptions(true, false, 100);
    }

    /** A copy with the generic flag set. */
    public AsmPrinterOptions withGeneric(boolean g) {
        return new AsmPrinterOptions(g, debugInfo, hexThreshold);
    }

    /** A copy with the debug-info flag set. */
    public AsmPrinterOptions withDebugInfo(boolean d) {
        return new AsmPrinterOptions(generic, d, hexThreshold);
    }
}
