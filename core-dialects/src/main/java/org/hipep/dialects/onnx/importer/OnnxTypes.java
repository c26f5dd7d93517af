package org.hipep.dialects.onnx.importer;

import java.util.ArrayList;
import java.util.List;
import org.hipep.dialects.onnx.load.OnnxDataType;
import org.hipep.dialects.onnx.load.OnnxLoadException;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorShapeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TypeProto;
import org.hipep.ir.Context;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.UnrankedTensorType;
import org.hipep.ir.text.AttrTypePrinter;
import org.hipep.ir.text.IrParser;

/**
 * ONNX types as IR types: element types ({@code float} → {@code f32}, {@code int8} → {@code i8},
 * {@code uint8} → {@code ui8}, {@code bool} → {@code i1}, ...), tensor shapes (a {@code dim_param}
 * is a dynamic dimension whose name is kept beside it), and the onnx dialect's sequence, optional
 * and map types.
 */
final class OnnxTypes {
    private OnnxTypes() {
    }

    /** The element type of an ONNX data type. */
    static Type elementType(OnnxDataType t, String where) {
        return switch (t) {
            case FLOAT -> FloatType.F32;
            case DOUBLE -> FloatType.F64;
            case FLOAT16 -> FloatType.F16;
            case BFLOAT16 -> FloatType.BF16;
            case BOOL -> IntegerType.I1;
            case INT8 -> IntegerType.I8;
            case INT16 -> IntegerType.I16;
            case INT32 -> IntegerType.I32;
            case INT64 -> IntegerType.I64;
            case UINT8 -> new IntegerType(8, IntegerType.Signedness.UNSIGNED);
            case UINT16 -> new IntegerType(16, IntegerType.Signedness.UNSIGNED);
            case UINT32 -> new IntegerType(32, IntegerType.Signedness.UNSIGNED);
            case UINT64 -> new IntegerType(64, IntegerType.Signedness.UNSIGNED);
            default -> throw new OnnxLoadException(
                    where + ": element type " + t.displayName() + " is not supported by the importer");
        };
    }

    /** The element type of an ONNX data type number. */
    static Type elementType(int number, String where) {
        return elementType(OnnxDataType.fromNumber(number), where);
    }

    /** A value's type, with its dimension names ({@code ""} where a dimension has none). */
    record Typed(Type type, List<String> dimParams) {
    }

    /** The IR type of a {@code TypeProto}. */
    static Typed type(Context ctx, TypeProto tp, String where) {
        switch (tp.getValueCase()) {
            case TENSOR_TYPE: {
                Type et = elementType(tp.getTensorType().getElemType(), where);
                if (!tp.getTensorType().hasShape()) {
                    return new Typed(new UnrankedTensorType(et), List.of());
                }
                List<Long> dims = new ArrayList<>();
                List<String> names = new ArrayList<>();
                for (TensorShapeProto.Dimension d : tp.getTensorType().getShape().getDimList()) {
                    if (d.hasDimValue() && d.getDimValue() >= 0) {
                        dims.add(d.getDimValue());
                        names.add("");
                    } else {
                        dims.add(ShapedType.DYNAMIC);
                        names.add(d.hasDimParam() ? d.getDimParam() : "");
                    }
                }
                return new Typed(RankedTensorType.of(dims, et), names);
            }
            case SEQUENCE_TYPE:
                return new Typed(dialectType(ctx, "!onnx.seq<" + text(type(ctx, tp.getSequenceType().getElemType(), where)) + ">",
                        where), List.of());
            case OPTIONAL_TYPE:
                return new Typed(dialectType(ctx, "!onnx.opt<" + text(type(ctx, tp.getOptionalType().getElemType(), where)) + ">",
                        where), List.of());
            case MAP_TYPE: {
                String key = AttrTypePrinter.typeToString(elementType(tp.getMapType().getKeyType(), where));
                return new Typed(dialectType(ctx, "!onnx.map<" + key + ", "
                        + text(type(ctx, tp.getMapType().getValueType(), where)) + ">", where), List.of());
            }
            default:
                throw new OnnxLoadException(where + ": the " + tp.getValueCase()
                        + " type is not supported by the importer");
        }
    }

    private static String text(Typed t) {
        return AttrTypePrinter.typeToString(t.type());
    }

    private static Type dialectType(Context ctx, String text, String where) {
        try {
            return IrParser.parseType(ctx, text);
        } catch (RuntimeException e) {
            throw new OnnxLoadException(where + ": cannot represent the type " + text + ": " + e.getMessage());
        }
    }
}
