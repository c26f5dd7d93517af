/** Access to the native LLVM library through the JavaCPP presets. */
package org.hipep.runtime.llvm;
