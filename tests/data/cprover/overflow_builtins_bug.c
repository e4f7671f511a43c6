// Two unsigned ints whose sum wraps: __CPROVER_overflow_plus says so.
#include <assert.h>
void harness(unsigned a, unsigned b) {
    __CPROVER_assume(a > 4000000000u);
    assert(!__CPROVER_overflow_plus(a, b));
}
