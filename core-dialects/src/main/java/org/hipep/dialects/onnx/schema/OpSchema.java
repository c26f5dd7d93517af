package org.hipep.dialects.onnx.schema;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.hipep.dialects.onnx.schema.FormalParameter.Option;
import org.hipep.dialects.onnx.schema.TypeConstraint.Container;
import org.hipep.ir.Attribute;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.StringAttr;

/**
 * One version of an ONNX operator's signature: the op type and domain, the opset version that
 * introduced it, its inputs and outputs, attributes and type constraints. A schema stays in
 * force from {@link #sinceVersion()} until the next version of the same op; see
 * {@link OnnxSchemas#lookup}.
 */
public final class OpSchema {
    private final String opType;
    private final String domain;
    private final int sinceVersion;
    private final boolean deprecated;
    private final List<FormalParameter> inputs;
    private final List<FormalParameter> outputs;
    private final Map<String, AttributeSpec> attributes;
    private final Map<String, TypeConstraint> typeConstraints;

    private OpSchema(Builder b) {
        this.opType = b.opType;
        this.domain = b.domain;
        this.sinceVersion = b.sinceVersion;
        this.deprecated = b.deprecated;
        this.inputs = List.copyOf(b.inputs);
        this.outputs = List.copyOf(b.outputs);
        this.attributes = Collections.unmodifiableMap(new LinkedHashMap<>(b.attributes));
        this.typeConstraints = Collections.unmodifiableMap(new LinkedHashMap<>(b.typeConstraints));
    }

    /** Starts a schema of the default domain ({@code ai.onnx}). */
    public static Builder builder(String opType, int sinceVersion) {
        return new Builder(opType, sinceVersion);
    }

    /** A builder holding a copy of this schema, to derive the next version from. */
    public Builder toBuilder(int newSinceVersion) {
        Builder b = new Builder(opType, newSinceVersion).domain(domain);
        b.inputs.addAll(inputs);
        b.outputs.addAll(outputs);
        b.attributes.putAll(attributes);
        b.typeConstraints.putAll(typeConstraints);
        return b;
    }

    /** The op type ({@code Conv}). */
    public String opType() {
        return opType;
    }

    /** The domain; {@code ""} is the default domain. */
    public String domain() {
        return domain;
    }

    /** The opset version of the domain that introduced this signature. */
    public int sinceVersion() {
        return sinceVersion;
    }

    /** Whether the specification marks this version deprecated. */
    public boolean deprecated() {
        return deprecated;
    }

    /** The inputs, in order. */
    public List<FormalParameter> inputs() {
        return inputs;
    }

    /** The outputs, in order. */
    public List<FormalParameter> outputs() {
        return outputs;
    }

    /** The attributes by name, in declaration order. */
    public Map<String, AttributeSpec> attributes() {
        return attributes;
    }

    /** An attribute by name, or {@code null}. */
    public AttributeSpec attribute(String name) {
        return attributes.get(name);
    }

    /** The type constraints by name. */
    public Map<String, TypeConstraint> typeConstraints() {
        return typeConstraints;
    }

    /** A type constraint by name, or {@code null}. */
    public TypeConstraint typeConstraint(String name) {
        return typeConstraints.get(name);
    }

    /** The fewest inputs a node may list (trailing optional inputs may be left out). */
    public int minInputs() {
        return minArity(inputs);
    }

    /** The most inputs a node may list; {@link Integer#MAX_VALUE} when the last is variadic. */
    public int maxInputs() {
        return maxArity(inputs);
    }

    /** The fewest outputs a node may list. */
    public int minOutputs() {
        return minArity(outputs);
    }

    /** The most outputs a node may list; {@link Integer#MAX_VALUE} when the last is variadic. */
    public int maxOutputs() {
        return maxArity(outputs);
    }

