/** Import of a loaded ONNX model into onnx dialect IR ({@code func.func @main_graph}). */
package org.hipep.dialects.onnx.importer;
