/** The LLVM toolchain bundled in the JavaCPP presets (clang), made usable from Java and the build. */
package org.hipep.runtime.toolchain;
