package org.hipep.dialects.onnx;

import java.util.List;
import java.util.Set;
import org.hipep.dialects.onnx.schema.AttributeSpec;
import org.hipep.dialects.onnx.schema.OnnxSchemas;
import org.hipep.dialects.onnx.schema.OpSchema;
import org.hipep.ir.Attribute;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.OpDefinition;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.text.DialectAsmParser;
import org.hipep.ir.text.DialectAsmPrinter;

/**
 * The {@code onnx} dialect: one op per ONNX node type, {@code onnx.<OpType>} for the default
 * domain and {@code onnx.<domain>.<OpType>} otherwise, verified against the schema in force at
 * the module's opset ({@link OnnxOpsets}); plus {@code onnx.NoValue} (an omitted optional
 * input), {@code onnx.Yield} (ends a graph-attribute region) and {@code onnx.Return} (returns
 * the graph outputs). Types {@code !onnx.seq<T>}, {@code !onnx.opt<T>} and {@code !onnx.map<K, V>};
 * attribute {@code #onnx.external<...>} for tensors kept in external data files.
 *
 * <p>Op types without a schema are accepted unverified ({@link #allowsUnknownOperations()}),
 * so that plugins can claim them.
 */
public final class OnnxDialect extends Dialect {
    /** The namespace. */
    public static final String NAMESPACE = "onnx";
    /** {@code onnx.NoValue}: the value of an omitted optional input, of type {@code none}. */
    public static final String NO_VALUE = "onnx.NoValue";
    /** {@code onnx.Constant}: initializers and Constant nodes. */
    public static final String CONSTANT = "onnx.Constant";
    /** {@code onnx.Yield}: the terminator of a graph-attribute region. */
    public static final String YIELD = "onnx.Yield";
    /** {@code onnx.Return}: returns the graph outputs from the {@code func.func}. */
    public static final String RETURN = "onnx.Return";
    /** The op attribute naming, for each region in order, the ONNX graph attribute it came from. */
    public static final String REGION_NAMES_ATTR = "onnx.region_names";

    /** Op types whose results are not a function of their inputs alone. */
    private static final Set<String> NOT_PURE = Set.of("Dropout", "RandomNormal", "RandomNormalLike",
            "RandomUniform", "RandomUniformLike", "Bernoulli", "Multinomial");

    /** Constructor for the registry. */
    public OnnxDialect(Context context) {
        super(NAMESPACE, context);
    }

    @Override
    protected void initialize() {
        addOperation("NoValue").summary("An omitted optional input").traits(OpTrait.Pure.class)
                .verifier(CoreOpVerifiers::verifyNoValue).register();
        addOperation("Yield").summary("Ends a graph-attribute region, yielding the subgraph outputs")
                .traits(OpTrait.IsTerminator.class, OpTrait.ReturnLike.class, OpTrait.Pure.class)
                .verifier(CoreOpVerifiers::verifyYield).register();
        addOperation("Return").summary("Returns the graph outputs")
                .traits(OpTrait.IsTerminator.class, OpTrait.ReturnLike.class, OpTrait.Pure.class)
                .verifier(CoreOpVerifiers::verifyReturn).register();
        for (String domain : OnnxSchemas.domains()) {
            for (String opType : OnnxSchemas.opTypes(domain)) {
                registerSchemaOp(domain, opType);
            }
        }
    }

    private void registerSchemaOp(String domain, String opType) {
        List<OpSchema> versions = OnnxSchemas.versions(opType, domain);
        OpDefinition.Builder b = addOperation(domain.isEmpty() ? opType : domain + "." + opType)
                .summary("ONNX " + versions.get(versions.size() - 1) + " (known versions: "
                        + String.join(", ", versions.stream().map(s -> Integer.toString(s.sinceVersion())).toList()) + ")")
                .verifier(op -> SchemaVerifier.verify(op, opType, domain));
        boolean hasGraphs = versions.stream().anyMatch(s -> s.attributes().values().stream()
                .anyMatch(a -> a.kind().isGraph()));
        boolean defaultDomain = domain.isEmpty();
        if (defaultDomain && opType.equals("Constant")) {
            b.traits(OpTrait.Pure.class, OpTrait.ConstantLike.class);
        } else if (!hasGraphs && !(defaultDomain && NOT_PURE.contains(opType))) {
            b.traits(OpTrait.Pure.class);
        }
        b.register();
    }

    @Override
    public boolean allowsUnknownOperations() {
        return true;
    }

    @Override
    public Type parseType(DialectAsmParser parser) {
        return OnnxAsm.parseType(parser);
    }

    @Override
    public void printType(Type type, DialectAsmPrinter printer) {
        OnnxAsm.printType(type, printer);
    }

    @Override
    public Attribute parseAttribute(DialectAsmParser parser, Type type) {
        return OnnxAsm.parseAttribute(parser, type);
    }

    @Override
    public void printAttribute(Attribute attribute, DialectAsmPrinter printer) {
        OnnxAsm.printAttribute(attribute, printer);
    }

    /** The full op name of an ONNX node type: {@code onnx.Conv}, {@code onnx.com.microsoft.Gelu}. */
    public static String opName(String domain, String opType) {
        String d = OnnxSchemas.normalizeDomain(domain);
        return NAMESPACE + "." + (d.isEmpty() ? "" : d + ".") + opType;
    }

    /** The ONNX op type of an {@code onnx.*} op name: the part after the last dot. */
    public static String opTypeOf(String fullName) {
        return fullName.substring(fullName.lastIndexOf('.') + 1);
    }

    /** The ONNX domain of an {@code onnx.*} op name: what lies between {@code onnx.} and the op type. */
    public static String domainOf(String fullName) {
        int first = fullName.indexOf('.');
        int last = fullName.lastIndexOf('.');
        return first == last ? "" : fullName.substring(first + 1, last);
    }

    /** The schema in force for an {@code onnx.*} op at its module's opset, or {@code null}. */
    public static OpSchema schemaOf(Operation op) {
        String name = op.nameString();
        String domain = domainOf(name);
        return OnnxSchemas.lookup(opTypeOf(name), domain, OnnxOpsets.opsetOf(op, domain));
    }

    /**
     * An ONNX attribute of an op, or the schema's default when the op does not carry it
     * ({@code null} when neither gives a value).
     */
    public static Attribute attributeOrDefault(Operation op, String name) {
        Attribute a = op.attribute(name);
        if (a != null) {
            return a;
        }
        OpSchema schema = schemaOf(op);
        AttributeSpec spec = schema == null ? null : schema.attribute(name);
        return spec == null ? null : spec.defaultValue();
    }
}
