// CBMC's --malloc-may-fail: a malloc whose result is not checked is a NULL dereference.
#include <stdlib.h>
void harness(unsigned n) {
    __CPROVER_assume(n > 0 && n < 8);
    int *p = malloc(n * sizeof(int));
    p[n - 1] = 1;
    free(p);
}
