package org.hipep.ir.rewrite;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.hipep.ir.Type;
import org.hipep.ir.Value;

/**
 * How the arguments of a block (or the inputs of a signature) map to new ones: each original
 * input {@code i} maps to a range of new inputs, to a replacement value, or to nothing (it is
 * dropped). New inputs may also be added that no original input maps to.
 */
public final class SignatureConversion {
    /**
     * Where an original input went.
     *
     * @param inputNo the first new input it maps to (meaningless with a replacement value)
     * @param size the number of new inputs it maps to (0 with a replacement value)
     * @param replacementValue the value that replaces it, or {@code null}
     */
    public record InputMapping(int inputNo, int size, Value replacementValue) {
    }

    private final InputMapping[] mappings;
    private final List<Type> convertedTypes = new ArrayList<>();

    /** A conversion of {@code numOrigInputs} inputs, none mapped yet. */
    public SignatureConversion(int numOrigInputs) {
        this.mappings = new InputMapping[numOrigInputs];
    }

    /** The number of original inputs. */
    public int numOrigInputs() {
        return mappings.length;
    }

    /** The new input types, in order. */
    public List<Type> convertedTypes() {
        return Collections.unmodifiableList(convertedTypes);
    }

    /** Where original input {@code i} went, or {@code null} when it is dropped. */
    public InputMapping inputMapping(int i) {
        return mappings[i];
    }

    /** Appends new inputs of {@code types} and maps original input {@code origInputNo} to them. */
    public SignatureConversion addInputs(int origInputNo, List<? extends Type> types) {
        checkUnmapped(origInputNo);
        mappings[origInputNo] = new InputMapping(convertedTypes.size(), types.size(), null);
        convertedTypes.addAll(types);
        return this;
    }

    /** Appends new inputs that no original input maps to. */
    public SignatureConversion addInputs(List<? extends Type> types) {
        convertedTypes.addAll(types);
        return this;
    }

    /** Maps original input {@code origInputNo} to the new inputs {@code [newInputNo, newInputNo + size)}. */
    public SignatureConversion remapInput(int origInputNo, int newInputNo, int size) {
        checkUnmapped(origInputNo);
        mappings[origInputNo] = new InputMapping(newInputNo, size, null);
        return this;
    }

    /** Replaces original input {@code origInputNo} by an existing value. */
    public SignatureConversion remapInput(int origInputNo, Value replacement) {
        checkUnmapped(origInputNo);
        mappings[origInputNo] = new InputMapping(0, 0, replacement);
        return this;
    }

    private void checkUnmapped(int i) {
        if (mappings[i] != null) {
            throw new IllegalStateException("input #" + i + " is already mapped");
        }
    }

    /** Whether the conversion maps each input to itself with the same type (nothing to do). */
    boolean isIdentity(List<Type> origTypes) {
        if (convertedTypes.size() != mappings.length || origTypes.size() != mappings.length) {
            return false;
        }
        for (int i = 0; i < mappings.length; i++) {
            InputMapping m = mappings[i];
            if (m == null || m.replacementValue() != null || m.inputNo() != i || m.size() != 1
                    || !convertedTypes.get(i).equals(origTypes.get(i))) {
                return false;
            }
        }
        return true;
    }
}
