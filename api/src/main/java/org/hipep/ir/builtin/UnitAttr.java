package org.hipep.ir.builtin;

import org.hipep.ir.Attribute;

/** A presence flag: an attribute whose only information is that it is set ({@code {flag}}). */
public record UnitAttr() implements Attribute {
    /** The one instance. */
    public static final UnitAttr INSTANCE = new UnitAttr();
}
