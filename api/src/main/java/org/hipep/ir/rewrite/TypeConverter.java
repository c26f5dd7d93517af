package org.hipep.ir.rewrite;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.hipep.ir.Block;
import org.hipep.ir.Location;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.BuiltinDialect;
import org.hipep.ir.builtin.FunctionType;

/**
 * Converts types from one type system to another, and builds the ops ("materializations") that
 * bridge a value of one type to the other (MLIR's {@code TypeConverter}).
 *
 * <p>Conversions are functions tried from the most recently added to the oldest: the first that
 * returns a non-empty {@link Optional} decides (an empty list: the type is dropped; several
 * types: a 1:N conversion). A type no conversion handles cannot be converted. A type is legal
 * when it converts to itself.
 *
 * <p>Source materializations turn values of converted types back into a value of an original
 * type (for users that are not converted); target materializations turn a value into one of
 * the converted type a pattern expects. Callbacks return {@code null} when they do not handle
 * a case; when none handles it, a {@code builtin.unrealized_conversion_cast} is inserted.
 */
public class TypeConverter {
    /** Builds a value of {@code resultType} from {@code inputs}, or returns {@code null}. */
    @FunctionalInterface
    public interface Materialization {
        /**
         * @param builder inserts at the place the value is needed
         * @param resultType the type of the value to build
         * @param inputs the values to convert from
         * @param loc the location to give the new ops
         * @return the new value, or {@code null} when this callback does not handle the case
         */
        Value materialize(OpBuilder builder, Type resultType, List<Value> inputs, Location loc);
    }

    private final List<Function<Type, Optional<List<Type>>>> conversions = new ArrayList<>();
    private final List<Materialization> sourceMaterializations = new ArrayList<>();
    private final List<Materialization> targetMaterializations = new ArrayList<>();

    /** A converter with no conversion (every type is unconvertible). */
    public TypeConverter() {
    }

    /**
     * Adds a conversion; it is tried before those added earlier. It returns an empty Optional
     * when it does not handle a type, else the converted types.
     */
    public TypeConverter addConversion(Function<Type, Optional<List<Type>>> conversion) {
        conversions.add(conversion);
        return this;
    }

    /** Adds a 1:1 conversion that returns the converted type, or {@code null} when it does not handle a type. */
    public TypeConverter addSimpleConversion(Function<Type, Type> conversion) {
        return addConversion(t -> Optional.ofNullable(conversion.apply(t)).map(List::of));
    }

    /** Adds a source materialization, tried before those added earlier. */
    public TypeConverter addSourceMaterialization(Materialization m) {
        sourceMaterializations.add(m);
        return this;
    }

    /** Adds a target materialization, tried before those added earlier. */
    public TypeConverter addTargetMaterialization(Materialization m) {
        targetMaterializations.add(m);
        return this;
    }

    // ---------------------------------------------------------------- converting types

    /** The types {@code type} converts to (possibly none), or {@code null} when it cannot be converted. */
    public List<Type> convertTypes(Type type) {
        for (int i = conversions.size() - 1; i >= 0; i--) {
            Optional<List<Type>> r = conversions.get(i).apply(type);
            if (r != null && r.isPresent()) {
                return List.copyOf(r.get());
            }
        }
        return null;
    }

    /** The concatenated conversions of {@code types}, or {@code null} when one cannot be converted. */
    public List<Type> convertTypes(List<? extends Type> types) {
        List<Type> out = new ArrayList<>();
        for (Type t : types) {
            List<Type> c = convertTypes(t);
            if (c == null) {
                return null;
            }
            out.addAll(c);
        }
        return out;
    }

    /** The single type {@code type} converts to, or {@code null} when it does not convert to exactly one. */
    public Type convertType(Type type) {
        List<Type> c = convertTypes(type);
        return c != null && c.size() == 1 ? c.get(0) : null;
    }

    /** Whether {@code type} converts to itself. */
    public boolean isLegal(Type type) {
        return type.equals(convertType(type));
    }

    /** Whether every type converts to itself. */
    public boolean isLegal(List<? extends Type> types) {
        return types.stream().allMatch(this::isLegal);
    }

    /** Whether every operand and result type of {@code op} is legal. */
    public boolean isLegal(Operation op) {
        return isLegal(op.operandTypes()) && isLegal(op.resultTypes());
    }

    /** Whether every input and result type of the signature is legal. */
    public boolean isSignatureLegal(FunctionType type) {
        return isLegal(type.inputs()) && isLegal(type.results());
    }

    /** The signature with every input and result converted, or {@code null} when one cannot be converted. */
    public FunctionType convertFunctionType(FunctionType type) {
        List<Type> ins = convertTypes(type.inputs());
        List<Type> outs = convertTypes(type.results());
        return ins == null || outs == null ? null : new FunctionType(ins, outs);
    }

    /**
     * Adds the conversion of input {@code i} of type {@code type} to {@code result}; a type
     * converted to nothing leaves the input dropped.
     *
     * @return whether the type could be converted
     */
    public boolean convertSignatureArg(int i, Type type, SignatureConversion result) {
        List<Type> c = convertTypes(type);
        if (c == null) {
            return false;
        }
        if (!c.isEmpty()) {
            result.addInputs(i, c);
        }
        return true;
    }

    /** Adds the conversion of every input type to {@code result}; {@code false} when one fails. */
    public boolean convertSignatureArgs(List<? extends Type> types, SignatureConversion result) {
        for (int i = 0; i < types.size(); i++) {
            if (!convertSignatureArg(i, types.get(i), result)) {
                return false;
            }
        }
        return true;
    }

    /** The conversion of {@code block}'s argument types, or {@code null} when one cannot be converted. */
    public SignatureConversion convertBlockSignature(Block block) {
        SignatureConversion sc = new SignatureConversion(block.numArguments());
        return convertSignatureArgs(block.argumentTypes(), sc) ? sc : null;
    }

    // ---------------------------------------------------------------- materializations

    /** Builds a value of the original {@code resultType} from converted {@code inputs}. */
    public Value materializeSourceConversion(OpBuilder b, Location loc, Type resultType, List<Value> inputs) {
        return materialize(sourceMaterializations, b, loc, resultType, inputs);
    }

    /** Builds a value of the converted {@code resultType} from {@code inputs}. */
    public Value materializeTargetConversion(OpBuilder b, Location loc, Type resultType, List<Value> inputs) {
        return materialize(targetMaterializations, b, loc, resultType, inputs);
    }

    private static Value materialize(List<Materialization> ms, OpBuilder b, Location loc, Type resultType,
            List<Value> inputs) {
        for (int i = ms.size() - 1; i >= 0; i--) {
            Value v = ms.get(i).materialize(b, resultType, List.copyOf(inputs), loc);
            if (v != null) {
                return v;
            }
        }
        return unrealizedCast(b, loc, resultType, inputs);
    }

    /** Inserts {@code builtin.unrealized_conversion_cast(inputs) -> resultType} and returns its result. */
    public static Value unrealizedCast(OpBuilder b, Location loc, Type resultType, List<Value> inputs) {
        Operation cast = b.create(loc, BuiltinDialect.UNREALIZED_CONVERSION_CAST, inputs, List.of(resultType),
                Map.of());
        return cast.result(0);
    }
}
