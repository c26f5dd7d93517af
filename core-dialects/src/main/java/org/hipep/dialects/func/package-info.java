/** The {@code func} dialect: functions, returns and calls. */
package org.hipep.dialects.func;
