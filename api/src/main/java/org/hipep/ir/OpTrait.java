package org.hipep.ir;

/**
 * A property of an operation kind, declared by its {@link OpDefinition}: a marker interface, so
 * that "is this a terminator" is {@code op.hasTrait(OpTrait.IsTerminator.class)}. The verifier
 * checks the structural traits defined here; dialects may define more by extending this
 * interface.
 */
public interface OpTrait {
    /** The op ends a block (must be the last op of its block). */
    interface IsTerminator extends OpTrait {
    }

    /** The op's regions have blocks without a terminator. */
    interface NoTerminator extends OpTrait {
    }

    /** Each region of the op has at most one block. */
    interface SingleBlock extends OpTrait {
    }

    /** No value defined outside the op may be used inside its regions. */
    interface IsolatedFromAbove extends OpTrait {
    }

    /** The op's regions form a symbol table: symbol names in it are unique. */
    interface SymbolTable extends OpTrait {
    }

    /** The op defines a symbol through its {@code sym_name} attribute. */
    interface Symbol extends OpTrait {
    }

    /** The op's regions are graph regions: no dominance between values is required. */
    interface GraphRegion extends OpTrait {
    }

    /** The op has no side effects and may be removed when unused or merged with a twin. */
    interface Pure extends OpTrait {
    }

    /** The op materialises a constant (its single result is known at compile time). */
    interface ConstantLike extends OpTrait {
    }

    /** A terminator that returns from its parent region to the parent op. */
    interface ReturnLike extends OpTrait {
    }

    /** The operands of a binary op may be swapped. */
    interface Commutative extends OpTrait {
    }

    /** Every operand and result has the same type. */
    interface SameOperandsAndResultType extends OpTrait {
    }
}
