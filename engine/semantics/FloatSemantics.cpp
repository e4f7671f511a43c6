// Compiled with -ffp-contract=off (engine/CMakeLists.txt): a*b+c stays two roundings.
#include "semantics/FloatSemantics.h"

#include "semantics/IntegerSemantics.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace vcov {

namespace {

float asFloat(uint64_t b) { return std::bit_cast<float>(uint32_t(b)); }
double asDouble(uint64_t b) { return std::bit_cast<double>(b); }

template <typename F> uint64_t bitsOf(F v) {
    if constexpr (sizeof(F) == 4)
        return std::bit_cast<uint32_t>(v);
    else
        return std::bit_cast<uint64_t>(v);
}

template <typename F> F operand(uint64_t b) {
    if constexpr (sizeof(F) == 4)
        return asFloat(b);
    else
        return asDouble(b);
}

// A NaN result's bits as SSE gives them (FloatSemantics.h), not as the host's compiler
// happened to order the operands.
template <typename F> uint64_t arithmetic(F r, uint64_t ab, uint64_t bb) {
    if (!std::isnan(r))
        return bitsOf<F>(r);
    const uint64_t quiet = sizeof(F) == 4 ? uint64_t(1) << 22 : uint64_t(1) << 51;
    if (std::isnan(operand<F>(ab)))
        return ab | quiet;
    if (std::isnan(operand<F>(bb)))
        return bb | quiet;
    return sizeof(F) == 4 ? DefaultNanFloat : DefaultNanDouble;
}

template <typename F> uint64_t binary(BinaryOp op, uint64_t ab, uint64_t bb) {
    const F a = operand<F>(ab), b = operand<F>(bb);
    switch (op) {
    case BinaryOp::Add: return arithmetic<F>(a + b, ab, bb);
    case BinaryOp::Sub: return arithmetic<F>(a - b, ab, bb);
    case BinaryOp::Mul: return arithmetic<F>(a * b, ab, bb);
    case BinaryOp::Div: return arithmetic<F>(a / b, ab, bb);
    case BinaryOp::Lt: return a < b;
    case BinaryOp::Gt: return a > b;
    case BinaryOp::Le: return a <= b;
    case BinaryOp::Ge: return a >= b;
    case BinaryOp::Eq: return a == b;
    case BinaryOp::Ne: return a != b;
    default: return 0; // the front end gives no other operator floating-point operands
    }
}

template <typename F> uint64_t fromInteger(uint64_t bits, const Type *from) {
    if (from->isSigned)
        return bitsOf<F>(F(signExtend(bits, from->bits)));
    return bitsOf<F>(F(truncateBits(bits, from->bits)));
}

} // namespace

uint64_t floatBinary(BinaryOp op, uint64_t a, uint64_t b, const Type *type) {
    return type->bits == 32 ? binary<float>(op, a, b) : binary<double>(op, a, b);
}

namespace {

template <typename F> uint64_t mathFunction(UnaryOp op, uint64_t ab) {
    const F a = operand<F>(ab);
    switch (op) {
    case UnaryOp::Sqrt: return arithmetic<F>(std::sqrt(a), ab, ab);
    case UnaryOp::Floor: return arithmetic<F>(std::floor(a), ab, ab);
    case UnaryOp::Ceil: return arithmetic<F>(std::ceil(a), ab, ab);
    case UnaryOp::Trunc: return arithmetic<F>(std::trunc(a), ab, ab);
    case UnaryOp::Round: return arithmetic<F>(std::round(a), ab, ab);
    default: return ab;
    }
}

} // namespace

uint64_t floatUnary(UnaryOp op, uint64_t a, const Type *type) {
    const uint64_t sign = uint64_t(1) << (type->bits - 1);
    if (op == UnaryOp::Neg)
        return a ^ sign;
    if (op == UnaryOp::FAbs)
        return a & ~sign;
    return type->bits == 32 ? mathFunction<float>(op, a) : mathFunction<double>(op, a);
}

