package org.hipep.ir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hipep.ir.builtin.BuiltinDialect;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.UnknownLoc;
import org.hipep.ir.testdialect.TestDialect;
import org.hipep.ir.text.AsmPrinterOptions;
import org.hipep.ir.text.IrParser;
import org.hipep.ir.text.IrPrinter;
import org.junit.jupiter.api.Test;

class IrCoreTest {
    private final Context ctx = new Context(TestDialect.registry());

    {
        ctx.allowUnregisteredDialects(true);
    }

    private Operation op(String name, List<Value> operands, List<Type> results) {
        return Operation.create(new OperationState(UnknownLoc.INSTANCE, name, ctx).addOperands(operands).addTypes(results));
    }

    @Test
    void useListsFollowOperandChanges() {
        Operation a = op("x.a", List.of(), List.of(IntegerType.I32));
        Operation b = op("x.b", List.of(), List.of(IntegerType.I32));
        Operation u1 = op("x.use", List.of(a.result(0), a.result(0)), List.of());
        Operation u2 = op("x.use", List.of(a.result(0)), List.of());
        assertThat(a.result(0).useList()).hasSize(3);
        assertThat(a.result(0).users()).containsExactlyInAnyOrder(u1, u2);
        assertThat(a.result(0).hasOneUse()).isFalse();

        u1.setOperand(1, b.result(0));
        assertThat(a.result(0).useList()).hasSize(2);
        assertThat(b.result(0).hasOneUse()).isTrue();

        a.result(0).replaceAllUsesWith(b.result(0));
        assertThat(a.result(0).useEmpty()).isTrue();
        assertThat(b.result(0).useList()).hasSize(3);
        assertThat(u2.operand(0)).isSameAs(b.result(0));

        assertThatThrownBy(b::erase).hasMessageContaining("still have uses");
        u1.erase();
        u2.erase();
        assertThat(b.result(0).useEmpty()).isTrue();
        b.erase();
    }

    @Test
    void replaceUsesWithIfAndExcept() {
        Operation a = op("x.a", List.of(), List.of(IntegerType.I32));
        Operation b = op("x.b", List.of(), List.of(IntegerType.I32));
        Operation keep = op("x.keep", List.of(a.result(0)), List.of());
        Operation move = op("x.move", List.of(a.result(0)), List.of());
        a.result(0).replaceAllUsesExcept(b.result(0), keep);
        assertThat(keep.operand(0)).isSameAs(a.result(0));
        assertThat(move.operand(0)).isSameAs(b.result(0));
    }

    @Test
    void cloneRemapsNestedValuesAndKeepsOuterUses() {
        String src = """
                %outer = "x.def"() : () -> i32
                %r = "x.region"() ({
                ^bb0(%arg0: i32):
                  %0 = "x.add"(%arg0, %outer) : (i32, i32) -> i32
                  "x.yield"(%0)[^bb1] : (i32) -> ()
                ^bb1:
                  "x.end"(%0) : (i32) -> ()
                }) : () -> i32
                """;
        Operation module = IrParser.parse(ctx, src, "clone.mlir");
        Block body = BuiltinDialect.moduleBody(module);
        Operation outer = body.front();
        Operation region = outer.nextNode();
        String before = IrPrinter.print(module, AsmPrinterOptions.genericForm());

        IRMapping mapping = new IRMapping();
        Operation copy = region.clone(mapping);
        body.append(copy);

        assertThat(mapping.lookupOrNull(region.result(0))).isSameAs(copy.result(0));
        Block oldEntry = region.region(0).front();
        Block newEntry = copy.region(0).front();
        assertThat(newEntry).isNotSameAs(oldEntry);
        Operation newAdd = newEntry.front();
        assertThat(newAdd.operand(0)).isSameAs(newEntry.argument(0));
        assertThat(newAdd.operand(1)).isSameAs(outer.result(0));
        assertThat(newEntry.back().successor(0)).isSameAs(copy.region(0).blocks().get(1));
        assertThat(copy.region(0).blocks().get(1).front().operand(0)).isSameAs(newAdd.result(0));
        assertThat(outer.result(0).users()).hasSize(2);
        assertThat(Verifier.verify(module).succeeded()).isTrue();

        copy.remove();
        copy.dropAllReferences();
        assertThat(IrPrinter.print(module, AsmPrinterOptions.genericForm())).isEqualTo(before);
    }

