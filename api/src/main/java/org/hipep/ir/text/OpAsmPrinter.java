package org.hipep.ir.text;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.hipep.ir.Attribute;
import org.hipep.ir.Block;
import org.hipep.ir.BlockArgument;
import org.hipep.ir.Location;
import org.hipep.ir.Region;
import org.hipep.ir.Value;

/** What a custom op printer can write, in addition to {@link AsmPrinter}. */
public interface OpAsmPrinter extends AsmPrinter {
    @Override
    OpAsmPrinter print(String text);

    @Override
    OpAsmPrinter printType(org.hipep.ir.Type type);

    @Override
    OpAsmPrinter printAttribute(Attribute attribute);

    @Override
    OpAsmPrinter printAttributeWithoutType(Attribute attribute);

    @Override
    OpAsmPrinter printString(String value);

    @Override
    OpAsmPrinter printSymbolName(String name);

    @Override
    OpAsmPrinter printKeywordOrString(String keyword);

    /** Writes the SSA name of a value ({@code %0}, {@code %arg1}, {@code %2#1}). */
    OpAsmPrinter printOperand(Value value);

    /** Writes SSA names separated by {@code ", "}. */
    OpAsmPrinter printOperands(List<? extends Value> values);

    /** Writes {@code %name: type}, then the argument's attributes when given. */
    OpAsmPrinter printRegionArgument(BlockArgument argument, Map<String, Attribute> attributes);

    /**
     * Writes a region in braces on new lines.
     *
     * @param printEntryBlockArgs whether the entry block's label and arguments are written
     * @param printBlockTerminators whether terminators are written (false for implicit ones)
     */
    OpAsmPrinter printRegion(Region region, boolean printEntryBlockArgs, boolean printBlockTerminators);

    /** Writes {@code ^bbN}. */
    OpAsmPrinter printSuccessor(Block block);

    /** Writes {@code {a = 1, b}} for the attributes not named in {@code elided}, if any remain. */
    OpAsmPrinter printOptionalAttrDict(Map<String, Attribute> attributes, Collection<String> elided);

    /** Like {@link #printOptionalAttrDict} with the leading {@code attributes} keyword. */
    OpAsmPrinter printOptionalAttrDictWithKeyword(Map<String, Attribute> attributes, Collection<String> elided);

    /** Writes {@code  loc(...)} when printing debug info. */
    OpAsmPrinter printOptionalLocationSpecifier(Location location);

    /** Starts a new line at the current indentation. */
    OpAsmPrinter printNewline();
}
