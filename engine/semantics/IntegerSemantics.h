// C integer arithmetic on bit vectors of 1 to 64 bits: the concrete half of vcov's
// semantics. Wrap-around is two's complement; what C leaves undefined is reported by
// the *Overflows / *Undefined predicates so that callers decide (check or define).
// Shifts by a count outside [0, width) follow SMT-LIB (the Z3 encoding uses the same).
#pragma once

#include "Expr.h"
#include "Types.h"

#include <cstdint>

namespace vcov {

// Integer types independent of any program (8, 16, 32 or 64 bits), for what the
// semantics needs itself (printf's promotions, address arithmetic, a default return type).
const Type *machineInteger(unsigned bits, bool isSigned);

uint64_t truncateBits(uint64_t v, unsigned bits);
int64_t signExtend(uint64_t v, unsigned bits);
// The value of `bits` read as `type` (sign-extended when signed).
int64_t asSigned(uint64_t bits, const Type *type);
// Conversion between integer types (C11 6.3.1.3, implementation-defined cases as gcc).
uint64_t convertInteger(uint64_t bits, const Type *from, const Type *to);

struct IntegerResult {
    uint64_t bits = 0;
    bool overflow = false;    // signed overflow, INT_MIN / -1, shift out of range
    bool divByZero = false;
};

// Operands are already of the operation's type (Clang inserted the usual arithmetic
// conversions), except the right operand of shifts.
IntegerResult integerBinary(BinaryOp op, uint64_t a, uint64_t b, const Type *type, const Type *rightType);
IntegerResult integerUnary(UnaryOp op, uint64_t a, const Type *type);

} // namespace vcov
