package org.hipep.passes.onnx;

import java.util.ArrayList;
import java.util.List;
import org.hipep.dialects.func.FuncDialect;
import org.hipep.dialects.hip.ContextType;
import org.hipep.ir.Attribute;
import org.hipep.ir.Operation;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.ArrayAttr;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.text.AttrTypePrinter;

/**
 * Records the model's tensor signature on the module while {@code @main_graph} still has it
 * (the end of {@code convert-onnx-to-hip}), for {@code generate-interface}'s metadata:
 * {@code hipdnn.input_count}, {@code hipdnn.input_shapes} (one {@code array<i64>} per input,
 * {@code -1} for a dynamic dimension), {@code hipdnn.input_element_sizes} (bytes, an {@code i1}
 * counting one), {@code hipdnn.input_element_types} (the printed element type) and, when the
 * importer named every input ({@code onnx.name}), {@code hipdnn.input_names}; the same for the
 * outputs. A leading {@code !hip.context} argument is not an input. Nothing is recorded when
 * there is no public {@code func.func @main_graph}, or when one of its inputs or outputs is not
 * a ranked tensor of integers or floats (an unranked shape has nothing to record).
 */
final class ModelSignature {
    private ModelSignature() {
    }

    static void record(Operation module) {
        Operation main = new SymbolTable(module).lookup("main_graph");
        if (main == null || !main.is(FuncDialect.FUNC) || FuncDialect.isDeclaration(main)
                || main.attribute(SymbolTable.VISIBILITY_ATTR) instanceof StringAttr v && !v.value().equals("public")) {
            return;
        }
        FunctionType type = FuncDialect.functionType(main);
        if (type == null) {
            return;
        }
        int first = !type.inputs().isEmpty() && type.inputs().get(0) instanceof ContextType ? 1 : 0;
        List<Type> inputs = type.inputs().subList(first, type.inputs().size());
        if (!recordable(inputs) || !recordable(type.results())) {
            return;
        }
        record(module, "input", inputs, names(main.attribute(FuncDialect.ARG_ATTRS), first, inputs.size()));
        record(module, "output", type.results(), names(main.attribute(FuncDialect.RES_ATTRS), 0, type.results().size()));
    }

    private static boolean recordable(List<Type> types) {
        return types.stream().allMatch(t -> t instanceof RankedTensorType r
                && (r.elementType() instanceof IntegerType || r.elementType() instanceof FloatType));
    }

    private static void record(Operation module, String side, List<Type> types, List<Attribute> names) {
        List<Attribute> shapes = new ArrayList<>();
        List<Attribute> elementTypes = new ArrayList<>();
        long[] sizes = new long[types.size()];
        for (int i = 0; i < types.size(); i++) {
            RankedTensorType t = (RankedTensorType) types.get(i);
            long[] shape = t.shape().stream().mapToLong(d -> d == ShapedType.DYNAMIC ? -1 : d).toArray();
            shapes.add(DenseArrayAttr.i64(shape));
            sizes[i] = DenseElementsAttr.elementBytes(t.elementType());
            elementTypes.add(new StringAttr(AttrTypePrinter.typeToString(t.elementType(), module.context())));
        }
        module.setAttribute("hipdnn." + side + "_count", IntegerAttr.i64(types.size()));
        module.setAttribute("hipdnn." + side + "_shapes", new ArrayAttr(shapes));
        module.setAttribute("hipdnn." + side + "_element_sizes", DenseArrayAttr.i64(sizes));
        module.setAttribute("hipdnn." + side + "_element_types", new ArrayAttr(elementTypes));
        if (names != null) {
            module.setAttribute("hipdnn." + side + "_names", new ArrayAttr(names));
        }
    }

    /** The {@code onnx.name} of entries {@code first ..} of an argument/result attribute array, or null. */
    private static List<Attribute> names(Attribute attrs, int first, int count) {
        if (!(attrs instanceof ArrayAttr array) || array.size() < first + count) {
            return null;
        }
        List<Attribute> names = new ArrayList<>();
        for (int i = first; i < first + count; i++) {
            if (!(array.get(i) instanceof DictionaryAttr d && d.get("onnx.name") instanceof StringAttr name)) {
                return null;
            }
            names.add(name);
        }
        return names;
    }
}
