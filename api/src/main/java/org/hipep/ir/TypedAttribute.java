package org.hipep.ir;

/** An attribute that carries a type (integers, floats, dense elements, ...). */
public interface TypedAttribute extends Attribute {
    /** The type of the value. */
    Type type();
}
