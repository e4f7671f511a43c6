// CBMC's __CPROVER_overflow_plus/minus/mult, as aws-c-common's checked arithmetic uses them
// (math.cbmc.inl): they say exactly when the operation overflows in the operands' type.
#include <assert.h>
#include <stdint.h>
void harness(uint32_t a, uint32_t b, int64_t x, int64_t y, uint64_t m, uint64_t n, unsigned char c) {
    if (!__CPROVER_overflow_plus(a, b))
        assert(a + b >= a);
    else
        assert(b > 0 && a > UINT32_MAX - b);
    if (__CPROVER_overflow_minus(a, b))
        assert(a < b);
    if (__CPROVER_overflow_mult(m, n))
        assert(m > 1 && n > 1);
    if (m < 0x100000000u && n < 0x100000000u)
        assert(!__CPROVER_overflow_mult(m, n));
    if (!__CPROVER_overflow_plus(x, y))
        assert(!(x > 0 && y > 0 && x + y < 0));
    // unsigned char promotes to int: 255 + 255 does not overflow.
    assert(!__CPROVER_overflow_plus(c, c));
}
