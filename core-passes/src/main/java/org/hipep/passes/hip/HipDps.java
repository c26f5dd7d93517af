package org.hipep.passes.hip;

import java.util.Map;
import java.util.TreeMap;
import org.hipep.ir.Attribute;
import org.hipep.ir.Operation;
import org.hipep.ir.builtin.DictionaryAttr;

/**
 * Destination-passing style of the {@code hip} compute ops (see the hip dialect's package
 * documentation): the last {@code numResults} operands are the destinations ({@code init}s),
 * destination {@code i} having result {@code i}'s type.
 */
final class HipDps {
    private HipDps() {
    }

    /** Whether {@code op} is a hip op with results and one destination operand per result. */
    static boolean isDps(Operation op) {
        return op.nameString().startsWith("hip.") && op.numResults() > 0 && op.numOperands() >= op.numResults()
                && !op.is("hip.constant");
    }

    /** The operand index of destination 0 (the number of inputs). */
    static int firstInit(Operation op) {
        return op.numOperands() - op.numResults();
    }

    /** The op's attributes, inherent and discardable, by name. */
    static Map<String, Attribute> attributes(Operation op) {
        Map<String, Attribute> all = new TreeMap<>(op.attributes());
        if (op.properties() instanceof DictionaryAttr inherent) {
            all.putAll(inherent.entries());
        }
        return all;
    }
}
