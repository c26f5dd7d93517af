package org.hipep.dialects.llvm;

import org.hipep.ir.DialectAttribute;

/**
 * An attribute of the {@code llvm} dialect, kept as its body text: {@code #llvm.linkage<external>}
 * is {@code LLVMAttr("linkage", "external")}. Enough for the enum-like attributes that the ops
 * here carry (linkage, cconv, fastmath, tailcallkind, ...), which are compared and printed
 * verbatim.
 */
public record LLVMAttr(String kind, String value) implements DialectAttribute {
    /** {@code #llvm.linkage<external>}. */
    public static final LLVMAttr EXTERNAL = new LLVMAttr("linkage", "external");
    /** {@code #llvm.cconv<ccc>}. */
    public static final LLVMAttr CCC = new LLVMAttr("cconv", "ccc");
    /** {@code #llvm.fastmath<none>}. */
    public static final LLVMAttr FASTMATH_NONE = new LLVMAttr("fastmath", "none");
    /** {@code #llvm.tailcallkind<none>}. */
    public static final LLVMAttr TAIL_NONE = new LLVMAttr("tailcallkind", "none");

    @Override
    public String dialectNamespace() {
        return LLVMDialect.NAMESPACE;
    }

    /** The body text after {@code #llvm.}. */
    public String body() {
        return value == null ? kind : kind + "<" + value + ">";
    }

    /** Splits a body text such as {@code linkage<external>}. */
    static LLVMAttr parse(String body) {
        int lt = body.indexOf('<');
        if (lt < 0) {
            return new LLVMAttr(body, null);
        }
        return new LLVMAttr(body.substring(0, lt), body.substring(lt + 1, body.length() - 1));
    }
}
