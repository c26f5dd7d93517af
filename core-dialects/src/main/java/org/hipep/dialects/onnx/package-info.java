/**
 * The {@code onnx} dialect: ops for ONNX nodes verified against the ONNX operator schemas
 * ({@link org.hipep.dialects.onnx.schema}) at the module's opset, the sequence, optional and
 * map types, and the external-data attribute.
 */
package org.hipep.dialects.onnx;
