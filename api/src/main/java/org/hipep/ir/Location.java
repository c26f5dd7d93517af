package org.hipep.ir;

/**
 * Where an operation, block argument or diagnostic comes from. Locations are attributes so
 * that they can be nested (named, fused, call-site). The builtin kinds are in
 * {@code org.hipep.ir.builtin}: {@code UnknownLoc}, {@code FileLineColLoc}, {@code NameLoc},
 * {@code FusedLoc} and {@code CallSiteLoc}.
 */
public interface Location extends Attribute {
}
