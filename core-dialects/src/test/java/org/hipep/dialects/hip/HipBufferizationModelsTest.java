package org.hipep.dialects.hip;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.hipep.dialects.CoreDialects;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.OpDefinition;
import org.hipep.ir.Operation;
import org.hipep.ir.interfaces.BufferizableOpInterface;
import org.hipep.ir.interfaces.MemoryEffects;
import org.hipep.ir.interfaces.MemoryEffects.Kind;
import org.hipep.ir.text.IrParser;
import org.junit.jupiter.api.Test;

/** The hip dialect's bufferization models and the memory effects of the memref form. */
class HipBufferizationModelsTest {
    private static Context context() {
        Context ctx = new Context(CoreDialects.register(new DialectRegistry()));
        ctx.loadAllAvailableDialects();
        return ctx;
    }

    @Test
    void everyComputeOpHasTheDestinationStyleModelAndConstantItsOwn() {
        Dialect hip = context().getLoadedDialect(HipDialect.NAMESPACE);
        assertThat(hip.operations()).hasSizeGreaterThan(80);
        java.util.Set<String> runtime = java.util.Set.of("hip." + HipRuntimeOps.ALLOC_OUTPUT,
                "hip." + HipRuntimeOps.GET_POOL, "hip." + HipRuntimeOps.GET_HOST_SCRATCH);
        for (OpDefinition def : hip.operations()) {
            if (runtime.contains(def.name())) {
                // memref-level ops: nothing to bufferize, a Write effect of their own
                assertThat(def.getInterface(BufferizableOpInterface.class)).as(def.name()).isNull();
                assertThat(def.getInterface(MemoryEffects.class)).as(def.name())
                        .isSameAs(HipRuntimeOps.WRITES_RESULT);
                continue;
            }
            if (def.name().equals("hip." + HipRuntimeOps.GET_CONSTANT)) {
                // memref-level and pure: nothing to bufferize, no effect
                assertThat(def.getInterface(BufferizableOpInterface.class)).as(def.name()).isNull();
                assertThat(def.getInterface(MemoryEffects.class)).as(def.name()).isNull();
                assertThat(def.hasTrait(org.hipep.ir.OpTrait.Pure.class)).as(def.name()).isTrue();
                continue;
            }
            assertThat(def.getInterface(BufferizableOpInterface.class)).as(def.name()).isNotNull();
            if (def.name().equals(ConstantOp.NAME)) {
                assertThat(def.getInterface(MemoryEffects.class)).isNull();
            } else {
                assertThat(def.getInterface(BufferizableOpInterface.class))
                        .isSameAs(HipBufferizationModels.DestinationStyle.INSTANCE);
                assertThat(def.getInterface(MemoryEffects.class)).isNotNull();
            }
        }
    }

    @Test
    void registeringTwiceInOneRegistryAttachesOnce() {
        DialectRegistry registry = CoreDialects.register(CoreDialects.register(new DialectRegistry()));
        Context ctx = new Context(registry);
        ctx.loadAllAvailableDialects();
        assertThat(ctx.lookupOperation("tensor.empty").getInterface(BufferizableOpInterface.class)).isNotNull();
        assertThat(ctx.lookupOperation("hip.add").getInterface(BufferizableOpInterface.class)).isNotNull();
    }

    @Test
    void memrefFormReadsInputsAndWritesDestinationsAndTensorFormIsPure() {
        Context ctx = context();
        Operation module = IrParser.parse(ctx, """
                func.func @f(%x: memref<2x3xf32>, %s: memref<3xf32>, %b: memref<3xf32>, %y: memref<2x3xf32>,
                    %m: memref<2x1xf32>, %v: memref<2x1xf32>, %t: tensor<2x3xf32>) {
                  hip.layer_norm %x, %s, %b, %y, %m, %v {axis = 1 : i64} : (memref<2x3xf32>, memref<3xf32>, memref<3xf32>, memref<2x3xf32>, memref<2x1xf32>, memref<2x1xf32>) -> ()
                  hip.layer_norm %x, %s, %y {axis = 1 : i64} : (memref<2x3xf32>, memref<3xf32>, memref<2x3xf32>) -> ()
                  %0 = hip.exp %t, %t : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
                  return
                }
                """, "effects.mlir");
        Operation body = module.region(0).front().front();
        List<Operation> ops = body.region(0).front().operations();

        List<Kind> threeResults = ops.get(0).getInterface(MemoryEffects.class).effects(ops.get(0)).stream()
                .map(MemoryEffects.Effect::kind).toList();
        assertThat(threeResults).containsExactly(Kind.READ, Kind.READ, Kind.READ, Kind.WRITE, Kind.WRITE, Kind.WRITE);
        List<Kind> oneResult = ops.get(1).getInterface(MemoryEffects.class).effects(ops.get(1)).stream()
                .map(MemoryEffects.Effect::kind).toList();
        assertThat(oneResult).containsExactly(Kind.READ, Kind.READ, Kind.WRITE);
        assertThat(MemoryEffects.isPure(ops.get(0))).isFalse();
        assertThat(MemoryEffects.isPure(ops.get(2))).isTrue();
    }
}
