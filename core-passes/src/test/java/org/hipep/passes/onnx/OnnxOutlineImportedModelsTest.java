package org.hipep.passes.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.hipep.dialects.CoreDialects;
import org.hipep.dialects.func.FuncDialect;
import org.hipep.dialects.onnx.importer.OnnxImporter;
import org.hipep.dialects.onnx.load.OnnxModel;
import org.hipep.dialects.onnx.load.OnnxModelLoader;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ModelProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.OperatorSetIdProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorShapeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TypeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ValueInfoProto;
import org.hipep.ir.Context;
import org.hipep.ir.Diagnostic;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.Operation;
import org.hipep.ir.Severity;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.Type;
import org.hipep.ir.Verifier;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.pass.PassManager;
import org.junit.jupiter.api.Test;

/**
 * {@code onnx-loop-outline} then {@code onnx-if-outline} on ONNX models built here and imported
 * with {@link OnnxImporter} after {@code simplify-onnx}: the callees the importer's regions become,
 * their signatures, and the refusals (node name and reason, module unchanged).
 */
class OnnxOutlineImportedModelsTest {
    private static final int FLOAT = TensorProto.DataType.FLOAT_VALUE;
    private static final int BOOL = TensorProto.DataType.BOOL_VALUE;
    private static final int INT64 = TensorProto.DataType.INT64_VALUE;

    /** What running the two passes gave. */
    record Outcome(Operation module, boolean succeeded, List<String> errors, String before, boolean hadSubgraphs) {
        Set<String> privateFunctions() {
            Set<String> out = new TreeSet<>();
            module.walk(op -> {
                if (op.is(FuncDialect.FUNC) && !SymbolTable.symbolName(op).equals(OnnxImporter.MAIN_GRAPH)) {
                    out.add(SymbolTable.symbolName(op));
                }
            });
            return out;
        }
    }

    static Outcome outline(ModelProto proto) {
        return outline(OnnxModelLoader.fromProto(proto, "test.onnx", null, Path.of(".")));
    }

    static Outcome outline(OnnxModel model) {
        Context ctx = new Context(CoreDialects.register(new DialectRegistry()));
        List<String> errors = new ArrayList<>();
        ctx.diagnostics().registerHandler((Diagnostic d) -> {
            if (d.severity() == Severity.ERROR) {
                errors.add(d.message());
            }
            return true;
        });
        Operation module = OnnxImporter.importModel(ctx, model);
        PassManager simplify = new PassManager();
        simplify.addPass(SimplifyOnnxPass::new);
        assertThat(simplify.run(module).succeeded()).as("simplify-onnx: %s", errors).isTrue();
        String before = module.toString();
        boolean[] subgraphs = {false};
        module.walk(op -> subgraphs[0] |= op.numRegions() > 0 && !op.is(FuncDialect.FUNC) && !op.is("builtin.module"));
        PassManager pm = new PassManager();
        pm.addPass(OnnxLoopOutlinePass::new);
        pm.addPass(OnnxIfOutlinePass::new);
        boolean ok = pm.run(module).succeeded();
        return new Outcome(module, ok, errors, before, subgraphs[0]);
    }

    /** Checks an outlined module: verifies, no region left but functions', every callee fits its caller. */
    static void assertOutlined(Outcome o) {
        assertThat(o.succeeded()).as("outlining succeeds: %s", o.errors()).isTrue();
        assertThat(Verifier.verify(o.module()).succeeded()).as("verifies: %s", o.errors()).isTrue();
        List<String> problems = new ArrayList<>();
        o.module().walk(op -> {
            if (op.numRegions() > 0 && !op.is(FuncDialect.FUNC) && !op.is("builtin.module")) {
                problems.add(op.nameString() + " still has regions");
            }
            if (op.is(OnnxIfOutlinePass.OUTLINED_IF)) {
                for (String attr : List.of("then_branch", "else_branch")) {
                    FunctionType ft = callee(op, attr, problems);
                    if (ft != null && (!ft.inputs().equals(op.operandTypes().subList(1, op.numOperands()))
                            || ft.results().size() != op.numResults())) {
                        problems.add(attr + " " + ft + " does not fit " + op);
                    }
                }
            }
            if (op.is(OnnxLoopOutlinePass.OUTLINED_LOOP)) {
                FunctionType ft = callee(op, "body", problems);
                List<Type> carriedAndCaptures = op.operandTypes().subList(2, op.numOperands());
                if (ft != null && (ft.inputs().size() != op.numOperands()
                        || !ft.inputs().subList(2, ft.inputs().size()).equals(carriedAndCaptures)
                        || ft.results().size() != op.numResults() + 1)) {
                    problems.add("body " + ft + " does not fit " + op);
                }
            }
        });
        assertThat(problems).isEmpty();
    }

