// RUN: hip-onnx-runner -m %examples/small-cnn/model.onnx -i %examples/small-cnn/test_data_set_1 --compare --iterations 3 --cache-dir %t/cache | FileCheck %s
// RUN: hip-onnx-runner -m %examples/small-cnn/model.onnx -i %examples/small-cnn/test_data_set_1 --compare --cache-dir %t/cache | FileCheck %s --check-prefix=CACHED
// RUN: hip-onnx-runner -m %examples/small-cnn/model.onnx --free-dim batch:5 --cache-dir %t/cache | FileCheck %s --check-prefix=RANDOM
// RUN: not hip-onnx-runner -m %examples/small-cnn/model.onnx -i %examples/small-cnn/test_data_set_1 --compare 0,0 --cache-dir %t/cache | FileCheck %s --check-prefix=STRICT
// RUN: hip-onnx-runner --conformance %examples --cache-dir %t/cache | FileCheck %s --check-prefix=CONF
// RUN: not hip-onnx-runner -m %t/missing.onnx --cache-dir %t/cache 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: hip-compiler %examples/small-cnn/model.onnx -o %t/out/cnn.bc | FileCheck %s --check-prefix=COMPILE-BC
// RUN: hip-compiler %examples/small-cnn/model.onnx -o %t/out/cnn.so | FileCheck %s --check-prefix=COMPILE-SO
// RUN: hip-inspect %t/out/cnn.bc | FileCheck %s --check-prefix=INSPECT
// RUN: hip-inspect %t/out/cnn.so --json | FileCheck %s --check-prefix=JSON
// RUN: hip-test %t/out/cnn.bc --input-shape '0=4,1,8,8' --iterations 2 --validate --verbose | FileCheck %s --check-prefix=TEST
// RUN: hip-test %t/out/cnn.so --iterations 2 --validate | FileCheck %s --check-prefix=TEST-SO
// RUN: not hip-inspect %examples/small-cnn/model.onnx 2>&1 | FileCheck %s --check-prefix=NOT-BITCODE
// RUN: hip-onnx-runner -m %examples/small-cnn/model.onnx --iterations 4 --cache-dir %t/cache --profile %t/prof/cnn | FileCheck %s --check-prefix=PROFILE
// RUN: hip-onnx-runner -m %examples/small-cnn/model.onnx --iterations 2 --warmup 3 --cache-dir %t/cache --profile %t/prof/cnn3 | FileCheck %s --check-prefix=WARMUP
// RUN: hip-onnx-runner -m %shared/models/light-squeezenet/model.onnx --iterations 2 --threads 1 --cache-dir %t/cache | FileCheck %s --check-prefix=SEARCH

// The example model runs and matches its expected outputs, with the timings. With more than one
// timed run, untimed runs come first until the convolution search has picked every shape's way:
// one run for a model without a 3x3 convolution Winograd could take, 25 for light-squeezenet
// (the 24 runs of the trial, then the one that picks); --warmup sets the count, and the profile
// leaves those runs out.
// CHECK: model: {{.*}}small-cnn/model.onnx
// CHECK: compile: {{[0-9.]+}} ms
// CHECK: load (link, optimise, JIT, or the cached object code): {{[0-9.]+}} ms
// CHECK: input  image: f32[batch, 1, 8, 8]
// CHECK-NEXT: warm-up: 1 run{{$}}
// CHECK-NEXT: output probabilities: FLOAT[3, 10] [
// CHECK-NEXT: compare (rtol 0.001, atol 1.0E-7): match
// CHECK: first run: {{[0-9.]+}} ms
// CHECK: median run: {{[0-9.]+}} ms over 3 runs after the warm-up
// SEARCH: warm-up: 25 runs (until the convolution search had picked every shape's way)
// SEARCH: median run: {{[0-9.]+}} ms over 2 runs after the warm-up
// WARMUP: warm-up: 3 runs{{$}}
// WARMUP: median run: {{[0-9.]+}} ms over 2 runs after the warm-up
// WARMUP-NEXT: profile: 5 kernel call sites, medians over 2 runs (the warm-up left out)

// The second run takes the compiled model from the cache.
// CACHED: compile: from the cache ({{.*}}cache{{.*}})
// CACHED: compare (rtol 0.001, atol 1.0E-7): match

// Random inputs with the symbolic batch set by name.
// RANDOM: output probabilities: FLOAT[5, 10]

// With no tolerance at all float32 results do not equal the float64 reference: exit code 1.
// STRICT: compare (rtol 0.0, atol 0.0): {{[0-9]+}} of 30 elements differ

// The conformance mode: the table and the totals line (the progress goes to stderr).
// CONF: test{{ +}}result{{ +}}compile ms{{ +}}run ms{{ +}}detail
// CONF-NEXT: small-cnn{{ +}}pass
// CONF: 1 passed, 0 failed

// MISSING: error: cannot read the model {{.*}}missing.onnx

// COMPILE-BC: LLVM_IR: {{.*}}cnn.bc ({{[0-9]+}} bytes)
// COMPILE-SO: NATIVE: {{.*}}cnn.so ({{[0-9]+}} bytes)

// INSPECT: input  image: f32[?, 1, 8, 8]
// INSPECT: output probabilities: f32[?, 10]
// INSPECT: constants: {{[0-9]+}} ({{[0-9]+}} bytes) in cnn.constants.bin

// JSON: "inputs": [
// JSON: "name": "image",

// TEST: input 0 image: [4, 1, 8, 8]
// TEST: output probabilities: FLOAT[4, 10]
// TEST: validate: every output is finite
// TEST: first run: {{[0-9.]+}} ms; median: {{[0-9.]+}} ms over 2 runs

// TEST-SO: input 0 image: [1, 1, 8, 8]
// TEST-SO: validate: every output is finite

// NOT-BITCODE: error: {{.*}}model.onnx: {{.*}}not LLVM bitcode

// --profile: the time of every kernel call, per node (Conv and Relu fused into one call), medians
// over the runs after the warm-up, then the trace file.
// PROFILE: median run: {{[0-9.]+}} ms over 4 runs after the warm-up
// PROFILE-NEXT: profile: 5 kernel call sites, medians over 4 runs (the warm-up left out)
// PROFILE-NEXT: node{{ +}}op{{ +}}calls{{ +}}median us{{ +}}run %{{ +}}kernel
// PROFILE-NEXT: conv+relu{{ +}}hip.conv{{ +}}1{{ +}}{{[0-9.]+}}{{ +}}{{[0-9.]+}}{{ +}}hipep_conv_f32_in3_clamp
// PROFILE-NEXT: pool{{ +}}hip.max_pool{{ +}}1{{ +}}{{[0-9.]+}}{{ +}}{{[0-9.]+}}{{ +}}hipep_max_pool_f32_out1
// PROFILE-NEXT: flatten{{ +}}hip.flatten{{ +}}1
// PROFILE-NEXT: fc{{ +}}hip.gemm{{ +}}1
// PROFILE-NEXT: softmax{{ +}}hip.softmax{{ +}}1
// PROFILE-NEXT: kernel calls: {{[0-9.]+}} ms (the sum of the medians) of the median run's {{[0-9.]+}} ms ({{[0-9.]+}}%); the other {{-?[0-9.]+}} ms are outside kernel calls
// PROFILE-NEXT: profile: {{.*}}prof/cnn_{{[0-9_-]+}}.json
