package org.hipep.ir.builtin;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hipep.ir.Attribute;
import org.hipep.ir.Block;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.Location;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Region;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.text.OpAsmParser;
import org.hipep.ir.text.OpAsmPrinter;
import org.hipep.ir.text.OpAssembly;

/**
 * The {@code builtin} dialect, loaded in every context: {@code builtin.module} (the top-level
 * container, a symbol table) and {@code builtin.unrealized_conversion_cast} (the placeholder
 * dialect conversion uses between type systems).
 */
public final class BuiltinDialect extends Dialect {
    /** The namespace. */
    public static final String NAMESPACE = "builtin";
    /** {@code builtin.module}. */
    public static final String MODULE = "builtin.module";
    /** {@code builtin.unrealized_conversion_cast}. */
    public static final String UNREALIZED_CONVERSION_CAST = "builtin.unrealized_conversion_cast";

    /** Constructor for the registry. */
    public BuiltinDialect(Context context) {
        super(NAMESPACE, context);
    }

    @Override
    protected void initialize() {
        addOperation("module")
                .summary("A top level container operation")
                .traits(OpTrait.IsolatedFromAbove.class, OpTrait.NoTerminator.class, OpTrait.SingleBlock.class,
                        OpTrait.SymbolTable.class, OpTrait.GraphRegion.class)
                .inherentAttributes(SymbolTable.SYMBOL_ATTR, SymbolTable.VISIBILITY_ATTR)
                .verifier(BuiltinDialect::verifyModule)
                .assembly(new ModuleAssembly())
                .register();
        addOperation("unrealized_conversion_cast")
                .summary("An unrealized conversion from one set of types to another")
                .traits(OpTrait.Pure.class)
                .register();
    }

    /** A new module with one empty block. */
    public static Operation createModule(Context context, Location loc) {
        OperationState st = new OperationState(loc, MODULE, context);
        st.addRegion().emplaceBlock();
        return Operation.create(st);
    }

    /** The body block of a module. */
    public static Block moduleBody(Operation module) {
        return module.region(0).front();
    }

    private static LogicalResult verifyModule(Operation op) {
        Region r = op.region(0);
        if (r.blocks().size() != 1) {
            return op.emitOpError("expects region #0 to have 0 or 1 blocks");
        }
        if (r.front().numArguments() != 0) {
            return op.emitOpError("expects region to have no arguments");
        }
        Attribute name = op.attribute(SymbolTable.SYMBOL_ATTR);
        if (name != null && !(name instanceof StringAttr)) {
            return op.emitOpError("requires attribute 'sym_name' to be a string");
        }
        return LogicalResult.success();
    }

    /** {@code module @name attributes {...} { ... }}. */
    private static final class ModuleAssembly implements OpAssembly {
        @Override
        public void print(Operation op, OpAsmPrinter p) {
            String name = SymbolTable.symbolName(op);
            if (name != null) {
                p.print(" ").printSymbolName(name);
            }
            p.printOptionalAttrDictWithKeyword(op.attributes(), List.of());
            p.print(" ");
            p.printRegion(op.region(0), false, false);
        }

        @Override
        public void parse(OpAsmParser parser, OperationState state) {
            String name = parser.parseOptionalSymbolName();
            if (name != null) {
                state.addAttribute(SymbolTable.SYMBOL_ATTR, new StringAttr(name));
            }
            Map<String, Attribute> attrs = new TreeMap<>();
            parser.parseOptionalAttrDictWithKeyword(attrs);
            state.attributes.putAll(attrs);
            Region body = state.addRegion();
            parser.parseRegion(body, List.of());
            if (body.isEmpty()) {
                body.emplaceBlock();
            }
        }
    }
}
