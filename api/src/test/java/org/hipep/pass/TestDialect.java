package org.hipep.pass;

import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Operation;
import org.hipep.ir.text.IrParser;

/**
 * A tiny dialect for pass tests: {@code test.func} (isolated from above, a symbol) and {@code
 * test.return} (a terminator). Bodies use unregistered {@code foo.*} ops.
 */
final class TestDialect extends Dialect {

    TestDialect(Context context) {
        super("test", context);
    }

    @Override
    protected void initialize() {
        addOperation("func").traits(OpTrait.IsolatedFromAbove.class, OpTrait.Symbol.class).register();
        addOperation("return").traits(OpTrait.IsTerminator.class).register();
    }

    /** A context with the test dialect that accepts unregistered ops. */
    static Context context(boolean multithreading) {
        Context ctx = new Context(new DialectRegistry().insert("test", TestDialect::new));
        ctx.allowUnregisteredDialects(true);
        ctx.enableMultithreading(multithreading);
        return ctx;
    }

    /** Parses {@code text} (named {@code in.mlir}). */
    static Operation parse(Context ctx, String text) {
        return IrParser.parse(ctx, text, "in.mlir");
    }

    /** A module with {@code count} functions {@code @f0 ...}, each with {@code i + 1} body ops. */
    static String module(int count) {
        StringBuilder sb = new StringBuilder("\"builtin.module\"() ({\n");
        for (int i = 0; i < count; i++) {
            sb.append("  \"test.func\"() ({\n");
            for (int j = 0; j <= i % 4; j++) {
                sb.append("    \"foo.op\"() {index = ").append(j).append(" : i64} : () -> ()\n");
            }
            sb.append("    \"test.return\"() : () -> ()\n");
            sb.append("  }) {sym_name = \"f").append(i).append("\"} : () -> ()\n");
        }
        sb.append("  \"foo.global\"() : () -> ()\n");
        return sb.append("}) : () -> ()\n").toString();
    }
}
