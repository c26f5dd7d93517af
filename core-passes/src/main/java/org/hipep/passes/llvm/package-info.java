/**
 * Lowering to the llvm dialect: the type converter, the to-LLVM models of the in-tree dialects
 * (attached through dialect extensions, as plugins attach theirs), the one collection point
 * every to-LLVM pass uses ({@link org.hipep.passes.llvm.LLVMConversion}), and the passes
 * {@code convert-to-llvm}, {@code convert-*-to-llvm}, {@code convert-scf-to-cf} and
 * {@code reconcile-unrealized-casts}.
 */
package org.hipep.passes.llvm;
