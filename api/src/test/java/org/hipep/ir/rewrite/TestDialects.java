package org.hipep.ir.rewrite;

import java.util.ArrayList;
import java.util.List;
import org.hipep.ir.Context;
import org.hipep.ir.Diagnostic;
import org.hipep.ir.Dialect;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Operation;
import org.hipep.ir.text.AsmPrinterOptions;
import org.hipep.ir.text.IrParser;
import org.hipep.ir.text.IrPrinter;

/** The dialects the rewrite tests use: {@code toy} (i64 ops) and {@code low} (i32 ops). */
final class TestDialects {
    private TestDialects() {
    }

    /** {@code toy}: constant, add, mul, neg, return, func. */
    static final class ToyDialect extends Dialect {
        ToyDialect(Context context) {
            super("toy", context);
        }

        @Override
        protected void initialize() {
            addOperation("constant").traits(OpTrait.Pure.class, OpTrait.ConstantLike.class).register();
            addOperation("add").traits(OpTrait.Pure.class, OpTrait.Commutative.class).register();
            addOperation("mul").traits(OpTrait.Pure.class, OpTrait.Commutative.class).register();
            addOperation("neg").traits(OpTrait.Pure.class).register();
            addOperation("return").traits(OpTrait.IsTerminator.class, OpTrait.ReturnLike.class).register();
            addOperation("func").traits(OpTrait.IsolatedFromAbove.class, OpTrait.Symbol.class).register();
        }
    }

    /** {@code low}: constant, add, return (on i32). */
    static final class LowDialect extends Dialect {
        LowDialect(Context context) {
            super("low", context);
        }

        @Override
        protected void initialize() {
            addOperation("constant").traits(OpTrait.Pure.class, OpTrait.ConstantLike.class).register();
            addOperation("add").traits(OpTrait.Pure.class).register();
            addOperation("return").traits(OpTrait.IsTerminator.class, OpTrait.ReturnLike.class).register();
        }
    }

    /** A context with both dialects that accepts unregistered ops and records diagnostics. */
    static final class Env {
        final Context ctx;
        final List<Diagnostic> diagnostics = new ArrayList<>();

        Env() {
            DialectRegistry registry = new DialectRegistry();
            registry.insert("toy", ToyDialect::new);
            registry.insert("low", LowDialect::new);
            ctx = new Context(registry);
            ctx.allowUnregisteredDialects(true);
            ctx.diagnostics().registerHandler(d -> diagnostics.add(d));
        }

        Operation parse(String text) {
            return IrParser.parse(ctx, text, "in.mlir");
        }

        List<String> messages() {
            return diagnostics.stream().map(Diagnostic::message).toList();
        }
    }

    static String print(Operation op) {
        return IrPrinter.print(op, AsmPrinterOptions.defaults());
    }
}
