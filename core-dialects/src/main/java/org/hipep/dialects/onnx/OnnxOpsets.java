package org.hipep.dialects.onnx;

import org.hipep.dialects.onnx.schema.OnnxSchemas;
import org.hipep.ir.Attribute;
import org.hipep.ir.Operation;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.IntegerAttr;

/**
 * Finds the opset an op is verified against: the {@code onnx.opset_import} dictionary (domain
 * to version, {@code ""} the default domain) of the nearest enclosing op that carries one,
 * normally the {@code builtin.module} the importer creates. Without one, or without an entry
 * for the op's domain, the newest known version applies ({@link #LATEST}).
 */
public final class OnnxOpsets {
    /** The module attribute holding the opset imports. */
    public static final String OPSET_IMPORT_ATTR = "onnx.opset_import";
    /** The opset used when none is declared: every lookup then finds the newest schema. */
    public static final int LATEST = Integer.MAX_VALUE;

    private OnnxOpsets() {
    }

    /** The opset version of {@code domain} in force for {@code op}, or {@link #LATEST}. */
    public static int opsetOf(Operation op, String domain) {
        DictionaryAttr imports = importsOf(op);
        if (imports == null) {
            return LATEST;
        }
        String d = OnnxSchemas.normalizeDomain(domain);
        Attribute v = imports.get(d);
        if (v == null && d.isEmpty()) {
            v = imports.get("ai.onnx");
        }
        if (v instanceof IntegerAttr i && i.value().bitLength() < 32) {
            return (int) i.longValue();
        }
        return LATEST;
    }

    /** The {@code onnx.opset_import} dictionary of the nearest enclosing op that has one, or {@code null}. */
    public static DictionaryAttr importsOf(Operation op) {
        for (Operation p = op.parentOp(); p != null; p = p.parentOp()) {
            if (p.attribute(OPSET_IMPORT_ATTR) instanceof DictionaryAttr d) {
                return d;
            }
        }
        return null;
    }

    /** {@code opset 13 of the default domain} / {@code opset 1 of domain 'com.microsoft'}, for messages. */
    static String describe(int opset, String domain) {
        String where = domain.isEmpty() ? "the default domain" : "domain '" + domain + "'";
        return (opset == LATEST ? "the newest opset" : "opset " + opset) + " of " + where;
    }
}