    private static int minArity(List<FormalParameter> params) {
        int min = 0;
        for (int i = 0; i < params.size(); i++) {
            FormalParameter p = params.get(i);
            if (!p.isOptional()) {
                min = i + (p.isVariadic() ? p.minArity() : 1);
            }
        }
        return min;
    }

    private static int maxArity(List<FormalParameter> params) {
        if (!params.isEmpty() && params.get(params.size() - 1).isVariadic()) {
            return Integer.MAX_VALUE;
        }
        return params.size();
    }

    /** The formal parameter that the value at {@code index} binds to, or {@code null} past the end. */
    public static FormalParameter formalAt(List<FormalParameter> params, int index) {
        if (index < params.size()) {
            return params.get(index);
        }
        if (!params.isEmpty() && params.get(params.size() - 1).isVariadic()) {
            return params.get(params.size() - 1);
        }
        return null;
    }

    /** The schema's name as the specification writes versions: {@code Conv-11}, {@code com.microsoft.Gelu-1}. */
    @Override
    public String toString() {
        return (domain.isEmpty() ? "" : domain + ".") + opType + "-" + sinceVersion;
    }

    /** Builds an {@link OpSchema}. Methods return the builder for chaining. */
    public static final class Builder {
        private final String opType;
        private final int sinceVersion;
        private String domain = "";
        private boolean deprecated;
        private final List<FormalParameter> inputs = new ArrayList<>();
        private final List<FormalParameter> outputs = new ArrayList<>();
        private final Map<String, AttributeSpec> attributes = new LinkedHashMap<>();
        private final Map<String, TypeConstraint> typeConstraints = new LinkedHashMap<>();

        private Builder(String opType, int sinceVersion) {
            if (opType == null || opType.isEmpty() || sinceVersion < 1) {
                throw new IllegalArgumentException("a schema needs an op type and a since-version >= 1");
            }
            this.opType = opType;
            this.sinceVersion = sinceVersion;
        }

        /** Sets the domain ({@code com.microsoft}); {@code ai.onnx} means the default domain. */
        public Builder domain(String d) {
            this.domain = OnnxSchemas.normalizeDomain(d);
            return this;
        }

        /** Marks the version deprecated. */
        public Builder deprecated() {
            this.deprecated = true;
            return this;
        }

        /** Adds a single input. */
        public Builder input(String name, String constraint) {
            inputs.add(new FormalParameter(name, constraint, Option.SINGLE, 1, true));
            return this;
        }

        /** Adds an optional input. */
        public Builder optionalInput(String name, String constraint) {
            inputs.add(new FormalParameter(name, constraint, Option.OPTIONAL, 1, true));
            return this;
        }

        /** Adds a variadic input whose values share one type. */
        public Builder variadicInput(String name, String constraint, int minArity) {
            inputs.add(new FormalParameter(name, constraint, Option.VARIADIC, minArity, true));
            return this;
        }

        /** Adds a variadic input whose values may differ in type. */
        public Builder heterogeneousInput(String name, String constraint, int minArity) {
            inputs.add(new FormalParameter(name, constraint, Option.VARIADIC, minArity, false));
            return this;
        }

        /** Adds a single output. */
        public Builder output(String name, String constraint) {
            outputs.add(new FormalParameter(name, constraint, Option.SINGLE, 1, true));
            return this;
        }

        /** Adds an optional output. */
        public Builder optionalOutput(String name, String constraint) {
            outputs.add(new FormalParameter(name, constraint, Option.OPTIONAL, 1, true));
            return this;
        }

        /** Adds a variadic output whose values share one type. */
        public Builder variadicOutput(String name, String constraint, int minArity) {
            outputs.add(new FormalParameter(name, constraint, Option.VARIADIC, minArity, true));
            return this;
        }

        /** Adds a variadic output whose values may differ in type. */
        public Builder heterogeneousOutput(String name, String constraint, int minArity) {
            outputs.add(new FormalParameter(name, constraint, Option.VARIADIC, minArity, false));
            return this;
        }