    private static FunctionType callee(Operation op, String attr, List<String> problems) {
        if (!(op.attribute(attr) instanceof SymbolRefAttr ref)) {
            problems.add(op.nameString() + " has no symbol " + attr);
            return null;
        }
        Operation f = SymbolTable.lookupNearestSymbolFrom(op, ref);
        if (f == null || !f.is(FuncDialect.FUNC)) {
            problems.add(attr + " @" + ref.leafReference() + " is not a function");
            return null;
        }
        assertThat(f.attribute(SymbolTable.VISIBILITY_ATTR)).isEqualTo(new StringAttr("private"));
        return FuncDialect.functionType(f);
    }

    @Test
    void ifBranchesBecomeFunctionsTakingTheCapturedValues() {
        GraphProto then = graph("then", List.of(), List.of(tensor("t", FLOAT, 2)),
                node("add", "Add", List.of("x", "w"), List.of("t")));
        GraphProto els = graph("else", List.of(), List.of(tensor("e", FLOAT, 2)),
                node("neg", "Neg", List.of("y"), List.of("e")));
        GraphProto main = graph("g", List.of(tensor("c", BOOL), tensor("x", FLOAT, 2), tensor("y", FLOAT, 2)),
                List.of(tensor("z", FLOAT, 2)),
                node("choose/if", "If", List.of("c"), List.of("z"), graphAttr("then_branch", then),
                        graphAttr("else_branch", els)))
                .toBuilder().addInitializer(floats("w", 1f, 2f)).build();
        Outcome o = outline(model(main));
        assertOutlined(o);
        assertThat(o.privateFunctions()).containsExactly("main_graph_choose_if_else", "main_graph_choose_if_then");
        Operation main0 = new SymbolTable(o.module()).lookup(OnnxImporter.MAIN_GRAPH);
        List<Operation> ifs = new ArrayList<>();
        main0.walk(op -> {
            if (op.is(OnnxIfOutlinePass.OUTLINED_IF)) {
                ifs.add(op);
            }
        });
        assertThat(ifs).hasSize(1);
        // The condition, then x (then branch) and y (else branch); the initializer w is copied in.
        assertThat(ifs.get(0).numOperands()).isEqualTo(3);
        FunctionType thenType = FuncDialect.functionType(new SymbolTable(o.module()).lookup("main_graph_choose_if_then"));
        assertThat(thenType.inputs()).hasSize(2);
    }

    @Test
    void loopBodyWithIfAndScanOutputIsOutlinedInnermostFirst() {
        GraphProto then = graph("then", List.of(), List.of(tensor("t", FLOAT, 2)),
                node("mul", "Mul", List.of("a", "x"), List.of("t")));
        GraphProto els = graph("else", List.of(), List.of(tensor("e", FLOAT, 2)),
                node("neg", "Neg", List.of("a"), List.of("e")));
        GraphProto body = graph("body", List.of(tensor("i", INT64), tensor("c", BOOL), tensor("a", FLOAT, 2)),
                List.of(tensor("c_out", BOOL), tensor("a_out", FLOAT, 2), tensor("s_out", FLOAT, 2)),
                node("pick", "If", List.of("c"), List.of("a_out"), graphAttr("then_branch", then),
                        graphAttr("else_branch", els)),
                node("keep", "Not", List.of("c"), List.of("c_not")),
                node("keep2", "Not", List.of("c_not"), List.of("c_out")),
                node("scan", "Add", List.of("a_out", "x"), List.of("s_out")));
        GraphProto main = graph("g", List.of(tensor("m", INT64), tensor("go", BOOL), tensor("a0", FLOAT, 2),
                tensor("x", FLOAT, 2)), List.of(tensor("r", FLOAT, 2), tensor("rs", FLOAT, 3, 2)),
                node("repeat", "Loop", List.of("m", "go", "a0"), List.of("r", "rs"), graphAttr("body", body)));
        Outcome o = outline(model(main));
        assertOutlined(o);
        assertThat(o.privateFunctions()).containsExactly("main_graph_repeat_body",
                "main_graph_repeat_body_pick_else", "main_graph_repeat_body_pick_then");
        FunctionType bodyType = FuncDialect.functionType(new SymbolTable(o.module()).lookup("main_graph_repeat_body"));
        // (iteration_num, cond, a, x) -> (cond, a, scan output)
        assertThat(bodyType.inputs()).hasSize(4);
        assertThat(bodyType.results()).hasSize(3);
    }

    @Test
    void loopInsideAnIfBranchIsOutlinedBeforeTheBranch() {
        GraphProto body = graph("body", List.of(tensor("i", INT64), tensor("c", BOOL), tensor("a", FLOAT, 2)),
                List.of(tensor("c_out", BOOL), tensor("a_out", FLOAT, 2)),
                node("not1", "Not", List.of("c"), List.of("c1")),
                node("not2", "Not", List.of("c1"), List.of("c_out")),
                node("acc", "Add", List.of("a", "x"), List.of("a_out")));
        GraphProto then = graph("then", List.of(), List.of(tensor("t", FLOAT, 2)),
                node("", "Loop", List.of("m", "", "x"), List.of("t"), graphAttr("body", body)));
        GraphProto els = graph("else", List.of(), List.of(tensor("e", FLOAT, 2)),
                node("neg", "Neg", List.of("x"), List.of("e")));
        GraphProto main = graph("g", List.of(tensor("c", BOOL), tensor("m", INT64), tensor("x", FLOAT, 2)),
                List.of(tensor("z", FLOAT, 2)),
                node("", "If", List.of("c"), List.of("z"), graphAttr("then_branch", then),
                        graphAttr("else_branch", els)));
        Outcome o = outline(model(main));
        assertOutlined(o);
        // Unnamed nodes take the importer's label, <OpType>_<index in their graph>.
        assertThat(o.privateFunctions()).containsExactly("main_graph_If_0_else", "main_graph_If_0_then",
                "main_graph_Loop_0_body");
    }