    @Test
    void walkOrdersAndInterrupts() {
        Operation module = IrParser.parse(ctx, """
                "x.a"() ({
                  "x.b"() : () -> ()
                  "x.c"() : () -> ()
                }) : () -> ()
                "x.d"() : () -> ()
                """, "walk.mlir");
        List<String> pre = new ArrayList<>();
        module.walk(WalkOrder.PRE_ORDER, o -> {
            pre.add(o.nameString());
            return WalkResult.ADVANCE;
        });
        List<String> post = new ArrayList<>();
        module.walk(o -> post.add(o.nameString()));
        List<String> skipped = new ArrayList<>();
        module.walk(WalkOrder.PRE_ORDER, o -> {
            skipped.add(o.nameString());
            return o.is("x.a") ? WalkResult.SKIP : WalkResult.ADVANCE;
        });
        List<String> interrupted = new ArrayList<>();
        WalkResult r = module.walk(WalkOrder.PRE_ORDER, o -> {
            interrupted.add(o.nameString());
            return o.is("x.b") ? WalkResult.INTERRUPT : WalkResult.ADVANCE;
        });
        assertThat(pre).containsExactly("builtin.module", "x.a", "x.b", "x.c", "x.d");
        assertThat(post).containsExactly("x.b", "x.c", "x.a", "x.d", "builtin.module");
        assertThat(skipped).containsExactly("builtin.module", "x.a", "x.d");
        assertThat(r.wasInterrupted()).isTrue();
        assertThat(interrupted).containsExactly("builtin.module", "x.a", "x.b");
    }

    @Test
    void verifierReportsValuesUsedAcrossAnIsolatedBoundary() {
        Operation module = IrParser.parse(ctx, """
                "test.func"() ({
                  %0 = "other.def"() : () -> i32
                  "test.isolated"() ({
                    "other.use"() : () -> ()
                  }) : () -> ()
                  "test.return"() : () -> ()
                }) {sym_name = "f"} : () -> ()
                """, "iso.mlir");
        Operation func = BuiltinDialect.moduleBody(module).front();
        Operation def = func.region(0).front().front();
        Operation isolated = def.nextNode();
        Operation use = isolated.region(0).front().front();
        use.insertOperands(0, List.of(def.result(0)));

        List<Diagnostic> diags = new ArrayList<>();
        try (var reg = ctx.diagnostics().registerHandler(diags::add)) {
            assertThat(Verifier.verify(module).failed()).isTrue();
        }
        assertThat(diags).singleElement().satisfies(d -> {
            assertThat(d.message()).isEqualTo("'other.use' op using value defined outside the region");
            assertThat(d.render()).startsWith("iso.mlir:4:5: error:");
            assertThat(d.notes()).singleElement()
                    .satisfies(n -> assertThat(n.message()).isEqualTo("required by region isolation constraints"));
        });
    }

    /** An interface for the external-model tests. */
    interface Describe {
        String describe(Operation op);
    }

    @Test
    void interfacesAttachFromOutsideTheDialectWhenItLoads() {
        DialectRegistry registry = TestDialect.registry();
        registry.attachInterface("test.symbol", Describe.class, o -> "symbol " + o.attribute("sym_name"));
        Context c = new Context(registry);
        assertThat(c.getLoadedDialect("test")).as("extensions do not load dialects").isNull();
        Operation sym = Operation.create(new OperationState(UnknownLoc.INSTANCE, "test.symbol", c)
                .addAttribute("sym_name", new StringAttr("s")));
        assertThat(sym.getInterface(Describe.class).describe(sym)).isEqualTo("symbol StringAttr[value=s]");
        assertThat(c.lookupOperation("test.return").getInterface(Describe.class)).isNull();
    }

    @Test
    void aPromisedButMissingInterfaceIsAClearError() {
        DialectRegistry registry = new DialectRegistry().insert("prom", cx -> new Dialect("prom", cx) {
            @Override
            protected void initialize() {
                addOperation("op").register();
                declarePromisedInterface("prom.op", Describe.class);
            }
        });
        Context c = new Context(registry);
        OpDefinition def = c.lookupOperation("prom.op");
        assertThat(def.hasUnfulfilledPromise(Describe.class)).isTrue();
        assertThatThrownBy(() -> def.getInterface(Describe.class))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("(`Describe`) that was promised by dialect 'prom' but never implemented for op 'prom.op'");

        registry.attachInterface("prom.op", Describe.class, o -> "done");
        Context c2 = new Context(registry);
        assertThat(c2.lookupOperation("prom.op").getInterface(Describe.class).describe(null)).isEqualTo("done");
    }

    @Test
    void extensionsRunOnceWhenAllTheirDialectsAreLoaded() {
        List<String> runs = new ArrayList<>();
        DialectRegistry registry = TestDialect.registry()
                .insert("second", cx -> new Dialect("second", cx) {
                    @Override
                    protected void initialize() {
                    }
                })
                .addExtension(DialectExtension.of(Set.of("test", "second"), cx -> runs.add("ran")));
        Context c = new Context(registry);
        c.getOrLoadDialect("test");
        assertThat(runs).isEmpty();
        c.getOrLoadDialect("second");
        c.getOrLoadDialect("second");
        c.loadAllAvailableDialects();
        assertThat(runs).containsExactly("ran");
    }

