// C's integer operations on bit-vector terms, as the interpreter computes them
// (semantics/IntegerSemantics.h): wrap-around, truncating division, shifts whose count is
// out of range. Shared by the BMC encoder and the predicate domain, so that both encode one
// semantics.
#pragma once

#include "Expr.h"
#include "semantics/Properties.h"

#include <z3++.h>

#include <functional>

namespace vcov::bmc {

// The checks an operation may fail: called with the property and the condition under which
// it fails. Overflow checks are made only when `overflow` is set (they cost terms).
struct IntegerChecks {
    std::function<void(Property, const z3::expr &bad, const char *message)> fail;
    bool overflow = false;
};

// 1 or 0 of type t for a Boolean term.
z3::expr boolTerm(const z3::expr &b, const Type *t);
// An integer conversion of a term of type `from` to type `to` (to _Bool: 0 or 1).
z3::expr convertTerm(const z3::expr &v, const Type *from, const Type *to);
// x op y for an integer operation other than && and ||: `operand` is the operands' type
// (Clang converted them), `right` the right operand's (shifts), `result` the expression's.
z3::expr integerBinaryTerm(BinaryOp op, const z3::expr &x, const z3::expr &y, const Type *operand, const Type *right,
                           const Type *result, const IntegerChecks &checks);

// A term built of numerals only, at most `depth` applications deep (`8 + (long)0`): worth
// simplifying. Simplifying every symbolic term instead (a loop's index, grown over the
// unwinding) cost qsort at SIZE=3 minutes and gigabytes.
bool ofConstants(const z3::expr &e, int depth = 4);
// The value of a numeral or of a term of constants; false for anything symbolic.
bool constantU64(const z3::expr &e, uint64_t &value);

} // namespace vcov::bmc
