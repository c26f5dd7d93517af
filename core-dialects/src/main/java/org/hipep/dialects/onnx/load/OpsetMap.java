package org.hipep.dialects.onnx.load;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * An unmodifiable domain-to-version map whose lookups treat {@code "ai.onnx"} as the default
 * domain {@code ""} (the key it is stored under).
 */
final class OpsetMap extends AbstractMap<String, Long> {

    private final Map<String, Long> byDomain;

    /** {@code byDomain} must already use normalized domains as keys. */
    OpsetMap(Map<String, Long> byDomain) {
        this.byDomain = Collections.unmodifiableMap(new LinkedHashMap<>(byDomain));
    }

    @Override
    public Set<Entry<String, Long>> entrySet() {
        return byDomain.entrySet();
    }

    @Override
    public Long get(Object key) {
        return key instanceof String s ? byDomain.get(OnnxModel.normalizeDomain(s)) : null;
    }

    @Override
    public boolean containsKey(Object key) {
        return key instanceof String s && byDomain.containsKey(OnnxModel.normalizeDomain(s));
    }
}
