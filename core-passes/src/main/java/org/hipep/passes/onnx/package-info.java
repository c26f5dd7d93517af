/** ONNX-level passes: {@code simplify-onnx} and its rewrite patterns. */
package org.hipep.passes.onnx;
