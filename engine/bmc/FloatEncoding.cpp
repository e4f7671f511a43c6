// Floating point in the encoder (Encoder.h). A float or double is held as its IEEE bits in
// memory and merges, so the symbolic memory needs nothing new; an operation reads the bits
// as a Z3 floating-point term (fp.to_fp of a bit-vector), computes in the theory with
// round-to-nearest-even (gcc's default on x86-64, SSE) and writes the result's bits back.
// Operations on constants are folded by the interpreter's semantics (FloatSemantics.h), so
// both agree on every value they compute.
#include "bmc/Encoder.h"

#include "semantics/FloatSemantics.h"

#include <cmath>

namespace vcov::bmc {

namespace {

z3::sort floatSort(z3::context &ctx, const Type *t) {
    return t->bits == 32 ? ctx.fpa_sort(8, 24) : ctx.fpa_sort(11, 53);
}

} // namespace

z3::expr Encoder::resultBits(const z3::expr &result, const Type *t, const std::vector<z3::expr> &operands) {
    // Z3 has one NaN and no bits for it: the bits are the machine's (FloatSemantics.h), the
    // first NaN operand's quieted, else the default NaN.
    const unsigned w = t->bits;
    const z3::expr quiet = ctx.bv_val(uint64_t(1) << (w == 32 ? 22 : 51), w);
    z3::expr nan = ctx.bv_val(w == 32 ? DefaultNanFloat : DefaultNanDouble, w);
    for (size_t i = operands.size(); i-- > 0;)
        nan = z3::ite(z3::expr(ctx, Z3_mk_fpa_is_nan(ctx, toFloat(operands[i], t))), operands[i] | quiet, nan);
    return z3::ite(z3::expr(ctx, Z3_mk_fpa_is_nan(ctx, result)), nan, result.mk_to_ieee_bv());
}

z3::expr Encoder::toFloat(const z3::expr &bits, const Type *t) {
    floatingPoint = true;
    return z3::expr(ctx, Z3_mk_fpa_to_fp_bv(ctx, bits, floatSort(ctx, t)));
}

SymValue Encoder::floatBinary(const Expr &e, const SymValue &a, const SymValue &b) {
    const Type *t = e.ops[0]->type;
    uint64_t x, y;
    if (a.bv.is_numeral_u64(x) && b.bv.is_numeral_u64(y))
        return {false, ctx.bv_val(vcov::floatBinary(e.binaryOp, x, y, t), e.type->bits), {}};
    const z3::expr fa = toFloat(a.bv, t), fb = toFloat(b.bv, t);
    const z3::expr rne(ctx, Z3_mk_fpa_rne(ctx));
    auto value = [&](Z3_ast r) { return SymValue{false, resultBits(z3::expr(ctx, r), t, {a.bv, b.bv}), {}}; };
    switch (e.binaryOp) {
    case BinaryOp::Add: return value(Z3_mk_fpa_add(ctx, rne, fa, fb));
    case BinaryOp::Sub: return value(Z3_mk_fpa_sub(ctx, rne, fa, fb));
    case BinaryOp::Mul: return value(Z3_mk_fpa_mul(ctx, rne, fa, fb));
    case BinaryOp::Div: return value(Z3_mk_fpa_div(ctx, rne, fa, fb));
    case BinaryOp::Lt: return fromBool(z3::expr(ctx, Z3_mk_fpa_lt(ctx, fa, fb)), e.type);
    case BinaryOp::Gt: return fromBool(z3::expr(ctx, Z3_mk_fpa_gt(ctx, fa, fb)), e.type);
    case BinaryOp::Le: return fromBool(z3::expr(ctx, Z3_mk_fpa_leq(ctx, fa, fb)), e.type);
    case BinaryOp::Ge: return fromBool(z3::expr(ctx, Z3_mk_fpa_geq(ctx, fa, fb)), e.type);
    case BinaryOp::Eq: return fromBool(z3::expr(ctx, Z3_mk_fpa_eq(ctx, fa, fb)), e.type);
    case BinaryOp::Ne: return fromBool(!z3::expr(ctx, Z3_mk_fpa_eq(ctx, fa, fb)), e.type);
    default: break;
    }
    throw BmcUnsupported{std::string("operator ") + binaryOpSpelling(e.binaryOp) + " on floating point"};
}

SymValue Encoder::floatFunction(const Expr &e, const SymValue &a) {
    const Type *t = e.type;
    const z3::expr f = toFloat(a.bv, t);
    Z3_ast r = nullptr;
    switch (e.unaryOp) {
    case UnaryOp::Sqrt: r = Z3_mk_fpa_sqrt(ctx, z3::expr(ctx, Z3_mk_fpa_rne(ctx)), f); break;
    case UnaryOp::Floor: r = Z3_mk_fpa_round_to_integral(ctx, z3::expr(ctx, Z3_mk_fpa_rtn(ctx)), f); break;
    case UnaryOp::Ceil: r = Z3_mk_fpa_round_to_integral(ctx, z3::expr(ctx, Z3_mk_fpa_rtp(ctx)), f); break;
    case UnaryOp::Trunc: r = Z3_mk_fpa_round_to_integral(ctx, z3::expr(ctx, Z3_mk_fpa_rtz(ctx)), f); break;
    case UnaryOp::Round: r = Z3_mk_fpa_round_to_integral(ctx, z3::expr(ctx, Z3_mk_fpa_rna(ctx)), f); break;
    default: throw BmcUnsupported{std::string("operator ") + unaryOpSpelling(e.unaryOp) + " on floating point"};
    }
    return {false, resultBits(z3::expr(ctx, r), t, {a.bv}), {}};
}

SymValue Encoder::floatCast(const Expr &e, const SymValue &a, Eval &ev) {
    const Type *from = e.ops[0]->type, *to = e.type;
    uint64_t k;
    const z3::expr rne(ctx, Z3_mk_fpa_rne(ctx));
    switch (e.castKind) {
    case CastKind::IntToFloat: {
        if (a.bv.is_numeral_u64(k))
            return {false, ctx.bv_val(integerToFloat(k, from, to), to->bits), {}};
        floatingPoint = true;
        z3::expr f(ctx, from->isSigned ? Z3_mk_fpa_to_fp_signed(ctx, rne, a.bv, floatSort(ctx, to))
                                       : Z3_mk_fpa_to_fp_unsigned(ctx, rne, a.bv, floatSort(ctx, to)));
        return {false, f.mk_to_ieee_bv(), {}};
    }
    case CastKind::FloatToFloat: {
        if (a.bv.is_numeral_u64(k))
            return {false, ctx.bv_val(floatToFloat(k, from, to), to->bits), {}};
        z3::expr f(ctx, Z3_mk_fpa_to_fp_float(ctx, rne, toFloat(a.bv, from), floatSort(ctx, to)));
        // A NaN keeps its sign and the top of its payload, quieted, as cvtss2sd and cvtsd2ss do.
        const z3::expr payload = from->bits == 64
                                     ? z3::concat(a.bv.extract(63, 63), z3::concat(ctx.bv_val(0xff, 8), a.bv.extract(51, 29))) |
                                           ctx.bv_val(uint64_t(1) << 22, 32)
                                     : z3::concat(z3::concat(a.bv.extract(31, 31), ctx.bv_val(0x7ff, 11)),
                                                  z3::concat(a.bv.extract(22, 0), ctx.bv_val(0, 29))) |
                                           ctx.bv_val(uint64_t(1) << 51, 64);
        return {false, z3::ite(z3::expr(ctx, Z3_mk_fpa_is_nan(ctx, f)), payload, f.mk_to_ieee_bv()), {}};
    }
    case CastKind::FloatToInt: {
        if (a.bv.is_numeral_u64(k)) {
            FloatResult r = floatToInteger(k, from, to);
            if (r.invalid)
                check(Property::Overflow, ctx.bool_val(true), ev,
                      "floating-point value out of the range of '" + to->spelling() + "' in a conversion");
            return {false, ctx.bv_val(r.bits, to->bits), {}};
        }
        // C truncates toward zero; a value whose truncation the type cannot hold is UB: a
        // violation of the overflow property when it is checked, else no execution goes on
        // (as the interpreter stops there), so Z3's unspecified result is never used.
        const z3::expr f = toFloat(a.bv, from);
        const z3::expr rtz(ctx, Z3_mk_fpa_rtz(ctx));
        const z3::expr whole(ctx, Z3_mk_fpa_round_to_integral(ctx, rtz, f));
        const z3::sort s = floatSort(ctx, from);
        const double hi = std::ldexp(1.0, int(to->bits) - (to->isSigned ? 1 : 0));
        const z3::expr hiF(ctx, Z3_mk_fpa_numeral_double(ctx, hi, s));
        const z3::expr loF(ctx, Z3_mk_fpa_numeral_double(ctx, to->isSigned ? -hi : 0.0, s));
        const z3::expr inRange = z3::expr(ctx, Z3_mk_fpa_geq(ctx, whole, loF)) && z3::expr(ctx, Z3_mk_fpa_lt(ctx, whole, hiF));
        check(Property::Overflow, !inRange, ev,
              "floating-point value out of the range of '" + to->spelling() + "' in a conversion");
        return {false, z3::expr(ctx, to->isSigned ? Z3_mk_fpa_to_sbv(ctx, rtz, f, to->bits) : Z3_mk_fpa_to_ubv(ctx, rtz, f, to->bits)), {}};
    }
    default: break;
    }
    throw BmcUnsupported{"floating-point conversion"};
}

} // namespace vcov::bmc
