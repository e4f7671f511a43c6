#include "semantics/IntegerSemantics.h"

namespace vcov {

const Type *machineInteger(unsigned bits, bool isSigned) {
    static const auto make = [](unsigned b, bool s) {
        Type t;
        t.kind = TypeKind::Int;
        t.bits = b;
        t.isSigned = s;
        t.sizeBytes = b / 8;
        t.alignBytes = b / 8;
        t.name = std::string(s ? "int" : "uint") + std::to_string(b) + "_t";
        return t;
    };
    static const Type types[4][2] = {{make(8, false), make(8, true)},
                                     {make(16, false), make(16, true)},
                                     {make(32, false), make(32, true)},
                                     {make(64, false), make(64, true)}};
    unsigned row = bits <= 8 ? 0 : bits <= 16 ? 1 : bits <= 32 ? 2 : 3;
    return &types[row][isSigned ? 1 : 0];
}

uint64_t truncateBits(uint64_t v, unsigned bits) { return bits >= 64 ? v : v & ((uint64_t(1) << bits) - 1); }

int64_t signExtend(uint64_t v, unsigned bits) {
    if (bits >= 64)
        return int64_t(v);
    uint64_t m = uint64_t(1) << (bits - 1);
    v = truncateBits(v, bits);
    return int64_t((v ^ m) - m);
}

int64_t asSigned(uint64_t bits, const Type *type) {
    return type->isSigned ? signExtend(bits, type->bits) : int64_t(truncateBits(bits, type->bits));
}

uint64_t convertInteger(uint64_t bits, const Type *from, const Type *to) {
    if (to->isBool)
        return truncateBits(bits, from->bits) != 0 ? 1 : 0;
    uint64_t widened = from->isSigned ? uint64_t(signExtend(bits, from->bits)) : truncateBits(bits, from->bits);
    return truncateBits(widened, to->bits);
}

IntegerResult integerUnary(UnaryOp op, uint64_t a, const Type *t) {
    IntegerResult r;
    switch (op) {
    case UnaryOp::Neg:
        r.bits = truncateBits(0 - a, t->bits);
        r.overflow = t->isSigned && truncateBits(a, t->bits) == (uint64_t(1) << (t->bits - 1));
        break;
    case UnaryOp::FAbs: // floats only (FloatSemantics)
    case UnaryOp::Sqrt:
    case UnaryOp::Floor:
    case UnaryOp::Ceil:
    case UnaryOp::Trunc:
    case UnaryOp::Round:
    case UnaryOp::BitNot:
        r.bits = truncateBits(~a, t->bits);
        break;
    case UnaryOp::LogNot:
        r.bits = truncateBits(a, t->bits) == 0 ? 1 : 0;
        break;
    }
    return r;
}

IntegerResult integerBinary(BinaryOp op, uint64_t a, uint64_t b, const Type *t, const Type *rt) {
    IntegerResult r;
    const unsigned w = t->bits;
    const bool s = t->isSigned;
    a = truncateBits(a, w);
    b = truncateBits(b, op == BinaryOp::Shl || op == BinaryOp::Shr ? rt->bits : w);
    const __int128 sa = s ? __int128(signExtend(a, w)) : __int128(a);
    const __int128 sb = s ? __int128(signExtend(b, w)) : __int128(b);
    const __int128 minS = -(__int128(1) << (w - 1)), maxS = (__int128(1) << (w - 1)) - 1;
    auto fits = [&](__int128 v) { return !s || (v >= minS && v <= maxS); };
    switch (op) {
    case BinaryOp::Add: r.bits = truncateBits(a + b, w); r.overflow = !fits(sa + sb); break;
    case BinaryOp::Sub: r.bits = truncateBits(a - b, w); r.overflow = !fits(sa - sb); break;
    case BinaryOp::Mul: r.bits = truncateBits(a * b, w); r.overflow = s && !fits(sa * sb); break;
    case BinaryOp::Div:
    case BinaryOp::Rem:
        if (b == 0) {
            r.divByZero = true;
            break;
        }
        if (s) {
            if (sa == minS && sb == -1) {
                // INT_MIN / -1: the quotient overflows; defined here as the wrapped value.
                r.overflow = true;
                r.bits = op == BinaryOp::Div ? truncateBits(uint64_t(int64_t(minS)), w) : 0;
                break;
            }
            __int128 q = sa / sb, m = sa % sb; // C truncates toward zero, as C++ does
            r.bits = truncateBits(uint64_t(int64_t(op == BinaryOp::Div ? q : m)), w);
        } else {
            r.bits = op == BinaryOp::Div ? a / b : a % b;
        }
        break;
    case BinaryOp::Shl: {
        // The count is the right operand's value; negative or >= width is undefined in C.
        int64_t count = rt->isSigned ? signExtend(b, rt->bits) : int64_t(b);
        if (count < 0 || uint64_t(count) >= w) {
            r.overflow = true;
            r.bits = 0;
            break;
        }
        r.bits = truncateBits(a << count, w);
        // Signed: shifting a negative value, or a 1 into or past the sign bit, is undefined.
        r.overflow = s && (sa < 0 || (count > 0 && (sa >> (w - 1 - count)) != 0));
        break;
    }
    case BinaryOp::Shr: {
        int64_t count = rt->isSigned ? signExtend(b, rt->bits) : int64_t(b);
        if (count < 0 || uint64_t(count) >= w) {
            r.overflow = true;
            r.bits = s && sa < 0 ? truncateBits(~uint64_t(0), w) : 0;
            break;
        }
        r.bits = s ? truncateBits(uint64_t(signExtend(a, w) >> count), w) : a >> count;
        break;
    }
    case BinaryOp::BitAnd: r.bits = a & b; break;
    case BinaryOp::BitOr: r.bits = a | b; break;
    case BinaryOp::BitXor: r.bits = a ^ b; break;
    case BinaryOp::Lt: r.bits = sa < sb; break;
    case BinaryOp::Gt: r.bits = sa > sb; break;
    case BinaryOp::Le: r.bits = sa <= sb; break;
    case BinaryOp::Ge: r.bits = sa >= sb; break;
    case BinaryOp::Eq: r.bits = a == b; break;
    case BinaryOp::Ne: r.bits = a != b; break;
    case BinaryOp::LogAnd: r.bits = (a != 0) && (b != 0); break;
    case BinaryOp::LogOr: r.bits = (a != 0) || (b != 0); break;
    }
    return r;
}

} // namespace vcov
