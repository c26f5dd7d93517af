/**
 * Loading compiled models: the C runtime's bitcode linked into the model, plugin bitcode and
 * libraries, ORC LLJIT or a native {@code .so}, and calls into the generated interface.
 */
package org.hipep.runtime.jit;
