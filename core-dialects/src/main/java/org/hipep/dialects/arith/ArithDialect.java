package org.hipep.dialects.arith;

import java.util.List;
import java.util.function.BiPredicate;
import org.hipep.ir.Attribute;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Type;
import org.hipep.ir.text.DialectAsmParser;
import org.hipep.ir.text.DialectAsmPrinter;

/**
 * The {@code arith} dialect: scalar (and elementwise tensor) integer and floating-point
 * arithmetic, comparisons, {@code select}, casts and {@code constant}, with upstream MLIR's
 * semantics, generic form (inherent {@code overflowFlags}, {@code fastmath} and
 * {@code predicate} properties), custom forms and verifier messages. Its attributes are
 * {@link OverflowFlagsAttr} ({@code #arith.overflow<...>}) and {@link FastMathFlagsAttr}
 * ({@code #arith.fastmath<...>}), the latter shared with {@code math}.
 */
public final class ArithDialect extends Dialect {
    /** The namespace. */
    public static final String NAMESPACE = "arith";
    /** The {@code cmpi} predicates, by value. */
    public static final List<String> CMPI_PREDICATES =
            List.of("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge");
    /** The {@code cmpf} predicates, by value. */
    public static final List<String> CMPF_PREDICATES = List.of("false", "oeq", "ogt", "oge", "olt", "ole", "one",
            "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true");

    private static final List<String> COMMUTATIVE = List.of("addi", "muli", "andi", "ori", "xori", "maxsi", "minsi",
            "maxui", "minui", "addf", "mulf", "maxnumf", "minnumf", "maximumf", "minimumf");

    /** Constructor for the registry. */
    public ArithDialect(Context context) {
        super(NAMESPACE, context);
    }

    @Override
    protected void initialize() {
        addOperation("constant").summary("integer, index, float or elements constant")
                .traits(OpTrait.Pure.class, OpTrait.ConstantLike.class)
                .inherentAttributes("value")
                .verifier(ArithVerifiers::verifyConstant)
                .assembly(new ArithAssemblies.Constant())
                .register();
        for (String name : List.of("addi", "subi", "muli", "shli")) {
            binary(name, TypeConstraint.SIGNLESS_INTEGER_LIKE, ArithVerifiers.OVERFLOW);
        }
        for (String name : List.of("divsi", "divui", "remsi", "remui", "andi", "ori", "xori", "shrsi", "shrui",
                "maxsi", "minsi", "maxui", "minui")) {
            binary(name, TypeConstraint.SIGNLESS_INTEGER_LIKE, null);
        }
        for (String name : List.of("addf", "subf", "mulf", "divf", "remf", "maxnumf", "minnumf", "maximumf",
                "minimumf")) {
            binary(name, TypeConstraint.FLOAT_LIKE, ArithVerifiers.FASTMATH);
        }
        addOperation("negf").summary("floating-point negation")
                .traits(OpTrait.Pure.class, OpTrait.SameOperandsAndResultType.class)
                .inherentAttributes(ArithVerifiers.FASTMATH)
                .verifier(ArithVerifiers.elementwise(TypeConstraint.FLOAT_LIKE, 1, ArithVerifiers.FASTMATH))
                .assembly(new ElementwiseAssembly(1, ArithVerifiers.FASTMATH, null))
                .register();
        addOperation("cmpi").summary("integer comparison")
                .traits(OpTrait.Pure.class)
                .inherentAttributes(ArithVerifiers.PREDICATE)
                .verifier(ArithVerifiers.compare(TypeConstraint.SIGNLESS_INTEGER_LIKE, CMPI_PREDICATES, false))
                .assembly(new ElementwiseAssembly(2, null, CMPI_PREDICATES))
                .register();
        addOperation("cmpf").summary("floating-point comparison")
                .traits(OpTrait.Pure.class)
                .inherentAttributes(ArithVerifiers.FASTMATH, ArithVerifiers.PREDICATE)
                .verifier(ArithVerifiers.compare(TypeConstraint.FLOAT_LIKE, CMPF_PREDICATES, true))
                .assembly(new ElementwiseAssembly(2, ArithVerifiers.FASTMATH, CMPF_PREDICATES))
                .register();
        addOperation("select").summary("select between two values on a condition")
                .traits(OpTrait.Pure.class)
                .verifier(ArithVerifiers::verifySelect)
                .assembly(new ArithAssemblies.Select())
                .register();
        TypeConstraint fixed = TypeConstraint.FIXED_WIDTH_INTEGER_LIKE;
        TypeConstraint fl = TypeConstraint.FLOAT_LIKE;
        cast("extsi", fixed, fixed, ArithVerifiers::widensInt, null);
        cast("extui", fixed, fixed, ArithVerifiers::widensInt, null);
        cast("trunci", fixed, fixed, (a, b) -> ArithVerifiers.widensInt(b, a), ArithVerifiers.OVERFLOW);
        cast("sitofp", fixed, fl, (a, b) -> true, null);
        cast("uitofp", fixed, fl, (a, b) -> true, null);
        cast("fptosi", fl, fixed, (a, b) -> true, null);
        cast("fptoui", fl, fixed, (a, b) -> true, null);
        cast("extf", fl, fl, ArithVerifiers::widensFloat, null);
        cast("truncf", fl, fl, (a, b) -> ArithVerifiers.widensFloat(b, a), null);
        cast("index_cast", TypeConstraint.INDEX_CAST, TypeConstraint.INDEX_CAST, ArithVerifiers::indexCast, null);
        cast("index_castui", TypeConstraint.INDEX_CAST, TypeConstraint.INDEX_CAST, ArithVerifiers::indexCast, null);
        cast("bitcast", TypeConstraint.INTEGER_OR_FLOAT_LIKE, TypeConstraint.INTEGER_OR_FLOAT_LIKE,
                ArithVerifiers::sameWidth, null);
    }

