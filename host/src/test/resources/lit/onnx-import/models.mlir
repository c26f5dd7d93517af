// Golden imports of the shared real models.

// mnist-8 (IR 3, opset 8): initializers are also graph inputs, so only the image is an argument;
// the convolutions keep auto_pad = SAME_UPPER.
// RUN: hip-onnx-import %shared/models/mnist-8/model.onnx | FileCheck %s --check-prefix=MNIST
// MNIST: onnx.opset_import = {"" = 8 : i64}
// MNIST: func.func @main_graph(%arg0: tensor<1x1x28x28xf32> {onnx.name = "Input3"}) -> (tensor<1x10xf32> {onnx.name = "Plus214_Output_0"})
// MNIST: "onnx.Conv"(%arg0, {{.*}}) {auto_pad = "SAME_UPPER", {{.*}}kernel_shape = array<i64: 5, 5>
// MNIST-COUNT-2: "onnx.MaxPool"

// super-resolution-10: the symbolic batch dimension stays dynamic and keeps its name.
// RUN: hip-onnx-import %shared/models/super-resolution-10/model.onnx | FileCheck %s --check-prefix=SR
// SR: func.func @main_graph(%arg0: tensor<?x1x224x224xf32> {onnx.dim_params = ["batch_size", "", "", ""], onnx.name = "input"}) -> (tensor<?x1x672x672xf32> {onnx.dim_params = ["batch_size", "", "", ""], onnx.name = "output"})
// SR: "onnx.Transpose"({{.*}}) {perm = array<i64: 0, 1, 4, 2, 5, 3>}

// A file that is not ONNX is an error naming the file.
// RUN: not hip-onnx-import %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: {{.*}}models.mlir
