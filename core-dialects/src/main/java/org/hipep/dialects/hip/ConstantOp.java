package org.hipep.dialects.hip;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hipep.ir.Attribute;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.text.AttrTypePrinter;
import org.hipep.ir.text.OpAsmParser;
import org.hipep.ir.text.OpAsmPrinter;
import org.hipep.ir.text.OpAssembly;

/**
 * {@code hip.constant}: a constant tensor on its way to {@code hip-externalize-constants}, with
 * exactly one source: inline ({@code value}, dense elements of the result type), a file range
 * ({@code location}, {@code offset}, {@code size}) or a process memory address
 * ({@code memory_address}, {@code size}). Optional {@code symbol_name_hint} (a fragment of the
 * global's name), {@code source_name} (the manifest label) and {@code serialization_order}.
 * Plugins emit carriers only at AfterConvertOnnxToHip.
 *
 * <p>Form: {@code %c = hip.constant {value = dense<...> : tensor<2xi8>} : tensor<2xi8>}.
 */
public final class ConstantOp {
    /** {@code hip.constant}. */
    public static final String NAME = "hip.constant";
    /** The op's attributes (inherent: kept in its properties). */
    public static final List<String> ATTRIBUTES = List.of("value", "location", "offset", "memory_address", "size",
            "symbol_name_hint", "source_name", "serialization_order");

    private ConstantOp() {
    }

    /** Bytes per element of a supported element type, or -1. */
    static int elementBytes(Type t) {
        if (t instanceof FloatType f) {
            return f.width() / 8;
        }
        if (t instanceof IntegerType i && (i.width() == 1 || i.width() == 8 || i.width() == 16 || i.width() == 32
                || i.width() == 64)) {
            return (i.width() + 7) / 8;
        }
        return -1;
    }

    static LogicalResult verify(Operation op) {
        if (op.numOperands() != 0 || op.numResults() != 1) {
            return op.emitOpError("takes no operands and has one result");
        }
        if (!(op.result(0).type() instanceof RankedTensorType type) || !type.hasStaticShape()) {
            return op.emitOpError("result must be a tensor with a static shape, got "
                    + AttrTypePrinter.typeToString(op.result(0).type()));
        }
        int width = elementBytes(type.elementType());
        if (width < 0) {
            return op.emitOpError("element type " + AttrTypePrinter.typeToString(type.elementType())
                    + " is not supported (f16, bf16, f32, f64, i1, i8, i16, i32, i64)");
        }
        BigInteger count = BigInteger.ONE;
        for (long d : type.shape()) {
            count = count.multiply(BigInteger.valueOf(d));
        }
        BigInteger bytes = count.multiply(BigInteger.valueOf(width));
        if (bytes.bitLength() > 63) {
            return op.emitOpError("byte size of " + AttrTypePrinter.typeToString(type) + " overflows a 64-bit integer");
        }
        if (op.attribute("serialization_order") instanceof IntegerAttr order && order.longValue() < 0) {
            return op.emitOpError("'serialization_order' must be >= 0, got " + order.longValue());
        }
        boolean inline = op.attribute("value") != null;
        boolean file = op.attribute("location") != null || op.attribute("offset") != null;
        boolean memory = op.attribute("memory_address") != null;
        if ((inline ? 1 : 0) + (file ? 1 : 0) + (memory ? 1 : 0) != 1) {
            return op.emitOpError("needs exactly one source: an inline 'value', a file ('location', 'offset', 'size')"
                    + " or a memory address ('memory_address', 'size')");
        }
        if (inline) {
            if (op.attribute("size") != null) {
                return op.emitOpError("an inline constant takes no 'size'");
            }
            if (!(op.attribute("value") instanceof DenseElementsAttr value)) {
                return op.emitOpError("'value' must be dense elements");
            }
            if (!value.type().equals(type)) {
                return op.emitOpError("'value' has type " + AttrTypePrinter.typeToString(value.type())
                        + " but the result has type " + AttrTypePrinter.typeToString(type));
            }
            return LogicalResult.success();
        }
        if (!(op.attribute("size") instanceof IntegerAttr size)) {
            return op.emitOpError("an external constant needs an integer 'size'");
        }
        if (size.longValue() <= 0 || size.longValue() != bytes.longValue()) {
            return op.emitOpError("'size' is " + size.longValue() + " but " + AttrTypePrinter.typeToString(type)
                    + " needs " + bytes + " bytes");
        }
        if (file) {
            if (!(op.attribute("location") instanceof StringAttr loc) || loc.value().isEmpty()) {
                return op.emitOpError("a file constant needs a non-empty 'location'");
            }
            if (!(op.attribute("offset") instanceof IntegerAttr offset) || offset.longValue() < 0) {
                return op.emitOpError("a file constant needs an 'offset' >= 0");
            }
            if (offset.value().add(size.value()).bitLength() > 63) {
                return op.emitOpError("'offset' + 'size' overflows a 64-bit integer");
            }
        } else if (!(op.attribute("memory_address") instanceof IntegerAttr addr) || addr.longValue() == 0) {
            return op.emitOpError("'memory_address' must be a non-zero integer");
        }
        return LogicalResult.success();
    }

    /** {@code hip.constant {attrs} : type}. */
    static final class Assembly implements OpAssembly {
        @Override
        public void print(Operation op, OpAsmPrinter p) {
            Map<String, Attribute> all = new TreeMap<>(op.attributes());
            if (op.properties() instanceof DictionaryAttr props) {
                all.putAll(props.entries());
            }
            p.printOptionalAttrDict(all, List.of());
            p.print(" : ").printType(op.result(0).type());
        }

        @Override
        public void parse(OpAsmParser parser, OperationState state) {
            parser.parseOptionalAttrDict(state.attributes);
            state.resultTypes.add(parser.parseColonType());
        }
    }
}
