package org.hipep.ir.testdialect;

import org.hipep.ir.Attribute;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.DialectAttribute;
import org.hipep.ir.DialectType;
import org.hipep.ir.Type;
import org.hipep.ir.text.DialectAsmParser;
import org.hipep.ir.text.DialectAsmPrinter;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpTrait;
import org.hipep.ir.SymbolTable;

/**
 * A dialect for the IR core's own tests: ops whose only purpose is to carry traits and
 * verifiers, so that lit tests can exercise the verifier.
 */
public final class TestDialect extends Dialect {
    /** Constructor for the registry. */
    public TestDialect(Context context) {
        super("test", context);
    }

    /** {@code !test.pair<A, B>}: a dialect type with a custom syntax. */
    public record PairType(Type first, Type second) implements DialectType {
        @Override
        public String dialectNamespace() {
            return "test";
        }
    }

    /** {@code #test.flag<on>} / {@code #test.flag<off>}: a dialect attribute with a custom syntax. */
    public record FlagAttr(boolean on) implements DialectAttribute {
        @Override
        public String dialectNamespace() {
            return "test";
        }
    }

    @Override
    public Type parseType(DialectAsmParser p) {
        String kw = p.parseKeyword();
        if (!kw.equals("pair")) {
            throw p.error("unknown test type '" + kw + "'");
        }
        p.parsePunct("<");
        Type a = p.parseType();
        p.parsePunct(",");
        Type b = p.parseType();
        p.parsePunct(">");
        return new PairType(a, b);
    }

    @Override
    public void printType(Type type, DialectAsmPrinter p) {
        PairType pair = (PairType) type;
        p.print("pair<").printType(pair.first());
        p.print(", ").printType(pair.second());
        p.print(">");
    }

    @Override
    public Attribute parseAttribute(DialectAsmParser p, Type type) {
        p.parseKeyword("flag");
        p.parsePunct("<");
        boolean on;
        if (p.parseOptionalKeyword("on")) {
            on = true;
        } else if (p.parseOptionalKeyword("off")) {
            on = false;
        } else {
            throw p.error("expected 'on' or 'off'");
        }
        p.parsePunct(">");
        return new FlagAttr(on);
    }

    @Override
    public void printAttribute(Attribute attribute, DialectAsmPrinter p) {
        p.print("flag<" + (((FlagAttr) attribute).on() ? "on" : "off") + ">");
    }

    /** A registry with the test dialect. */
    public static DialectRegistry registry() {
        return new DialectRegistry().insert("test", TestDialect::new);
    }

    @Override
    protected void initialize() {
        addOperation("func").summary("an isolated function-like op with an SSACFG region")
                .traits(OpTrait.IsolatedFromAbove.class, OpTrait.Symbol.class)
                .inherentAttributes(SymbolTable.SYMBOL_ATTR).register();
        addOperation("return").summary("terminator").traits(OpTrait.IsTerminator.class, OpTrait.ReturnLike.class)
                .register();
        addOperation("br").summary("terminator with successors").traits(OpTrait.IsTerminator.class).register();
        addOperation("region_op").summary("an op with SSACFG regions that sees values from above")
                .traits(OpTrait.NoTerminator.class).register();
        addOperation("isolated").summary("an isolated-from-above op")
                .traits(OpTrait.IsolatedFromAbove.class, OpTrait.NoTerminator.class).register();
        addOperation("graph").summary("an op with a graph region")
                .traits(OpTrait.GraphRegion.class, OpTrait.NoTerminator.class).register();
        addOperation("symbol_table").summary("a symbol table")
                .traits(OpTrait.SymbolTable.class, OpTrait.NoTerminator.class, OpTrait.SingleBlock.class).register();
        addOperation("single_block").summary("single-block regions")
                .traits(OpTrait.SingleBlock.class, OpTrait.NoTerminator.class).register();
        addOperation("symbol").summary("a symbol").traits(OpTrait.Symbol.class)
                .inherentAttributes(SymbolTable.SYMBOL_ATTR).register();
        addOperation("requires_attr").summary("needs a 'required' attribute")
                .verifier(op -> op.attribute("required") == null
                        ? op.emitOpError("requires attribute 'required'") : LogicalResult.success())
                .register();
    }
}
