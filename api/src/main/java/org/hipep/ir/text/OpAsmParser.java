package org.hipep.ir.text;

import java.util.List;
import java.util.Map;
import org.hipep.ir.Attribute;
import org.hipep.ir.Block;
import org.hipep.ir.Location;
import org.hipep.ir.Region;
import org.hipep.ir.Type;
import org.hipep.ir.Value;

/**
 * What a custom op parser can read, in addition to {@link AsmParser}: SSA operands (resolved to
 * values once their types are known), region arguments, regions, successors and attribute
 * dictionaries.
 */
public interface OpAsmParser extends AsmParser {
    /** An SSA use as written ({@code %name} or {@code %name#2}), not yet resolved to a value. */
    record UnresolvedOperand(String name, int number, Location location) {
    }

    /** A region argument as written: {@code %arg0: i32 {attrs} loc(...)}. */
    record Argument(UnresolvedOperand ssaName, Type type, Map<String, Attribute> attributes, Location location) {
    }

    /** Parses one SSA use. */
    UnresolvedOperand parseOperand();

    /** Parses an SSA use if one starts here, else returns {@code null}. */
    UnresolvedOperand parseOptionalOperand();

    /** Parses a comma-separated list of SSA uses (possibly empty). */
    List<UnresolvedOperand> parseOperandList();

    /** Resolves an SSA use to a value of the given type (a forward reference gets a placeholder). */
    Value resolveOperand(UnresolvedOperand operand, Type type);

    /** Resolves uses with one type each; a count mismatch is an error at {@code where}. */
    List<Value> resolveOperands(List<UnresolvedOperand> operands, List<Type> types, Location where);

    /** Parses a region argument {@code %name}, with {@code : type} when {@code allowType}. */
    Argument parseArgument(boolean allowType, boolean allowAttributes);

    /**
     * Parses a parenthesised, comma-separated argument list such as a function signature's
     * {@code (%a: i32, %b: f32)}; when {@code allowVariadic}, a trailing {@code ...} is accepted
     * and reported through the returned list's last element being {@code null}.
     */
    List<Argument> parseArgumentList(boolean allowType, boolean allowAttributes);

    /**
     * Parses a region {@code { ... }} into {@code region}; {@code arguments} (may be empty) become
     * the entry block's arguments, and the entry block label must then be absent.
     */
    void parseRegion(Region region, List<Argument> arguments);

    /** Parses a region if a {@code {} starts here. */
    boolean parseOptionalRegion(Region region, List<Argument> arguments);

    /** Parses a successor block reference {@code ^bb1}. */
    Block parseSuccessor();

    /** Parses {@code {name = attr, ...}} into {@code attributes} if a dictionary starts here. */
    void parseOptionalAttrDict(Map<String, Attribute> attributes);

    /** Parses {@code attributes {...}} if the keyword is present. */
    void parseOptionalAttrDictWithKeyword(Map<String, Attribute> attributes);

    /** Parses {@code @name} and returns the name. */
    String parseSymbolName();

    /** Parses {@code @name} if present. */
    String parseOptionalSymbolName();

    /** Parses {@code -> type} or {@code -> (types)}; returns an empty list when no arrow. */
    List<Type> parseOptionalArrowTypeList();

    /** Parses a function type {@code (types) -> results}. */
    org.hipep.ir.builtin.FunctionType parseFunctionType();

    /** Parses a trailing {@code loc(...)} if present. */
    Location parseOptionalLocationSpecifier();
}