        /** Drops every input (to redefine them in a derived version). */
        public Builder clearInputs() {
            inputs.clear();
            return this;
        }

        /** Drops every output. */
        public Builder clearOutputs() {
            outputs.clear();
            return this;
        }

        /** Adds (or replaces) an INT attribute with a default. */
        public Builder attr(String name, long defaultValue) {
            return put(new AttributeSpec(name, AttributeKind.INT, false, IntegerAttr.i64(defaultValue)));
        }

        /** Adds (or replaces) a FLOAT attribute with a default. */
        public Builder attr(String name, double defaultValue) {
            return put(new AttributeSpec(name, AttributeKind.FLOAT, false, FloatAttr.f32(defaultValue)));
        }

        /** Adds (or replaces) a STRING attribute with a default. */
        public Builder attr(String name, String defaultValue) {
            return put(new AttributeSpec(name, AttributeKind.STRING, false, new StringAttr(defaultValue)));
        }

        /** Adds (or replaces) an optional attribute without a default. */
        public Builder attr(String name, AttributeKind kind) {
            return put(new AttributeSpec(name, kind, false, null));
        }

        /** Adds (or replaces) an optional attribute with a default given in its IR form. */
        public Builder attr(String name, AttributeKind kind, Attribute defaultValue) {
            return put(new AttributeSpec(name, kind, false, defaultValue));
        }

        /** Adds (or replaces) a required attribute. */
        public Builder required(String name, AttributeKind kind) {
            return put(new AttributeSpec(name, kind, true, null));
        }

        /** Removes an attribute (in a derived version). */
        public Builder withoutAttr(String name) {
            if (attributes.remove(name) == null) {
                throw new IllegalArgumentException(opType + " has no attribute '" + name + "' to remove");
            }
            return this;
        }

        private Builder put(AttributeSpec spec) {
            attributes.put(spec.name(), spec);
            return this;
        }

        /** Defines (or replaces) a constraint on tensors. */
        public Builder types(String name, Set<ElementKind> elements) {
            typeConstraints.put(name, TypeConstraint.tensors(name, elements));
            return this;
        }

        /** Defines (or replaces) a constraint on the given value kinds. */
        public Builder types(String name, Set<Container> containers, Set<ElementKind> elements) {
            typeConstraints.put(name, new TypeConstraint(name, containers, elements));
            return this;
        }

        /**
         * Builds the schema. A parameter whose constraint is spelled {@code tensor(int64)} (a
         * fixed type, as the specification writes it) gets that constraint implicitly.
         *
         * @throws IllegalStateException when a constraint is missing or a variadic is not last
         */
        public OpSchema build() {
            checkParams(inputs);
            checkParams(outputs);
            return new OpSchema(this);
        }

        private void checkParams(List<FormalParameter> params) {
            for (int i = 0; i < params.size(); i++) {
                FormalParameter p = params.get(i);
                if (p.isVariadic() && i != params.size() - 1) {
                    throw new IllegalStateException(opType + "-" + sinceVersion + ": variadic '" + p.name() + "' is not last");
                }
                String c = p.typeConstraint();
                if (!typeConstraints.containsKey(c)) {
                    if (!c.startsWith("tensor(") || !c.endsWith(")")) {
                        throw new IllegalStateException(opType + "-" + sinceVersion + ": no type constraint '" + c + "'");
                    }
                    typeConstraints.put(c, new TypeConstraint(c, EnumSet.of(Container.TENSOR),
                            EnumSet.of(onnxTypeName(c.substring(7, c.length() - 1)))));
                }
            }
        }

        private ElementKind onnxTypeName(String name) {
            return switch (name) {
                case "float" -> ElementKind.FLOAT;
                case "double" -> ElementKind.DOUBLE;
                case "float16" -> ElementKind.FLOAT16;
                case "bfloat16" -> ElementKind.BFLOAT16;
                default -> ElementKind.valueOf(name.toUpperCase(Locale.ROOT));
            };
        }
    }
}
