package org.hipep.ir.text;

import org.hipep.ir.Attribute;
import org.hipep.ir.Type;

/** What custom print hooks of types, attributes and ops can write. */
public interface AsmPrinter {
    /** Writes text as is. */
    AsmPrinter print(String text);

    /** Writes a type. */
    AsmPrinter printType(Type type);

    /** Writes an attribute (with its type suffix where MLIR prints one). */
    AsmPrinter printAttribute(Attribute attribute);

    /** Writes an attribute without the {@code : type} suffix of integers and floats. */
    AsmPrinter printAttributeWithoutType(Attribute attribute);

    /** Writes a string literal with MLIR's escapes. */
    AsmPrinter printString(String value);

    /** Writes {@code @name}, quoted when the name is not a bare identifier. */
    AsmPrinter printSymbolName(String name);

    /** Writes a bare identifier, or a string literal when it is not one. */
    AsmPrinter printKeywordOrString(String keyword);
}
