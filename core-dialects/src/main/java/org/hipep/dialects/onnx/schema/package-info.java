/**
 * ONNX operator schemas: {@link org.hipep.dialects.onnx.schema.OpSchema} (inputs, outputs,
 * attributes and type constraints of one op version) and the table
 * {@link org.hipep.dialects.onnx.schema.OnnxSchemas}, whose {@code lookup} gives the version in
 * force at an opset. The table is split by op family, one package-private class each.
 */
package org.hipep.dialects.onnx.schema;
