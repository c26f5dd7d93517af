package org.hipep.pass;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.hipep.ir.Operation;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.text.AsmPrinterOptions;
import org.hipep.ir.text.IrPrinter;

/**
 * Prints the IR before and/or after passes ({@code --mlir-print-ir-before=<args>}, {@code
 * --mlir-print-ir-before-all}, {@code --mlir-print-ir-after=<args>}, {@code
 * --mlir-print-ir-after-all}, {@code --mlir-print-ir-after-failure}), after MLIR's {@code
 * IRPrinting.cpp}. Each dump is a header line, the op the pass ran on and a blank line:
 *
 * <pre>
 * // -----// IR Dump After CSE (cse) //----- //
 * "test.func"() ({ ... }) {sym_name = "f"} : () -&gt; ()
 *
 * </pre>
 *
 * A failed pass is dumped as {@code IR Dump After <Name> Failed (<arg>)} when "after" printing
 * selects it. With module scope ({@code --mlir-print-ir-module-scope}) the header names the op
 * ({@code ('test.func' operation: @f)}) and the whole top-level op is printed; that needs
 * multithreading disabled. Each dump is written whole under a lock, so parallel passes do not
 * interleave their dumps (their order then depends on scheduling, as in MLIR).
 */
public final class IrPrintingInstrumentation implements PassInstrumentation {

    private final Appendable out;
    private final Selection before;
    private final Selection after;
    private final boolean afterOnlyOnFailure;
    private final boolean moduleScope;
    private final AsmPrinterOptions printerOptions;

    /** Which passes a before/after setting selects: all, some arguments or none. */
    private record Selection(boolean all, Set<String> arguments) {
        boolean selects(Pass pass) {
            return all || arguments.contains(pass.argument());
        }
    }

    private IrPrintingInstrumentation(Builder builder) {
        this.out = builder.out;
        this.before = new Selection(builder.beforeAll, Set.copyOf(builder.before));
        this.after = new Selection(builder.afterAll || builder.afterFailure, Set.copyOf(builder.after));
        this.afterOnlyOnFailure = builder.afterFailure;
        this.moduleScope = builder.moduleScope;
        this.printerOptions = builder.printerOptions;
    }

    /** Starts configuring an instrumentation that writes to {@code out}. */
    public static Builder builder(Appendable out) {
        return new Builder(out);
    }

    /** Whether dumps print the whole top-level op (which needs multithreading disabled). */
    public boolean printsModuleScope() {
        return moduleScope;
    }

    @Override
    public void runBeforePass(Pass pass, Operation op) {
        if (before.selects(pass)) {
            dump("Before " + pass.name() + " (" + pass.argument() + ")", op);
        }
    }

    @Override
    public void runAfterPass(Pass pass, Operation op) {
        if (!afterOnlyOnFailure && after.selects(pass)) {
            dump("After " + pass.name() + " (" + pass.argument() + ")", op);
        }
    }

    @Override
    public void runAfterPassFailed(Pass pass, Operation op) {
        if (after.selects(pass)) {
            dump("After " + pass.name() + " Failed (" + pass.argument() + ")", op);
        }
    }

    private void dump(String title, Operation op) {
        StringBuilder text = new StringBuilder("// -----// IR Dump ").append(title);
        Operation printed = op;
        if (moduleScope) {
            text.append(" ('").append(op.nameString()).append("' operation");
            if (op.attribute("sym_name") instanceof StringAttr symbol) {
                text.append(": @").append(symbol.value());
            }
            text.append(')');
            while (printed.parentOp() != null) {
                printed = printed.parentOp();
            }
        }
        text.append(" //----- //\n").append(IrPrinter.print(printed, printerOptions)).append('\n');
        synchronized (out) {
            try {
                out.append(text);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Configures an {@link IrPrintingInstrumentation}; nothing is printed by default. */
    public static final class Builder {
        private final Appendable out;
        private final Set<String> before = new LinkedHashSet<>();
        private final Set<String> after = new LinkedHashSet<>();
        private boolean beforeAll;
        private boolean afterAll;
        private boolean afterFailure;
        private boolean moduleScope;
        private AsmPrinterOptions printerOptions = AsmPrinterOptions.defaults();

        private Builder(Appendable out) {
            this.out = Objects.requireNonNull(out, "out");
        }

        /** Prints before the passes with these arguments ({@code --mlir-print-ir-before}). */
        public Builder printBefore(Collection<String> arguments) {
            before.addAll(arguments);
            return this;
        }

        /** Prints before every pass ({@code --mlir-print-ir-before-all}). */
        public Builder printBeforeAll() {
            beforeAll = true;
            return this;
        }

        /** Prints after the passes with these arguments ({@code --mlir-print-ir-after}). */
        public Builder printAfter(Collection<String> arguments) {
            after.addAll(arguments);
            return this;
        }

        /** Prints after every pass ({@code --mlir-print-ir-after-all}). */
        public Builder printAfterAll() {
            afterAll = true;
            return this;
        }

        /**
         * Prints after a pass fails, and only then ({@code --mlir-print-ir-after-failure}): as in
         * MLIR, this turns off printing after successful passes even when other flags asked for
         * it.
         */
        public Builder printAfterFailure() {
            afterFailure = true;
            return this;
        }

        /** Prints the whole top-level op instead of the op the pass ran on. */
        public Builder printModuleScope(boolean enabled) {
            moduleScope = enabled;
            return this;
        }

        /** Prints ops in the generic form ({@code --mlir-print-op-generic}) or the custom one. */
        public Builder generic(boolean enabled) {
            printerOptions = printerOptions.withGeneric(enabled);
            return this;
        }

        /** Sets all printer options (generic form, locations, ...). */
        public Builder printerOptions(AsmPrinterOptions options) {
            printerOptions = Objects.requireNonNull(options, "options");
            return this;
        }

        /**
         * Applies one command-line flag ({@code --mlir-print-ir-before=cse,canonicalize}, {@code
         * --mlir-print-ir-before-all}, {@code --mlir-print-ir-after=...}, {@code
         * --mlir-print-ir-after-all}, {@code --mlir-print-ir-after-failure}, {@code
         * --mlir-print-ir-module-scope}, {@code --mlir-print-op-generic}); one or two leading
         * dashes.
         *
         * @return whether the flag was one of these
         */
        public boolean flag(String flag) {
            String name = flag.startsWith("--") ? flag.substring(2) : flag.startsWith("-") ? flag.substring(1) : flag;
            int eq = name.indexOf('=');
            String key = eq < 0 ? name : name.substring(0, eq);
            List<String> values = eq < 0 ? List.of() : splitArguments(name.substring(eq + 1));
            switch (key) {
                case "mlir-print-ir-before" -> printBefore(values);
                case "mlir-print-ir-after" -> printAfter(values);
                case "mlir-print-ir-before-all" -> beforeAll = true;
                case "mlir-print-ir-after-all" -> afterAll = true;
                case "mlir-print-ir-after-failure" -> afterFailure = true;
                case "mlir-print-ir-module-scope" -> moduleScope = true;
                case "mlir-print-op-generic" -> generic(true);
                default -> {
                    return false;
                }
            }
            return true;
        }

        /** Whether any printing was requested. */
        public boolean isEnabled() {
            return beforeAll || afterAll || afterFailure || !before.isEmpty() || !after.isEmpty();
        }

        /** Builds the instrumentation. */
        public IrPrintingInstrumentation build() {
            return new IrPrintingInstrumentation(this);
        }

        private static List<String> splitArguments(String text) {
            return Arrays.stream(text.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        }
    }
}
