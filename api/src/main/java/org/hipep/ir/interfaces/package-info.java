/** Interfaces that dialects and ops implement for the pipeline: lowering to LLVM, and later bufferization, memory effects and shape inference. */
package org.hipep.ir.interfaces;