    private void binary(String name, TypeConstraint constraint, String flagAttr) {
        var b = addOperation(name).summary("elementwise binary " + name)
                .traits(OpTrait.Pure.class, OpTrait.SameOperandsAndResultType.class)
                .verifier(ArithVerifiers.elementwise(constraint, 2, flagAttr))
                .assembly(new ElementwiseAssembly(2, flagAttr, null));
        if (flagAttr != null) {
            b.inherentAttributes(flagAttr);
        }
        if (COMMUTATIVE.contains(name)) {
            b.traits(OpTrait.Commutative.class);
        }
        b.register();
    }

    private void cast(String name, TypeConstraint in, TypeConstraint out, BiPredicate<Type, Type> compatible,
            String flagAttr) {
        var b = addOperation(name).summary("cast " + name)
                .traits(OpTrait.Pure.class)
                .verifier(ArithVerifiers.cast(in, out, compatible, flagAttr))
                .assembly(new ArithAssemblies.Cast(flagAttr));
        if (flagAttr != null) {
            b.inherentAttributes(flagAttr);
        }
        b.register();
    }

    @Override
    public Attribute parseAttribute(DialectAsmParser p, Type type) {
        String kw = p.parseKeyword();
        return switch (kw) {
            case "overflow" -> OverflowFlagsAttr.parseAngleBody(p);
            case "fastmath" -> FastMathFlagsAttr.parseAngleBody(p);
            default -> throw p.error("unknown attribute '" + kw + "' in dialect 'arith'");
        };
    }

    @Override
    public void printAttribute(Attribute attribute, DialectAsmPrinter p) {
        if (attribute instanceof OverflowFlagsAttr o) {
            p.print("overflow<" + o.body() + ">");
        } else if (attribute instanceof FastMathFlagsAttr f) {
            p.print("fastmath<" + f.body() + ">");
        } else {
            super.printAttribute(attribute, p);
        }
    }
}
