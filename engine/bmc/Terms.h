// Z3 term builders that fold constants on the spot.
#pragma once

#include <z3++.h>

#include <cstdint>

namespace vcov::bmc {

// Term builders that fold constants on the spot: the formula stays small without
// calling Z3's simplifier, which would walk large shared terms again and again.
// An unsigned bit-vector as 64 bits (a size in bytes, an address): by its sort's width, since
// a pointer type's `bits` is not its width.
inline z3::expr to64(const z3::expr &v) {
    const unsigned w = v.get_sort().bv_size();
    return w >= 64 ? v : z3::zext(v, 64 - w);
}

inline z3::expr andE(const z3::expr &a, const z3::expr &b) {
    if (a.is_false() || b.is_true())
        return a;
    if (b.is_false() || a.is_true())
        return b;
    return a && b;
}

inline z3::expr orE(const z3::expr &a, const z3::expr &b) {
    if (a.is_true() || b.is_false())
        return a;
    if (b.is_true() || a.is_false())
        return b;
    return a || b;
}

inline z3::expr notE(const z3::expr &a) {
    if (a.is_true())
        return a.ctx().bool_val(false);
    if (a.is_false())
        return a.ctx().bool_val(true);
    if (a.is_app() && a.decl().decl_kind() == Z3_OP_NOT)
        return a.arg(0);
    return !a;
}

inline z3::expr addE(const z3::expr &a, const z3::expr &b) {
    uint64_t x, y;
    if (b.is_numeral_u64(y) && y == 0)
        return a;
    if (a.is_numeral_u64(x) && b.is_numeral_u64(y))
        return a.ctx().bv_val(x + y, a.get_sort().bv_size());
    return a + b;
}

// x * bytes for an index scaled to a byte offset: a shift when the size is a power of
// two (Z3 would otherwise bit-blast a full 64-bit multiplier for every array access).
inline z3::expr scaleE(const z3::expr &x, uint64_t bytes) {
    z3::context &c = x.ctx();
    unsigned w = x.get_sort().bv_size();
    uint64_t v;
    if (x.is_numeral_u64(v))
        return c.bv_val(v * bytes, w);
    if (bytes == 1)
        return x;
    if ((bytes & (bytes - 1)) == 0) {
        unsigned k = 0;
        while ((uint64_t(1) << k) != bytes)
            ++k;
        return z3::shl(x, c.bv_val(k, w));
    }
    return x * c.bv_val(bytes, w);
}

inline z3::expr eqE(const z3::expr &a, const z3::expr &b) {
    uint64_t x, y;
    if (a.is_numeral_u64(x) && b.is_numeral_u64(y))
        return a.ctx().bool_val(x == y);
    if (z3::eq(a, b))
        return a.ctx().bool_val(true);
    return a == b;
}

} // namespace vcov::bmc
