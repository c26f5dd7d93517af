/** Entry point that registers the in-tree passes and pipelines. */
package org.hipep.passes;
