package org.hipep.ir.text;

import java.util.List;
import org.hipep.ir.Attribute;
import org.hipep.ir.Context;
import org.hipep.ir.Location;
import org.hipep.ir.Type;

/**
 * What custom parse hooks of types, attributes and ops can read. Methods named
 * {@code parseOptional...} return {@code false}/{@code null} and consume nothing when the
 * input does not start with what they look for; the others throw an {@link IrParseException}
 * at the current position with MLIR's "expected ..." wording.
 */
public interface AsmParser {
    /** The context IR is built in. */
    Context context();

    /** An exception at the current token, to be thrown by the caller. */
    IrParseException error(String message);

    /** The location of the current token. */
    Location currentLocation();

    /** Consumes a punctuation token such as {@code (}, {@code ->}, {@code ::}, {@code =}. */
    void parsePunct(String punct);

    /** Consumes a punctuation token if present. */
    boolean parseOptionalPunct(String punct);

    /** Consumes the bare keyword {@code keyword}. */
    void parseKeyword(String keyword);

    /** Consumes the bare keyword {@code keyword} if present. */
    boolean parseOptionalKeyword(String keyword);

    /** Consumes and returns a bare identifier. */
    String parseKeyword();

    /** Consumes and returns a bare identifier if the current token is one, else {@code null}. */
    String parseOptionalKeyword();

    /** Consumes an integer literal (optionally negative). */
    long parseInteger();

    /** Consumes a float or integer literal (optionally negative) as a double. */
    double parseFloat();

    /** Consumes a string literal and returns its unescaped value. */
    String parseString();

    /** Consumes a string literal if present, else returns {@code null}. */
    String parseOptionalString();

    /** Parses a type. */
    Type parseType();

    /** Parses a type if one starts here, else returns {@code null}. */
    Type parseOptionalType();

    /** Parses {@code : type}. */
    Type parseColonType();

    /** Parses a comma-separated list of types (possibly empty when {@code allowEmpty}). */
    List<Type> parseTypeList(boolean allowEmpty);

    /** Parses an attribute; a typed literal without {@code : type} takes {@code type} when given. */
    Attribute parseAttribute(Type type);

    /** Parses {@code ?} or an integer: a dimension/stride, with {@code ?} as the dynamic marker. */
    long parseDynamicIndex();

    /** Parses a location body (what is inside {@code loc(...)}). */
    Location parseLocationBody();
}
