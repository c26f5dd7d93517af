/**
 * The compiler driver: ONNX model in, compiled module out, through the built-in pipeline with
 * the selected plugins' slot requests, or through the {@code HIPDNN_EP_PIPELINE} override.
 */
package org.hipep.host.compiler;
