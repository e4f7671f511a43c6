// An int read from a char array at a symbolic offset, its four bytes little-endian. BMC once
// took the read for one outside the array and, without the bounds property, cut the path: a
// false "safe" (CBMC: the assertion fails for i == 4); then said it did not model it.
#include <assert.h>
int main(void) {
    unsigned char a[8] = {1, 0, 0, 0, 2, 0, 0, 0};
    int i = __VERIFIER_nondet_int();
    __CPROVER_assume(i == 0 || i == 4);
    int v = *(int *)(a + i);
    assert(v != 2);
    return 0;
}
