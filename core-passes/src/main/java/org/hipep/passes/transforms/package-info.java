/** Dialect-independent transformations: canonicalize, cse, symbol-dce. */
package org.hipep.passes.transforms;
