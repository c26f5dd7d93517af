package org.hipep.runtime.jit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.LongPointer;
import org.hipep.runtime.llvm.LlvmModule;
import org.hipep.runtime.toolchain.BundledLlvm;

/** Hand-written LLVM IR for the JIT tests: a model with the generated interface and a fake runtime. */
final class JitTestModules {
    private JitTestModules() {
    }

    /**
     * inference_compute sums input 0 (rank 1, f32), passes the sum through the runtime kernel
     * hipep_scale_f32 and stores it in element 0 of input 1; the state counts computes.
     */
    static final String MODEL = """
            %tensor_t = type { ptr, ptr, i64, i64, i32 }
            %span_t = type { ptr, i64 }
            @meta = private unnamed_addr constant [16 x i8] c"{\\22name\\22:\\22fake\\22}\\00"
            @last_allocator = global ptr null
            @last_freed = global ptr null

            declare ptr @malloc(i64)
            declare void @free(ptr)
            declare float @hipep_scale_f32(float)

            define i32 @inference_init(ptr %out, ptr %fs) {
              %s = call ptr @malloc(i64 8)
              store i64 0, ptr %s
              store ptr %s, ptr %out
              ret i32 0
            }

            define i32 @inference_compute(ptr %state, ptr %span) {
            entry:
              %count = getelementptr %span_t, ptr %span, i32 0, i32 1
              %n_inputs = load i64, ptr %count
              %ok = icmp eq i64 %n_inputs, 2
              br i1 %ok, label %go, label %bad
            bad:
              ret i32 4097
            go:
              %tensors = load ptr, ptr %span
              %data = load ptr, ptr %tensors
              %shape_p = getelementptr %tensor_t, ptr %tensors, i32 0, i32 1
              %shape = load ptr, ptr %shape_p
              %n = load i64, ptr %shape
              br label %loop
            loop:
              %i = phi i64 [ 0, %go ], [ %i1, %body ]
              %acc = phi float [ 0.0, %go ], [ %acc1, %body ]
              %more = icmp slt i64 %i, %n
              br i1 %more, label %body, label %done
            body:
              %p = getelementptr float, ptr %data, i64 %i
              %x = load float, ptr %p
              %acc1 = fadd float %acc, %x
              %i1 = add i64 %i, 1
              br label %loop
            done:
              %r = call float @hipep_scale_f32(float %acc)
              %out_t = getelementptr %tensor_t, ptr %tensors, i64 1
              %out = load ptr, ptr %out_t
              store float %r, ptr %out
              %c = load i64, ptr %state
              %c1 = add i64 %c, 1
              store i64 %c1, ptr %state
              ret i32 0
            }

            define i32 @inference_cleanup(ptr %state) {
              call void @free(ptr %state)
              ret i32 0
            }

            define ptr @inference_get_metadata_json() {
              ret ptr @meta
            }

            define void @hipdnn_ep_set_output_allocator(ptr %state, ptr %alloc) {
              store ptr %alloc, ptr @last_allocator
              ret void
            }
            """;

    /** A fake runtime: the kernel the model uses (x2), one nobody uses, and the host helpers. */
    static final String RUNTIME = """
            %hipep_output_t = type { ptr, i64, [16 x i64], i64, i64 }
            @outputs = global [1 x %hipep_output_t] [%hipep_output_t { ptr null, i64 2,
                [16 x i64] [i64 3, i64 5, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0,
                            i64 0, i64 0, i64 0, i64 0], i64 4, i64 1 }]
            @message = private unnamed_addr constant [11 x i8] c"fake error\\00"

            @last_freed = external global ptr
            declare void @free(ptr)

            define float @hipep_scale_f32(float %x) #0 {
              %r = fmul float %x, 2.0
              ret float %r
            }

            define float @hipep_unused_f32(float %x) #0 {
              %r = fadd float %x, 1.0
              ret float %r
            }

            define ptr @hipep_state_outputs(ptr %state, ptr %count) {
              store i64 1, ptr %count
              ret ptr @outputs
            }

            define ptr @hipep_state_error_message(ptr %state) {
              ret ptr @message
            }

            define void @hipep_free(ptr %p) {
              store ptr %p, ptr @last_freed
              call void @free(ptr %p)
              ret void
            }

            attributes #0 = { "target-cpu"="x86-64" "target-features"="+sse2" "tune-cpu"="generic" }
            """;

