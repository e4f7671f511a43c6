// A loop bounded by a parameter of the entry.
#include <assert.h>
void __CPROVER_assume(_Bool);
void harness(unsigned n) {
    __CPROVER_assume(n < 4);
    int s = 0;
    for (unsigned i = 0; i < n; i++)
        s += 2;
    assert(s != 6);
}