    @Test
    void symbolTableLookupsAndUniqueInsertion() {
        Operation module = IrParser.parse(ctx, """
                "test.symbol"() {sym_name = "a"} : () -> ()
                "test.symbol_table"() ({
                  "test.symbol"() {sym_name = "inner"} : () -> ()
                }) {sym_name = "nested"} : () -> ()
                """, "sym.mlir");
        SymbolTable table = new SymbolTable(module);
        assertThat(table.lookup("a")).isNotNull();
        Operation fresh = Operation.create(new OperationState(UnknownLoc.INSTANCE, "test.symbol", ctx)
                .addAttribute("sym_name", new StringAttr("a")));
        assertThat(table.insert(fresh)).isEqualTo("a_0");
        assertThat(SymbolTable.lookupIn(module, SymbolRefAttr.flat("a_0"))).isSameAs(fresh);
        Operation nested = SymbolTable.lookupIn(module, new SymbolRefAttr("nested", List.of("inner")));
        assertThat(nested).isNotNull();
        assertThat(SymbolTable.symbolName(nested)).isEqualTo("inner");
        assertThat(Map.copyOf(table.symbols())).containsKeys("a", "a_0", "nested");
    }

    /** The first op of {@code module}'s body that is {@code name}. */
    private static Operation first(Operation module, String name) {
        for (Operation op : module.region(0).front()) {
            if (op.is(name)) {
                return op;
            }
        }
        throw new AssertionError("no " + name);
    }

    @Test
    void aSymbolTableCollectionFindsWhatTheScanFindsAndReadsEachTableOnce() {
        Operation module = IrParser.parse(ctx, """
                "test.symbol"() {sym_name = "a"} : () -> ()
                "test.symbol"() {sym_name = "a", second} : () -> ()
                "test.symbol_table"() ({
                  "test.symbol"() {sym_name = "inner"} : () -> ()
                }) {sym_name = "nested"} : () -> ()
                "x.user"() : () -> ()
                """, "sym.mlir");
        Operation user = first(module, "x.user");
        SymbolTableCollection tables = new SymbolTableCollection();
        for (SymbolRefAttr ref : List.of(SymbolRefAttr.flat("a"),
                new SymbolRefAttr("nested", List.of("inner")),
                SymbolRefAttr.flat("missing"),
                new SymbolRefAttr("a", List.of("inner")))) {
            assertThat(tables.lookupNearestSymbolFrom(user, ref)).as("%s", ref)
                    .isSameAs(SymbolTable.lookupNearestSymbolFrom(user, ref));
        }
        assertThat(tables.lookupNearestSymbolFrom(user, SymbolRefAttr.flat("a")).attribute("second"))
                .as("a name defined twice: the first definition, as the scan finds it").isNull();
        // a table read once is not read again: a symbol added afterwards is seen by a new collection only
        Operation late = Operation.create(new OperationState(UnknownLoc.INSTANCE, "test.symbol", ctx)
                .addAttribute("sym_name", new StringAttr("late")));
        module.region(0).front().insertBefore(user, late);
        assertThat(tables.lookupNearestSymbolFrom(user, SymbolRefAttr.flat("late"))).isNull();
        assertThat(new SymbolTableCollection().lookupNearestSymbolFrom(user,
                SymbolRefAttr.flat("late"))).isSameAs(late);
    }

    @Test
    void symbolUseVerifiersShareOneCollectionPerVerifierRun() {
        List<SymbolTableCollection> seen = new ArrayList<>();
        DialectRegistry registry = TestDialect.registry().insert("uses", cx -> new Dialect("uses", cx) {
            @Override
            protected void initialize() {
                addOperation("ref").symbolUseVerifier((op, tables) -> {
                    seen.add(tables);
                    var ref = (SymbolRefAttr) op.attribute("ref");
                    return tables.lookupNearestSymbolFrom(op, ref) != null ? LogicalResult.success()
                            : op.emitOpError("'" + ref.rootReference() + "' names no symbol");
                }).register();
            }
        });
        Context c = new Context(registry);
        Operation module = IrParser.parse(c, """
                "test.symbol"() {sym_name = "a"} : () -> ()
                "uses.ref"() {ref = @a} : () -> ()
                "uses.ref"() {ref = @a} : () -> ()
                """, "uses.mlir");
        assertThat(Verifier.verify(module).succeeded()).isTrue();
        assertThat(seen).hasSize(2);
        assertThat(seen.get(1)).isSameAs(seen.get(0));
        Operation bad = IrParser.parse(c, """
                "uses.ref"() {ref = @missing} : () -> ()
                """, "bad.mlir");
        List<Diagnostic> diags = new ArrayList<>();
        try (var reg = c.diagnostics().registerHandler(diags::add)) {
            assertThat(Verifier.verify(bad).failed()).isTrue();
        }
        assertThat(diags).singleElement()
                .satisfies(d -> assertThat(d.message()).isEqualTo("'uses.ref' op 'missing' names no symbol"));
        assertThat(seen.get(2)).as("another run, another collection").isNotSameAs(seen.get(0));
    }
}
