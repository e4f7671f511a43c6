// IEEE-754 arithmetic on float (binary32) and double (binary64) as gcc compiles C for
// x86-64 (SSE, FLT_EVAL_METHOD 0, round to nearest even, no contraction into fma): the
// concrete half of vcov's floating point. A value is its bits, as an integer's is; the
// Z3 encoding (bmc/FloatEncoding.cpp) is its symbolic half, on the same bits.
#pragma once

#include "Expr.h"
#include "Types.h"

#include <cstdint>
#include <string>

namespace vcov {

struct FloatResult {
    uint64_t bits = 0;
    bool invalid = false; // a conversion to an integer type that cannot hold the value (UB in C)
};

// NaN results carry the bits SSE gives them, which a union or a byte read can see: an
// operation on a NaN gives it back quieted (the first operand's when both are: the
// instruction's rule, and gcc -O2's order; gcc -O0 puts the second operand of + and *
// first, and C leaves the payload unspecified); an invalid operation on numbers (0/0,
// inf - inf, 0 * inf) gives the default NaN, negative and quiet. A conversion between
// float and double keeps the payload's top bits, quieted.
constexpr uint64_t DefaultNanFloat = 0xffc00000u;
constexpr uint64_t DefaultNanDouble = 0xfff8000000000000u;

// Add, Sub, Mul, Div on operands of `type`; comparisons (Lt ... Ne, IEEE: NaN unordered,
// -0 == +0) give 0 or 1.
uint64_t floatBinary(BinaryOp op, uint64_t a, uint64_t b, const Type *type);
// -x or fabs(x): the sign bit flipped or cleared (for NaN and zeros too, as the machine does);
// sqrt (correctly rounded, as sqrtsd and glibc), floor, ceil, trunc and round (exact; round
// halves away from zero), a NaN argument given back quieted, sqrt of a negative number the
// default NaN.
uint64_t floatUnary(UnaryOp op, uint64_t a, const Type *type);
uint64_t integerToFloat(uint64_t bits, const Type *from, const Type *to);
FloatResult floatToInteger(uint64_t bits, const Type *from, const Type *to);
uint64_t floatToFloat(uint64_t bits, const Type *from, const Type *to);

// float and double independent of any program, as machineInteger (IntegerSemantics.h).
const Type *machineFloat(unsigned bits);

// An input (ExecutionInput) drawn by a float or double is held as the bits of the double
// of its value, whatever its type (every float is a double): "--inputs 0.5" and a test
// file's <input>0.5</input> mean one value without knowing the type first.
uint64_t inputBitsOfFloat(uint64_t bits, const Type *type);
uint64_t floatOfInputBits(uint64_t raw, const Type *type);
// A float input as written in tests and witnesses: "0.5", "-inf", "nan".
std::string inputText(int64_t raw, const Type *type);

double floatValue(uint64_t bits, const Type *type);
uint64_t floatBits(double v, const Type *type); // rounds to float for a float type
// The shortest decimal that reads back to the same value ("0.1", "-inf", "nan").
std::string floatText(uint64_t bits, const Type *type);
// A decimal or hex literal as strtod reads it ("1.5", "0x1p-3", "inf", "nan"); false if none.
bool parseFloat(const std::string &text, const Type *type, uint64_t &bits);

} // namespace vcov
