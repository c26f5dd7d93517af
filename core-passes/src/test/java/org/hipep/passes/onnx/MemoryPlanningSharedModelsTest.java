package org.hipep.passes.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hipep.ir.Operation;
import org.hipep.ir.Severity;
import org.hipep.ir.Verifier;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.pass.Pass;
import org.hipep.pass.PassInstrumentation;
import org.hipep.pass.PassManager;
import org.hipep.passes.OnnxToHipPipeline;
import org.hipep.passes.memory.PoolAllocsPass;
import org.hipep.plugin.PipelineSlotHook;
import org.hipep.testing.data.SharedData;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Memory planning on two shared models: import → {@code onnx-to-hip-pipeline} (constants
 * externalized into a temporary folder) → {@code one-shot-bufferize} (function boundaries) →
 * {@code hip-use-output-allocator} → {@code hip-pool-allocs{emit-fragmentation-report}}. The
 * transient buffers are measured here, from the IR before pooling (used entry-block allocs of
 * the device functions, all static in these models), independently of the pass; the result must
 * verify, keep no transient alloc, and its pool (the sum of the domains' static sizes in the
 * module attributes) must be no larger than the sum of the transient buffers and at least the
 * largest of them. Both numbers are printed (docs/BENCHMARKS.md, "Memory planning").
 */
class MemoryPlanningSharedModelsTest {
    @TempDir
    Path outputs;

    @ParameterizedTest
    @ValueSource(strings = {"mnist-8", "light-resnet50"})
    void poolIsBetweenTheLargestBufferAndTheSumOfAll(String model) throws Exception {
        ImportedModel imported = ImportedModel.load(SharedData.dir(SharedData.MODELS).resolve(model)
                .resolve("model.onnx"));
        Operation module = imported.module();
        List<String> remarks = new ArrayList<>();
        module.context().diagnostics().registerHandler(d -> {
            if (d.severity() == Severity.REMARK) {
                remarks.add(d.message());
                return true;
            }
            return false;
        });
        Path dir = Files.createDirectories(outputs.resolve(model));
        // The whole onnx-to-hip-pipeline, which ends with hip-pool-allocs; the transient buffers
        // are measured on the module as hip-pool-allocs receives it (these models have one device
        // function), and the pass runs with its fragmentation report.
        long[][] before = new long[1][];
        long[] peakBefore = new long[1];
        PassManager pm = new PassManager();
        pm.enableVerifier(true);
        pm.addInstrumentation(new PassInstrumentation() {
            @Override
            public void runBeforePass(Pass pass, Operation op) {
                if (pass instanceof PoolAllocsPass pool && before[0] == null) {
                    before[0] = transientBuffers(op.parentOp());
                    peakBefore[0] = peakLiveBytes(op.parentOp());
                    pool.options().parse("emit-fragmentation-report");
                }
            }
        });
        OnnxToHipPipeline.build(pm, new OnnxToHipPipeline.Options(dir.toString(), 1L, false), PipelineSlotHook.NONE);
        assertThat(pm.run(module).succeeded()).as("onnx-to-hip-pipeline: " + imported.errors()).isTrue();
        assertThat(before[0]).as("hip-pool-allocs ran").isNotNull();

        long[] measured = before[0];
        long sum = measured[0];
        long largest = measured[1];
        long count = measured[2];
        long peak = peakBefore[0];
        assertThat(measured[3]).as("dynamic transient buffers (these models are static)").isZero();
        assertThat(count).as("transient buffers").isPositive();
        assertThat(Verifier.verify(module).succeeded()).as("verifies: " + imported.errors()).isTrue();
        assertThat(transientBuffers(module)[2]).as("transient allocs left").isZero();

        long poolBytes = poolBytes(module);
        System.out.println("memory planning " + model + ": pool " + poolBytes + " bytes, transient buffers "
                + sum + " bytes in " + count + " (largest " + largest + " bytes, at most " + peak
                + " bytes live at once); " + remarks);
        assertThat(module.attribute(PoolAllocsPass.BUFFER_COUNT)).isEqualTo(IntegerAttr.i64(count));
        assertThat(poolBytes).as("pool vs the sum of the transient buffers").isLessThanOrEqualTo(sum);
        assertThat(poolBytes).as("pool vs the largest transient buffer").isGreaterThanOrEqualTo(largest);
        assertThat(poolBytes).as("pool vs the bytes live at once").isGreaterThanOrEqualTo(peak);
        assertThat(remarks).anyMatch(r -> r.startsWith("fragmentation: pool " + poolBytes + " bytes for " + count
                + " static transient buffers of " + sum + " bytes"));
    }

