package org.hipep.dialects.onnx.schema;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The table of known ONNX op schemas, every version of each, and the lookup of the version in
 * force at an opset. The table is built once, from the op-family classes of this package.
 */
public final class OnnxSchemas {
    /** The default domain's name in {@code opset_import}: the empty string. */
    public static final String DEFAULT_DOMAIN = "";
    /** Microsoft's contrib-op domain. */
    public static final String MICROSOFT_DOMAIN = "com.microsoft";

    private static final Map<String, NavigableMap<Integer, OpSchema>> TABLE = build();

    private OnnxSchemas() {
    }

    private static Map<String, NavigableMap<Integer, OpSchema>> build() {
        List<OpSchema> all = new ArrayList<>();
        ElementwiseSchemas.addTo(all);
        ActivationSchemas.addTo(all);
        NnSchemas.addTo(all);
        NormalizationSchemas.addTo(all);
        ResizePadSchemas.addTo(all);
        ReductionSchemas.addTo(all);
        TensorSchemas.addTo(all);
        ShapeSchemas.addTo(all);
        ControlFlowSchemas.addTo(all);
        TransformerSchemas.addTo(all);
        MicrosoftSchemas.addTo(all);
        Map<String, NavigableMap<Integer, OpSchema>> table = new TreeMap<>();
        for (OpSchema s : all) {
            NavigableMap<Integer, OpSchema> versions = table.computeIfAbsent(key(s.opType(), s.domain()), k -> new TreeMap<>());
            if (versions.put(s.sinceVersion(), s) != null) {
                throw new IllegalStateException("schema " + s + " is defined twice");
            }
        }
        table.replaceAll((k, v) -> Collections.unmodifiableNavigableMap(v));
        return Collections.unmodifiableMap(table);
    }

    private static String key(String opType, String domain) {
        return normalizeDomain(domain) + "\u0000" + opType;
    }

    /** The canonical domain name: {@code ai.onnx} and {@code null} are the default domain {@code ""}. */
    public static String normalizeDomain(String domain) {
        return domain == null || domain.equals("ai.onnx") ? DEFAULT_DOMAIN : domain;
    }

    /**
     * The schema of {@code opType} in force at {@code opsetVersion} of {@code domain}: the newest
     * version whose since-version is at most {@code opsetVersion}.
     *
     * @return the schema, or {@code null} when the op is unknown or introduced after that opset
     */
    public static OpSchema lookup(String opType, String domain, int opsetVersion) {
        NavigableMap<Integer, OpSchema> versions = TABLE.get(key(opType, domain));
        if (versions == null) {
            return null;
        }
        Map.Entry<Integer, OpSchema> e = versions.floorEntry(opsetVersion);
        return e == null ? null : e.getValue();
    }

    /** The newest known version of an op, or {@code null} when the op is unknown. */
    public static OpSchema latest(String opType, String domain) {
        NavigableMap<Integer, OpSchema> versions = TABLE.get(key(opType, domain));
        return versions == null ? null : versions.lastEntry().getValue();
    }

    /** Every known version of an op, oldest first (empty when the op is unknown). */
    public static List<OpSchema> versions(String opType, String domain) {
        NavigableMap<Integer, OpSchema> versions = TABLE.get(key(opType, domain));
        return versions == null ? List.of() : List.copyOf(versions.values());
    }

    /** Whether any version of the op is known. */
    public static boolean isKnown(String opType, String domain) {
        return TABLE.containsKey(key(opType, domain));
    }

    /** The known op types of a domain, sorted. */
    public static Set<String> opTypes(String domain) {
        String prefix = normalizeDomain(domain) + "\u0000";
        Set<String> names = new TreeSet<>();
        for (String k : TABLE.keySet()) {
            if (k.startsWith(prefix)) {
                names.add(k.substring(prefix.length()));
            }
        }
        return Collections.unmodifiableSet(names);
    }

    /** The domains that have known ops, sorted ({@code ""} first). */
    public static Set<String> domains() {
        Set<String> names = new TreeSet<>();
        for (String k : TABLE.keySet()) {
            names.add(k.substring(0, k.indexOf('\u0000')));
        }
        return Collections.unmodifiableSet(names);
    }

    /** Every schema of every op, grouped by domain and op type, oldest version first. */
    public static List<OpSchema> all() {
        List<OpSchema> out = new ArrayList<>();
        for (NavigableMap<Integer, OpSchema> v : TABLE.values()) {
            out.addAll(v.values());
        }
        return Collections.unmodifiableList(out);
    }
}