    @Test
    void scanIsRefusedNamingTheNodeAndTheModuleIsUnchanged() {
        GraphProto body = graph("body", List.of(tensor("a", FLOAT, 2), tensor("e", FLOAT, 2)),
                List.of(tensor("a_out", FLOAT, 2)), node("sum", "Add", List.of("a", "e"), List.of("a_out")));
        GraphProto main = graph("g", List.of(tensor("a0", FLOAT, 2), tensor("xs", FLOAT, 3, 2)),
                List.of(tensor("r", FLOAT, 2)),
                node("running_sum", "Scan", List.of("a0", "xs"), List.of("r"), graphAttr("body", body),
                        AttributeProto.newBuilder().setName("num_scan_inputs").setType(AttributeProto.AttributeType.INT)
                                .setI(1).build()));
        Outcome o = outline(model(main));
        assertThat(o.succeeded()).isFalse();
        assertThat(o.errors()).contains("'onnx.Scan' op node 'running_sum' cannot be outlined: only the subgraphs of"
                + " If and Loop are outlined, onnx.Scan keeps its region");
        assertThat(o.module().toString()).isEqualTo(o.before());
    }

    @Test
    void ifBranchWithInputsIsRefusedAndNothingIsOutlined() {
        GraphProto then = graph("then", List.of(tensor("p", FLOAT, 2)), List.of(tensor("t", FLOAT, 2)),
                node("neg", "Neg", List.of("p"), List.of("t")));
        GraphProto els = graph("else", List.of(), List.of(tensor("e", FLOAT, 2)),
                node("neg2", "Neg", List.of("x"), List.of("e")));
        GraphProto good = graph("else", List.of(), List.of(tensor("k", FLOAT, 2)),
                node("neg3", "Neg", List.of("x"), List.of("k")));
        GraphProto main = graph("g", List.of(tensor("c", BOOL), tensor("x", FLOAT, 2)),
                List.of(tensor("z", FLOAT, 2), tensor("z2", FLOAT, 2)),
                node("fine", "If", List.of("c"), List.of("z2"), graphAttr("then_branch", good),
                        graphAttr("else_branch", good)),
                node("odd", "If", List.of("c"), List.of("z"), graphAttr("then_branch", then),
                        graphAttr("else_branch", els)));
        Outcome o = outline(model(main));
        assertThat(o.succeeded()).isFalse();
        assertThat(o.errors()).contains(
                "'onnx.If' op node 'odd' cannot be outlined: subgraph 'then_branch' has 1 inputs; an If branch takes none");
        assertThat(o.module().toString()).isEqualTo(o.before());
        assertThat(o.privateFunctions()).isEmpty();
    }

    // ------------------------------------------------------------------ model builders

    static ValueInfoProto tensor(String name, int elemType, long... dims) {
        TensorShapeProto.Builder shape = TensorShapeProto.newBuilder();
        for (long d : dims) {
            shape.addDimBuilder().setDimValue(d);
        }
        return ValueInfoProto.newBuilder().setName(name).setType(TypeProto.newBuilder()
                .setTensorType(TypeProto.Tensor.newBuilder().setElemType(elemType).setShape(shape))).build();
    }

    static NodeProto node(String name, String op, List<String> inputs, List<String> outputs,
            AttributeProto... attributes) {
        return NodeProto.newBuilder().setName(name).setOpType(op).addAllInput(inputs).addAllOutput(outputs)
                .addAllAttribute(List.of(attributes)).build();
    }

    static AttributeProto graphAttr(String name, GraphProto g) {
        return AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.GRAPH).setG(g).build();
    }

    static GraphProto graph(String name, List<ValueInfoProto> inputs, List<ValueInfoProto> outputs,
            NodeProto... nodes) {
        return GraphProto.newBuilder().setName(name).addAllInput(inputs).addAllOutput(outputs)
                .addAllNode(List.of(nodes)).build();
    }

    static TensorProto floats(String name, float... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            b.putFloat(v);
        }
        return TensorProto.newBuilder().setName(name).setDataType(FLOAT).addDims(values.length)
                .setRawData(ByteString.copyFrom(b.array())).build();
    }

    static ModelProto model(GraphProto graph) {
        return ModelProto.newBuilder().setIrVersion(8).setProducerName("test")
                .addOpsetImport(OperatorSetIdProto.newBuilder().setDomain("").setVersion(17)).setGraph(graph).build();
    }
}
