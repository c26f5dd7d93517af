/** Entry point that registers the in-tree dialects. */
package org.hipep.dialects;
