package org.hipep.dialects.hip;

import static org.hipep.dialects.hip.HipShapes.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hipep.dialects.hip.HipOps.Rule;
import org.hipep.dialects.hip.HipOps.Spec;
import org.hipep.dialects.hip.HipShapes.ShapeError;
import org.hipep.ir.Attribute;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.StringAttr;

/**
 * {@code hip.einsum}: the ONNX Einsum operator, its result shape read off the {@code equation}
 * attribute ({@code "ij,jk->ik"}, or implicit {@code "ij,jk"}, with {@code ...} for broadcast
 * dimensions).
 */
final class HipEinsum {
    private static final long DYN = ShapedType.DYNAMIC;
    private static final String ELLIPSIS = "...";

    private HipEinsum() {
    }

    /**
     * The result shape of an einsum: each label has one size over all its occurrences; the
     * dimensions under {@code ...} broadcast across the inputs; an implicit output is the
     * broadcast dimensions followed by the labels that occur once, in alphabetical order.
     */
    static List<Long> shape(String equation, List<List<Long>> inputs) {
        String eq = equation.replace(" ", "");
        int arrow = eq.indexOf("->");
        String lhs = arrow < 0 ? eq : eq.substring(0, arrow);
        String[] terms = lhs.split(",", -1);
        if (terms.length != inputs.size()) {
            throw new ShapeError("equation \"" + equation + "\" has " + terms.length + " input terms for "
                    + inputs.size() + " operands");
        }
        Map<Character, Long> sizes = new TreeMap<>();
        Map<Character, Integer> counts = new TreeMap<>();
        List<List<Long>> broadcast = new ArrayList<>();
        for (int t = 0; t < terms.length; t++) {
            String term = terms[t];
            List<Long> shape = inputs.get(t);
            int dots = term.indexOf(ELLIPSIS);
            String labels = term.replace(ELLIPSIS, "");
            checkLabels(labels, equation);
            int extra = shape.size() - labels.length();
            if (dots < 0 ? extra != 0 : extra < 0) {
                throw new ShapeError("term \"" + term + "\" of \"" + equation + "\" does not fit operand #" + t + " "
                        + format(shape));
            }
            int dim = 0;
            for (int i = 0; i < term.length(); i++) {
                if (i == dots) {
                    broadcast.add(shape.subList(dim, dim + extra));
                    dim += extra;
                    i += ELLIPSIS.length() - 1;
                    continue;
                }
                char c = term.charAt(i);
                long d = shape.get(dim++);
                Long seen = sizes.get(c);
                if (seen != null && seen != DYN && d != DYN && seen != d) {
                    throw new ShapeError("label '" + c + "' of \"" + equation + "\" has sizes " + seen + " and " + d);
                }
                sizes.put(c, seen == null || seen == DYN ? d : seen);
                counts.merge(c, 1, Integer::sum);
            }
        }
        List<Long> dotted = HipShapes.broadcast(broadcast);
        List<Long> out = new ArrayList<>();
        if (arrow < 0) {
            out.addAll(dotted);
            counts.forEach((c, n) -> {
                if (n == 1) {
                    out.add(sizes.get(c));
                }
            });
            return out;
        }
        String rhs = eq.substring(arrow + 2);
        String labels = rhs.replace(ELLIPSIS, "");
        checkLabels(labels, equation);
        if (rhs.contains(ELLIPSIS) && broadcast.isEmpty()) {
            throw new ShapeError("equation \"" + equation + "\" has '...' in the output but in no input");
        }
        if (!rhs.contains(ELLIPSIS) && !dotted.isEmpty()) {
            throw new ShapeError("equation \"" + equation + "\" drops the '...' dimensions " + format(dotted)
                    + " from the output");
        }
        if (labels.chars().distinct().count() != labels.length()) {
            throw new ShapeError("equation \"" + equation + "\" repeats an output label");
        }
        for (int i = 0; i < rhs.length(); i++) {
            if (rhs.startsWith(ELLIPSIS, i)) {
                out.addAll(dotted);
                i += ELLIPSIS.length() - 1;
                continue;
            }
            char c = rhs.charAt(i);
            if (!sizes.containsKey(c)) {
                throw new ShapeError("output label '" + c + "' of \"" + equation + "\" is in no input");
            }
            out.add(sizes.get(c));
        }
        return out;
    }

    private static void checkLabels(String labels, String equation) {
        for (char c : labels.toCharArray()) {
            if (!Character.isLetter(c)) {
                throw new ShapeError("equation \"" + equation + "\" has '" + c + "', not a letter");
            }
        }
    }

    private static final Rule EINSUM = (in, attrs, n) -> {
        if (!(attrs.get("equation") instanceof StringAttr eq)) {
            throw new ShapeError("'equation' is required (a string)");
        }
        for (int i = 0; i < in.size(); i++) {
            HipOps.Kind.NUMERIC.check(in.get(i), "operand #" + i);
            if (!in.get(i).elementType().equals(in.get(0).elementType())) {
                throw new ShapeError("operands must have the same element type, got " + HipShapes.text(in.get(0))
                        + " and " + HipShapes.text(in.get(i)));
            }
        }
        return List.<Type>of(RankedTensorType.of(shape(eq.value(), in.stream().map(RankedTensorType::shape)
                .toList()), in.get(0).elementType()));
    };

    /** The einsum op. */
    static final Spec SPEC = new Spec("einsum", "Einstein summation over the operands per 'equation'", 1,
            Integer.MAX_VALUE, 1, 1, List.of("equation"), EINSUM);
}
