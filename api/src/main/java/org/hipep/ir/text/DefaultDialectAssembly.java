package org.hipep.ir.text;

/**
 * An op assembly whose regions have a default dialect: ops of that dialect nested in them are
 * printed, and may be written, without the dialect prefix ({@code return} inside
 * {@code func.func}).
 */
public interface DefaultDialectAssembly extends OpAssembly {
    /** The namespace whose prefix may be omitted inside this op's regions. */
    String defaultDialect();
}
