package org.hipep.dialects.onnx.schema;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A named type constraint of an op schema ({@code T: tensor(float16), tensor(float)}): the kinds
 * of values allowed (tensors, sequences of tensors, optionals) and their element types. Every
 * formal parameter that names the constraint must bind the same type in one node.
 *
 * @param name the constraint name ({@code T}, {@code T1}, {@code Tind})
 * @param containers the value kinds allowed
 * @param elements the element types allowed (of the tensor, or of the tensors in the sequence)
 */
public record TypeConstraint(String name, Set<Container> containers, Set<ElementKind> elements) {
    /** What kind of value a constraint admits. */
    public enum Container {
        /** {@code tensor(x)}. */
        TENSOR,
        /** {@code seq(tensor(x))}: {@code !onnx.seq<tensor<...>>}. */
        SEQUENCE,
        /** {@code optional(tensor(x))}: {@code !onnx.opt<tensor<...>>}. */
        OPTIONAL_TENSOR,
        /** {@code optional(seq(tensor(x)))}: {@code !onnx.opt<!onnx.seq<...>>}. */
        OPTIONAL_SEQUENCE
    }

    /** Validates and copies. */
    public TypeConstraint {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a type constraint needs a name");
        }
        if (containers.isEmpty() || elements.isEmpty()) {
            throw new IllegalArgumentException("type constraint '" + name + "' allows nothing");
        }
        containers = Collections.unmodifiableSet(EnumSet.copyOf(containers));
        elements = Collections.unmodifiableSet(EnumSet.copyOf(elements));
    }

    /** A constraint on tensors only. */
    public static TypeConstraint tensors(String name, Set<ElementKind> elements) {
        return new TypeConstraint(name, EnumSet.of(Container.TENSOR), elements);
    }

    /** Whether a value of kind {@code container} whose element may be any of {@code kinds} is allowed. */
    public boolean allows(Container container, Set<ElementKind> kinds) {
        if (!containers.contains(container)) {
            return false;
        }
        for (ElementKind k : kinds) {
            if (elements.contains(k)) {
                return true;
            }
        }
        return false;
    }

    /** The allowed element types as IR spellings, comma separated ({@code f16, f32, f64}). */
    public String elementList() {
        return elements.stream().map(ElementKind::irName).collect(Collectors.joining(", "));
    }

    /** The allowed value kinds in words ({@code tensors}, {@code tensors or sequences}). */
    public String containerList() {
        return containers.stream().map(c -> switch (c) {
            case TENSOR -> "tensors";
            case SEQUENCE -> "sequences";
            case OPTIONAL_TENSOR -> "optional tensors";
            case OPTIONAL_SEQUENCE -> "optional sequences";
        }).collect(Collectors.joining(" or "));
    }
}
