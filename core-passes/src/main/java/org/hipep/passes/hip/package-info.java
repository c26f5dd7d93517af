/**
 * Passes over the {@code hip} dialect: {@code hip-infer-shapes}, which refines result types and
 * folds known shape arithmetic ({@code ShapeValues}, also read by {@code convert-onnx-to-hip})
 * and constant parameter operands; {@code hip-externalize-constants}, which turns
 * {@code hip.constant} carriers into external globals plus sidecar files (or into
 * {@code arith.constant}), and the guard that no carrier survives it.
 */
package org.hipep.passes.hip;
