/** Interfaces that dialects and ops implement for the pipeline: lowering to LLVM, bufferization, memory effects. */
package org.hipep.ir.interfaces;