    /** {sum of static bytes, largest, count, dynamic count} of the transient allocs of device functions. */
    private static long[] transientBuffers(Operation module) {
        long[] r = new long[4];
        for (Operation func : module.region(0).front()) {
            if (!func.is("func.func") || func.region(0).isEmpty()
                    || func.region(0).front().numArguments() == 0
                    || !func.region(0).front().argument(0).type().toString().equals("!hip.context")) {
                continue;
            }
            for (Operation op : func.region(0).front()) {
                if (!op.is("memref.alloc") || op.result(0).useEmpty()
                        || op.result(0).users().stream().anyMatch(u -> u.is("func.return"))) {
                    continue;
                }
                MemRefType type = (MemRefType) op.result(0).type();
                if (!type.hasStaticShape()) {
                    r[3]++;
                    r[2]++;
                    continue;
                }
                long bytes = bytesPerElement(type);
                for (long d : type.shape()) {
                    bytes *= d;
                }
                r[0] += bytes;
                r[1] = Math.max(r[1], bytes);
                r[2]++;
            }
        }
        return r;
    }

    /**
     * The most bytes of transient buffers live at one op of a device function, each buffer living
     * from its alloc to its last direct use: a lower bound for any placement (uses through views
     * only lengthen lifetimes).
     */
    private static long peakLiveBytes(Operation module) {
        long peak = 0;
        for (Operation func : module.region(0).front()) {
            if (!func.is("func.func") || func.region(0).isEmpty()) {
                continue;
            }
            List<Operation> ops = func.region(0).front().operations();
            java.util.Map<Operation, Integer> position = new java.util.IdentityHashMap<>();
            for (int i = 0; i < ops.size(); i++) {
                position.put(ops.get(i), i);
            }
            long[] delta = new long[ops.size() + 1];
            for (int i = 0; i < ops.size(); i++) {
                Operation op = ops.get(i);
                if (!op.is("memref.alloc") || op.result(0).useEmpty()
                        || !(op.result(0).type() instanceof MemRefType type) || !type.hasStaticShape()) {
                    continue;
                }
                int end = i;
                for (Operation u : op.result(0).users()) {
                    end = Math.max(end, position.getOrDefault(u, i));
                }
                long bytes = bytesPerElement(type);
                for (long d : type.shape()) {
                    bytes *= d;
                }
                delta[i] += bytes;
                delta[end + 1] -= bytes;
            }
            long live = 0;
            for (long d : delta) {
                live += d;
                peak = Math.max(peak, live);
            }
        }
        return peak;
    }

    private static long bytesPerElement(MemRefType type) {
        String t = type.elementType().toString();
        return switch (t) {
            case "f64", "i64", "index" -> 8;
            case "f32", "i32" -> 4;
            case "f16", "bf16", "i16" -> 2;
            default -> 1;
        };
    }

    private static long poolBytes(Operation module) {
        if (module.attribute(PoolAllocsPass.POOL_SIZES) instanceof DenseArrayAttr sizes) {
            long total = 0;
            for (long s : sizes.asLongs()) {
                total += s;
            }
            return total;
        }
        return ((IntegerAttr) module.attribute(PoolAllocsPass.POOL_SIZE)).longValue();
    }
}
