package org.hipep.dialects.math;

import java.util.List;
import org.hipep.dialects.arith.ArithDialect;
import org.hipep.dialects.arith.ArithVerifiers;
import org.hipep.dialects.arith.ElementwiseAssembly;
import org.hipep.dialects.arith.TypeConstraint;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.OpTrait;

/**
 * The {@code math} dialect: elementwise floating-point functions on scalars and tensors
 * ({@code %0 = math.exp %x : f32}), each carrying {@code #arith.fastmath} flags. The unary
 * ops take one operand, {@code powf} two and {@code fma} three, all of the result's type.
 */
public final class MathDialect extends Dialect {
    /** The namespace. */
    public static final String NAMESPACE = "math";
    /** The one-operand ops. */
    public static final List<String> UNARY = List.of("exp", "log", "sqrt", "rsqrt", "tanh", "erf", "absf", "sin",
            "cos", "floor", "ceil");

    /** Constructor for the registry. */
    public MathDialect(Context context) {
        super(NAMESPACE, context);
    }

    @Override
    protected void initialize() {
        // The fastmath attribute belongs to arith: make sure it can be printed and parsed.
        context().getOrLoadDialect(ArithDialect.NAMESPACE);
        for (String name : UNARY) {
            op(name, 1);
        }
        op("powf", 2);
        op("fma", 3);
    }

    private void op(String name, int arity) {
        addOperation(name).summary("elementwise " + name)
                .traits(OpTrait.Pure.class, OpTrait.SameOperandsAndResultType.class)
                .inherentAttributes(ArithVerifiers.FASTMATH)
                .verifier(ArithVerifiers.elementwise(TypeConstraint.FLOAT_LIKE, arity, ArithVerifiers.FASTMATH))
                .assembly(new ElementwiseAssembly(arity, ArithVerifiers.FASTMATH, null))
                .register();
    }
}
