package org.hipep.ir.rewrite;

import java.util.List;
import java.util.Objects;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;

/**
 * A pattern for dialect conversion: it receives the op's operands already remapped to the
 * values that replaced them (MLIR's {@code ConversionPattern}).
 *
 * <p>With a {@link TypeConverter}, each operand is the value of the converted type of the
 * original operand's type: the most recent replacement of that type, or else a target
 * materialization of the most recent replacement; when an operand type cannot be converted the
 * pattern fails to match. Without one, each operand is the most recent replacement, whatever
 * its type. The converter is also used for the source materializations of results the pattern
 * replaces by values of another type.
 *
 * <p>Conversion patterns run only in {@link DialectConversion}.
 */
public abstract class ConversionPattern extends RewritePattern {
    /** The body of a conversion pattern made from a function. */
    @FunctionalInterface
    public interface Rewrite {
        /** See {@link ConversionPattern#matchAndRewrite(Operation, List, ConversionPatternRewriter)}. */
        LogicalResult apply(Operation op, List<Value> operands, ConversionPatternRewriter rewriter);
    }

    private final TypeConverter typeConverter;

    /** A pattern without type converter. */
    protected ConversionPattern(String rootName, int benefit) {
        this(rootName, benefit, null, null);
    }

    /** A pattern with a type converter (may be {@code null}). */
    protected ConversionPattern(String rootName, int benefit, TypeConverter typeConverter) {
        this(rootName, benefit, typeConverter, null);
    }

    /** A pattern with a type converter (may be {@code null}) and a debug name. */
    protected ConversionPattern(String rootName, int benefit, TypeConverter typeConverter, String debugName) {
        super(rootName, benefit, debugName);
        this.typeConverter = typeConverter;
    }

    /** The type converter, or {@code null}. */
    public final TypeConverter typeConverter() {
        return typeConverter;
    }

    /**
     * Tries to rewrite {@code op}. The insertion point is right before {@code op}.
     *
     * @param operands the remapped operands, one per operand of {@code op}
     * @return success when the op was rewritten; failure with the IR unchanged otherwise
     */
    public abstract LogicalResult matchAndRewrite(Operation op, List<Value> operands,
            ConversionPatternRewriter rewriter);

    /**
     * Remaps the operands and calls {@link #matchAndRewrite(Operation, List, ConversionPatternRewriter)}.
     *
     * @throws IllegalStateException when {@code rewriter} is not a {@link ConversionPatternRewriter}
     */
    @Override
    public final LogicalResult matchAndRewrite(Operation op, PatternRewriter rewriter) {
        if (!(rewriter instanceof ConversionPatternRewriter cr)) {
            throw new IllegalStateException("conversion pattern " + debugName()
                    + " can only run in a dialect conversion");
        }
        TypeConverter previous = cr.setCurrentTypeConverter(typeConverter);
        try {
            List<Value> operands = cr.remapOperands(op, typeConverter);
            if (operands == null) {
                return LogicalResult.failure();
            }
            return matchAndRewrite(op, operands, cr);
        } finally {
            cr.setCurrentTypeConverter(previous);
        }
    }

    /** A conversion pattern from a function. */
    public static ConversionPattern of(String rootName, int benefit, TypeConverter typeConverter, Rewrite rewrite) {
        return of(rootName, benefit, typeConverter, "lambda(" + (rootName == null ? "*" : rootName) + ")", rewrite);
    }

    /** A conversion pattern from a function, with a debug name. */
    public static ConversionPattern of(String rootName, int benefit, TypeConverter typeConverter, String debugName,
            Rewrite rewrite) {
        Objects.requireNonNull(rewrite, "rewrite");
        return new ConversionPattern(rootName, benefit, typeConverter, debugName) {
            @Override
            public LogicalResult matchAndRewrite(Operation op, List<Value> operands, ConversionPatternRewriter r) {
                return rewrite.apply(op, operands, r);
            }
        };
    }
}