uint64_t integerToFloat(uint64_t bits, const Type *from, const Type *to) {
    if (from->isBool)
        bits = truncateBits(bits, from->bits) != 0;
    return to->bits == 32 ? fromInteger<float>(bits, from) : fromInteger<double>(bits, from);
}

FloatResult floatToInteger(uint64_t bits, const Type *from, const Type *to) {
    const double v = floatValue(bits, from); // exact: every float is a double
    FloatResult r;
    if (to->isBool) {
        r.bits = v != 0;
        return r;
    }
    const double t = std::trunc(v);
    // The range of `to`, as exact doubles: [-2^(w-1), 2^(w-1)) or [0, 2^w).
    const double hi = std::ldexp(1.0, int(to->bits) - (to->isSigned ? 1 : 0));
    const double lo = to->isSigned ? -hi : 0.0;
    if (std::isnan(v) || t < lo || t >= hi) {
        r.invalid = true;
        return r;
    }
    r.bits = to->isSigned ? truncateBits(uint64_t(int64_t(t)), to->bits) : truncateBits(uint64_t(t), to->bits);
    return r;
}

uint64_t floatToFloat(uint64_t bits, const Type *from, const Type *to) {
    if (from->bits == to->bits)
        return bits;
    // A NaN keeps its sign and the top of its payload, quieted (cvtsd2ss, cvtss2sd).
    if (to->bits == 32 && std::isnan(asDouble(bits)))
        return (bits >> 63) << 31 | 0x7f800000u | ((bits >> 29) & 0x7fffffu) | (uint64_t(1) << 22);
    if (to->bits == 64 && std::isnan(asFloat(bits)))
        return ((bits >> 31) & 1) << 63 | uint64_t(0x7ff) << 52 | (bits & 0x7fffffu) << 29 | (uint64_t(1) << 51);
    if (to->bits == 32)
        return bitsOf<float>(float(asDouble(bits)));
    return bitsOf<double>(double(asFloat(bits)));
}

const Type *machineFloat(unsigned bits) {
    static const auto make = [](unsigned b) {
        Type t;
        t.kind = TypeKind::Float;
        t.bits = b;
        t.sizeBytes = b / 8;
        t.alignBytes = b / 8;
        t.name = b == 32 ? "float" : "double";
        return t;
    };
    static const Type types[2] = {make(32), make(64)};
    return &types[bits == 32 ? 0 : 1];
}

uint64_t inputBitsOfFloat(uint64_t bits, const Type *type) {
    return type->bits == 64 ? bits : floatToFloat(bits, type, machineFloat(64));
}

uint64_t floatOfInputBits(uint64_t raw, const Type *type) {
    return type->bits == 64 ? raw : floatToFloat(raw, machineFloat(64), type);
}

std::string inputText(int64_t raw, const Type *type) {
    return floatText(floatOfInputBits(uint64_t(raw), type), type);
}

double floatValue(uint64_t bits, const Type *type) {
    return type->bits == 32 ? double(asFloat(bits)) : asDouble(bits);
}

uint64_t floatBits(double v, const Type *type) {
    return type->bits == 32 ? bitsOf<float>(float(v)) : bitsOf<double>(v);
}

std::string floatText(uint64_t bits, const Type *type) {
    char buf[64];
    std::to_chars_result r = type->bits == 32 ? std::to_chars(buf, buf + sizeof buf, asFloat(bits))
                                              : std::to_chars(buf, buf + sizeof buf, asDouble(bits));
    std::string s(buf, r.ptr);
    if (s.find_first_of(".eEn") == std::string::npos) // "3" reads as an integer: say it is a float
        s += ".0";
    return s;
}

bool parseFloat(const std::string &text, const Type *type, uint64_t &bits) {
    if (text.empty())
        return false;
    const char *s = text.c_str();
    char *end = nullptr;
    if (type->bits == 32) {
        float v = std::strtof(s, &end);
        bits = bitsOf<float>(v);
    } else {
        double v = std::strtod(s, &end);
        bits = bitsOf<double>(v);
    }
    while (end && (*end == 'f' || *end == 'F' || *end == 'l' || *end == 'L'))
        ++end; // a C suffix
    return end && *end == '\0' && end != s;
}

} // namespace vcov
