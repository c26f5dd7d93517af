package org.hipep.dialects.bufferization;

import java.util.List;
import org.hipep.ir.OpOperand;
import org.hipep.ir.Value;
import org.hipep.ir.interfaces.BufferizableOpInterface;
import org.hipep.ir.interfaces.BufferizationState;

/**
 * A base for bufferization models of ops that, unless a model says otherwise, neither read nor
 * write their tensor operands and whose results alias none of them; a model overrides what its
 * op does differently.
 */
public abstract class BufferizationModel implements BufferizableOpInterface {
    @Override
    public boolean bufferizesToMemoryRead(OpOperand operand, BufferizationState state) {
        return false;
    }

    @Override
    public boolean bufferizesToMemoryWrite(OpOperand operand, BufferizationState state) {
        return false;
    }

    @Override
    public List<Value> getAliasingValues(OpOperand operand, BufferizationState state) {
        return List.of();
    }
}
