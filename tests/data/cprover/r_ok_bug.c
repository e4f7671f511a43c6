// The last byte of a buffer is readable; two bytes from it are not.
#include <assert.h>
#include <stdlib.h>
void harness(unsigned n) {
    __CPROVER_assume(n > 0 && n < 8);
    char *p = malloc(n);
    __CPROVER_assume(p != 0);
    assert(__CPROVER_r_ok(p + n - 1, 1));
    if (n > 3)
        assert(__CPROVER_r_ok(p + n - 1, 2));
}
