// C's integer operations on bit-vector terms (IntegerTerms.h).
#include "bmc/IntegerTerms.h"

#include "semantics/IntegerSemantics.h"

namespace vcov::bmc {

z3::expr boolTerm(const z3::expr &b, const Type *t) {
    z3::context &ctx = b.ctx();
    if (b.is_true() || b.is_false())
        return ctx.bv_val(b.is_true() ? 1 : 0, t->bits);
    return z3::ite(b, ctx.bv_val(1, t->bits), ctx.bv_val(0, t->bits));
}

z3::expr convertTerm(const z3::expr &v, const Type *from, const Type *to) {
    z3::context &ctx = v.ctx();
    if (to->isBool)
        return z3::ite(v != ctx.bv_val(0, from->bits), ctx.bv_val(1, 8), ctx.bv_val(0, 8));
    if (to->bits == from->bits)
        return v;
    if (to->bits < from->bits)
        return v.extract(to->bits - 1, 0);
    return from->isSigned ? z3::sext(v, to->bits - from->bits) : z3::zext(v, to->bits - from->bits);
}

z3::expr integerBinaryTerm(BinaryOp op, const z3::expr &x, const z3::expr &y, const Type *t, const Type *right,
                           const Type *result, const IntegerChecks &checks) {
    z3::context &ctx = x.ctx();
    auto check = [&](Property p, const z3::expr &bad, const char *message) {
        if (checks.fail)
            checks.fail(p, bad, message);
    };
    const bool comparison = op == BinaryOp::Lt || op == BinaryOp::Gt || op == BinaryOp::Le || op == BinaryOp::Ge ||
                            op == BinaryOp::Eq || op == BinaryOp::Ne;
    const bool s = t->isSigned;
    const unsigned w = t->bits;
    uint64_t cx, cy;
    if (x.is_numeral_u64(cx) && y.is_numeral_u64(cy)) {
        // Both known: the interpreter's integer semantics computes the value and says
        // statically whether a check fails.
        IntegerResult res = integerBinary(op, cx, cy, t, right);
        if (res.divByZero)
            check(Property::DivisionByZero, ctx.bool_val(true), "division by zero");
        if (res.overflow && checks.overflow)
            check(Property::Overflow, ctx.bool_val(true), "arithmetic overflow on signed integers");
        unsigned rw = result->bits;
        return ctx.bv_val(comparison ? res.bits : truncateBits(res.bits, rw), rw);
    }
    switch (op) {
    case BinaryOp::Lt: return boolTerm(s ? z3::slt(x, y) : z3::ult(x, y), result);
    case BinaryOp::Gt: return boolTerm(s ? z3::sgt(x, y) : z3::ugt(x, y), result);
    case BinaryOp::Le: return boolTerm(s ? z3::sle(x, y) : z3::ule(x, y), result);
    case BinaryOp::Ge: return boolTerm(s ? z3::sge(x, y) : z3::uge(x, y), result);
    case BinaryOp::Eq: return boolTerm(x == y, result);
    case BinaryOp::Ne: return boolTerm(x != y, result);
    case BinaryOp::BitAnd: return x & y;
    case BinaryOp::BitOr: return x | y;
    case BinaryOp::BitXor: return x ^ y;
    case BinaryOp::Add:
    case BinaryOp::Sub:
    case BinaryOp::Mul: {
        z3::expr res = op == BinaryOp::Add ? x + y : op == BinaryOp::Sub ? x - y : x * y;
        if (s && checks.overflow) {
            unsigned ext = op == BinaryOp::Mul ? w : 1;
            z3::expr xe = z3::sext(x, ext), ye = z3::sext(y, ext);
            z3::expr wide = op == BinaryOp::Add ? xe + ye : op == BinaryOp::Sub ? xe - ye : xe * ye;
            check(Property::Overflow, wide != z3::sext(res, ext), "arithmetic overflow on signed integers");
        }
        return res;
    }
    case BinaryOp::Div:
    case BinaryOp::Rem: {
        check(Property::DivisionByZero, y == ctx.bv_val(0, w), "division by zero");
        if (s && checks.overflow)
            check(Property::Overflow, x == ctx.bv_val(uint64_t(1) << (w - 1), w) && y == ctx.bv_val(~uint64_t(0), w),
                  "arithmetic overflow on signed division");
        return op == BinaryOp::Div ? (s ? z3::expr(x / y) : z3::udiv(x, y)) : (s ? z3::srem(x, y) : z3::urem(x, y));
    }
    case BinaryOp::Shl:
    case BinaryOp::Shr: {
        // The count as a 64-bit value, to tell an out-of-range count from a truncated one.
        z3::expr c64 = right->bits == 64 ? y : right->isSigned ? z3::sext(y, 64 - right->bits) : z3::zext(y, 64 - right->bits);
        z3::expr inRange = z3::ult(c64, ctx.bv_val(w, 64));
        z3::expr c = w == 64 ? c64 : c64.extract(w - 1, 0);
        z3::expr res = op == BinaryOp::Shl ? z3::shl(x, c) : s ? z3::ashr(x, c) : z3::lshr(x, c);
        z3::expr outOfRange = op == BinaryOp::Shl || !s ? ctx.bv_val(0, w)
                                                        : z3::ite(z3::slt(x, ctx.bv_val(0, w)), ctx.bv_val(~uint64_t(0), w),
                                                                  ctx.bv_val(0, w));
        if (checks.overflow) {
            z3::expr bad = !inRange;
            if (op == BinaryOp::Shl && s) {
                // A negative value, or bits shifted into or past the sign bit.
                z3::expr back = z3::ashr(res, c);
                bad = bad || z3::slt(x, ctx.bv_val(0, w)) || back != x || z3::slt(res, ctx.bv_val(0, w));
            }
            check(Property::Overflow, bad, "shift out of range");
        }
        return z3::ite(inRange, res, outOfRange);
    }
    case BinaryOp::LogAnd:
    case BinaryOp::LogOr: break;
    }
    throw std::logic_error("integerBinaryTerm: && and || short-circuit, the caller encodes them");
}

bool ofConstants(const z3::expr &e, int depth) {
    if (e.is_numeral())
        return true;
    if (!e.is_app() || depth == 0 || e.num_args() == 0)
        return false;
    for (unsigned i = 0; i < e.num_args(); ++i)
        if (!ofConstants(e.arg(i), depth - 1))
            return false;
    return true;
}

bool constantU64(const z3::expr &e, uint64_t &value) {
    if (e.is_numeral())
        return e.is_numeral_u64(value);
    return ofConstants(e) && e.simplify().is_numeral_u64(value);
}

} // namespace vcov::bmc