    static byte[] bitcode(String ir, String name) {
        try (LlvmModule m = LlvmModule.parseIr(ir, name)) {
            m.verify();
            return m.bitcode();
        }
    }

    static byte[] model() {
        return bitcode(MODEL, "model");
    }

    static byte[] runtime() {
        return bitcode(RUNTIME, "runtime");
    }

    /** One compute of {@link #MODEL} over {@code input} with the state from init; returns the stored result. */
    static float computeOnce(LoadedModel model, float... input) {
        long state = model.init(null);
        try (FloatPointer in = new FloatPointer(input);
                FloatPointer out = new FloatPointer(1);
                LongPointer shape = new LongPointer(new long[] {input.length});
                LongPointer tensors = new LongPointer(10);
                LongPointer span = new LongPointer(2)) {
            tensors.put(0, in.address()).put(1, shape.address()).put(2, 1).put(3, 4).put(4, 0);
            tensors.put(5, out.address()).put(6, shape.address()).put(7, 1).put(8, 4).put(9, 0);
            span.put(0, tensors.address()).put(1, 2);
            assertThat(model.compute(state, span)).as("inference_compute status").isZero();
            try (LongPointer st = new LongPointer(new org.bytedeco.javacpp.Pointer() {
                {
                    address = state;
                }
            })) {
                assertThat(st.get(0)).as("computes counted by the state").isEqualTo(1);
            }
            return out.get(0);
        } finally {
            model.cleanup(state);
        }
    }

    /** Runs a bundled LLVM tool; a non-zero exit fails the test. */
    static void tool(String name, String... args) throws IOException, InterruptedException {
        assertThat(BundledLlvm.run(name, List.of(args))).as(name + " " + String.join(" ", args)).isZero();
    }

    /** Builds {@code lib<name>.so} in {@code dir} from C source with the bundled clang and ld.lld. */
    static Path sharedLibrary(Path dir, String name, String c) throws IOException, InterruptedException {
        Path src = Files.writeString(dir.resolve(name + ".c"), c);
        Path obj = dir.resolve(name + ".o");
        tool("clang", "-O1", "-fPIC", "-c", src.toString(), "-o", obj.toString());
        Path so = dir.resolve("lib" + name + ".so");
        tool("ld.lld", "-shared", obj.toString(), "-o", so.toString());
        return so;
    }

    /** Builds {@code lib<name>.a} in {@code dir} from C source with the bundled clang and llvm-ar. */
    static Path staticLibrary(Path dir, String name, String c) throws IOException, InterruptedException {
        Path src = Files.writeString(dir.resolve(name + ".c"), c);
        Path obj = dir.resolve(name + ".o");
        tool("clang", "-O1", "-fPIC", "-c", src.toString(), "-o", obj.toString());
        Path ar = dir.resolve("lib" + name + ".a");
        tool("llvm-ar", "rcs", ar.toString(), obj.toString());
        return ar;
    }

    /** A fake runtime with {@code n} extra kernels (loops) nobody calls, to measure internalization. */
    static String runtimeWithUnusedKernels(int n) {
        List<String> parts = new ArrayList<>(List.of(RUNTIME));
        for (int k = 0; k < n; k++) {
            parts.add(("""
                    define void @hipep_generated_%d(ptr %%a, ptr %%b, i64 %%n) {
                    entry:
                      br label %%loop
                    loop:
                      %%i = phi i64 [ 0, %%entry ], [ %%i1, %%loop ]
                      %%pa = getelementptr float, ptr %%a, i64 %%i
                      %%pb = getelementptr float, ptr %%b, i64 %%i
                      %%x = load float, ptr %%pa
                      %%y = call float @llvm.exp.f32(float %%x)
                      %%z = fmul float %%y, %d.0
                      store float %%z, ptr %%pb
                      %%i1 = add i64 %%i, 1
                      %%more = icmp slt i64 %%i1, %%n
                      br i1 %%more, label %%loop, label %%done
                    done:
                      ret void
                    }
                    """).formatted(k, k + 1));
        }
        parts.add("declare float @llvm.exp.f32(float)\n");
        return String.join("\n", parts);
    }
}
