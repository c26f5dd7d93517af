/** Product-wide facts shared by every layer (version). */
package org.hipep.api;
