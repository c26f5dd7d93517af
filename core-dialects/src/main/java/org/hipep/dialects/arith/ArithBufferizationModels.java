package org.hipep.dialects.arith;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hipep.dialects.bufferization.BufferOps;
import org.hipep.dialects.bufferization.BufferizationModel;
import org.hipep.ir.Attribute;
import org.hipep.ir.DialectExtension;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Operation;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.ir.builtin.UnitAttr;
import org.hipep.ir.interfaces.BufferizableOpInterface;
import org.hipep.ir.interfaces.BufferizationState;
import org.hipep.ir.text.AttrTypePrinter;

/**
 * The bufferization models of the {@code arith} dialect: a tensor {@code arith.constant} becomes
 * a private constant {@code memref.global} ({@code @__constant_<shape>x<type>}, one per distinct
 * value and type in the module) read by {@code memref.get_global}; its buffer is read-only, so
 * an in-place write to it goes to a copy.
 */
public final class ArithBufferizationModels {
    private ArithBufferizationModels() {
    }

    /** Attaches the models when the {@code arith} dialect loads. */
    public static DialectRegistry register(DialectRegistry registry) {
        return registry.addExtension(EXTENSION);
    }

    /** One extension object, so that registering twice in one registry attaches once. */
    private static final DialectExtension EXTENSION = DialectExtension.of(Set.of(ArithDialect.NAMESPACE),
            ctx -> ctx.lookupOperation("arith.constant").attachInterface(BufferizableOpInterface.class,
                    new Constant()));

    /** {@code arith.constant} of a tensor type. */
    static final class Constant extends BufferizationModel {
        @Override
        public boolean isWritable(Value result, BufferizationState state) {
            return false;
        }

        @Override
        public LogicalResult bufferize(Operation op, BufferizationState state) {
            Operation module = op.parentWithTrait(OpTrait.SymbolTable.class);
            if (module == null) {
                return op.emitOpError("needs an enclosing symbol table to hold its memref.global");
            }
            MemRefType type = state.bufferType(op.result(0).type());
            Attribute value = op.attribute("value");
            String symbol = findOrCreateGlobal(module, op, type, value);
            Value global = BufferOps.create(state.builder(), op.location(), "memref.get_global", List.of(),
                    List.of(type), Map.of("name", SymbolRefAttr.flat(symbol))).result(0);
            state.replaceOpWithBuffers(op, List.of(global));
            return LogicalResult.success();
        }

        private static String findOrCreateGlobal(Operation module, Operation op, MemRefType type, Attribute value) {
            SymbolTable symbols = new SymbolTable(module);
            for (Operation g : module.region(0).front()) {
                if (g.is("memref.global") && g.attribute("constant") != null && value.equals(g.attribute("initial_value"))
                        && g.attribute("type") instanceof TypeAttr t && t.value().equals(type)) {
                    return SymbolTable.symbolName(g);
                }
            }
            String text = AttrTypePrinter.typeToString(type);
            String base = "__constant_" + text.substring("memref<".length(), text.length() - 1);
            OpBuilder b = new OpBuilder(op.context());
            Operation first = module.region(0).front().front();
            Operation g = BufferOps.create(b, op.location(), "memref.global", List.of(), List.of(),
                    Map.of(SymbolTable.SYMBOL_ATTR, new StringAttr(base), SymbolTable.VISIBILITY_ATTR,
                            new StringAttr("private"), "type", new TypeAttr(type), "initial_value", value,
                            "constant", UnitAttr.INSTANCE, "alignment", IntegerAttr.i64(BufferOps.ALLOC_ALIGNMENT)));
            String name = symbols.insert(g);
            g.moveBefore(first);
            return name;
        }
    }
}
