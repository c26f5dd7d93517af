/**
 * Loading ONNX models: {@link org.hipep.dialects.onnx.load.OnnxModelLoader} parses a
 * {@code .onnx} file under {@link org.hipep.dialects.onnx.load.LoaderLimits}, inlines
 * model-local functions and validates the graph
 * ({@link org.hipep.dialects.onnx.load.OnnxGraphValidator}) into an
 * {@link org.hipep.dialects.onnx.load.OnnxModel}; {@link org.hipep.dialects.onnx.load.OnnxTensors}
 * decodes tensors (every storage form, external data memory-mapped). Every problem is an
 * {@link org.hipep.dialects.onnx.load.OnnxLoadException}.
 */
package org.hipep.dialects.onnx.load;
