// CBMC's __CPROVER_r_ok / __CPROVER_w_ok (p, n): p points into a live object with n bytes
// from p on — on the heap, on the stack, null and past the end.
#include <assert.h>
#include <stdlib.h>
void harness(unsigned n) {
    __CPROVER_assume(n > 0 && n < 8);
    char *p = malloc(n);
    __CPROVER_assume(p != 0);
    assert(__CPROVER_r_ok(p, n));
    assert(__CPROVER_r_ok(p + 1, n - 1));
    assert(!__CPROVER_r_ok(p, n + 1));
    assert(!__CPROVER_r_ok((char *)0, 1));
    int a[3];
    assert(__CPROVER_w_ok(&a[1], 8));
    assert(!__CPROVER_w_ok(&a[1], 9));
    assert(__CPROVER_rw_ok(a, sizeof a));
    free(p); // r_ok of a freed pointer: unspecified in CBMC (--pointer-primitive-check), not asked
}
